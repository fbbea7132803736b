import { type BoardFileType, isDrillFileType } from './board-file-types.ts';
import type { BoardSettings } from './board-settings.ts';
import type { BoardSettingsOptions } from './board-settings-options.ts';
import { isOfferedNumber } from './offered-options.ts';
import { type FieldError, type ValidationResult, validationResult } from './validation-result.ts';

/** SPEC §5 "Board files tab errors", word for word. */
export const BOARD_FILES_MESSAGES = {
  noFiles: 'There are no files attached to the board',
  fileTypes: 'Files types should be selected',
  drills: 'Drills should be selected',
  innerCopper: 'Inner copper weight should be selected',
  layersOrder: 'Layers order should be selected',
  outerCopper: 'Outer copper weight should be selected',
} as const;

/** What the rules read of a board file; a full board file (SPEC §3) fits. */
export type BoardFileForValidation = {
  file_type: BoardFileType;
  layer_number?: number | null;
};

/**
 * Field paths: `boardFiles` for the list, `boardFiles.<index>.<field>` for the first file that
 * breaks a rule, `innerCooper`/`outerCooper` for the copper weights in the settings.
 */
export type BoardFilesField =
  | 'boardFiles'
  | `boardFiles.${number}.file_type`
  | `boardFiles.${number}.layer_number`
  | 'innerCooper'
  | 'outerCooper';

/**
 * Checks the files on the board and the copper weights they need (SPEC §5), one error per
 * broken rule in the SPEC's order. A copper weight counts as selected when it is one the options
 * offer. Without any file only "no files" and the outer copper weight are reported: the other
 * file rules would only repeat it.
 */
export function validateBoardFiles(
  boardFiles: readonly BoardFileForValidation[],
  settings: Pick<BoardSettings, 'innerCooper' | 'outerCooper'>,
  options: Pick<BoardSettingsOptions, 'innerCopperWeightsOz' | 'outerCopperWeightsOz'>,
): ValidationResult<BoardFilesField> {
  const errors: FieldError<BoardFilesField>[] = [];
  if (boardFiles.length === 0) {
    errors.push({ field: 'boardFiles', message: BOARD_FILES_MESSAGES.noFiles });
  } else {
    const untyped = boardFiles.findIndex((file) => file.file_type === 'initialType');
    if (untyped !== -1) {
      errors.push({
        field: `boardFiles.${untyped}.file_type`,
        message: BOARD_FILES_MESSAGES.fileTypes,
      });
    }
    if (!boardFiles.some((file) => isDrillFileType(file.file_type))) {
      errors.push({ field: 'boardFiles', message: BOARD_FILES_MESSAGES.drills });
    }
    errors.push(...checkInternalLayers(boardFiles, settings, options));
  }
  if (!isOfferedNumber(options.outerCopperWeightsOz, settings.outerCooper)) {
    errors.push({ field: 'outerCooper', message: BOARD_FILES_MESSAGES.outerCopper });
  }
  return validationResult(errors);
}

/**
 * Internal layers need an inner copper weight and a place in the stack: each has a layer number
 * (a positive whole number) and no two share one, or the order is still undecided.
 */
function checkInternalLayers(
  boardFiles: readonly BoardFileForValidation[],
  settings: Pick<BoardSettings, 'innerCooper'>,
  options: Pick<BoardSettingsOptions, 'innerCopperWeightsOz'>,
): FieldError<BoardFilesField>[] {
  const errors: FieldError<BoardFilesField>[] = [];
  const internal = boardFiles.flatMap((file, index) =>
    file.file_type === 'internalLayer' ? [{ index, layerNumber: file.layer_number ?? null }] : [],
  );
  if (internal.length === 0) return errors;
  if (!isOfferedNumber(options.innerCopperWeightsOz, settings.innerCooper)) {
    errors.push({ field: 'innerCooper', message: BOARD_FILES_MESSAGES.innerCopper });
  }
  const seen = new Set<number>();
  const unordered = internal.find(({ layerNumber }) => {
    if (layerNumber === null || !Number.isInteger(layerNumber) || layerNumber <= 0) return true;
    if (seen.has(layerNumber)) return true;
    seen.add(layerNumber);
    return false;
  });
  if (unordered) {
    errors.push({
      field: `boardFiles.${unordered.index}.layer_number`,
      message: BOARD_FILES_MESSAGES.layersOrder,
    });
  }
  return errors;
}
