import { describe, expect, it } from 'vitest';
import {
  assignField,
  bomCellChange,
  bomRowState,
  filterBomRows,
  formatUnitPrice,
  mappingOf,
  mappingProblems,
  refDesignText,
  searchWordOf,
} from './bom-format.ts';

const columns = [
  { index: 0, header: 'Ref', field: 'designator' },
  { index: 1, header: 'Qty', field: 'quantity' },
  { index: 2, header: 'MPN', field: null },
  { index: 3, header: 'LCSC', field: 'supplierPartNumber' },
  { index: 4, header: 'Mouser', field: 'supplierPartNumber' },
];

describe('column mapping', () => {
  it('sends each field with its column, supplier numbers from several columns', () => {
    expect(mappingOf(columns)).toEqual({ designator: 0, quantity: 1, supplierPartNumber: [3, 4] });
  });

  it('moves a single-column field to the column given it', () => {
    const moved = assignField(columns, 2, 'designator');
    expect(moved.map((column) => column.field)).toEqual([
      null,
      'quantity',
      'designator',
      'supplierPartNumber',
      'supplierPartNumber',
    ]);
  });

  it('names what the BOM still lacks', () => {
    expect(mappingProblems(columns)).toEqual([]);
    expect(
      mappingProblems(assignField(assignField(columns, 0, null), 3, null).slice(0, 3)),
    ).toEqual([
      'Choose the column of the designators',
      'Choose a column of part numbers or of values',
    ]);
  });
});

const row = (overrides: Record<string, unknown> = {}) => ({
  confirmed: false,
  custWillSupply: false,
  refDesign: [
    { refDesign: 'R1', doNotPopulate: false },
    { refDesign: 'R2', doNotPopulate: false },
  ],
  part_number: 'RC0402FR-0710KL',
  manufacturer: 'Yageo',
  value: '10k',
  footprint: '0402',
  description: null,
  match: { status: 'matched' },
  ...overrides,
});

describe('rows', () => {
  it('names the state of a row', () => {
    expect(bomRowState(row())).toBe('unconfirmed');
    expect(bomRowState(row({ confirmed: true }))).toBe('confirmed');
    expect(bomRowState(row({ custWillSupply: true }))).toBe('customer');
    expect(
      bomRowState(row({ refDesign: [{ refDesign: 'R3', doNotPopulate: true }], confirmed: true })),
    ).toBe('dnp');
  });

  it('writes designators on one line, cut when long', () => {
    const refs = Array.from({ length: 15 }, (_, index) => ({
      refDesign: `C${index + 1}`,
      doNotPopulate: index === 1,
    }));
    expect(refDesignText(refs.slice(0, 3))).toBe('C1, C2 (DNP), C3');
    expect(refDesignText(refs, 4)).toBe('C1, C2 (DNP), C3, C4 … +11');
  });

  it('filters by designator or field with spaces and case ignored, and by state', () => {
    const rows = [row(), row({ part_number: 'GRM155', value: '100n', confirmed: true })];
    expect(filterBomRows(rows, { text: 'r 2', state: 'all' })).toHaveLength(2);
    expect(filterBomRows(rows, { text: 'grm', state: 'all' })).toHaveLength(1);
    expect(filterBomRows(rows, { text: '', state: 'unconfirmed' })).toHaveLength(1);
    expect(filterBomRows(rows, { text: '', state: 'unmatched' })).toHaveLength(0);
  });

  it('looks a row up by its part number, else its value and footprint', () => {
    expect(searchWordOf({ part_number: ' LM358 ', value: null, footprint: null })).toBe('LM358');
    expect(searchWordOf({ part_number: null, value: '10k', footprint: '0402' })).toBe('10k 0402');
  });

  it('writes unit prices to the decimals cheap parts need', () => {
    expect(formatUnitPrice(0.0042)).toBe('$0.0042');
    expect(formatUnitPrice(1.5)).toBe('$1.500');
    expect(formatUnitPrice(12)).toBe('$12.00');
    expect(formatUnitPrice(null)).toBe('—');
  });
});

describe('bomCellChange', () => {
  it('sends the typed text, a blank clearing the field', () => {
    expect(bomCellChange('part_number', ' RC0402 ')).toEqual({ part_number: 'RC0402' });
    expect(bomCellChange('description', '  ')).toEqual({ description: null });
  });

  it('takes whole quantities only', () => {
    expect(bomCellChange('quantity', '12')).toEqual({ quantity: 12 });
    expect(bomCellChange('quantity', '')).toEqual({ quantity: null });
    expect(bomCellChange('quantity', '1.5')).toBe('Quantity must be a whole number');
    expect(bomCellChange('quantity', 'ten')).toBe('Quantity must be a whole number');
  });
});
