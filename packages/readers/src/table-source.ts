// The bytes of an upload as tables of text cells: one per sheet of a spreadsheet, or one for a
// delimited or whitespace-aligned text file.

import { failure, type ReadResult } from './read-result.ts';
import { openSpreadsheet, type SpreadsheetFormat, sniffSpreadsheet } from './spreadsheet.ts';
import { decodeText, type TextEncoding } from './text/decode.ts';
import {
  type Delimiter,
  parseDelimited,
  sniffDelimiter,
  splitLines,
  splitWhitespace,
  type TextRow,
} from './text/delimited.ts';

export type TableSource =
  | { kind: 'text'; encoding: TextEncoding; delimiter: Delimiter | 'whitespace' }
  | { kind: 'spreadsheet'; format: SpreadsheetFormat; sheet: string; sheets: string[] };

export type SourceTable = {
  rows: TextRow[];
  source: TableSource;
  /** The decoded text (text files only), for readers that look at comment lines. */
  text: string | null;
};

/** "Line 12" in a text file, "Row 12 of sheet "BOM"" in a spreadsheet. */
export function lineLabel(source: TableSource, line: number): string {
  return source.kind === 'text' ? `Line ${line}` : `Row ${line} of sheet "${source.sheet}"`;
}

/** Where the file stops looking like text: NUL bytes or many control characters. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  let control = 0;
  for (let i = 0; i < sample.length; i += 1) {
    const code = sample.charCodeAt(i);
    if (code === 0) return true;
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) control += 1;
  }
  return control > sample.length * 0.05;
}

export type DecodedTextFile = { text: string; encoding: TextEncoding };

export function decodeTextFile(bytes: Uint8Array): ReadResult<DecodedTextFile> {
  if (bytes.length === 0) return failure('empty', 'The file is empty.');
  const decoded = decodeText(bytes);
  if (looksBinary(decoded.text))
    return failure(
      'not-text',
      'The file is neither text nor a spreadsheet that can be read (XLSX, XLS or ODS): it holds binary data.',
    );
  if (decoded.text.trim() === '') return failure('empty', 'The file has no text in it.');
  return { ok: true, value: decoded };
}

/** Rows of a text file, split by its delimiter (or by runs of spaces when it has none). */
export function textTable(
  text: string,
  encoding: TextEncoding,
  delimiter?: Delimiter | 'whitespace',
): ReadResult<SourceTable> {
  const lines = splitLines(text);
  const chosen = delimiter ?? sniffDelimiter(lines) ?? 'whitespace';
  if (chosen === 'whitespace') {
    const rows = lines.map((line, index) => ({ cells: splitWhitespace(line), line: index + 1 }));
    return {
      ok: true,
      value: { rows, source: { kind: 'text', encoding, delimiter: chosen }, text },
    };
  }
  const parsed = parseDelimited(text, chosen);
  if (parsed.unclosedQuoteLine !== null)
    return failure(
      'unclosed-quote',
      `Line ${parsed.unclosedQuoteLine}: a cell opens a double quote (") that is never closed, so the rest of the file would fall into that cell. Expected a closing quote before the end of the cell.`,
      parsed.unclosedQuoteLine,
    );
  return {
    ok: true,
    value: { rows: parsed.rows, source: { kind: 'text', encoding, delimiter: chosen }, text },
  };
}

/** Every table of the file: the sheets of a spreadsheet, or the one table of a text file. */
export function openTables(bytes: Uint8Array): ReadResult<SourceTable[]> {
  if (bytes.length === 0) return failure('empty', 'The file is empty.');
  const format = sniffSpreadsheet(bytes);
  if (format !== null) {
    const opened = openSpreadsheet(bytes, format);
    if (!opened.ok)
      return failure(
        'spreadsheet',
        `The ${format.toUpperCase()} spreadsheet could not be opened (${opened.reason}). Expected a workbook saved by Excel, LibreOffice or a CAD tool; save it again, or export the sheet as CSV.`,
      );
    const names = opened.sheets.map((sheet) => sheet.name);
    const tables = opened.sheets.map(
      (sheet): SourceTable => ({
        rows: sheet.rows,
        source: { kind: 'spreadsheet', format, sheet: sheet.name, sheets: names },
        text: null,
      }),
    );
    if (tables.every((table) => table.rows.every((row) => row.cells.every((c) => c.trim() === ''))))
      return failure('empty', `The ${format.toUpperCase()} spreadsheet has no cells with text.`);
    return { ok: true, value: tables };
  }
  const decoded = decodeTextFile(bytes);
  if (!decoded.ok) return decoded;
  const table = textTable(decoded.value.text, decoded.value.encoding);
  return table.ok ? { ok: true, value: [table.value] } : table;
}

/** The first rows of a file as the readers split them, for a user to choose its header from. */
export type FirstRows = {
  source: TableSource;
  rows: TextRow[];
};

/** At most this many cells of a row, and characters of a cell, are shown. */
const FIRST_ROWS_CELLS = 40;
const FIRST_ROWS_CELL_CHARS = 120;

/**
 * The first `count` rows of a file (of `sheet`, or the first sheet), cells cut short: what the
 * user sees when the file could not be read, to choose its header row and columns.
 */
export function firstRows(bytes: Uint8Array, count: number, sheet?: string): ReadResult<FirstRows> {
  const tables = openTables(bytes);
  if (!tables.ok) return tables;
  const table =
    tables.value.find(
      (candidate) => candidate.source.kind === 'spreadsheet' && candidate.source.sheet === sheet,
    ) ?? tables.value[0]!;
  return {
    ok: true,
    value: {
      source: table.source,
      rows: table.rows.slice(0, count).map((row) => ({
        line: row.line,
        cells: row.cells
          .slice(0, FIRST_ROWS_CELLS)
          .map((cell) =>
            cell.length > FIRST_ROWS_CELL_CHARS ? cell.slice(0, FIRST_ROWS_CELL_CHARS) : cell,
          ),
      })),
    },
  };
}
