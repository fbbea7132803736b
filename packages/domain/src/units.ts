// Lengths on the board form are entered in the unit the user picked (SPEC §3 `unitsIn`), so the
// unit travels with the value; every conversion between the two goes through this file.

export const LENGTH_UNITS = ['in', 'mm'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

/** SPEC §9: 1 in = 25.4 mm (exact by definition). */
export const MM_PER_INCH = 25.4;

/** What the board form shows for each unit (SPEC §3: imperial or metric). */
export const LENGTH_UNIT_LABELS: Readonly<Record<LengthUnit, string>> = {
  in: 'Imperial (in)',
  mm: 'Metric (mm)',
};

export function isLengthUnit(value: unknown): value is LengthUnit {
  return value === 'in' || value === 'mm';
}

export function inchesToMm(lengthIn: number): number {
  return lengthIn * MM_PER_INCH;
}

export function mmToInches(lengthMm: number): number {
  return lengthMm / MM_PER_INCH;
}

/**
 * Decimal places kept when a length is converted into a unit. Seven in inches is the precision
 * SPEC §9 itself uses (2 mm = 0.0787402 in), so a converted limit lands exactly on the SPEC value;
 * four in millimetres is a tenth of a micrometre, finer than any fab tolerance.
 */
export const CONVERSION_DECIMALS: Readonly<Record<LengthUnit, number>> = { in: 7, mm: 4 };

/**
 * Decimal places a board's width and length are shown and kept with: 0.01 mm or 0.001 in, what a
 * fab drawing gives (28.001 mm or 1.1024016 in read as noise). Limits and rail or rout widths keep
 * CONVERSION_DECIMALS so a converted limit stays on the SPEC value.
 */
export const BOARD_SIZE_DECIMALS: Readonly<Record<LengthUnit, number>> = { mm: 2, in: 3 };

/**
 * Rounds half away from zero to `decimals` places. The scaled value is first cut to 15 significant
 * digits so binary noise (1.005 * 100 = 100.49999999999999) does not flip the rounding.
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / factor;
}

/** Converts a length between units, rounded to the precision of the target unit. */
export function convertLength(value: number, from: LengthUnit, to: LengthUnit): number {
  if (from === to) return value;
  const converted = to === 'mm' ? inchesToMm(value) : mmToInches(value);
  return roundTo(converted, CONVERSION_DECIMALS[to]);
}
