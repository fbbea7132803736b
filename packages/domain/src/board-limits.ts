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

/** value ≤ limit, allowing for floating-point noise. */
export function isAtMost(value: number, limit: number): boolean {
  return value <= limit + LENGTH_TOLERANCE;
}

/** min ≤ value ≤ max, allowing for floating-point noise. */
export function isWithin(value: number, range: { min: number; max: number }): boolean {
  return isAtLeast(value, range.min) && value <= range.max + LENGTH_TOLERANCE;
}

// What a board can be at all. Beyond these a number is a mistake or an attack (1e308 mm boards,
// panels of a million boards), not a board: it is refused with the field's message before it
// reaches pricing, where it would overflow.

/** The longest side of a board, and of a panel with its rails: a metre (39.37 in). */
export const MAX_BOARD_SIDE: Readonly<Record<LengthUnit, number>> = { mm: 1000, in: 39.37 };

/** The most boards along one side of a panel. */
export const MAX_PANEL_BOARDS = 100;

/** The widest edge rail: 50 mm (1.97 in). */
export const MAX_EDGE_RAIL_WIDTH: Readonly<Record<LengthUnit, number>> = { mm: 50, in: 1.97 };

/** The largest minimum hole size, in mm: a hole that large is a cut-out, not a drill. */
export const MAX_MIN_HOLE_SIZE_MM = 10;

/** The thickest board (mm), the heaviest copper (oz) and the most layers a setting may name. */
export const MAX_BOARD_THICKNESS_MM = 20;
export const MAX_COPPER_WEIGHT_OZ = 20;
export const MAX_LAYERS = 100;

export const BOARD_BOUND_MESSAGES = {
  boardSize: `Board sizes should be at most ${MAX_BOARD_SIDE.mm} mm (${MAX_BOARD_SIDE.in} in)`,
  panelizationSize: `Panelization sizes should be at most ${MAX_PANEL_BOARDS} boards`,
  panelSize: `Panel sizes should be at most ${MAX_BOARD_SIDE.mm} mm (${MAX_BOARD_SIDE.in} in)`,
  edgeRailWidth: `Edge rail width should be at most ${MAX_EDGE_RAIL_WIDTH.mm} mm (${MAX_EDGE_RAIL_WIDTH.in} in)`,
  routWidth: `Rout width should be at most ${ROUT_WIDTH_RANGE.mm.max} mm (${ROUT_WIDTH_RANGE.in.max} in)`,
  minHoleSize: `Min hole size should be at most ${MAX_MIN_HOLE_SIZE_MM} mm`,
  boardThickness: `Board thickness should be at most ${MAX_BOARD_THICKNESS_MM} mm`,
  outerCopper: `Outer copper weight should be at most ${MAX_COPPER_WEIGHT_OZ} oz`,
  innerCopper: `Inner copper weight should be at most ${MAX_COPPER_WEIGHT_OZ} oz`,
  numberLayers: `Number of layers should be at most ${MAX_LAYERS}`,
} as const;
