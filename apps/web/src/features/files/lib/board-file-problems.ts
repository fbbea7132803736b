import type { BoardFile } from '@circuits/contracts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS, validateBoardFiles } from '@circuits/domain';

/**
 * The SPEC §5 board-files errors that concern the files themselves. The copper weights it also
 * checks are board settings, chosen and reported with the settings on the Board tab.
 */
export function boardFileProblems(boardFiles: readonly BoardFile[]): string[] {
  const { errors } = validateBoardFiles(
    boardFiles,
    { innerCooper: null, outerCooper: null },
    DEFAULT_BOARD_SETTINGS_OPTIONS,
  );
  return errors.filter((error) => error.field.startsWith('boardFiles')).map((e) => e.message);
}
