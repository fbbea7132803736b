import { describe, expect, it } from 'vitest';
import { checkBoard } from './check-board.ts';
import { cleanBoard, withTop } from './test-support/boards.ts';
import { boardLayers, type SyntheticBoard } from './test-support/synthetic-board.ts';
import type { DfmCheck, DfmReport } from './types.ts';

const MICRON = 0.001;

function check(board: SyntheticBoard, thickness = 1.6): DfmReport {
  return checkBoard(boardLayers(board), { boardThicknessMm: thickness });
}

function findings(report: DfmReport, check: DfmCheck) {
  return report.checks.find((result) => result.check === check)?.findings ?? [];
}

function allFindings(report: DfmReport) {
  return report.checks.flatMap((result) => result.findings);
}

describe('checkBoard on synthetic boards', () => {
  it('finds nothing on a clean board, and measures its worst values', () => {
    const report = check(cleanBoard());
    expect(allFindings(report)).toEqual([]);
    expect(report.notes).toEqual([]);
    expect(report.copperLayers).toBe(2);
    expect(report.holes).toBe(3);
    const worst = Object.fromEntries(report.checks.map((result) => [result.check, result.worst]));
    expect(worst['track-width']).toBeCloseTo(0.2, 6);
    // The two tracks run 0.4 mm apart centre to centre: 0.2 mm of gap.
    expect(worst.clearance).toBeCloseTo(0.2, 6);
    expect(worst['annular-ring']).toBeCloseTo(0.15, 6);
    expect(worst['drill-size']).toBeCloseTo(0.3, 6);
  });

  it('reports a thin track with its width and place', () => {
    const report = check(
      withTop(cleanBoard(), { type: 'track', width: 0.09, points: [3, 9, 9, 9] }),
    );
    const [finding, ...others] = findings(report, 'track-width');
    expect(others).toEqual([]);
    expect(Math.abs((finding?.value ?? 0) - 0.09)).toBeLessThan(MICRON);
    expect(finding?.layer).toBe('top.gtl');
    expect(finding?.x).toBeGreaterThanOrEqual(3);
    expect(finding?.x).toBeLessThanOrEqual(9);
    expect(finding?.y).toBeCloseTo(9, 6);
    expect(finding?.shapes).toHaveLength(1);
    expect(finding?.shapes[0]?.kind).toBe('track');
  });

  it('reports the gap between a pad and a track within a micrometre, with both shapes', () => {
    // Pad of radius 0.5 at (12, 15); a 0.2 mm track whose edge passes 0.0873 mm from it.
    const gap = 0.0873;
    const y = 15 + 0.5 + gap + 0.1;
    const report = check(
      withTop(
        cleanBoard(),
        { type: 'circle', x: 12, y: 15, diameter: 1 },
        { type: 'track', width: 0.2, points: [11, y, 13, y] },
      ),
    );
    const [finding, ...others] = findings(report, 'clearance');
    expect(others).toEqual([]);
    expect(Math.abs((finding?.value ?? 0) - gap)).toBeLessThan(MICRON);
    expect(finding?.x).toBeCloseTo(12, 4);
    expect(finding?.y).toBeCloseTo(15.5 + gap / 2, 4);
    expect(finding?.shapes.map((shape) => shape.kind).sort()).toEqual(['pad', 'track']);
  });

  it('measures the gap between diagonal tracks and an arc', () => {
    // An arc of radius 2 around (12, 12) drawn 0.2 wide; a point-like pad 0.1 mm outside its copper.
    const report = check(
      withTop(
        cleanBoard(),
        {
          type: 'arc',
          width: 0.2,
          x1: 14,
          y1: 12,
          x2: 10,
          y2: 12,
          cx: 12,
          cy: 12,
          clockwise: false,
        },
        { type: 'circle', x: 12 + Math.SQRT1_2 * 2.3, y: 12 + Math.SQRT1_2 * 2.3, diameter: 0.2 },
      ),
    );
    const [finding] = findings(report, 'clearance');
    expect(Math.abs((finding?.value ?? 0) - 0.1)).toBeLessThan(MICRON);
  });

  it('does not count shapes that touch, or a pad inside a pour, as a gap', () => {
    const report = check(
      withTop(
        cleanBoard(),
        { type: 'region', points: [12, 13, 18, 13, 18, 17, 12, 17] },
        { type: 'circle', x: 15, y: 15, diameter: 0.5 },
        { type: 'track', width: 0.2, points: [18.05, 15, 19, 15] },
      ),
    );
    expect(allFindings(report)).toEqual([]);
  });

  it('reports a thin annular ring, a hole breaking out of its pad and a hole without copper', () => {
    const board = cleanBoard();
    board.copper[0]?.push(
      { type: 'circle', x: 8, y: 10, diameter: 0.6 },
      { type: 'circle', x: 10, y: 10, diameter: 0.6 },
    );
    board.copper[1]?.push(
      { type: 'circle', x: 8, y: 10, diameter: 0.6 },
      { type: 'circle', x: 10, y: 10, diameter: 0.6 },
      { type: 'circle', x: 12, y: 10, diameter: 0.8 },
    );
    board.plated.push(
      { x: 8, y: 10, diameter: 0.45 }, // ring 0.075 on both sides
      { x: 10.2, y: 10, diameter: 0.3 }, // 0.2 off centre: ring 0.3 − 0.2 − 0.15 = −0.05
      { x: 12, y: 10, diameter: 0.3 }, // no pad on the top layer
    );
    const report = check(board);
    const rings = findings(report, 'annular-ring');
    expect(rings).toHaveLength(2);
    for (const ring of rings) {
      expect(Math.abs(ring.value - 0.075)).toBeLessThan(MICRON);
      expect(ring.shapes.map((shape) => shape.kind)).toEqual(['hole', 'pad']);
    }
    const breakouts = findings(report, 'breakout');
    expect(breakouts.map((finding) => [finding.layer, finding.detail])).toEqual(
      expect.arrayContaining([
        ['top.gtl', 'no copper around the plated hole'],
        ['top.gtl', 'the hole breaks out of its pad'],
        ['bottom.gbl', 'the hole breaks out of its pad'],
      ]),
    );
    const breakout = breakouts.find(
      (finding) => finding.detail === 'the hole breaks out of its pad',
    );
    expect(Math.abs((breakout?.value ?? 0) + 0.05)).toBeLessThan(MICRON);
  });

  it('reports small drills, close holes, the aspect ratio and copper near the edge', () => {
    const board = withTop(cleanBoard(), { type: 'track', width: 0.2, points: [29.8, 2, 29.8, 8] });
    board.plated.push({ x: 20, y: 18, diameter: 0.15 });
    board.copper[0]?.push({ type: 'circle', x: 20, y: 18, diameter: 0.6 });
    board.copper[1]?.push({ type: 'circle', x: 20, y: 18, diameter: 0.6 });
    board.nonPlated?.push({ x: 5, y: 12, diameter: 1 }, { x: 6.2, y: 12, diameter: 1 });
    const report = check(board);
    expect(findings(report, 'drill-size').map((finding) => finding.value)).toEqual([0.15]);
    const [ratio] = findings(report, 'aspect-ratio');
    expect(ratio?.value).toBeCloseTo(1.6 / 0.15, 6);
    const [close] = findings(report, 'hole-to-hole');
    expect(Math.abs((close?.value ?? 0) - 0.2)).toBeLessThan(MICRON);
    expect(close?.shapes).toHaveLength(2);
    const [edge] = findings(report, 'copper-to-edge');
    // Track edge at 29.9, board edge at 30.
    expect(Math.abs((edge?.value ?? 0) - 0.1)).toBeLessThan(MICRON);
    expect(edge?.shapes.map((shape) => shape.kind)).toEqual(['track', 'edge']);
  });

  it('checks inner layers as well', () => {
    const board = cleanBoard();
    board.copper.splice(1, 0, [
      { type: 'circle', x: 15, y: 10, diameter: 0.5 },
      { type: 'track', width: 0.1, points: [16, 2, 16, 9.66] },
    ]);
    const report = check(board);
    const [ring] = findings(report, 'annular-ring');
    expect(ring?.layer).toBe('inner1.g1');
    expect(Math.abs((ring?.value ?? 0) - 0.1)).toBeLessThan(MICRON);
    expect(findings(report, 'track-width')[0]?.layer).toBe('inner1.g1');
  });
});

describe('drilled slots', () => {
  it('takes a row of overlapping drills as one slot, and measures hole to hole from it', () => {
    const board = cleanBoard();
    board.nonPlated?.push(
      { x: 10, y: 12, diameter: 1.3 },
      { x: 10.76, y: 12, diameter: 1.3 },
      { x: 11.52, y: 12, diameter: 1.3 },
      { x: 12.17 + 0.1 + 0.3, y: 12, diameter: 0.6 },
    );
    const report = checkBoard(boardLayers(board));
    const found = report.checks.find((result) => result.check === 'hole-to-hole')?.findings ?? [];
    expect(found).toHaveLength(1);
    // The slot's wall ends at 11.52 + 0.65 = 12.17; the 0.6 mm hole's wall is 0.1 mm further.
    expect(Math.abs((found[0]?.value ?? 0) - 0.1)).toBeLessThan(0.001);
  });
});

describe('copper cut by clear polarity', () => {
  /** A pour with a clear cut-out of `cutDiameter` around a 0.8 mm via pad drawn after it. */
  function pourWithCutOut(cutDiameter: number): SyntheticBoard {
    const board = withTop(
      cleanBoard(),
      { type: 'region', points: [12, 12, 20, 12, 20, 18, 12, 18] },
      { type: 'polarity', clear: true },
      { type: 'circle', x: 16, y: 15, diameter: cutDiameter },
      { type: 'polarity', clear: false },
      { type: 'circle', x: 16, y: 15, diameter: 0.8 },
    );
    board.copper[1]?.push({ type: 'circle', x: 16, y: 15, diameter: 0.8 });
    board.plated.push({ x: 16, y: 15, diameter: 0.6 });
    return board;
  }

  it('measures the gap the cut-out leaves, and the ring on the pad, not on the pour', () => {
    const report = check(pourWithCutOut(1));
    const [gap, ...others] = findings(report, 'clearance');
    expect(others).toEqual([]);
    expect(Math.abs((gap?.value ?? 0) - 0.1)).toBeLessThan(MICRON);
    expect(gap?.shapes.map((shape) => shape.kind).sort()).toEqual(['pad', 'region']);
    const rings = findings(report, 'annular-ring');
    expect(rings.map((ring) => Math.round(ring.value * 1000))).toEqual([100, 100]);
  });

  it('finds nothing where the cut-out leaves enough room', () => {
    const report = check(pourWithCutOut(1.4));
    expect(findings(report, 'clearance')).toEqual([]);
    expect(report.notes).toEqual([]);
  });
});
