/**
 * What a BOM column can mean: the readers recognise columns as these, and the API names them so
 * in a column mapping.
 */
export const BOM_FIELDS = [
  'designator',
  'quantity',
  'partNumber',
  'manufacturer',
  'value',
  'footprint',
  'description',
  'doNotPopulate',
  'fitted',
  'supplier',
  'supplierPartNumber',
  'item',
  'substitutePartNumber',
  'substituteManufacturer',
] as const;
export type BomField = (typeof BOM_FIELDS)[number];
