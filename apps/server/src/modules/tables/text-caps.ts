import type { BomFile, BomFileRow, PlacementFile, ReadWarning } from '@circuits/readers';

// What a read keeps of each cell: as much as a saved BOM row or placement holds (the limits of
// the fields a client may send), so that a read saved from the server is what a client could
// have sent, and no answer grows with the length of a cell. A cell cut is said once per field,
// with the lines where it happened.

export const BOM_TEXT_LIMITS = {
  partNumber: 200,
  manufacturer: 200,
  value: 200,
  footprint: 200,
  description: 2000,
  supplier: 100,
  supplierPartNumber: 200,
  /** Column names and sheet names, and each warning. */
  header: 200,
  warning: 500,
} as const;

/** Supplier codes kept per row (bom/fromFile takes 20). */
const MAX_SUPPLIER_PARTS = 20;
/** Second sources kept per row. */
const MAX_SUBSTITUTES = 10;

export function cutText(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

type CutField = 'partNumber' | 'manufacturer' | 'value' | 'footprint' | 'description';
const CUT_FIELDS: readonly CutField[] = [
  'partNumber',
  'manufacturer',
  'value',
  'footprint',
  'description',
];
const FIELD_NAMES: Record<CutField, string> = {
  partNumber: 'part number',
  manufacturer: 'manufacturer',
  value: 'value',
  footprint: 'footprint',
  description: 'description',
};

/** The BOM with every text within BOM_TEXT_LIMITS, and a warning per field that was cut. */
export function capBomText(file: BomFile): BomFile {
  const cutLines = new Map<CutField | 'supplierParts', number[]>();
  const note = (field: CutField | 'supplierParts', line: number) => {
    const lines = cutLines.get(field);
    if (lines) lines.push(line);
    else cutLines.set(field, [line]);
  };
  const rows = file.rows.map((row): BomFileRow => {
    const capped = { ...row };
    for (const field of CUT_FIELDS) {
      const text = row[field];
      if (text !== null && text.length > BOM_TEXT_LIMITS[field]) {
        capped[field] = cutText(text, BOM_TEXT_LIMITS[field]);
        note(field, row.line);
      }
    }
    if (
      row.supplierParts.length > MAX_SUPPLIER_PARTS ||
      row.supplierParts.some(
        (part) =>
          part.partNumber.length > BOM_TEXT_LIMITS.supplierPartNumber ||
          (part.supplier?.length ?? 0) > BOM_TEXT_LIMITS.supplier,
      )
    ) {
      note('supplierParts', row.line);
      capped.supplierParts = row.supplierParts.slice(0, MAX_SUPPLIER_PARTS).map((part) => ({
        supplier: part.supplier === null ? null : cutText(part.supplier, BOM_TEXT_LIMITS.supplier),
        partNumber: cutText(part.partNumber, BOM_TEXT_LIMITS.supplierPartNumber),
      }));
    }
    // Second sources: as many as a saved row's substitutions hold, each within a part number.
    capped.substitutes = row.substitutes.slice(0, MAX_SUBSTITUTES).map((substitute) => ({
      partNumber: cutText(substitute.partNumber, BOM_TEXT_LIMITS.partNumber),
      manufacturer:
        substitute.manufacturer === null
          ? null
          : cutText(substitute.manufacturer, BOM_TEXT_LIMITS.manufacturer),
    }));
    return capped;
  });
  const warnings: ReadWarning[] = file.warnings.map((warning) => ({
    ...warning,
    message: cutText(warning.message, BOM_TEXT_LIMITS.warning),
  }));
  for (const [field, lines] of cutLines) {
    const shown = lines.slice(0, 5).join(', ');
    const more = lines.length > 5 ? ` and ${lines.length - 5} more` : '';
    warnings.push({
      type: 'text-cut',
      line: lines[0]!,
      message:
        field === 'supplierParts'
          ? `Supplier codes longer than ${BOM_TEXT_LIMITS.supplierPartNumber} characters, or more than ${MAX_SUPPLIER_PARTS} in a row, were cut (lines ${shown}${more}).`
          : `The ${FIELD_NAMES[field]} is longer than ${BOM_TEXT_LIMITS[field]} characters on lines ${shown}${more}; it was cut there.`,
    });
  }
  const source =
    file.source.kind === 'spreadsheet'
      ? {
          ...file.source,
          sheet: cutText(file.source.sheet, BOM_TEXT_LIMITS.header),
          sheets: file.source.sheets.map((name) => cutText(name, BOM_TEXT_LIMITS.header)),
        }
      : file.source;
  const columns = file.columns.map((column) => ({
    ...column,
    header: cutText(column.header, BOM_TEXT_LIMITS.header),
  }));
  return { ...file, source, columns, rows, warnings };
}

/** Placement texts: a designator, and the value, package and description as files write them. */
const PLACEMENT_TEXT_LIMITS = {
  refDesign: 100,
  value: 200,
  package: 200,
  description: 200,
} as const;

/** The placements with every text within PLACEMENT_TEXT_LIMITS, and a warning if one was cut. */
export function capPlacementText(file: PlacementFile): PlacementFile {
  const lines: number[] = [];
  const placements = file.placements.map((row) => {
    const cutOne = (text: string | null, limit: number) =>
      text === null || text.length <= limit ? text : cutText(text, limit);
    const capped = {
      ...row,
      refDesign: cutOne(row.refDesign, PLACEMENT_TEXT_LIMITS.refDesign)!,
      value: cutOne(row.value, PLACEMENT_TEXT_LIMITS.value),
      package: cutOne(row.package, PLACEMENT_TEXT_LIMITS.package),
      description: cutOne(row.description, PLACEMENT_TEXT_LIMITS.description),
    };
    if (
      capped.refDesign !== row.refDesign ||
      capped.value !== row.value ||
      capped.package !== row.package ||
      capped.description !== row.description
    )
      lines.push(row.line);
    return capped;
  });
  const warnings = file.warnings.map((warning) => ({
    ...warning,
    message: cutText(warning.message, BOM_TEXT_LIMITS.warning),
  }));
  if (lines.length > 0)
    warnings.push({
      type: 'text-cut',
      line: lines[0]!,
      message: `Texts longer than a placement holds (a designator ${PLACEMENT_TEXT_LIMITS.refDesign} characters, a value, package or description ${PLACEMENT_TEXT_LIMITS.value}) were cut on lines ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? ` and ${lines.length - 5} more` : ''}.`,
    });
  const columns = file.columns.map((column) => ({
    ...column,
    header: cutText(column.header, BOM_TEXT_LIMITS.header),
  }));
  return { ...file, columns, placements, warnings };
}
