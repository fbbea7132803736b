import type { BoardFile } from '@circuits/contracts';
import { INITIAL_BOARD_FILE_TYPE } from '@circuits/domain';

// SPEC §5 board files tab errors that need only the board files (the copper-weight checks need the
// board settings and belong with them).

export const NO_BOARD_FILES = 'There are no files attached to the board';
export const TYPES_NOT_SELECTED = 'Files types should be selected';
export const DRILLS_NOT_SELECTED = 'Drills should be selected';
export const LAYERS_ORDER_NOT_SELECTED = 'Layers order should be selected';

export function boardFileProblems(boardFiles: readonly BoardFile[]): string[] {
  if (boardFiles.length === 0) return [NO_BOARD_FILES];
  const problems: string[] = [];
  if (boardFiles.some((file) => file.file_type === INITIAL_BOARD_FILE_TYPE)) {
    problems.push(TYPES_NOT_SELECTED);
  }
  const hasDrill = boardFiles.some(
    (file) => file.file_type === 'platedDrill' || file.file_type === 'nonPlatedDrill',
  );
  if (!hasDrill) problems.push(DRILLS_NOT_SELECTED);
  if (boardFiles.some((file) => file.file_type === 'internalLayer' && file.layer_number === null)) {
    problems.push(LAYERS_ORDER_NOT_SELECTED);
  }
  return problems;
}
