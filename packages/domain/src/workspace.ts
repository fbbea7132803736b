// Constants of projects, products and their files (SPEC §3), shared by server and web app.

/** SPEC §3: the colours a project can be marked with, in the order the picker shows them. */
export const MARKED_COLORS = [
  '#4ae387',
  '#e34a4a',
  '#4ab2e3',
  '#db76df',
  '#f7cc36',
  '#f3f3f3',
  '#000',
] as const;
export type MarkedColor = (typeof MARKED_COLORS)[number];
export const DEFAULT_MARKED_COLOR: MarkedColor = '#4ae387';

export function isMarkedColor(value: string): value is MarkedColor {
  return (MARKED_COLORS as readonly string[]).includes(value);
}

/**
 * What a product file is (`type_id`). SPEC §3 fixes 1 (initial or unknown: the user must choose),
 * 4 (BOM) and 5 (Pick & Place); 2 and 3 name the other kinds a board's files come in, so a
 * complete upload has no file left at 1 (the files tab is valid only then, SPEC §5).
 */
export const PRODUCT_FILE_TYPES = [
  { id: 1, name: 'Unknown' },
  { id: 2, name: 'Gerber' },
  { id: 3, name: 'Other' },
  { id: 4, name: 'BOM' },
  { id: 5, name: 'Pick & Place' },
] as const;
export type ProductFileTypeId = (typeof PRODUCT_FILE_TYPES)[number]['id'];

export const PRODUCT_FILE_TYPE = {
  unknown: 1,
  gerber: 2,
  other: 3,
  bom: 4,
  pickAndPlace: 5,
} as const satisfies Record<string, ProductFileTypeId>;

export function isProductFileTypeId(value: number): value is ProductFileTypeId {
  return PRODUCT_FILE_TYPES.some((type) => type.id === value);
}

/** SPEC §3: board file types in their display (stack) order. */
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
export type BoardFileType = (typeof BOARD_FILE_TYPES)[number];

/** A board file whose type is not chosen yet. */
export const INITIAL_BOARD_FILE_TYPE = 'initialType';
export type BoardFileTypeOrInitial = BoardFileType | typeof INITIAL_BOARD_FILE_TYPE;

export function isBoardFileType(value: string): value is BoardFileType {
  return (BOARD_FILE_TYPES as readonly string[]).includes(value);
}

/** Files up to this size count as small: the browser may open and render them directly. */
export const SMALL_FILE_MAX_BYTES = 10 * 1024 * 1024;

export function isSmallFile(sizeBytes: number): boolean {
  return sizeBytes <= SMALL_FILE_MAX_BYTES;
}
