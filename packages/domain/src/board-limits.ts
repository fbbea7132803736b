import type { LengthUnit } from './units.ts';

// SPEC §9 fabrication limits, as the SPEC states them in each unit. They are the fab's own round
// numbers per unit, not conversions of each other: 0.15 in is 3.81 mm (the metric minimum is
// 4 mm) and 3 in is 76.2 mm (the metric minimum is 75 mm). Only the rout-width bounds are exact
// conversions (2 mm = 0.0787402 in, 10 mm = 0.393701 in, rounded as the SPEC prints them).

/** Narrowest edge rail (SPEC §9). */
export const MIN_EDGE_RAIL_WIDTH: Readonly<Record<LengthUnit, number>> = { in: 0.15, mm: 4 };

/** Shortest panel side that can be V-scored (SPEC §9). */
export const MIN_V_SCORING_PANEL_SIDE: Readonly<Record<LengthUnit, number>> = { in: 3, mm: 75 };

/** Tab-routing rout width, inclusive bounds (SPEC §9). */
export const ROUT_WIDTH_RANGE: Readonly<Record<LengthUnit, { min: number; max: number }>> = {
  in: { min: 0.0787402, max: 0.393701 },
  mm: { min: 2, max: 10 },
};

/** Default minimum finished hole size, in millimetres whatever `unitsIn` says (SPEC §9). */
export const DEFAULT_MIN_HOLE_SIZE_MM = 0.3;

/**
 * Slack for comparing a computed length with a limit. Panel sizes are sums of products
 * (0.7 in × 4 + 2 × 0.1 in evaluates to 2.9999999999999996), so a value within a billionth of
 * the limit counts as on it. Far below anything a user can type or a fab can make.
 */
export const LENGTH_TOLERANCE = 1e-9;

/** value ≥ limit, allowing for floating-point noise. */
export function isAtLeast(value: number, limit: number): boolean {
  return value >= limit - LENGTH_TOLERANCE;
}

/** min ≤ value ≤ max, allowing for floating-point noise. */
export function isWithin(value: number, range: { min: number; max: number }): boolean {
  return isAtLeast(value, range.min) && value <= range.max + LENGTH_TOLERANCE;
}
