// Names each column of a placement table from its header, trusting an X, Y or rotation header
// less when the cells under it are not lengths, and keeping only the best column for each field;
// then lays the user's mapping over what was recognised.

import { type Confidence, normaliseHeader } from '../columns.ts';
import { failure, type ReadResult } from '../read-result.ts';
import type { TextRow } from '../text/delimited.ts';
import {
  matchPlacementHeader,
  PLACEMENT_FIELDS,
  type PlacementField,
} from './placement-columns.ts';
import type { PlacementColumn, PlacementColumnMapping } from './placement-file.ts';
import { parseLength } from './placement-units.ts';

function recognise(header: readonly string[], sample: readonly TextRow[]): PlacementColumn[] {
  const candidates = header.map((cell, index) => {
    const normalised = normaliseHeader(cell);
    const cells = sample.map((row) => row.cells[index] ?? '').filter((c) => c.trim() !== '');
    const numeric =
      cells.length === 0 ? 1 : cells.filter((c) => parseLength(c) !== null).length / cells.length;
    let field: PlacementField | null = null;
    let score = 0;
    for (const match of normalised.text === '' ? [] : matchPlacementHeader(normalised)) {
      const wantsNumber = match.field === 'x' || match.field === 'y' || match.field === 'rotation';
      const factor = wantsNumber ? (numeric >= 0.9 ? 1 : numeric >= 0.6 ? 0.8 : 0.3) : 1;
      if (match.score * factor > score) [field, score] = [match.field, match.score * factor];
    }
    return { index, header: cell, field, score };
  });
  const winners = new Map<PlacementField, number>();
  for (const candidate of candidates) {
    if (candidate.field === null) continue;
    const current = winners.get(candidate.field);
    if (current === undefined || candidate.score > candidates[current]!.score)
      winners.set(candidate.field, candidate.index);
  }
  return candidates.map((candidate) => {
    const kept = candidate.field !== null && winners.get(candidate.field) === candidate.index;
    const score = kept ? Math.round(candidate.score * 100) / 100 : 0;
    return {
      index: candidate.index,
      header: candidate.header,
      field: kept ? candidate.field : null,
      score,
      confidence: kept
        ? ((score >= 0.85 ? 'high' : score >= 0.6 ? 'medium' : 'low') as Confidence)
        : null,
      basis: kept ? ('header' as const) : null,
    };
  });
}

/**
 * The table's columns: named by its header, or by its format's fixed order when it has none,
 * then the user's mapping laid over them (a field mapped elsewhere leaves the column it had).
 */
export function placementColumns(
  header: readonly string[] | null,
  fixedColumns: readonly PlacementField[] | undefined,
  body: readonly TextRow[],
  mapping: PlacementColumnMapping | undefined,
): ReadResult<PlacementColumn[]> {
  let columns: PlacementColumn[];
  if (header !== null) {
    columns = recognise(header, body.slice(0, 200));
  } else {
    const fixed = fixedColumns!;
    const width = Math.max(fixed.length, ...body.slice(0, 200).map((row) => row.cells.length));
    columns = Array.from({ length: width }, (_, index) => ({
      index,
      header: '',
      field: fixed[index] ?? null,
      score: fixed[index] ? 0.9 : 0,
      confidence: fixed[index] ? ('high' as const) : null,
      basis: fixed[index] ? ('header' as const) : null,
    }));
  }
  if (mapping) {
    for (const [field, index] of Object.entries(mapping) as [PlacementField, number | null][]) {
      if (!(PLACEMENT_FIELDS as readonly string[]).includes(field))
        return failure('bad-mapping', `"${field}" is not a placement field.`);
      if (index !== null && (!Number.isInteger(index) || index < 0 || index >= columns.length))
        return failure(
          'bad-mapping',
          `The mapping puts "${field}" in column ${index + 1}, but the table has ${columns.length} columns.`,
        );
      for (const column of columns)
        if (column.field === field)
          Object.assign(column, { field: null, score: 0, confidence: null, basis: null });
      if (index !== null)
        Object.assign(columns[index]!, { field, score: 1, confidence: 'high', basis: 'user' });
    }
  }
  return { ok: true, value: columns };
}
