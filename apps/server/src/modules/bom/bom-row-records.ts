// BOM rows as stored: a line read or sent turned into the row to insert with its match, the
// designators of an edit, and the warnings a saved BOM earns. Pure: no database, no actor.

import type { ReadWarning } from '@circuits/contracts';
import { type BomRefDesign, duplicateRefDesigns, expandDesignators } from '@circuits/domain';
import { MAX_BOM_DESIGNATORS } from '@circuits/readers';
import { invalidField } from '../../http/errors.ts';
import type { ProductRef } from '../files/files.service.ts';
import type { NewBomRow } from './bom.repository.ts';
import type { MatchInput, MatchResult } from './bom-matching.ts';

/** The most designators one BOM line may list: the contract's bound on the list form. */
export const MAX_LINE_DESIGNATORS = 10_000;

/**
 * What one request may expand: each line at most MAX_LINE_DESIGNATORS, its lines together at most
 * MAX_BOM_DESIGNATORS (as a BOM file). Ranges make many designators of few characters: unbounded,
 * a 1 MB request of `R1-R9999,` ranges would expand to a billion of them.
 */
export type DesignatorBudget = { remaining: number };

export const designatorBudget = (): DesignatorBudget => ({ remaining: MAX_BOM_DESIGNATORS });

/**
 * The designators of a line as sent (text with ranges, or a list), taken from `budget`; refused
 * with `field` named when there are none or too many.
 */
export function refDesignsOf(
  input: string | readonly { refDesign: string; doNotPopulate: boolean }[],
  budget: DesignatorBudget = designatorBudget(),
  field = 'refDesign',
): BomRefDesign[] {
  const tooMany = () =>
    budget.remaining < MAX_LINE_DESIGNATORS
      ? `The lines list more than ${MAX_BOM_DESIGNATORS.toLocaleString('en')} designators together (the most one BOM may list)`
      : `A line lists more than ${MAX_LINE_DESIGNATORS.toLocaleString('en')} designators: split it`;
  let refs: BomRefDesign[];
  if (typeof input !== 'string') {
    if (input.length > budget.remaining) throw invalidField(field, tooMany());
    refs = input.map((ref) => ({
      refDesign: ref.refDesign.trim(),
      doNotPopulate: ref.doNotPopulate,
    }));
  } else {
    const list = expandDesignators(input, Math.min(MAX_LINE_DESIGNATORS, budget.remaining));
    if (list.problems.some((problem) => problem.type === 'too-many')) {
      throw invalidField(field, tooMany());
    }
    if (list.designators.length === 0) {
      throw invalidField(
        field,
        `"${input.slice(0, 80)}" holds no reference designators (such as R1, C2-C4)`,
      );
    }
    refs = list.designators.map((d) => ({ refDesign: d.refDesign, doNotPopulate: false }));
  }
  budget.remaining -= refs.length;
  return refs;
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
