// Splits a placement file's text into rows of cells the way its format lays them out (Allegro's
// `!` records, KiCad's commented header, whitespace reports, delimited CSV), and finds its header.

import {
  type Delimiter,
  parseDelimited,
  sniffDelimiter,
  splitLines,
  splitWhitespace,
  type TextRow,
} from '../text/delimited.ts';
import { type PlacementField, placementHeaderScore } from './placement-columns.ts';
import type { PlacementFormat } from './placement-file.ts';

export type Table = {
  format: PlacementFormat;
  rows: TextRow[];
  headerIndex: number | null;
  /** Cells of the header (may come from a comment line, as in KiCad .pos files). */
  header: string[] | null;
  /** Columns when the format has no header row. */
  fixedColumns?: PlacementField[];
  delimiter: Delimiter | 'whitespace' | '!';
};

/** Header cells of a whitespace-aligned report: "Mid X" and "Center-X(mm)" stay one cell. */
export function splitWhitespaceHeader(line: string): string[] {
  const tokens = splitWhitespace(line);
  const cells: string[] = [];
  for (const token of tokens) {
    if (cells.length > 0 && /^(x|y|\(mm\)|\(mil\)|\(in\))$/i.test(token))
      cells[cells.length - 1] += ` ${token}`;
    else cells.push(token);
  }
  return cells;
}

/**
 * Splits the text into the table of its format. `mappedHeaderLine` is the header line the user
 * chose with a mapping (0: the first non-empty line), used when no header is recognised.
 */
export function buildTable(
  text: string,
  format: PlacementFormat | null,
  mappedHeaderLine: number | null = null,
): Table | null {
  const lines = splitLines(text);
  const rowsOf = (split: (line: string) => string[]) =>
    lines.map((line, index) => ({ cells: split(line), line: index + 1 }));
  switch (format) {
    case 'allegro': {
      const rows: TextRow[] = [];
      let header: string[] | null = null;
      let headerIndex: number | null = null;
      lines.forEach((line, index) => {
        const trimmed = line.trim();
        // Comments and the `KEY = value` preamble (`VERSION = 2.0`, `UUNITS = MILS`).
        if (trimmed === '' || trimmed.startsWith('#') || /^[A-Z][A-Z_]*\s*=/i.test(trimmed)) return;
        const cells = trimmed.split('!').map((cell) => cell.trim());
        if (cells[0] === 'A' && header === null) {
          header = cells.slice(1);
          headerIndex = rows.length;
          rows.push({ cells: header, line: index + 1 });
          return;
        }
        if (cells[0] === 'S' || cells[0] === 'A' || cells[0] === 'J') {
          if (cells[0] === 'S') rows.push({ cells: cells.slice(1), line: index + 1 });
          return;
        }
        rows.push({ cells: cells.length > 1 ? cells : splitWhitespace(trimmed), line: index + 1 });
      });
      if (header !== null) return { format, rows, headerIndex, header, delimiter: '!' };
      return {
        format,
        rows,
        headerIndex: null,
        header: null,
        fixedColumns: ['designator', 'x', 'y', 'rotation', 'side', 'package'],
        delimiter: '!',
      };
    }
    case 'kicad-pos': {
      const headerIndex = lines.findIndex((line) => /^#\s*Ref\s+Val/i.test(line));
      const rows = lines.map((line, index) => ({
        cells: line.trim().startsWith('#') ? [] : splitWhitespace(line),
        line: index + 1,
      }));
      if (headerIndex < 0)
        return {
          format,
          rows,
          headerIndex: null,
          header: null,
          fixedColumns: ['designator', 'value', 'package', 'x', 'y', 'rotation', 'side'],
          delimiter: 'whitespace',
        };
      const header = splitWhitespace(lines[headerIndex]!.replace(/^#\s*/, ''));
      return { format, rows, headerIndex, header, delimiter: 'whitespace' };
    }
    case 'eagle-mountsmd': {
      // Eagle's comma-separated centroid ULP (`BT1,  250, 1300,Top, 90`) under a .mnt name: the
      // side is a column, the unit is not the mountsmd millimetres (it is guessed from the
      // positions).
      const first = lines.find((line) => line.trim() !== '') ?? '';
      const cells = first.split(',').map((cell) => cell.trim());
      if (cells.length === 5 && /^(top|bot|bottom|t|b)$/i.test(cells[3]!))
        return {
          format: 'eagle-centroid',
          rows: parseDelimited(text, ',').rows,
          headerIndex: null,
          header: null,
          fixedColumns: ['designator', 'x', 'y', 'side', 'rotation'],
          delimiter: ',',
        };
      return {
        format,
        rows: rowsOf(splitWhitespace),
        headerIndex: null,
        header: null,
        fixedColumns: ['designator', 'x', 'y', 'rotation', 'value', 'package'],
        delimiter: 'whitespace',
      };
    }
    case 'geda-pcbxy': {
      // The header is a comment: "# RefDes, Description, Value, X, Y, rotation, top/bottom".
      const headerIndex = lines.findIndex((line) => /^#\s*RefDes\s*,/i.test(line));
      const parsed = parseDelimited(text, ',');
      const rows = parsed.rows.map((row) =>
        row.cells[0]?.trim().startsWith('#') ? { ...row, cells: [] } : row,
      );
      if (headerIndex < 0)
        return {
          format,
          rows,
          headerIndex: null,
          header: null,
          fixedColumns: ['designator', 'description', 'value', 'x', 'y', 'rotation', 'side'],
          delimiter: ',',
        };
      const header = lines[headerIndex]!.replace(/^#\s*/, '')
        .split(',')
        .map((cell) => cell.trim());
      return { format, rows, headerIndex: null, header, delimiter: ',' };
    }
    default: {
      // Altium's text reports hold commas in their comments ("10k, 1%"): never delimited.
      const delimiter = format === 'altium-text' ? null : sniffDelimiter(lines);
      const rows =
        delimiter === null
          ? lines.map((line, index) => ({ cells: splitWhitespace(line), line: index + 1 }))
          : parseDelimited(text, delimiter).rows;
      let headerIndex: number | null = null;
      let best = 0;
      for (let i = 0; i < Math.min(rows.length, 100); i += 1) {
        const cells =
          delimiter === null
            ? splitWhitespaceHeader(lines[rows[i]!.line - 1] ?? '')
            : rows[i]!.cells;
        const { score, fields } = placementHeaderScore(
          cells.map((cell) => cell.replace(/^#\s*/, '')),
        );
        if (fields.has('designator') && fields.has('x') && fields.has('y') && score > best + 0.01) {
          best = score;
          headerIndex = i;
        }
      }
      // No header recognised: the user's mapping names the columns of the line they chose.
      if (headerIndex === null && mappedHeaderLine !== null) {
        const chosen = rows.findIndex((row) =>
          mappedHeaderLine === 0
            ? row.cells.some((cell) => cell.trim() !== '')
            : row.line === mappedHeaderLine,
        );
        if (chosen >= 0) headerIndex = chosen;
      }
      // KiCad's CSV written without its header line: Ref, Val, Package, PosX, PosY, Rot, Side.
      if (headerIndex === null && delimiter !== null) {
        const data = rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
        const kicadRow = (cells: string[]) =>
          cells.length === 7 &&
          [3, 4, 5].every((i) => /^[-+]?\d+(?:\.\d+)?$/.test(cells[i]!.trim())) &&
          /^(top|bottom)$/i.test(cells[6]!.trim());
        if (data.length > 0 && data.every((row) => kicadRow(row.cells)))
          return {
            format: 'kicad-csv',
            rows,
            headerIndex: null,
            header: null,
            fixedColumns: ['designator', 'value', 'package', 'x', 'y', 'rotation', 'side'],
            delimiter,
          };
      }
      if (headerIndex === null) return null;
      const headerRow = rows[headerIndex]!;
      const header =
        delimiter === null
          ? splitWhitespaceHeader(lines[headerRow.line - 1] ?? '')
          : headerRow.cells.map((cell) => cell.replace(/^#\s*/, ''));
      return {
        format: format ?? 'generic',
        rows,
        headerIndex,
        header,
        delimiter: delimiter ?? 'whitespace',
      };
    }
  }
}
