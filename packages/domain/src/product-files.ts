// SPEC §3 product file type ids: 1 (initial or unknown), 4 (BOM) and 5 (Pick & Place) are the
// SPEC's; 2 and 3 name the other kinds a board's files come in (board layers, everything else), so
// a complete upload leaves no file at 1 (docs/decisions.md).
export const PRODUCT_FILE_TYPE_IDS = {
  /** Uploaded but its type is not known or not chosen yet. */
  initial: 1,
  /** A Gerber or Excellon board layer file. */
  gerber: 2,
  /** A file the order needs no type for: job files, reports, drawings, documents. */
  other: 3,
  bom: 4,
  pickAndPlace: 5,
} as const;

export type ProductFileTypeId = (typeof PRODUCT_FILE_TYPE_IDS)[keyof typeof PRODUCT_FILE_TYPE_IDS];

/** The file types offered for product files (`files_types` of a product), in id order. */
export const PRODUCT_FILE_TYPES: readonly {
  readonly id: ProductFileTypeId;
  readonly name: string;
}[] = [
  { id: 1, name: 'Unknown' },
  { id: 2, name: 'Gerber' },
  { id: 3, name: 'Other' },
  { id: 4, name: 'BOM' },
  { id: 5, name: 'Pick & Place' },
];

export function isProductFileTypeId(value: number): value is ProductFileTypeId {
  return PRODUCT_FILE_TYPES.some((type) => type.id === value);
}

/** What the rules read of a product file; a full product file (SPEC §3) fits. */
export type ProductFileForRules = { type_id: number };

/** SPEC §5: the product info is valid only with a non-empty name. */
export function isProductInfoValid(product: { name: string | null }): boolean {
  return (product.name ?? '').trim() !== '';
}

/** SPEC §5: the files tab is valid with at least one file and none of type 1. */
export function isFilesTabValid(files: readonly ProductFileForRules[]): boolean {
  return files.length > 0 && files.every((file) => file.type_id !== PRODUCT_FILE_TYPE_IDS.initial);
}
