import { describe, expect, it } from 'vitest';
import {
  type PlacementForOverlay,
  placementOutline,
  readPlacements,
  UNKNOWN_PACKAGE_SIDE_MM,
} from './placement-outlines.ts';

function placement(overrides: Partial<PlacementForOverlay> = {}): PlacementForOverlay {
  return {
    id: 1,
    refDesign: 'U1',
    side: 'top',
    x: 10,
    y: 20,
    angle: 0,
    package: { minX: -2, maxX: 3, minY: -1, maxY: 1 },
    ...overrides,
  };
}

function rounded(points: { x: number; y: number }[]) {
  return points.map(({ x, y }) => [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6]);
}

describe('placementOutline', () => {
  it('puts the package box at the placement position', () => {
    const outline = placementOutline(placement());
    expect(rounded(outline.corners)).toEqual([
      [8, 19],
      [13, 19],
      [13, 21],
      [8, 21],
    ]);
    expect(outline.center).toEqual({ x: 10, y: 20 });
    expect(outline.refDesign).toBe('U1');
  });

  it('turns the package counter-clockwise by its angle', () => {
    const outline = placementOutline(placement({ angle: 90 }));
    // (maxX, minY) = (3, -1) turned a quarter is (1, 3).
    expect(rounded([outline.corners[1]])).toEqual([[11, 23]]);
  });

  it('mirrors a bottom part before turning it', () => {
    const outline = placementOutline(placement({ side: 'bottom' }));
    expect(rounded(outline.corners)).toEqual([
      [12, 19],
      [7, 19],
      [7, 21],
      [12, 21],
    ]);
    const turned = placementOutline(placement({ side: 'bottom', angle: 90 }));
    // (minX, minY) = (-2, -1) mirrored is (2, -1), turned a quarter (1, 2).
    expect(rounded([turned.corners[0]])).toEqual([[11, 22]]);
  });

  it('draws a part without package size as a small square', () => {
    const outline = placementOutline(placement({ package: null }));
    const width = outline.corners[1].x - outline.corners[0].x;
    expect(width).toBeCloseTo(UNKNOWN_PACKAGE_SIDE_MM);
  });
});

describe('readPlacements', () => {
  it('reads complete records, numbers given as text included, and skips the rest', () => {
    const read = readPlacements([
      {
        id: 4,
        refDesign: 'R1',
        side: 'bottom',
        x: '1.5',
        y: 2,
        angle: '180',
        package: { minX: -1, maxX: 1, minY: '-0.5', maxY: 0.5 },
      },
      { id: 5, refDesign: 'C1', side: 'top', x: 1, y: 1, package: null },
      { refDesign: 'C2', side: 'left', x: 1, y: 1 },
      { refDesign: 'C3', side: 'top', x: 'n/a', y: 1 },
      null,
    ]);
    expect(read).toEqual([
      {
        id: 4,
        refDesign: 'R1',
        side: 'bottom',
        x: 1.5,
        y: 2,
        angle: 180,
        package: { minX: -1, maxX: 1, minY: -0.5, maxY: 0.5 },
        dnp: false,
      },
      { id: 5, refDesign: 'C1', side: 'top', x: 1, y: 1, angle: 0, package: null, dnp: false },
    ]);
  });

  it("draws a part where its package's correction puts it, not where the file did", () => {
    const [read] = readPlacements([
      {
        id: 7,
        refDesign: 'Q1',
        side: 'top',
        x: 10,
        y: 20,
        angle: 90,
        package: null,
        corrected: { correction_id: 3, x: 10, y: 20.5, angle: 0 },
      },
    ]);
    expect(read).toMatchObject({ x: 10, y: 20.5, angle: 0 });
  });
});
