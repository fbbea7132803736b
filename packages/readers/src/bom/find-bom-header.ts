// Where the table starts in a BOM: the header row under preambles and title blocks (or a
// "Collated Components" block), the group labels above it, and rows shifted a column right.

import type { TextRow } from '../text/delimited.ts';
import { bomHeaderScore } from './bom-columns.ts';

/** The header is looked for in this many rows from the top. */
export const HEADER_SEARCH_ROWS = 100;

export type HeaderChoice = { index: number; score: number };

export function findHeader(rows: readonly TextRow[]): HeaderChoice | null {
  let best: HeaderChoice | null = null;
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i += 1) {
    const { score, fields } = bomHeaderScore(rows[i]!.cells);
    const names = fields.has('designator') || fields.has('partNumber') || fields.has('value');
    if (fields.size < 2 || !names) continue;
    if (best === null || score > best.score + 0.01) best = { index: i, score };
  }
  return collatedHeader(rows) ?? best;
}

const COLLATED_TITLE = /^collated components:?$/i;

/**
 * KiCad's bom_csv_grouped_by_value script writes every part alone under "Individual
 * Components:", then the same parts grouped under "Collated Components:": the grouped table is
 * the bill of materials, and the one read.
 */
function collatedHeader(rows: readonly TextRow[]): HeaderChoice | null {
  for (let i = 0; i < rows.length; i += 1) {
    const filled = rows[i]!.cells.filter((cell) => cell.trim() !== '');
    if (filled.length !== 1 || !COLLATED_TITLE.test(filled[0]!.trim())) continue;
    let next = i + 1;
    while (next < rows.length && blank(rows[next]!)) next += 1;
    if (next >= rows.length) return null;
    const { score, fields } = bomHeaderScore(rows[next]!.cells);
    return fields.has('designator') ? { index: next, score } : null;
  }
  return null;
}

export const blank = (row: TextRow) => row.cells.every((cell) => cell.trim() === '');

/**
 * Labels of a group row above the header (KiCost's "Digi-Key", "Mouser" over their columns),
 * spread over the columns of each group.
 */
export function groupLabels(rows: readonly TextRow[], headerIndex: number, width: number) {
  const above = headerIndex > 0 ? rows[headerIndex - 1]! : null;
  const labels: (string | null)[] = new Array(width).fill(null);
  if (above === null) return labels;
  const filled = above.cells.filter((cell) => cell.trim() !== '').length;
  if (filled < 2 || filled > width / 2) return labels;
  let current: string | null = null;
  for (let i = 0; i < width; i += 1) {
    const cell = above.cells[i]?.trim() ?? '';
    if (cell !== '') current = cell;
    labels[i] = current;
  }
  return labels;
}

/**
 * Rows whose cells sit one column right of their header (KiCad's grouped-BOM script writes an
 * empty cell before the description): a named column empty in every row, and one more filled
 * column past the named ones. The rows are realigned and a warning says so.
 */
export function realignShiftedRows(header: readonly string[], data: TextRow[]): number | null {
  let named = header.length;
  while (named > 0 && header[named - 1]!.trim() === '') named -= 1;
  if (named < 3 || data.length < 3) return null;
  const filled = (index: number) =>
    data.filter((row) => (row.cells[index] ?? '').trim() !== '').length / data.length;
  if (filled(named) < 0.5) return null;
  for (let k = 1; k < named; k += 1) {
    if (filled(k) === 0) {
      for (const row of data) row.cells.splice(k, 1);
      return k;
    }
  }
  return null;
}
