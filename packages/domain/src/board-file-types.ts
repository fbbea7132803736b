// SPEC §3 board file types, in the order the board tab lists them (top of the stack down to the
// bottom, then drills and mechanical files). `initialType` marks a file whose type is not chosen.

export const BOARD_FILE_TYPES = [
  'topSilk',
  'topMask',
  'topCopper',
  'topPaste',
  'internalLayer',
  'bottomPaste',
  'bottomCopper',
  'bottomMask',
  'bottomSilk',
  'platedDrill',
  'nonPlatedDrill',
  'otherAttachment',
  'routing',
  'outline',
] as const;

export const INITIAL_BOARD_FILE_TYPE = 'initialType';

/** A chosen board file type. */
export type ChosenBoardFileType = (typeof BOARD_FILE_TYPES)[number];
export type BoardFileType = ChosenBoardFileType | typeof INITIAL_BOARD_FILE_TYPE;

export const BOARD_FILE_TYPE_LABELS: Readonly<Record<BoardFileType, string>> = {
  topSilk: 'Top silkscreen',
  topMask: 'Top solder mask',
  topCopper: 'Top copper',
  topPaste: 'Top paste',
  internalLayer: 'Internal layer',
  bottomPaste: 'Bottom paste',
  bottomCopper: 'Bottom copper',
  bottomMask: 'Bottom solder mask',
  bottomSilk: 'Bottom silkscreen',
  platedDrill: 'Plated drill',
  nonPlatedDrill: 'Non-plated drill',
  otherAttachment: 'Other attachment',
  routing: 'Routing',
  outline: 'Outline',
  initialType: 'Not selected',
};

const TOP_SIDE: ReadonlySet<BoardFileType> = new Set([
  'topSilk',
  'topMask',
  'topCopper',
  'topPaste',
]);
const BOTTOM_SIDE: ReadonlySet<BoardFileType> = new Set([
  'bottomPaste',
  'bottomCopper',
  'bottomMask',
  'bottomSilk',
]);

/** The outer side a layer belongs to; null for internal layers, drills and mechanical files. */
export function boardFileSide(type: BoardFileType): 'top' | 'bottom' | null {
  if (TOP_SIDE.has(type)) return 'top';
  if (BOTTOM_SIDE.has(type)) return 'bottom';
  return null;
}

export function isDrillFileType(type: BoardFileType): boolean {
  return type === 'platedDrill' || type === 'nonPlatedDrill';
}

export function isBoardFileType(value: unknown): value is BoardFileType {
  return value === INITIAL_BOARD_FILE_TYPE || isChosenBoardFileType(value);
}

export function isChosenBoardFileType(value: unknown): value is ChosenBoardFileType {
  return (BOARD_FILE_TYPES as readonly unknown[]).includes(value);
}

/** Position of a type in the SPEC order (not chosen sorts last), for listing files. */
export function boardFileTypeRank(type: BoardFileType): number {
  const rank = (BOARD_FILE_TYPES as readonly string[]).indexOf(type);
  return rank === -1 ? BOARD_FILE_TYPES.length : rank;
}
