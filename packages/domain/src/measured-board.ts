import type { BoardSettings, BoardSettingsField } from './board-settings.ts';
import { isLengthUnit, type LengthUnit, MM_PER_INCH } from './units.ts';
import type { FieldError } from './validation-result.ts';

// A board is priced from what its files show. The size and copper layers the Gerber analysis
// measured are a floor under what the customer declares: a declared size or layer count below
// the measured one is refused when the settings are saved (beyond measurement noise), and a
// price always uses the larger of the two, saying so, whatever was saved before the files
// changed. Rotating a board is no change: a board declared turned a quarter is the same board.

/** What the Gerber analysis measured of the board files (null where it measured nothing). */
export type BoardFacts = {
  widthMm: number | null;
  lengthMm: number | null;
  copperLayers: number | null;
};

/**
 * How far a declared side may fall short of the measured one: the outline's stroke, a rounded
 * inch value (3.94 in is 100.08 mm) and outlines drawn on the line's centre or its edge differ
 * by a few tenths of a millimetre, no more.
 */
export const MEASURED_SIZE_TOLERANCE_MM = 0.5;

/**
 * Below this a measured side is the declared one: sizes proposed from the files are rounded to
 * 0.01 mm or 0.001 in (0.0127 mm), so a saved proposal differs from the measure by less.
 */
const SAME_LENGTH_MM = 0.02;

export type Dimensions = { widthMm: number | null; lengthMm: number | null; layers: number | null };

/** The size and layers a board is priced at, with what was declared. */
export type PricedDimensions = Dimensions & {
  declared: Dimensions;
  /** The files measure a larger board than declared: the measured sides are priced. */
  sizeFromFiles: boolean;
  /** The files hold more copper layers than declared: the measured count is priced. */
  layersFromFiles: boolean;
};

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function toMm(value: number | null, unit: string | null): number | null {
  const length = positive(value);
  if (length === null || !isLengthUnit(unit)) return null;
  return unit === 'in' ? length * MM_PER_INCH : length;
}

/** The size and layers the settings declare, in mm (null where not declared). */
export function declaredDimensions(settings: BoardSettings): Dimensions {
  return {
    widthMm: toMm(settings.boardWidth, settings.unitsIn),
    lengthMm: toMm(settings.boardLength, settings.unitsIn),
    layers: positive(settings.numberLayers),
  };
}

/**
 * The measured sides as the files give them, or turned a quarter when the declared board is the
 * measured one turned (its sides reach the turned measure but not the measure as it is). A
 * board that reaches neither is held to the measure as the files give it, which is how the
 * form proposed it: a user who shortens one side is told about that side only.
 */
function alignedMeasure(declared: Dimensions, facts: BoardFacts | null) {
  const width = positive(facts?.widthMm);
  const length = positive(facts?.lengthMm);
  if (width === null || length === null || declared.widthMm === null) return { width, length };
  if (declared.lengthMm === null) return { width, length };
  const reaches = (w: number, l: number) =>
    declared.widthMm! >= w - MEASURED_SIZE_TOLERANCE_MM &&
    declared.lengthMm! >= l - MEASURED_SIZE_TOLERANCE_MM;
  return !reaches(width, length) && reaches(length, width)
    ? { width: length, length: width }
    : { width, length };
}

/** The larger of a declared and a measured value; `fromFiles` when the measure decided it. */
function larger(declared: number | null, measured: number | null, same: number) {
  if (measured === null) return { value: declared, fromFiles: false };
  if (declared === null) return { value: measured, fromFiles: false };
  if (measured > declared + same) return { value: measured, fromFiles: true };
  // Within the rounding of a proposed size (80 mm proposed as 3.15 in is 80.01 mm), the files'
  // own number is the board.
  if (measured >= declared - same) return { value: measured, fromFiles: false };
  return { value: declared, fromFiles: false };
}

/**
 * What a board is priced at: each side and the layer count the larger of declared and measured
 * (a side or count not declared is the measured one, not declared as from the files).
 */
export function pricedDimensions(
  settings: BoardSettings,
  facts: BoardFacts | null,
): PricedDimensions {
  const declared = declaredDimensions(settings);
  const measured = alignedMeasure(declared, facts);
  const width = larger(declared.widthMm, measured.width, SAME_LENGTH_MM);
  const length = larger(declared.lengthMm, measured.length, SAME_LENGTH_MM);
  const layers = larger(declared.layers, positive(facts?.copperLayers), 0);
  return {
    widthMm: width.value,
    lengthMm: length.value,
    layers: layers.value,
    declared,
    sizeFromFiles: width.fromFiles || length.fromFiles,
    layersFromFiles: layers.fromFiles,
  };
}

/** A length for a message, in the settings' unit: "100 mm", "3.937 in". */
export function formatLength(lengthMm: number, unit: LengthUnit): string {
  const value = unit === 'in' ? lengthMm / MM_PER_INCH : lengthMm;
  return `${Number(value.toFixed(unit === 'in' ? 3 : 2))} ${unit}`;
}

/**
 * What saving refuses of the declared size and layers against what the files measured: a side
 * shorter than the measured one by more than MEASURED_SIZE_TOLERANCE_MM, fewer layers than the
 * files hold. Each message names both values.
 */
export function checkDeclaredAgainstMeasured(
  settings: BoardSettings,
  facts: BoardFacts | null,
): FieldError<BoardSettingsField>[] {
  const errors: FieldError<BoardSettingsField>[] = [];
  const declared = declaredDimensions(settings);
  const unit = isLengthUnit(settings.unitsIn) ? settings.unitsIn : null;
  const measured = alignedMeasure(declared, facts);
  const sides = [
    ['boardWidth', 'Width', declared.widthMm, measured.width],
    ['boardLength', 'Length', declared.lengthMm, measured.length],
  ] as const;
  for (const [field, label, side, measure] of sides) {
    if (unit === null || side === null || measure === null) continue;
    if (side < measure - MEASURED_SIZE_TOLERANCE_MM) {
      errors.push({
        field,
        message: `${label} ${formatLength(side, unit)} is less than the ${formatLength(measure, unit)} the board files measure`,
      });
    }
  }
  const copper = positive(facts?.copperLayers);
  if (declared.layers !== null && copper !== null && declared.layers < copper) {
    errors.push({
      field: 'numberLayers',
      message: `${declared.layers} ${declared.layers === 1 ? 'layer is' : 'layers are'} fewer than the ${copper} copper layers in the board files`,
    });
  }
  return errors;
}
