import type { BoardFile } from '@circuits/contracts';
import { BOARD_FILE_TYPES, type BoardFileType, INITIAL_BOARD_FILE_TYPE } from '@circuits/domain';

// How board file types (SPEC §3, in their stack order) read in the UI, and the colour each is drawn
// in until the user picks another (SPEC §3 default board colours).

export const BOARD_FILE_TYPE_LABELS: Record<BoardFileType, string> = {
  topSilk: 'Top silkscreen',
  topMask: 'Top solder mask',
  topCopper: 'Top copper',
  topPaste: 'Top paste',
  internalLayer: 'Inner layer',
  bottomPaste: 'Bottom paste',
  bottomCopper: 'Bottom copper',
  bottomMask: 'Bottom solder mask',
  bottomSilk: 'Bottom silkscreen',
  platedDrill: 'Plated drill',
  nonPlatedDrill: 'Non-plated drill',
  otherAttachment: 'Other attachment',
  routing: 'Routing',
  outline: 'Outline',
};

export const NOT_CHOSEN_LABEL = 'Not chosen';

export function boardFileTypeLabel(type: BoardFile['file_type']): string {
  return type === INITIAL_BOARD_FILE_TYPE ? NOT_CHOSEN_LABEL : BOARD_FILE_TYPE_LABELS[type];
}

/** The select's options: the SPEC order, with "Not chosen" first only while nothing is chosen. */
export function boardFileTypeOptions(current: BoardFile['file_type']) {
  const options = BOARD_FILE_TYPES.map((type) => ({
    value: type as string,
    label: BOARD_FILE_TYPE_LABELS[type],
  }));
  return current === INITIAL_BOARD_FILE_TYPE
    ? [{ value: INITIAL_BOARD_FILE_TYPE as string, label: NOT_CHOSEN_LABEL }, ...options]
    : options;
}

const COPPER = '#cccccc';
const SOLDER_MASK = '#004200bf';
const SILKSCREEN = '#ffffff';
const SOLDER_PASTE = '#999999';
const OUTLINE = '#000000';
const BASE_BOARD = '#666666';

export const DEFAULT_LAYER_COLORS: Record<BoardFile['file_type'], string> = {
  topSilk: SILKSCREEN,
  topMask: SOLDER_MASK,
  topCopper: COPPER,
  topPaste: SOLDER_PASTE,
  internalLayer: COPPER,
  bottomPaste: SOLDER_PASTE,
  bottomCopper: COPPER,
  bottomMask: SOLDER_MASK,
  bottomSilk: SILKSCREEN,
  platedDrill: OUTLINE,
  nonPlatedDrill: OUTLINE,
  otherAttachment: BASE_BOARD,
  routing: OUTLINE,
  outline: OUTLINE,
  initialType: BASE_BOARD,
};

/** Board files in the SPEC stack order (top to bottom, then drills and mechanical layers). */
export function inStackOrder(boardFiles: readonly BoardFile[]): BoardFile[] {
  const rank = (file: BoardFile) =>
    file.file_type === INITIAL_BOARD_FILE_TYPE
      ? -1
      : BOARD_FILE_TYPES.indexOf(file.file_type as BoardFileType);
  return [...boardFiles].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.layer_number ?? 0) - (b.layer_number ?? 0) ||
      a.file.name.localeCompare(b.file.name),
  );
}
