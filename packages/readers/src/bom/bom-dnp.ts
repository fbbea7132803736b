// Do-not-populate as BOMs write it: a DNP or fitted column in its many spellings, `NF(R1 R2)`
// lists and `R5(DNP)` marks inside designator cells. Each scan is linear in the cell.

import { expandDesignators, refDesignKey } from '@circuits/domain';

const DNP_WORDS = new Set([
  'dnp',
  'dnf',
  'dni',
  'dnm',
  'nf',
  'np',
  'n/f',
  'nopop',
  'no pop',
  'no load',
  'noload',
  'not fitted',
  'not populated',
  'not placed',
  'not mounted',
  'not assembled',
  'unpopulated',
  'do not populate',
  'do not fit',
  'do not place',
  'do not mount',
  'do not install',
  'do not assemble',
  'excluded',
  'exclude',
  'no fit',
  'nofit',
]);
export const FITTED_FALSE = new Set(['no', 'n', 'false', '0', '-', 'none', 'off', 'nein', 'non']);
export const FITTED_TRUE = new Set([
  'yes',
  'y',
  'true',
  '1',
  'x',
  'fitted',
  'fit',
  'populate',
  'ja',
  'oui',
  // An assembly column that says how the part is mounted: mounted, then.
  'mount',
  'mounted',
  'assemble',
  'assembly',
  'place',
  'smt',
  'smd',
  'tht',
  'th',
  'pth',
  'thd',
  'manual',
  'hand',
  'hand solder',
  'top',
  'bottom',
]);
export const DNP_TRUE = new Set(['yes', 'y', 'true', '1', 'x', '*']);
// `NF(C948)`, `DNP(R1 R2)`: only these designators of the row (or of the whole BOM, in a note).
// The list is found by its opening word and the next `)`, not by one pattern over the rest of
// the cell (a cell of `NF(NF(NF(` would make that quadratic).
const PARTIAL_DNP_OPEN = /\b(?:NF|DNP|DNF|DNI|NP|NOPOP)\s*\(/gi;
// `R5(DNP)`: the designator before it is not fitted.
const DNP_MARK = /\(\s*(?:DNP|DNF|NF|DNI|NP)\s*\)/gi;

/** The spans of `NF(...)` lists in a cell, with the text inside each. */
function partialDnpSpans(cell: string): { start: number; end: number; inner: string }[] {
  const spans: { start: number; end: number; inner: string }[] = [];
  if (!cell.includes('(')) return spans;
  let from = 0;
  for (const match of cell.matchAll(PARTIAL_DNP_OPEN)) {
    if (match.index < from) continue;
    const open = match.index + match[0].length;
    const close = cell.indexOf(')', open);
    // No `)` after this one: none after the later ones either.
    if (close < 0) break;
    spans.push({ start: match.index, end: close + 1, inner: cell.slice(open, close) });
    from = close + 1;
  }
  return spans;
}

const isRefChar = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95 ||
  code === 35 ||
  code === 46 ||
  code === 43 ||
  code === 45;
const isRefStart = (code: number) =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/**
 * A designator cell without its NF(...) lists, and the designators marked `R5(DNP)` in it (the
 * mark removed). Each mark looks back over the word before it only, so the cell is read once.
 */
export function cleanDesignatorCell(cell: string): { cleaned: string; marked: Set<string> } {
  const marked = new Set<string>();
  let text = cell;
  const spans = partialDnpSpans(cell);
  if (spans.length > 0) {
    const parts: string[] = [];
    let at = 0;
    for (const span of spans) {
      parts.push(cell.slice(at, span.start), ' ');
      at = span.end;
    }
    parts.push(cell.slice(at));
    text = parts.join('');
  }
  if (!text.includes('(')) return { cleaned: text, marked };
  const parts: string[] = [];
  let at = 0;
  for (const match of text.matchAll(DNP_MARK)) {
    let end = match.index;
    while (end > at && /\s/.test(text[end - 1]!)) end -= 1;
    let start = end;
    while (start > at && isRefChar(text.charCodeAt(start - 1))) start -= 1;
    // The designator starts at the first letter of the word (`12R5(DNP)` marks R5).
    while (start < end && !isRefStart(text.charCodeAt(start))) start += 1;
    if (start === end) continue;
    const ref = text.slice(start, end);
    marked.add(refDesignKey(ref));
    parts.push(text.slice(at, start), ref);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return { cleaned: parts.join(''), marked };
}

export function cellSaysDnp(cell: string): boolean {
  if (cell === '' || cell.length > 24) return false;
  const text = cell.trim().toLowerCase().replace(/\s+/g, ' ');
  return DNP_WORDS.has(text);
}

// A legend explains the notation rather than using it: "*NOTE: NF(R1 R2) means that elements R1
// and R2 are unpopulated" marks nothing.
const LEGEND_AFTER = /^\s*(?:means?\b|=|stands? for\b|indicates?\b|bedeutet\b|signifie\b)/i;

export function partialDnpRefs(cell: string, limit: number): string[] {
  const refs: string[] = [];
  for (const span of partialDnpSpans(cell)) {
    if (LEGEND_AFTER.test(cell.slice(span.end, span.end + 40))) continue;
    for (const d of expandDesignators(span.inner, limit - refs.length).designators)
      refs.push(d.refDesign);
  }
  return refs;
}
