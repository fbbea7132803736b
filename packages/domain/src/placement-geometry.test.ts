import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MM_PER_MIL,
  mmToPlacementLength,
  normaliseAngle,
  PLACEMENT_UNITS,
  parsePlacementUnit,
  placementLengthToMm,
} from './placement-geometry.ts';

describe('placement units and angles', () => {
  it('converts the three units to millimetres', () => {
    expect(MM_PER_MIL).toBe(0.0254);
    expect(placementLengthToMm(1, 'inch')).toBe(25.4);
    expect(placementLengthToMm(1000, 'mil')).toBe(25.4);
    expect(placementLengthToMm(0.99654, 'inch')).toBe(25.3121);
    expect(placementLengthToMm(-12.5, 'mm')).toBe(-12.5);
  });

  it('normalises angles to [0, 360)', () => {
    expect(normaliseAngle(360)).toBe(0);
    expect(normaliseAngle(-90)).toBe(270);
    expect(normaliseAngle(450)).toBe(90);
    expect(normaliseAngle(-0)).toBe(0);
    expect(normaliseAngle(-1e-12)).toBe(0);
    expect(normaliseAngle(359.9999999)).toBe(0);
    expect(normaliseAngle(45.5)).toBe(45.5);
  });

  it('reads unit words', () => {
    expect(parsePlacementUnit('MILS')).toBe('mil');
    expect(parsePlacementUnit('inches.')).toBe('inch');
    expect(parsePlacementUnit(' mm ')).toBe('mm');
    expect(parsePlacementUnit('furlongs')).toBe(null);
  });

  it('property: every angle lands in [0, 360) and keeps its direction', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (angle) => {
        const n = normaliseAngle(angle);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThan(360);
        const turn = (((angle - n) % 360) + 360) % 360;
        expect(Math.min(turn, 360 - turn)).toBeLessThan(1e-5);
      }),
    );
  });

  it('property: conversions round-trip within the kept precision', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLACEMENT_UNITS),
        fc.double({ min: -1e5, max: 1e5, noNaN: true }),
        (unit, value) => {
          const mm = placementLengthToMm(value, unit);
          expect(Math.abs(mmToPlacementLength(mm, unit) - value)).toBeLessThan(
            0.00005 / (unit === 'mm' ? 1 : unit === 'mil' ? 0.0254 : 25.4) + 1e-9,
          );
        },
      ),
    );
  });
});
