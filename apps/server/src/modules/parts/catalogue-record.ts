// One part as a catalogue source gives it (the generated demo catalogue, a jlcparts file, a
// CSV): names rather than ids, spec values as written. The loader resolves the names, parses the
// values and writes parts, specs, stock and price breaks in bulk.

export type CatalogueSpec = {
  specificationId: number;
  /** As written: `4k7`, `±1%`, `X7R`; for option specs the option's value. */
  text: string;
  /** A number in the spec's unit when the text is not one the value parser reads (`64KB`). */
  value?: number;
};

export type CatalogueRecord = {
  /** Where the record comes from, unique: `demo:R0603-4K7-F`, `jlcparts:C25744`. */
  source: string;
  name: string;
  partNumber: string;
  manufacturer: string;
  /** A part category id, or a category name to find or create. */
  category: number | string;
  /** A package name or alias; created when unknown. */
  packageName?: string | undefined;
  mountType?: 'SMD' | 'THT' | undefined;
  description: string;
  datasheet?: string | undefined;
  image?: string | undefined;
  specs: CatalogueSpec[];
  stock: { locationId: number; lot: string; qty: number; reserved: number }[];
  /** USD cents per piece from `minQty` on. */
  priceBreaks: { minQty: number; unitPriceMinor: number }[];
  /** Suppliers' order codes of the part: `{ supplier: 'LCSC', sku: 'C25744' }`. */
  skus?: CatalogueSku[] | undefined;
  /** The line of the file the record was read from, named when it is refused. */
  line?: number | undefined;
};

export type CatalogueSku = { supplier: string; sku: string };

export type CataloguePackage = {
  pkgName: string;
  aliases: string[];
  minXMm: number;
  maxXMm: number;
  minYMm: number;
  maxYMm: number;
  mountType: 'SMD' | 'THT';
  numOfPins: number;
  categoryIds: number[];
};

export type CatalogueManufacturer = { name: string; aliases: string[] };

export type LoadSummary = {
  added: number;
  updated: number;
  /**
   * Records of a part already in the catalogue (or earlier in the load) whose supplier codes were
   * added to that part: a second LCSC code of one part number. Absent when none.
   */
  merged?: number;
  refused: { source: string; reason: string; line?: number | undefined }[];
};
