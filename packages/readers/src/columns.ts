// Column names differ by tool, template and language ("Designator", "Reference", "RefDes",
// "Parts"; "Qty", "Quantity Per PCB"; "Manufacturer Part Number 1", "MPN", "Mfr. P/N"). Each
// header cell is normalised, then matched against a rule list; the score says how sure the match
// is, so a UI can ask the user to confirm a mapping it is unsure of.

export type HeaderRule<F extends string> = {
  field: F;
  /** Matched against the whole normalised header. */
  pattern: RegExp;
  /** 1 for the names tools write, lower for names that also mean something else. */
  score: number;
};

export type NormalisedHeader = {
  /** Lower case, accents, punctuation and a trailing group number removed. */
  text: string;
  /** The number of a numbered group (`Supplier 2` -> 2), 1 when there is none. */
  group: number;
  /** A unit written in the header (`Center-X(mm)`), as written. */
  unit: string | null;
};

const UNIT_IN_HEADER = /[([]\s*(mm|mils?|in|inch|inches|thou|deg|degrees?)\s*[)\]]/i;

/** A header cell longer than this is not a column name; only its start is looked at. */
const HEADER_CHARS = 200;

export function normaliseHeader(cell: string): NormalisedHeader {
  // The numbered-group pattern below tries every split of the text: bounded by HEADER_CHARS.
  const header = cell.length > HEADER_CHARS ? cell.slice(0, HEADER_CHARS) : cell;
  const unit = UNIT_IN_HEADER.exec(header)?.[1] ?? null;
  let text = header
    .replace(UNIT_IN_HEADER, ' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/p\/n/g, 'pn')
    .replace(/#/g, ' # ')
    .replace(/\bno\b\.?/g, ' number ')
    .replace(/\bnr\b\.?/g, ' number ')
    .replace(/[^a-z0-9#%$]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  let group = 1;
  const numbered = /^(.*[a-z#$].*?) ?(\d{1,2})$/.exec(text);
  if (numbered && !/\b(x|y)$/.test(numbered[1]!)) {
    text = numbered[1]!.trim();
    group = Number(numbered[2]);
  }
  return { text, group, unit };
}

export type HeaderMatch<F extends string> = { field: F; score: number };

/** Every field the header may name, each with its best score, best first. */
export function matchHeaderAll<F extends string>(
  rules: readonly HeaderRule<F>[],
  header: NormalisedHeader,
): HeaderMatch<F>[] {
  const best = new Map<F, number>();
  for (const rule of rules) {
    if (rule.pattern.test(header.text) && rule.score > (best.get(rule.field) ?? 0))
      best.set(rule.field, rule.score);
  }
  return [...best].map(([field, score]) => ({ field, score })).sort((a, b) => b.score - a.score);
}

/** The best rule for one header cell, or null. */
export function matchHeader<F extends string>(
  rules: readonly HeaderRule<F>[],
  header: NormalisedHeader,
): HeaderMatch<F> | null {
  let best: HeaderMatch<F> | null = null;
  for (const rule of rules) {
    if (rule.pattern.test(header.text) && (best === null || rule.score > best.score))
      best = { field: rule.field, score: rule.score };
  }
  return best;
}

export type Confidence = 'high' | 'medium' | 'low';

/** High: a name tools write for it. Medium: a name that usually means it. Low: a guess. */
export function confidenceOf(score: number): Confidence {
  return score >= 0.85 ? 'high' : score >= 0.6 ? 'medium' : 'low';
}

/** A recognised column: where it is, what it was called and how sure the reader is. */
export type RecognisedColumn<F extends string> = {
  index: number;
  header: string;
  field: F | null;
  score: number;
  confidence: Confidence | null;
  /** Why: `header` (its name), `content` (its cells), `user` (the user's mapping). */
  basis: 'header' | 'content' | 'user' | null;
};

/** Ratio of cells (non-blank ones) that satisfy `test`; null when there are none. */
export function contentRatio(cells: readonly string[], test: (cell: string) => boolean) {
  let total = 0;
  let hits = 0;
  for (const cell of cells) {
    const trimmed = cell.trim();
    if (trimmed === '') continue;
    total += 1;
    if (test(trimmed)) hits += 1;
  }
  return total === 0 ? null : hits / total;
}

/** Share of rows where the cell is not blank. */
export function fillRatio(cells: readonly string[]): number {
  if (cells.length === 0) return 0;
  let filled = 0;
  for (const cell of cells) if (cell.trim() !== '') filled += 1;
  return filled / cells.length;
}

export const NUMBER = /^[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[-+]?\d+)?$/i;

/** A number as written in an export: `12`, `12.0`, `12,5` (decimal comma), `1e3`. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}
