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

/**
 * Parses delimited text (RFC 4180 quoting: a cell that starts with `"` runs to the next lone
 * `"`, `""` inside is a quote, line breaks inside stay in the cell). A quote in the middle of an
 * unquoted cell is kept as written, as spreadsheets do.
 */
export function parseDelimited(text: string, delimiter: string): DelimitedText {
  const rows: TextRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const length = text.length;
  let unclosedQuoteLine: number | null = null;
  const endRow = () => {
    cells.push(cell);
    rows.push({ cells, line: rowLine });
    cells = [];
    cell = '';
  };
  while (i < length) {
    const char = text[i]!;
    if (char === '"' && cell.trim() === '') {
      // A quoted cell (spaces before the quote are dropped, as Excel writes none).
      const openedOn = line;
      cell = '';
      i += 1;
      let closed = false;
      while (i < length) {
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          closed = true;
          break;
        }
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line += 1;
        cell += c;
        i += 1;
      }
      if (!closed) {
        unclosedQuoteLine = openedOn;
        break;
      }
      // Anything between the closing quote and the next delimiter is kept (`"a"b` -> `ab`).
      continue;
    }
    if (char === delimiter) {
      cells.push(cell);
      cell = '';
      i += 1;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRow();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      rowLine = line;
      continue;
    }
    cell += char;
    i += 1;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return { rows, unclosedQuoteLine };
}

/** Occurrences of `delimiter` outside double quotes in one line. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count += 1;
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
