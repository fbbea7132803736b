// The BOM row dialog's form: the row as editable text, and the changes a draft makes to the
// row (only the fields that differ are sent, so a save never overwrites what it did not touch).

import type { BomRow, BomSubstitution } from '@circuits/contracts';
import type { BomRowChange } from '../api/bom-api.ts';

export type Draft = {
  part_number: string;
  manufacturer: string;
  value: string;
  footprint: string;
  description: string;
  quantity: number | string;
  refDesign: BomRow['refDesign'];
  custWillSupply: boolean;
  substitutions: BomSubstitution[];
};

export function draftOf(row: BomRow): Draft {
  return {
    part_number: row.part_number ?? '',
    manufacturer: row.manufacturer ?? '',
    value: row.value ?? '',
    footprint: row.footprint ?? '',
    description: row.description ?? '',
    quantity: row.quantity ?? '',
    refDesign: row.refDesign,
    custWillSupply: row.custWillSupply,
    substitutions: row.substitutions_rows,
  };
}

/** A field's text as stored: trimmed, and null when nothing is left. */
export const text = (value: string) => (value.trim() === '' ? null : value.trim());

/** The row's text fields, in the order the dialog shows them. */
export const TEXT_FIELDS = [
  ['part_number', 'Part number'],
  ['manufacturer', 'Manufacturer'],
  ['value', 'Value'],
  ['footprint', 'Footprint'],
  ['description', 'Description'],
] as const satisfies readonly (readonly [keyof Draft, string])[];

export function changesOf(row: BomRow, draft: Draft): BomRowChange {
  const change: BomRowChange = {};
  if (text(draft.part_number) !== row.part_number) change.part_number = text(draft.part_number);
  if (text(draft.manufacturer) !== row.manufacturer) change.manufacturer = text(draft.manufacturer);
  if (text(draft.value) !== row.value) change.value = text(draft.value);
  if (text(draft.footprint) !== row.footprint) change.footprint = text(draft.footprint);
  if (text(draft.description) !== row.description) change.description = text(draft.description);
  const quantity = typeof draft.quantity === 'number' ? draft.quantity : null;
  if (quantity !== row.quantity) change.quantity = quantity;
  if (JSON.stringify(draft.refDesign) !== JSON.stringify(row.refDesign)) {
    change.refDesign = draft.refDesign;
  }
  if (draft.custWillSupply !== row.custWillSupply) change.custWillSupply = draft.custWillSupply;
  if (JSON.stringify(draft.substitutions) !== JSON.stringify(row.substitutions_rows)) {
    change.substitutions_rows = draft.substitutions.map((entry) => ({
      part_id: entry.part_id,
      part_number: entry.part_number,
      manufacturer: entry.manufacturer,
      note: entry.note,
    }));
  }
  return change;
}
