import type { BoardFile } from '@circuits/contracts';
import {
  BOARD_FILE_TYPE_LABELS,
  BOARD_FILE_TYPES,
  type BoardFileType,
  boardFileTypeRank,
  DEFAULT_BOARD_COLORS,
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

/** The colour a layer is drawn in until the user picks another (SPEC §3 default colours). */
export const DEFAULT_LAYER_COLORS: Readonly<Record<BoardFileType, string>> = {
  topSilk: DEFAULT_BOARD_COLORS.silkscreen,
  topMask: DEFAULT_BOARD_COLORS.solderMask,
  topCopper: DEFAULT_BOARD_COLORS.copper,
  topPaste: DEFAULT_BOARD_COLORS.solderPaste,
  internalLayer: DEFAULT_BOARD_COLORS.copper,
  bottomPaste: DEFAULT_BOARD_COLORS.solderPaste,
  bottomCopper: DEFAULT_BOARD_COLORS.copper,
  bottomMask: DEFAULT_BOARD_COLORS.solderMask,
  bottomSilk: DEFAULT_BOARD_COLORS.silkscreen,
  platedDrill: DEFAULT_BOARD_COLORS.outline,
  nonPlatedDrill: DEFAULT_BOARD_COLORS.outline,
  otherAttachment: DEFAULT_BOARD_COLORS.baseBoard,
  routing: DEFAULT_BOARD_COLORS.outline,
  outline: DEFAULT_BOARD_COLORS.outline,
  initialType: DEFAULT_BOARD_COLORS.baseBoard,
};

/** Board files in the SPEC stack order (top to bottom, drills, mechanical, then not selected). */
export function inStackOrder(boardFiles: readonly BoardFile[]): BoardFile[] {
  return [...boardFiles].sort(
    (a, b) =>
      boardFileTypeRank(a.file_type) - boardFileTypeRank(b.file_type) ||
      (a.layer_number ?? 0) - (b.layer_number ?? 0) ||
      a.file.name.localeCompare(b.file.name),
  );
}
