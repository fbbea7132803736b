// BOM rows as stored: a line read or sent turned into the row to insert with its match, the
// designators of an edit, and the warnings a saved BOM earns. Pure: no database, no actor.

import type { ReadWarning } from '@circuits/contracts';
import { type BomRefDesign, duplicateRefDesigns, expandDesignators } from '@circuits/domain';
import { invalidField } from '../../http/errors.ts';
import type { ProductRef } from '../files/files.service.ts';
import type { NewBomRow } from './bom.repository.ts';
import type { MatchInput, MatchResult } from './bom-matching.ts';

export function refDesignsOf(
  input: string | readonly { refDesign: string; doNotPopulate: boolean }[],
): BomRefDesign[] {
  if (typeof input !== 'string') {
    return input.map((ref) => ({
      refDesign: ref.refDesign.trim(),
      doNotPopulate: ref.doNotPopulate,
    }));
  }
  const list = expandDesignators(input);
  if (list.designators.length === 0) {
    throw invalidField(
      'refDesign',
      `"${input}" holds no reference designators (such as R1, C2-C4)`,
    );
  }
  return list.designators.map((d) => ({ refDesign: d.refDesign, doNotPopulate: false }));
}
/** A part the user picked: linked as theirs. */
export const picked = (row: { partId: number | null }): MatchResult => ({
  partId: row.partId,
  basis: 'user',
  confidence: 'high',
  suggestions: [],
  reason: 'chosen by a user',
});

/** A BOM row to insert: a line as read or sent, and its match. */
export function recordOf(
  ref: ProductRef,
  productFileId: number | null,
  position: number,
  row: MatchInput & {
    line: number | null;
    quantity: number | null;
    description: string | null;
    custWillSupply: boolean;
    /** Second sources the file names beside the part. */
    substitutes?: readonly { partNumber: string; manufacturer: string | null }[];
  },
  match: MatchResult,
): NewBomRow {
  return {
    companyId: ref.companyId,
    productId: ref.id,
    productFileId,
    position,
    line: row.line,
    partId: match.partId,
    partNumber: row.partNumber,
    manufacturer: row.manufacturer,
    value: row.value,
    footprint: row.footprint,
    description: row.description,
    quantity: row.quantity,
    supplierParts: [...row.supplierParts],
    custWillSupply: row.custWillSupply,
    refDesigns: [...row.refDesign],
    substitutions: (row.substitutes ?? []).map((substitute) => ({
      part_id: null,
      part_number: substitute.partNumber,
      manufacturer: substitute.manufacturer,
      note: 'second source in the BOM file',
    })),
    matchBasis: match.basis,
    matchConfidence: match.confidence,
    suggestions: match.suggestions,
  };
}

/** What a saved BOM is warned of: quantities that disagree with the designators, duplicates. */
export function quantityWarnings(
  rows: readonly {
    line: number | null;
    quantity: number | null;
    refDesign: readonly BomRefDesign[];
  }[],
): ReadWarning[] {
  const warnings: ReadWarning[] = [];
  for (const row of rows) {
    if (
      row.quantity === null ||
      row.refDesign.length === 0 ||
      row.quantity === row.refDesign.length
    )
      continue;
    warnings.push({
      type: 'quantity-mismatch',
      line: row.line,
      message: `${row.refDesign
        .map((r) => r.refDesign)
        .slice(0, 5)
        .join(
          ', ',
        )}${row.refDesign.length > 5 ? ', ...' : ''}: quantity ${row.quantity} but ${row.refDesign.length} designator${row.refDesign.length === 1 ? '' : 's'}`,
    });
  }
  const duplicates = duplicateRefDesigns(
    rows.flatMap((row) => row.refDesign.map((r) => r.refDesign)),
  );
  if (duplicates.length > 0) {
    warnings.push({
      type: 'duplicate-designator',
      line: null,
      message: `Designators listed more than once: ${duplicates.slice(0, 20).join(', ')}`,
    });
  }
  return warnings;
}
