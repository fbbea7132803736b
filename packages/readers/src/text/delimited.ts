// Rows of cells from delimited text (CSV and its semicolon, tab and pipe cousins) and from
// whitespace-aligned reports. Every row keeps the line it starts on, so a warning can name it.

export type TextRow = { cells: string[]; line: number };

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export type DelimitedText = {
  rows: TextRow[];
  /** The line of a quoted cell that is never closed (the rest of the file fell into it). */
  unclosedQuoteLine: number | null;
};

/** Splits text into lines on CR LF, LF or a lone CR. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Whether a character is blank, as String.prototype.trim sees it. */
function isBlankCode(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return String.fromCharCode(code).trim() === '';
}

/**
 * Parses delimited text (RFC 4180 quoting: a cell that starts with `"` runs to the next lone
 * `"`, `""` inside is a quote, line breaks inside stay in the cell). A quote in the middle of an
 * unquoted cell is kept as written, as spreadsheets do. One pass: cells are sliced out of the
 * text in runs, and whether a cell is still blank is kept as a flag, never by looking at the
 * cell again.
 */
export function parseDelimited(text: string, delimiter: string): DelimitedText {
  const rows: TextRow[] = [];
  const delimiterCode = delimiter.charCodeAt(0);
  let cells: string[] = [];
  // The pieces of the cell being read, joined when it ends.
  let parts: string[] = [];
  // Whether the cell holds only blanks so far: a quote there opens a quoted cell.
  let blankCell = true;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const length = text.length;
  let unclosedQuoteLine: number | null = null;
  const cellText = () => (parts.length === 1 ? parts[0]! : parts.join(''));
  const endCell = () => {
    cells.push(cellText());
    parts = [];
    blankCell = true;
  };
  const endRow = () => {
    endCell();
    rows.push({ cells, line: rowLine });
    cells = [];
  };
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === QUOTE && blankCell) {
      // A quoted cell (spaces before the quote are dropped, as Excel writes none).
      const openedOn = line;
      parts = [];
      i += 1;
      let start = i;
      let closed = false;
      while (i < length) {
        const c = text.charCodeAt(i);
        if (c === QUOTE) {
          parts.push(text.slice(start, i));
          if (text.charCodeAt(i + 1) === QUOTE) {
            parts.push('"');
            i += 2;
            start = i;
            continue;
          }
          i += 1;
          closed = true;
          break;
        }
        if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) line += 1;
        i += 1;
      }
      if (!closed) {
        parts.push(text.slice(start, i));
        unclosedQuoteLine = openedOn;
        break;
      }
      // Once per quoted cell, over that cell's own text only. Anything between the closing
      // quote and the next delimiter is kept (`"a"b` -> `ab`).
      const quoted = cellText();
      parts = [quoted];
      blankCell = quoted.trim() === '';
      continue;
    }
    if (code === delimiterCode) {
      endCell();
      i += 1;
      continue;
    }
    if (code === CR || code === LF) {
      endRow();
      i += code === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line += 1;
      rowLine = line;
      continue;
    }
    const start = i;
    while (i < length) {
      const c = text.charCodeAt(i);
      if (c === delimiterCode || c === CR || c === LF || (c === QUOTE && blankCell)) break;
      if (blankCell && !isBlankCode(c)) blankCell = false;
      i += 1;
    }
    parts.push(text.slice(start, i));
  }
  if ((parts.length > 0 && cellText() !== '') || cells.length > 0) endRow();
  return { rows, unclosedQuoteLine };
}

/** Occurrences of `delimiter` outside double quotes in one line. */
function countOutsideQuotes(line: string, delimiter: string): number {
  const delimiterCode = delimiter.charCodeAt(0);
  let count = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const code = line.charCodeAt(i);
    if (code === QUOTE) quoted = !quoted;
    else if (code === delimiterCode && !quoted) count += 1;
  }
  return count;
}

/**
 * The delimiter of a delimited text: the candidate that splits the most of the sampled lines
 * into the same number of cells (at least two). Null when none does, e.g. for a
 * whitespace-aligned report.
 */
export function sniffDelimiter(lines: readonly string[]): Delimiter | null {
  const sample = lines.filter((line) => line.trim() !== '').slice(0, 80);
  let best: { delimiter: Delimiter; score: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const counts = new Map<number, number>();
    for (const line of sample) {
      const count = countOutsideQuotes(line, delimiter);
      if (count > 0) counts.set(count, (counts.get(count) ?? 0) + 1);
    }
    let score = 0;
    for (const [count, lineCount] of counts) {
      // Lines agreeing on a count, weighted a little by how many cells they make.
      const value = lineCount * (1 + Math.log2(1 + count) / 8);
      if (lineCount >= 2 || sample.length <= 2) score = Math.max(score, value);
    }
    if (score > 0 && (best === null || score > best.score)) best = { delimiter, score };
  }
  return best?.delimiter ?? null;
}

/**
 * Splits a whitespace-aligned line into cells; a double-quoted cell may hold spaces (Altium's
 * text reports quote comments such as `"15R, 1%"`).
 */
export function splitWhitespace(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i += 1;
    if (i >= line.length) break;
    if (line[i] === '"') {
      const close = line.indexOf('"', i + 1);
      if (close > i) {
        cells.push(line.slice(i + 1, close));
        i = close + 1;
        continue;
      }
    }
    let end = i;
    while (end < line.length && line[end] !== ' ' && line[end] !== '\t') end += 1;
    cells.push(line.slice(i, end));
    i = end;
  }
  return cells;
}
