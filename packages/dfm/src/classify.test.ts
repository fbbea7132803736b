import { describe, expect, it } from 'vitest';
import { checkBoardForFab } from './check-for-fab.ts';
import { fabLimits } from './fab-classes.ts';
import { cleanBoard, withTop } from './test-support/boards.ts';
import { boardLayers } from './test-support/synthetic-board.ts';

const twoLayersOneOz = { layers: 2, copperOz: 1 };

describe('the class a board needs', () => {
  it('a clean board is within the standard class', () => {
    const { fabClass } = checkBoardForFab(boardLayers(cleanBoard()), twoLayersOneOz);
    expect(fabClass).toEqual({ verdict: 'standard', reasons: [], blocking: [] });
  });

  it('a 0.09 mm track needs the advanced class, and says why', () => {
    const board = withTop(cleanBoard(), { type: 'track', width: 0.09, points: [3, 9, 9, 9] });
    const { fabClass, report } = checkBoardForFab(boardLayers(board), twoLayersOneOz);
    expect(fabClass.verdict).toBe('advanced');
    expect(fabClass.reasons.map((reason) => reason.text)).toEqual([
      '0.09 mm track: advanced class',
    ]);
    expect(report.checks.find((result) => result.check === 'track-width')?.count).toBe(1);
  });

  it('the same track on 2 oz copper cannot be made, with the finding that stops it', () => {
    const board = withTop(cleanBoard(), { type: 'track', width: 0.09, points: [3, 9, 9, 9] });
    const { fabClass } = checkBoardForFab(boardLayers(board), { layers: 2, copperOz: 2 });
    expect(fabClass.verdict).toBe('cannot-be-made');
    // The clean board's 0.2 mm gaps and 0.2 mm tracks are advanced on 2 oz; the 0.09 mm track is beyond it.
    expect(fabClass.reasons.find((reason) => reason.check === 'track-width')?.text).toBe(
      '0.09 mm track: beyond the advanced class',
    );
    expect(fabClass.blocking.map((finding) => [finding.check, finding.value])).toEqual([
      ['track-width', 0.09],
    ]);
  });

  it('a hole breaking out of its pad is never made', () => {
    const board = cleanBoard();
    board.plated.push({ x: 20, y: 16, diameter: 0.3 });
    board.copper[1]?.push({ type: 'circle', x: 20, y: 16, diameter: 0.6 });
    const { fabClass } = checkBoardForFab(boardLayers(board), twoLayersOneOz);
    expect(fabClass.verdict).toBe('cannot-be-made');
    expect(fabClass.blocking).toHaveLength(1);
    expect(fabClass.blocking[0]?.detail).toBe('no copper around the plated hole');
  });

  it('holds its limits: advanced below standard for every value, heavier copper wider', () => {
    for (const layers of [1, 2, 4, 6, 8, 10, 14]) {
      for (const copperOz of [0.5, 1, 2, 3]) {
        const standard = fabLimits('standard', { layers, copperOz });
        const advanced = fabLimits('advanced', { layers, copperOz });
        expect(standard && advanced).toBeTruthy();
        if (!standard || !advanced) continue;
        for (const key of Object.keys(standard) as (keyof typeof standard)[]) {
          if (key === 'aspectRatio') expect(advanced[key]).toBeGreaterThanOrEqual(standard[key]);
          else expect(advanced[key]).toBeLessThanOrEqual(standard[key]);
        }
      }
    }
    expect(fabLimits('standard', { layers: 2, copperOz: 2 })!.trackWidth).toBeGreaterThan(
      fabLimits('standard', { layers: 2, copperOz: 1 })!.trackWidth,
    );
    expect(fabLimits('advanced', { layers: 2, copperOz: 4 })).toBeNull();
  });
});

describe('a stored report read for another thickness', () => {
  it('scales the aspect ratio, and with it the class', async () => {
    const { atThickness } = await import('./thickness.ts');
    const { classifyBoard } = await import('./classify.ts');
    const board = cleanBoard();
    board.plated.push({ x: 20, y: 16, diameter: 0.2 });
    for (const layer of board.copper) layer.push({ type: 'circle', x: 20, y: 16, diameter: 0.5 });
    const build = { layers: 4, copperOz: 1 };
    const { report } = checkBoardForFab(boardLayers(board), { ...build, thicknessMm: 1.6 });
    const ratio = (value: typeof report) => value.checks.find((r) => r.check === 'aspect-ratio');
    expect(ratio(report)?.worst).toBeCloseTo(8, 6);
    const thick = atThickness(report, 2.4);
    expect(ratio(thick)?.worst).toBeCloseTo(12, 6);
    // Its places were not past the limit at 1.6 mm, so none were kept: the worst value classes it.
    expect(ratio(thick)?.findings).toEqual([]);
    expect(classifyBoard(thick, build).reasons.map((reason) => reason.text)).toEqual([
      '12.0:1 aspect ratio: advanced class',
    ]);
    expect(classifyBoard(atThickness(report, 1.2), build).verdict).toBe('standard');
  });
});
