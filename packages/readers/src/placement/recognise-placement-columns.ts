// Names each column of a placement table from its header, trusting an X, Y or rotation header
// less when the cells under it are not lengths, and keeping only the best column for each field.

import { type Confidence, normaliseHeader } from '../columns.ts';
import type { TextRow } from '../text/delimited.ts';
import { matchPlacementHeader, type PlacementField } from './placement-columns.ts';
import type { PlacementColumn } from './placement-file.ts';
import { parseLength } from './placement-units.ts';

export function recognise(
  header: readonly string[],
  sample: readonly TextRow[],
): PlacementColumn[] {
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
