// SPEC §3 product file type ids. Other ids (the board files' Gerber and drill uploads, other
// documents) come from the server's file type list; only these three carry rules.
export const PRODUCT_FILE_TYPE_IDS = {
  /** Uploaded but its type is not known or not chosen yet. */
  initial: 1,
  bom: 4,
  pickAndPlace: 5,
} as const;

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
