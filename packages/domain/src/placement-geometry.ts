// Pick-and-place files come in millimetres, mils or inches and with angles anywhere from -360
// to 360 (Altium writes 360.00 for 0). Placements are kept in millimetres with an angle in
// [0, 360); every conversion goes through this file.

import { MM_PER_INCH, roundTo } from './units.ts';

export const PLACEMENT_UNITS = ['mm', 'mil', 'inch'] as const;
export type PlacementUnit = (typeof PLACEMENT_UNITS)[number];

/** 1 mil = 0.001 in = 0.0254 mm (exact). */
export const MM_PER_MIL = MM_PER_INCH / 1000;

/** Placements are kept to a tenth of a micrometre, finer than any machine places. */
export const PLACEMENT_MM_DECIMALS = 4;
/** Angles are kept to a millionth of a degree. */
export const ANGLE_DECIMALS = 6;

export function isPlacementUnit(value: unknown): value is PlacementUnit {
  return value === 'mm' || value === 'mil' || value === 'inch';
}

const MM_PER_UNIT: Readonly<Record<PlacementUnit, number>> = {
  mm: 1,
  mil: MM_PER_MIL,
  inch: MM_PER_INCH,
};

// Files hold tens of thousands of placements, so this rounding is the plain one: a tie at the
// fifth decimal of a millimetre may go either way, which no machine can tell.
function roundPlain(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** A length in `unit`, in millimetres, rounded to PLACEMENT_MM_DECIMALS. */
export function placementLengthToMm(value: number, unit: PlacementUnit): number {
  const mm = value * MM_PER_UNIT[unit];
  return unit === 'mm' ? roundPlain(mm, PLACEMENT_MM_DECIMALS) : roundTo(mm, PLACEMENT_MM_DECIMALS);
}

/** A length in millimetres in `unit` (not rounded: for display, round where shown). */
export function mmToPlacementLength(valueMm: number, unit: PlacementUnit): number {
  return valueMm / MM_PER_UNIT[unit];
}

/**
 * An angle in degrees normalised to [0, 360): 360 -> 0, -90 -> 270, 450 -> 90. Rounded to
 * ANGLE_DECIMALS first so that binary noise (-1e-12) does not come out as 360.
 */
export function normaliseAngle(degrees: number): number {
  if (Number.isInteger(degrees) && degrees > 0 && degrees < 360) return degrees;
  const rounded = roundPlain(degrees, ANGLE_DECIMALS);
  const turned = ((rounded % 360) + 360) % 360;
  const result = roundPlain(turned, ANGLE_DECIMALS);
  return result === 360 ? 0 : result;
}

/** Words tools write for a unit, in a banner, a header cell or after a number. */
export function parsePlacementUnit(text: string): PlacementUnit | null {
  const word = text.trim().toLowerCase().replace(/\.$/, '');
  if (['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres', 'metric'].includes(word))
    return 'mm';
  if (['mil', 'mils', 'thou'].includes(word)) return 'mil';
  if (['in', 'inch', 'inches', '"'].includes(word)) return 'inch';
  return null;
}
