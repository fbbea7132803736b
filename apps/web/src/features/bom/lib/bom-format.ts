// How BOM rows read on screen, and what the column-mapping dialog offers. Pure, so the rules
// (what a mapping sends, how a row's state is named) are tested without a browser.

/** The fields a BOM column can feed, in the order the mapping dialog lists them. */
export const BOM_FIELD_LABELS: Readonly<Record<string, string>> = {
  designator: 'Designators',
  quantity: 'Quantity',
  partNumber: 'Manufacturer part number',
  manufacturer: 'Manufacturer',
  value: 'Value',
  footprint: 'Footprint / package',
  description: 'Description',
  doNotPopulate: 'Do not populate',
  fitted: 'Fitted / populate',
  supplier: 'Supplier',
  supplierPartNumber: 'Supplier part number',
  item: 'Item number',
  substitutePartNumber: 'Second source part number',
  substituteManufacturer: 'Second source manufacturer',
};

/** Fields a column may feed only once; supplier part numbers may come from several columns. */
const MULTI_COLUMN_FIELDS = new Set([
  'supplierPartNumber',
  'substitutePartNumber',
  'substituteManufacturer',
]);

export type ColumnChoice = { index: number; header: string; field: string | null };

/** The mapping sent back to the reader: each field to its column (or columns). */
export function mappingOf(columns: readonly ColumnChoice[]): Record<string, number | number[]> {
  const mapping: Record<string, number | number[]> = {};
  for (const column of columns) {
    if (!column.field) continue;
    if (MULTI_COLUMN_FIELDS.has(column.field)) {
      const current = mapping[column.field];
      mapping[column.field] = [...(Array.isArray(current) ? current : []), column.index];
    } else {
      mapping[column.field] = column.index;
    }
  }
  return mapping;
}

/** Gives `field` to one column: a single-column field leaves the column that had it. */
export function assignField(
  columns: readonly ColumnChoice[],
  index: number,
  field: string | null,
): ColumnChoice[] {
  return columns.map((column) => {
    if (column.index === index) return { ...column, field };
    if (field && !MULTI_COLUMN_FIELDS.has(field) && column.field === field) {
      return { ...column, field: null };
    }
    return column;
  });
}

/** What a mapping still lacks for a BOM: designators, and a part number or a value. */
export function mappingProblems(columns: readonly ColumnChoice[]): string[] {
  const fields = new Set(columns.map((column) => column.field));
  const problems: string[] = [];
  if (!fields.has('designator')) problems.push('Choose the column of the designators');
  if (!fields.has('partNumber') && !fields.has('value') && !fields.has('supplierPartNumber')) {
    problems.push('Choose a column of part numbers or of values');
  }
  return problems;
}

type RefDesign = { refDesign: string; doNotPopulate: boolean };

/** The designators of a row as one line: `R1, R2, R5 (DNP)`; long lists are cut. */
export function refDesignText(refs: readonly RefDesign[], max = 12): string {
  const shown = refs
    .slice(0, max)
    .map((ref) => (ref.doNotPopulate ? `${ref.refDesign} (DNP)` : ref.refDesign));
  const rest = refs.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} … +${rest}` : shown.join(', ');
}

export type BomRowState = 'confirmed' | 'dnp' | 'customer' | 'unconfirmed';

type StatedRow = {
  confirmed: boolean;
  custWillSupply: boolean;
  refDesign: readonly RefDesign[];
};

export function bomRowState(row: StatedRow): BomRowState {
  if (row.refDesign.length > 0 && row.refDesign.every((ref) => ref.doNotPopulate)) return 'dnp';
  if (row.custWillSupply) return 'customer';
  return row.confirmed ? 'confirmed' : 'unconfirmed';
}

export const BOM_ROW_STATE_LABELS: Readonly<Record<BomRowState, string>> = {
  confirmed: 'Confirmed',
  dnp: 'Not populated',
  customer: 'You supply',
  unconfirmed: 'To confirm',
};

/** USD per piece, to as many decimals as cheap parts need. */
export function formatUnitPrice(price: number | null): string {
  if (price === null) return '—';
  return `$${price < 0.1 ? price.toFixed(4) : price < 10 ? price.toFixed(3) : price.toFixed(2)}`;
}

/** What to look a row up by in the catalogue: its part number, else its value and footprint. */
export function searchWordOf(row: {
  part_number?: string | null;
  partNumber?: string | null;
  value: string | null;
  footprint: string | null;
}): string {
  const partNumber = (row.part_number ?? row.partNumber ?? '').trim();
  if (partNumber) return partNumber;
  return [row.value, row.footprint].filter(Boolean).join(' ').trim();
}

export type BomFilter = {
  text: string;
  state: 'all' | 'unconfirmed' | 'unmatched';
};

type FilterableRow = StatedRow & {
  part_number: string | null;
  manufacturer: string | null;
  value: string | null;
  footprint: string | null;
  description: string | null;
  match: { status: string };
};

/**
 * Rows the filter keeps: text in any designator or field (spaces and case ignored, SPEC §5), so
 * `mech` finds every MECH part and `grm155` the Murata capacitors.
 */
export function filterBomRows<T extends FilterableRow>(rows: readonly T[], filter: BomFilter): T[] {
  const squash = (text: string | null | undefined) =>
    (text ?? '').replace(/\s+/g, '').toLowerCase();
  const needle = squash(filter.text);
  return rows.filter((row) => {
    if (filter.state === 'unconfirmed' && bomRowState(row) !== 'unconfirmed') return false;
    if (filter.state === 'unmatched' && row.match.status === 'matched') return false;
    if (needle === '') return true;
    return (
      row.refDesign.some((ref) => squash(ref.refDesign).includes(needle)) ||
      [row.part_number, row.manufacturer, row.value, row.footprint, row.description].some((field) =>
        squash(field).includes(needle),
      )
    );
  });
}

/** The fields of a BOM row edited where they stand in the table. */
export type BomCellField =
  | 'part_number'
  | 'manufacturer'
  | 'value'
  | 'footprint'
  | 'description'
  | 'quantity';

export type BomCellChange = Partial<Record<Exclude<BomCellField, 'quantity'>, string | null>> & {
  quantity?: number | null;
};

/**
 * What saving a cell sends (a blank cell clears the field), or the message refusing the text.
 */
export function bomCellChange(field: BomCellField, text: string): BomCellChange | string {
  const trimmed = text.trim();
  if (field !== 'quantity') return { [field]: trimmed === '' ? null : trimmed };
  if (trimmed === '') return { quantity: null };
  if (!/^\d+$/.test(trimmed)) return 'Quantity must be a whole number';
  return { quantity: Number(trimmed) };
}
