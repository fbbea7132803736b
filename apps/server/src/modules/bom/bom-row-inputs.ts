// What a client sends to the BOM, checked and made ready to store: an edit's changes, new rows
// matched to the catalogue, a file's rows, a read's rows as previewed. Every part a row links to
// is one the actor may see.

import type { BomFromFileInput, BomRowUpdate } from '@circuits/contracts';
import type { z } from 'zod';
import { invalidField, notFound } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import type { ProductRef } from '../files/files.service.ts';
import type { PartsService } from '../parts/parts.service.ts';
import type { BomRepository, BomRowChanges, BomRowRecord, NewBomRow } from './bom.repository.ts';
import type { BomReadRowRecord } from './bom.tables.ts';
import type { BomMatcher, MatchInput } from './bom-matching.ts';
import {
  type DesignatorBudget,
  designatorBudget,
  picked,
  recordOf,
  refDesignsOf,
} from './bom-row-records.ts';

/** The checks and conversions the BOM service applies to what it is sent. */
export function createBomRowInputs(deps: {
  repository: BomRepository;
  matcher: BomMatcher;
  parts: PartsService;
}) {
  const { repository, matcher, parts } = deps;

  async function requireRow(productId: number, id: number): Promise<BomRowRecord> {
    const [row] = await repository.findRows(productId, [id]);
    if (!row) throw notFound('BOM row');
    return row;
  }

  async function requireVisiblePart(actor: Actor, partId: number, field = 'part_id') {
    const [part] = await parts.visibleRows(actor, [partId]);
    if (!part) throw invalidField(field, `Part ${partId} is not in the catalogue`);
    return part;
  }
  /** The stored changes of an edit; part links are checked against what the actor may see. */
  async function changesOf(
    actor: Actor,
    input: z.output<typeof BomRowUpdate>,
    budget: DesignatorBudget = designatorBudget(),
  ): Promise<BomRowChanges> {
    const changes: BomRowChanges = {};
    if (input.refDesign !== undefined) changes.refDesigns = refDesignsOf(input.refDesign, budget);
    if (input.part_id !== undefined) {
      if (input.part_id !== null) await requireVisiblePart(actor, input.part_id);
      changes.partId = input.part_id;
      changes.matchBasis = input.part_id === null ? null : 'user';
      changes.matchConfidence = input.part_id === null ? null : 'high';
    }
    if (input.part_number !== undefined) changes.partNumber = input.part_number || null;
    if (input.manufacturer !== undefined) changes.manufacturer = input.manufacturer || null;
    if (input.value !== undefined) changes.value = input.value || null;
    if (input.footprint !== undefined) changes.footprint = input.footprint || null;
    if (input.description !== undefined) changes.description = input.description || null;
    if (input.quantity !== undefined) changes.quantity = input.quantity;
    if (input.supplierParts !== undefined) {
      changes.supplierParts = input.supplierParts.map((s) => ({
        supplier: s.supplier || null,
        partNumber: s.partNumber,
      }));
    }
    if (input.custWillSupply !== undefined) changes.custWillSupply = input.custWillSupply;
    if (input.substitutions_rows !== undefined) {
      for (const [index, sub] of input.substitutions_rows.entries()) {
        if (sub.part_id)
          await requireVisiblePart(actor, sub.part_id, `substitutions_rows.${index}.part_id`);
      }
      changes.substitutions = input.substitutions_rows.map((sub) => ({
        part_id: sub.part_id ?? null,
        part_number: sub.part_number,
        manufacturer: sub.manufacturer || null,
        note: sub.note || null,
      }));
    }
    if (input.confirmed !== undefined) changes.confirmedBy = input.confirmed ? actor.userId : null;
    return changes;
  }

  /** New rows, matched to the catalogue where no part was picked. */
  async function newRows(
    actor: Actor,
    ref: ProductRef,
    rows: readonly (MatchInput & {
      line: number | null;
      quantity: number | null;
      description: string | null;
      partId: number | null;
      custWillSupply: boolean;
    })[],
    productFileId: number | null,
    firstPosition: number,
    reuseRecent = false,
  ): Promise<NewBomRow[]> {
    const unpicked = rows.filter((row) => row.partId === null);
    const matches = await matcher.matchRows(actor, unpicked, { reuseRecent });
    const matchOf = new Map(unpicked.map((row, index) => [row, matches[index]!]));
    return rows.map((row, index) =>
      recordOf(ref, productFileId, firstPosition + index, row, matchOf.get(row) ?? picked(row)),
    );
  }
  /** Rows a client sent to bom/fromFile, checked (designators, parts it may see). */
  async function rowsOfInput(
    actor: Actor,
    data: Extract<z.output<typeof BomFromFileInput>['data'], unknown[]>,
  ) {
    for (const [index, row] of data.entries()) {
      if (row.part_id) await requireVisiblePart(actor, row.part_id, `data.${index}.part_id`);
    }
    const budget = designatorBudget();
    return data.map((row, index) => {
      const refDesign = refDesignsOf(row.refDesign, budget, `data.${index}.refDesign`);
      return {
        line: row.line ?? null,
        refDesign,
        quantity: row.quantity ?? null,
        partNumber: row.partNumber || null,
        manufacturer: row.manufacturer || null,
        value: row.value || null,
        footprint: row.footprint || null,
        description: row.description || null,
        supplierParts: (row.supplierParts ?? []).map((s) => ({
          supplier: s.supplier || null,
          partNumber: s.partNumber,
        })),
        partId: row.part_id ?? null,
        custWillSupply: row.custWillSupply ?? false,
      };
    });
  }

  /**
   * The rows of a read as saved: its matches as the preview showed them, but only parts the
   * actor may still see.
   */
  async function savedFromRead(
    actor: Actor,
    ref: ProductRef,
    rows: readonly BomReadRowRecord[],
    productFileId: number | null,
    first: number,
  ): Promise<NewBomRow[]> {
    const named = new Set<number>();
    for (const row of rows) {
      if (row.match.partId !== null) named.add(row.match.partId);
      for (const suggestion of row.match.suggestions) named.add(suggestion.part_id);
    }
    const visible = await parts.visibleIds(actor, [...named]);
    return rows.map((row, index) => {
      const partId =
        row.match.partId !== null && visible.has(row.match.partId) ? row.match.partId : null;
      const suggestions = row.match.suggestions.filter((s) => visible.has(s.part_id));
      const found = suggestions.length > 0;
      return recordOf(
        ref,
        productFileId,
        first + index,
        { ...row, custWillSupply: false },
        {
          partId,
          basis: found ? row.match.basis : null,
          confidence: found ? row.match.confidence : null,
          suggestions,
          reason: row.match.reason ?? null,
        },
      );
    });
  }

  return { requireRow, changesOf, newRows, rowsOfInput, savedFromRead };
}
