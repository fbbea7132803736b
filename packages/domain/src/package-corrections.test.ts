import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { correctPlacement, packageNameKey } from './package-corrections.ts';

describe('package corrections', () => {
  it('adds the rotation and keeps the angle in [0, 360)', () => {
    const part = { side: 'top', xMm: 10, yMm: 20, angle: 270 } as const;
    expect(correctPlacement(part, { rotation: 180, xMm: 0, yMm: 0 })).toEqual({
      xMm: 10,
      yMm: 20,
      angle: 90,
    });
  });

  it('turns the centre shift with the part and mirrors it on the bottom', () => {
    const shift = { rotation: 0, xMm: 1, yMm: 0 };
    expect(correctPlacement({ side: 'top', xMm: 0, yMm: 0, angle: 0 }, shift)).toEqual({
      xMm: 1,
      yMm: 0,
      angle: 0,
    });
    expect(correctPlacement({ side: 'top', xMm: 0, yMm: 0, angle: 90 }, shift)).toEqual({
      xMm: 0,
      yMm: 1,
      angle: 90,
    });
    expect(correctPlacement({ side: 'bottom', xMm: 5, yMm: 5, angle: 0 }, shift)).toEqual({
      xMm: 4,
      yMm: 5,
      angle: 0,
    });
  });

  it('moves a part by exactly the length of the shift, whatever its angle', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 359.99, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        (angle, x, y) => {
          const moved = correctPlacement(
            { side: 'top', xMm: 0, yMm: 0, angle },
            { rotation: 0, xMm: x, yMm: y },
          );
          expect(Math.hypot(moved.xMm, moved.yMm)).toBeCloseTo(Math.hypot(x, y), 3);
        },
      ),
    );
  });

  it('keys package names without case or blanks', () => {
    expect(packageNameKey(' sot-23 ')).toBe(packageNameKey('SOT-23'));
    expect(packageNameKey('SOIC 8')).toBe('SOIC8');
    expect(packageNameKey('R_0402')).not.toBe(packageNameKey('R0402'));
  });
});
