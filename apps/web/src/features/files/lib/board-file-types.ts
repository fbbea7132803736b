import type { BoardFile } from '@circuits/contracts';
import {
  BOARD_FILE_TYPE_LABELS,
  BOARD_FILE_TYPES,
  type BoardFileType,
  boardFileTypeRank,
  INITIAL_BOARD_FILE_TYPE,
} from '@circuits/domain';

// How board files are listed and coloured in the Files tab; names and order come from the domain.

/** The select's options: the SPEC order, with "not selected" first only while nothing is chosen. */
export function boardFileTypeOptions(current: BoardFileType) {
  const chosen = BOARD_FILE_TYPES.map((type) => ({
    value: type as string,
    label: BOARD_FILE_TYPE_LABELS[type],
  }));
  return current === INITIAL_BOARD_FILE_TYPE
    ? [{ value: current as string, label: BOARD_FILE_TYPE_LABELS[current] }, ...chosen]
    : chosen;
}

/** Board files in the SPEC stack order (top to bottom, drills, mechanical, then not selected). */
export function inStackOrder(boardFiles: readonly BoardFile[]): BoardFile[] {
  return [...boardFiles].sort(
    (a, b) =>
      boardFileTypeRank(a.file_type) - boardFileTypeRank(b.file_type) ||
      (a.layer_number ?? 0) - (b.layer_number ?? 0) ||
      a.file.name.localeCompare(b.file.name),
  );
}
