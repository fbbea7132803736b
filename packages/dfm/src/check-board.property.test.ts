// The same board moved, turned a quarter or mirrored gives the same findings, moved with it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBoard } from './check-board.ts';
import { cleanBoard, withTop } from './test-support/boards.ts';
import {
  boardLayers,
  type SyntheticBoard,
  type Transform,
  transformBoard,
} from './test-support/synthetic-board.ts';
import type { DfmReport } from './types.ts';

/** A board with one of most kinds of finding. */
function faultyBoard(): SyntheticBoard {
  const board = withTop(
    cleanBoard(),
    { type: 'track', width: 0.09, points: [3, 9, 9, 9.5] },
    { type: 'circle', x: 12, y: 15, diameter: 1 },
    { type: 'track', width: 0.2, points: [11, 15.69, 13, 15.69] },
    { type: 'arc', width: 0.2, x1: 21, y1: 15, x2: 17, y2: 15, cx: 19, cy: 15, clockwise: false },
    { type: 'rect', x: 19 + 0.05, y: 17.3, width: 0.3, height: 0.2 },
    { type: 'track', width: 0.2, points: [29.85, 2, 29.85, 8] },
  );
  board.copper[0]?.push({ type: 'circle', x: 8, y: 12, diameter: 0.6 });
  board.copper[1]?.push({ type: 'circle', x: 8, y: 12, diameter: 0.6 });
  board.plated.push({ x: 8, y: 12, diameter: 0.42 }, { x: 24, y: 3, diameter: 0.3 });
  return board;
}

interface Seen {
  check: string;
  layer: string;
  value: number;
  x: number;
  y: number;
}

function seen(report: DfmReport, transform: Transform): Seen[] {
  return report.checks
    .flatMap((result) => result.findings)
    .map((finding) => {
      const [x, y] = transform(finding.x, finding.y);
      return { check: finding.check, layer: finding.layer, value: finding.value, x, y };
    })
    .sort(
      (a, b) =>
        a.check.localeCompare(b.check) ||
        a.layer.localeCompare(b.layer) ||
        a.value - b.value ||
        a.x - b.x,
    );
}

function expectSame(actual: Seen[], expected: Seen[]): void {
  expect(actual.map(({ check, layer }) => `${check} ${layer}`)).toEqual(
    expected.map(({ check, layer }) => `${check} ${layer}`),
  );
  actual.forEach((finding, i) => {
    const want = expected[i] as Seen;
    expect(Math.abs(finding.value - want.value)).toBeLessThan(0.001);
    expect(Math.hypot(finding.x - want.x, finding.y - want.y)).toBeLessThan(0.01);
  });
}

const identity: Transform = (x, y) => [x, y];
const base = checkBoard(boardLayers(faultyBoard()));

describe('findings under moves of the board', () => {
  it('the faulty board has findings of most checks', () => {
    const checks = new Set(
      base.checks.filter((result) => result.count > 0).map((result) => result.check),
    );
    expect([...checks].sort()).toEqual(
      ['annular-ring', 'breakout', 'clearance', 'copper-to-edge', 'track-width'].sort(),
    );
  });

  it('a moved board gives the same findings, moved', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }),
        (dx, dy) => {
          const move: Transform = (x, y) => [x + dx, y + dy];
          const report = checkBoard(boardLayers(transformBoard(faultyBoard(), move, false, false)));
          expectSame(seen(report, identity), seen(base, move));
        },
      ),
      { numRuns: 8 },
    );
  });

  it.each([
    ['turned a quarter', ((x, y) => [-y, x]) as Transform, false, true],
    ['mirrored', ((x, y) => [-x, y]) as Transform, true, false],
    ['turned and mirrored', ((x, y) => [y, x]) as Transform, true, true],
  ])('a board %s gives the same findings', (_name, transform, mirrors, swaps) => {
    const report = checkBoard(
      boardLayers(transformBoard(faultyBoard(), transform, mirrors, swaps)),
    );
    expectSame(seen(report, identity), seen(base, transform));
  });
});
