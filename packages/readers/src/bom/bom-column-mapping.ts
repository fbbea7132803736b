// The user's column mapping laid over the recognised columns, and the supplier a supplier-code
// column belongs to when the BOM names suppliers in columns of their own.

import type { Confidence } from '../columns.ts';
import type { ReadError } from '../read-result.ts';
import type { TextRow } from '../text/delimited.ts';
import { BOM_FIELDS, type BomField, distributorIn } from './bom-columns.ts';
import type { BomColumn, BomColumnMapping } from './bom-file.ts';

/** The supplier named in the row for a supplier-code column ("Supplier 1" for "Supplier Part Number 1"). */
export function supplierNameFor(
  row: TextRow,
  codeColumn: BomColumn,
  nameColumns: readonly BomColumn[],
  at: (row: TextRow, index: number | null) => string,
): string | null {
  if (nameColumns.length === 0) return null;
  const group = /(\d+)\s*$/.exec(codeColumn.header)?.[1];
  const paired =
    nameColumns.find((c) => /(\d+)\s*$/.exec(c.header)?.[1] === group) ??
    (nameColumns.length === 1 ? nameColumns[0]! : null);
  if (!paired) return null;
  const name = at(row, paired.index);
  return name === '' ? null : (distributorIn(name) ?? name);
}

export function applyMapping(
  columns: BomColumn[],
  mapping: BomColumnMapping | undefined,
  width: number,
): ReadError | null {
  if (!mapping) return null;
  for (const [field, target] of Object.entries(mapping) as [BomField, number | number[] | null][]) {
    if (!(BOM_FIELDS as readonly string[]).includes(field))
      return { type: 'bad-mapping', line: null, message: `"${field}" is not a BOM field.` };
    if (target === undefined) continue;
    const indexes = target === null ? [] : Array.isArray(target) ? target : [target];
    for (const index of indexes)
      if (!Number.isInteger(index) || index < 0 || index >= width)
        return {
          type: 'bad-mapping',
          line: null,
          message: `The mapping puts "${field}" in column ${index + 1}, but the table has ${width} columns.`,
        };
    for (const column of columns)
      if (column.field === field) {
        column.field = null;
        column.score = 0;
        column.confidence = null;
        column.basis = null;
      }
    for (const index of indexes) {
      const column = columns[index]!;
      column.field = field;
      column.score = 1;
      column.confidence = 'high' satisfies Confidence;
      column.basis = 'user';
      if (field === 'supplierPartNumber' && column.supplier === null)
        column.supplier = distributorIn(column.header);
    }
  }
  return null;
}
