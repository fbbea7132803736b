import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MIN_HOLE_SIZE_MM,
  isAtLeast,
  isWithin,
  MIN_EDGE_RAIL_WIDTH,
  MIN_V_SCORING_PANEL_SIDE,
  ROUT_WIDTH_RANGE,
} from './board-limits.ts';

describe('fabrication limits (SPEC §9)', () => {
  it('holds the SPEC values in both units', () => {
    expect(MIN_EDGE_RAIL_WIDTH).toEqual({ in: 0.15, mm: 4 });
    expect(MIN_V_SCORING_PANEL_SIDE).toEqual({ in: 3, mm: 75 });
    expect(ROUT_WIDTH_RANGE).toEqual({
      in: { min: 0.0787402, max: 0.393701 },
      mm: { min: 2, max: 10 },
    });
    expect(DEFAULT_MIN_HOLE_SIZE_MM).toBe(0.3);
  });

  it('counts a value on the limit as reaching it, despite floating-point noise', () => {
    expect(0.35 * 6 + 0.45 * 2).toBeLessThan(3);
    expect(isAtLeast(0.35 * 6 + 0.45 * 2, 3)).toBe(true);
    expect(isAtLeast(3, 3)).toBe(true);
    expect(isAtLeast(2.9999, 3)).toBe(false);
    expect(isAtLeast(3.0001, 3)).toBe(true);
  });

  it('includes both bounds of a range', () => {
    const range = { min: 2, max: 10 };
    expect(isWithin(2, range)).toBe(true);
    expect(isWithin(10, range)).toBe(true);
    expect(isWithin(1.9999, range)).toBe(false);
    expect(isWithin(10.0001, range)).toBe(false);
  });
});
