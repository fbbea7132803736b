import { type BoardFileForValidation, validateBoardFiles } from './board-files-validation.ts';
import { BOARD_BOUND_MESSAGES, MAX_MIN_HOLE_SIZE_MM } from './board-limits.ts';
import type { BoardSettings, BoardSettingsField } from './board-settings.ts';
import type { BoardSettingsOptions, ColorOption } from './board-settings-options.ts';
import { validateBoardSettings } from './board-settings-validation.ts';
import { type BoardFacts, checkDeclaredAgainstMeasured } from './measured-board.ts';
import { type FieldError, type ValidationResult, validationResult } from './validation-result.ts';

/** Colour choices the SPEC does not word; phrased as its other "should be selected" messages. */
export const BOARD_COLOR_MESSAGES = {
  maskColor: 'Mask color should be selected',
  silkColor: 'Silk color should be selected',
} as const;

/** The SPEC gives the minimum hole size only a default (0.3 mm); a hole has to have a size. */
export const MIN_HOLE_SIZE_MESSAGE = 'Min hole size should be greater than 0 mm';

/**
 * What saving board settings refuses: every SPEC §5 board settings rule, the copper weights the
 * board files need (SPEC §5 board files rules on `outerCooper`/`innerCooper`; the rules about the
 * files themselves belong to the files and do not block saving), a mask or silk colour that is
 * set but not offered (unset means the default colour), a minimum hole size of 0 or less, or
 * larger than a drill makes, and a size or layer count below what the board files measure.
 */
export function validateBoardSettingsToSave(
  settings: BoardSettings,
  boardFiles: readonly BoardFileForValidation[],
  options: BoardSettingsOptions,
  /** What the board files measure: a declared size or layer count may not be less. */
  measured: BoardFacts | null = null,
): ValidationResult<BoardSettingsField> {
  const copper = validateBoardFiles(boardFiles, settings, options).errors.flatMap((error) =>
    error.field === 'innerCooper' || error.field === 'outerCooper'
      ? [{ field: error.field, message: error.message }]
      : [],
  );
  const colors: FieldError<BoardSettingsField>[] = [];
  if (!isOfferedColor(options.maskColors, settings.maskColor)) {
    colors.push({ field: 'maskColor', message: BOARD_COLOR_MESSAGES.maskColor });
  }
  if (!isOfferedColor(options.silkColors, settings.silkColor)) {
    colors.push({ field: 'silkColor', message: BOARD_COLOR_MESSAGES.silkColor });
  }
  const holes: FieldError<BoardSettingsField>[] = !(settings.min_hole_size > 0)
    ? [{ field: 'min_hole_size', message: MIN_HOLE_SIZE_MESSAGE }]
    : settings.min_hole_size > MAX_MIN_HOLE_SIZE_MM
      ? [{ field: 'min_hole_size', message: BOARD_BOUND_MESSAGES.minHoleSize }]
      : [];
  const sizes = validateBoardSettings(settings, options).errors;
  // A size or count the rules refuse already has its message; the files' floor comes after.
  const floor = checkDeclaredAgainstMeasured(settings, measured).filter(
    (error) => !sizes.some((found) => found.field === error.field),
  );
  return validationResult([...sizes, ...floor, ...copper, ...colors, ...holes]);
}

function isOfferedColor(colors: readonly ColorOption[], name: string | null): boolean {
  return name === null || colors.some((color) => color.name === name);
}
