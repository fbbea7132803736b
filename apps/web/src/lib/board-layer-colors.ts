import type { BoardFile } from '@circuits/contracts';
import { type BoardFileType, DEFAULT_BOARD_COLORS } from '@circuits/domain';

// Board files are drawn in their own colour, or in the default colour of their layer type: the
// Files tab offers these, the board viewer draws with them.

/** The colour a layer is drawn in until the user picks another (SPEC §3 default colours). */
export const DEFAULT_LAYER_COLORS: Readonly<Record<BoardFileType, string>> = {
  topSilk: DEFAULT_BOARD_COLORS.silk,
  topMask: DEFAULT_BOARD_COLORS.mask,
  topCopper: DEFAULT_BOARD_COLORS.copper,
  topPaste: DEFAULT_BOARD_COLORS.paste,
  internalLayer: DEFAULT_BOARD_COLORS.copper,
  bottomPaste: DEFAULT_BOARD_COLORS.paste,
  bottomCopper: DEFAULT_BOARD_COLORS.copper,
  bottomMask: DEFAULT_BOARD_COLORS.mask,
  bottomSilk: DEFAULT_BOARD_COLORS.silk,
  platedDrill: DEFAULT_BOARD_COLORS.outline,
  nonPlatedDrill: DEFAULT_BOARD_COLORS.outline,
  otherAttachment: DEFAULT_BOARD_COLORS.board,
  routing: DEFAULT_BOARD_COLORS.outline,
  outline: DEFAULT_BOARD_COLORS.outline,
  initialType: DEFAULT_BOARD_COLORS.board,
};

/** The colour a board file is drawn in. */
export function boardFileColor(boardFile: Pick<BoardFile, 'color' | 'file_type'>): string {
  return boardFile.color ?? DEFAULT_LAYER_COLORS[boardFile.file_type];
}
