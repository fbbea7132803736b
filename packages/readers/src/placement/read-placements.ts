// Reads a pick-and-place (centroid, CPL, position) file: KiCad .pos (ASCII and CSV), Altium
// (text and CSV), Eagle mountsmd (.mnt/.mnb) and centroid ULP, JLCPCB CPL, Allegro placement
// reports, gEDA PcbXY and any CSV with a designator and X/Y columns. Positions come out in
// millimetres with the unit the file was read in stated; angles in [0, 360); the side from a
// column, the file name or the extension, and said where it came from.

import {
  normaliseAngle,
  type PlacementUnit,
  parsePlacementUnit,
  placementLengthToMm,
  refDesignKey,
} from '@circuits/domain';
import {
  type Confidence,
  normaliseHeader,
  parseNumber,
  type RecognisedColumn,
} from '../columns.ts';
import { failure, type ReadResult, type ReadWarning } from '../read-result.ts';
import { openSpreadsheet, sniffSpreadsheet } from '../spreadsheet.ts';
import { decodeTextFile } from '../table-source.ts';
import type { TextEncoding } from '../text/decode.ts';
import {
  type Delimiter,
  parseDelimited,
  sniffDelimiter,
  splitLines,
  splitWhitespace,
  type TextRow,
} from '../text/delimited.ts';
import {
  matchPlacementHeader,
  PLACEMENT_FIELDS,
  type PlacementField,
  placementHeaderScore,
} from './placement-columns.ts';

export const PLACEMENT_FORMATS = {
  'kicad-pos': 'KiCad position file (.pos, ASCII)',
  'kicad-csv': 'KiCad position file (CSV)',
  'altium-text': 'Altium pick and place (text)',
  'altium-csv': 'Altium pick and place (CSV)',
  'eagle-mountsmd': 'Eagle mountsmd (.mnt/.mnb)',
  'eagle-centroid': 'Eagle centroid ULP',
  'jlcpcb-cpl': 'JLCPCB CPL',
  allegro: 'Allegro placement report',
  'geda-pcbxy': 'gEDA PCB XY',
  generic: 'Pick-and-place table',
} as const;
export type PlacementFormat = keyof typeof PLACEMENT_FORMATS;

export type PlacementSide = 'top' | 'bottom';

export type PlacementFileRow = {
  line: number;
  refDesign: string;
  side: PlacementSide;
  xMm: number;
  yMm: number;
  /** Degrees, in [0, 360). */
  angle: number;
  value: string | null;
  package: string | null;
  description: string | null;
  dnp: boolean;
};

export type UnitSource = 'file' | 'header' | 'values' | 'format' | 'guessed' | 'user';
export type SideSource = 'column' | 'file-name' | 'extension' | 'default' | 'user';

export type PlacementColumn = RecognisedColumn<PlacementField>;

export type PlacementFile = {
  format: PlacementFormat;
  formatName: string;
  encoding: TextEncoding | null;
  headerLine: number | null;
  columns: PlacementColumn[];
  /** The unit the positions were written in, and how the reader knows. */
  units: { unit: PlacementUnit; source: UnitSource; detail: string };
  /** Where the side of each placement came from. */
  sides: { source: SideSource; detail: string };
  /** True when the unit, the side or a needed column was guessed: ask the user. */
  needsConfirmation: boolean;
  placements: PlacementFileRow[];
  warnings: ReadWarning[];
};

export type PlacementColumnMapping = { [F in PlacementField]?: number | null };

export type PlacementReadOptions = {
  /** The uploaded file's name: .mnt/.mnb and "top"/"bottom" in it say the side. */
  fileName?: string;
  /** The unit the user says the file is in, over what was found. */
  unit?: PlacementUnit;
  /** The side of every placement, over what was found. */
  side?: PlacementSide;
  headerLine?: number;
  mapping?: PlacementColumnMapping;
  /** A file with more placements than this is refused (`too-large`); see MAX_PLACEMENTS. */
  maxPlacements?: number;
};

/** Placements of one file, unless the caller says otherwise (the server's PLACEMENT_MAX_ROWS). */
export const MAX_PLACEMENTS = 50_000;

export type PlacementReadResult = ReadResult<PlacementFile>;

/** Boards are at most this many millimetres across; beyond it a coordinate is in mils. */
const MAX_BOARD_MM = 1500;

type Table = {
  format: PlacementFormat;
  rows: TextRow[];
  headerIndex: number | null;
  /** Cells of the header (may come from a comment line, as in KiCad .pos files). */
  header: string[] | null;
  /** Columns when the format has no header row. */
  fixedColumns?: PlacementField[];
  delimiter: Delimiter | 'whitespace' | '!';
};

const UNIT_STATEMENTS: [RegExp, string][] = [
  [/UUNITS\s*=\s*(MILS?|MM|INCH(?:ES)?|MILLIMETERS?)/i, 'UUNITS'],
  [/Units used:\s*(mm|mils?|inch(?:es)?|in)\b/i, 'Units used'],
  [/##\s*Unit\s*=\s*(mm|inch(?:es)?|mils?|in)\b/i, '## Unit'],
  [/X,\s*Y\s+in\s+(mils?|mm|inch(?:es)?)\b/i, 'X,Y in'],
  [/Measurements are in\s+(inch(?:es)?|mm|millimet(?:er|re)s|mils?)\b/i, 'Measurements are in'],
  [/\bunits?\s*[:=]\s*(mm|mils?|inch(?:es)?|in|millimet(?:er|re)s)\b/i, 'Units'],
  [/\bin\s+(millimet(?:er|re)s|inches|mils)\b/i, 'in'],
];

/** Lines of the head a format or unit is looked for in, and how much of each. */
const HEAD_LINES = 60;
const HEAD_LINE_CHARS = 1000;

/**
 * The head of a file, each line cut to HEAD_LINE_CHARS: what a format or unit statement is
 * looked for in. The patterns below are tried on every head line; cut, no line can make them
 * slow, however long the file's lines are.
 */
function headOf(lines: readonly string[]): string[] {
  return lines
    .slice(0, HEAD_LINES)
    .map((line) => (line.length > HEAD_LINE_CHARS ? line.slice(0, HEAD_LINE_CHARS) : line));
}

function unitStatedIn(
  lines: readonly string[],
): { unit: PlacementUnit; line: number; text: string } | null {
  const head = headOf(lines);
  for (let i = 0; i < head.length; i += 1) {
    const line = head[i]!;
    // Statements live in comments and banners, not in data rows.
    if (/^\s*[A-Za-z_][\w.#+-]*\s*[,;\t ]\s*[-\d.]/.test(line) && !/^\s*#/.test(line)) continue;
    for (const [pattern] of UNIT_STATEMENTS) {
      const match = pattern.exec(line);
      if (!match) continue;
      const word = match[1]!.toLowerCase();
      const unit = parsePlacementUnit(word);
      if (unit) return { unit, line: i + 1, text: line.trim() };
    }
  }
  return null;
}

function detectFormat(lines: readonly string[], fileName: string): PlacementFormat | null {
  const head = headOf(lines);
  const joined = head.join('\n');
  if (/^\s*UUNITS\s*=/im.test(joined)) return 'allegro';
  if (head.filter((line) => (line.match(/!/g) ?? []).length >= 3).length >= 2) return 'allegro';
  if (/^#\s*PcbXY\b/im.test(joined)) return 'geda-pcbxy';
  if (/^###?\s*Footprint pos/im.test(joined) || /^##\s*Unit\s*=/im.test(joined)) return 'kicad-pos';
  if (/^#\s*Ref\s+Val\s+Package\s+PosX/im.test(joined)) return 'kicad-pos';
  if (/Altium Designer Pick and Place/i.test(joined)) {
    const header = head.find((line) => /designator/i.test(line)) ?? '';
    return header.includes('","') || /^"?Designator"?,/i.test(header)
      ? 'altium-csv'
      : 'altium-text';
  }
  if (/centroid_smd|centroid data for pc board/i.test(joined)) return 'eagle-centroid';
  if (/\.mn[tb]$/i.test(fileName)) return 'eagle-mountsmd';
  const headerLine = head.find((line) =>
    /designator|\bref\b|refdes|posx|mid x|center-x/i.test(line),
  );
  if (headerLine) {
    const delimited = /[,;\t]/.test(headerLine.replace(/"[^"]*"/g, ''));
    const cells = (delimited ? headerLine.split(/[,;\t]/) : splitWhitespaceHeader(headerLine)).map(
      (cell) => normaliseHeader(cell.replace(/"/g, '')).text,
    );
    const has = (name: string) => cells.includes(name);
    if (has('designator') && (has('mid x') || has('ref x')) && has('tb'))
      return delimited ? 'altium-csv' : 'altium-text';
    if (has('designator') && has('center x')) return delimited ? 'altium-csv' : 'altium-text';
    if (has('designator') && has('mid x') && has('layer')) return 'jlcpcb-cpl';
    if (has('ref') && has('posx') && has('posy')) return 'kicad-csv';
    if (has('refdes') && has('locationx')) return 'eagle-centroid';
  }
  // Eagle mountsmd without its extension: `name x y rotation value package`, no header.
  const data = head.filter((line) => line.trim() !== '');
  if (
    data.length >= 2 &&
    data.every((line) =>
      /^\s*[A-Za-z_][\w.#+-]*\s+-?[\d.]+\s+-?[\d.]+\s+-?[\d.]+(\s+\S+){0,2}\s*$/.test(line),
    )
  )
    return 'eagle-mountsmd';
  return null;
}

/** Header cells of a whitespace-aligned report: "Mid X" and "Center-X(mm)" stay one cell. */
function splitWhitespaceHeader(line: string): string[] {
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
function buildTable(
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

const LENGTH = /^([-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[-+]?\d+)?)\s*(mm|mils?|in|inch|inches|")?$/i;

function parseLength(text: string): { value: number; unit: PlacementUnit | null } | null {
  const match = LENGTH.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]!.replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return { value, unit: match[2] ? parsePlacementUnit(match[2]) : null };
}

const TOP_WORDS = new Set([
  'top',
  't',
  'toplayer',
  'top layer',
  'front',
  'f',
  'f.cu',
  'component',
  'comp',
  'tp',
  '1',
  'no',
  'n',
  'false',
  'top side',
  'primary',
]);
const BOTTOM_WORDS = new Set([
  'bottom',
  'b',
  'bot',
  'bottomlayer',
  'bottom layer',
  'back',
  'b.cu',
  'solder',
  'bottom side',
  'm',
  'mirror',
  'mirrored',
  'yes',
  'y',
  'true',
  '2',
  'secondary',
  'bo',
]);

function parseSide(text: string): PlacementSide | null {
  const word = text.trim().toLowerCase();
  if (TOP_WORDS.has(word)) return 'top';
  if (BOTTOM_WORDS.has(word)) return 'bottom';
  if (/^top/.test(word)) return 'top';
  if (/^bot/.test(word)) return 'bottom';
  return null;
}

function sideFromFileName(
  fileName: string,
): { side: PlacementSide; source: SideSource; detail: string } | null {
  const name = fileName.split(/[\\/]/).pop() ?? '';
  if (/\.mnt$/i.test(name))
    return { side: 'top', source: 'extension', detail: `${name}: .mnt is the top side` };
  if (/\.mnb$/i.test(name))
    return { side: 'bottom', source: 'extension', detail: `${name}: .mnb is the bottom side` };
  const stem = name.toLowerCase().replace(/\.[^.]*$/, '');
  if (/(^|[^a-z])(bottom|bot|back|b_cu|solder)([^a-z]|$)/.test(stem))
    return { side: 'bottom', source: 'file-name', detail: `the file name "${name}" says bottom` };
  if (/(^|[^a-z])(top|front|f_cu)([^a-z]|$)/.test(stem))
    return { side: 'top', source: 'file-name', detail: `the file name "${name}" says top` };
  return null;
}

type Mapped = Partial<Record<PlacementField, number>>;

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

/** Reads a placement file. Never throws: a file it cannot read gives an error saying why. */
export function readPlacements(
  bytes: Uint8Array,
  options: PlacementReadOptions = {},
): PlacementReadResult {
  const fileName = options.fileName ?? '';
  let text: string;
  let encoding: TextEncoding | null = null;
  let table: Table | null;
  let lines: string[];
  const spreadsheet = sniffSpreadsheet(bytes);
  if (spreadsheet !== null) {
    const opened = openSpreadsheet(bytes, spreadsheet);
    if (!opened.ok)
      return failure(
        'spreadsheet',
        `The spreadsheet could not be opened (${opened.reason}). Export the placements as CSV or text.`,
      );
    // A spreadsheet of placements: its first sheet as a CSV table.
    const sheet = opened.sheets.find((s) =>
      s.rows.some((row) => placementHeaderScore(row.cells).fields.has('x')),
    );
    if (!sheet)
      return failure(
        'no-header',
        'No sheet of the spreadsheet has a row naming a designator, X and Y columns.',
      );
    text = sheet.rows
      .map((row) => row.cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(','))
      .join('\n');
    lines = splitLines(text);
    table = buildTable(text, null);
  } else {
    const decoded = decodeTextFile(bytes);
    if (!decoded.ok) return decoded;
    text = decoded.value.text;
    encoding = decoded.value.encoding;
    lines = splitLines(text);
    const format = detectFormat(lines, fileName);
    table = buildTable(text, format, options.mapping ? (options.headerLine ?? 0) : null);
    if (table === null && format === null)
      return failure(
        'unknown-format',
        'This is not a pick-and-place file that can be read: no row names a designator, an X and a Y column (such as "Designator", "Mid X", "Mid Y"), and it is not one of the formats written by KiCad, Altium, Eagle, Allegro or gEDA.',
      );
  }
  if (table === null)
    return failure(
      'no-header',
      'No header row found: expected a row naming a designator, an X and a Y column.',
    );
  return readTable(table, lines, encoding, options);
}

function readTable(
  table: Table,
  lines: readonly string[],
  encoding: TextEncoding | null,
  options: PlacementReadOptions,
): PlacementReadResult {
  const warnings: ReadWarning[] = [];
  const label = (line: number) => `Line ${line}`;
  let headerIndex = table.headerIndex;
  let header = table.header;
  let bodyRows = table.rows.slice(headerIndex === null ? 0 : headerIndex + 1);
  if (options.headerLine !== undefined) {
    const chosen = options.headerLine;
    if (!Number.isInteger(chosen) || chosen < 1 || chosen > lines.length)
      return failure(
        'bad-mapping',
        `The header line ${chosen} is not in the file (it has ${lines.length} lines).`,
      );
    headerIndex = table.rows.findIndex((row) => row.line === chosen);
    // A line the format's table left out (a comment, a preamble line) can still be the header
    // the user points at: its own cells name the columns.
    header =
      headerIndex >= 0
        ? table.rows[headerIndex]!.cells
        : table.delimiter === '!'
          ? splitWhitespace(lines[chosen - 1]!.replace(/^\s*#\s*/, ''))
          : table.delimiter === 'whitespace'
            ? splitWhitespaceHeader(lines[chosen - 1]!.replace(/^\s*#\s*/, ''))
            : (parseDelimited(
                lines[chosen - 1]!.replace(/^\s*#\s*/, ''),
                table.delimiter as Delimiter,
              ).rows[0]?.cells ?? []);
    bodyRows = table.rows.filter((row) => row.line > chosen);
  }
  const body = bodyRows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  let columns: PlacementColumn[];
  if (header !== null) {
    columns = recognise(header, body.slice(0, 200));
  } else {
    const fixed = table.fixedColumns!;
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
  if (options.mapping) {
    for (const [field, index] of Object.entries(options.mapping) as [
      PlacementField,
      number | null,
    ][]) {
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
  const mapped: Mapped = {};
  for (const column of columns) if (column.field !== null) mapped[column.field] = column.index;
  for (const needed of ['designator', 'x', 'y'] as const) {
    if (mapped[needed] === undefined) {
      const line = headerIndex === null ? null : (table.rows[headerIndex]?.line ?? null);
      const names = (header ?? [])
        .filter((cell) => cell.trim() !== '')
        .map((cell) => `"${cell}"`)
        .join(', ');
      const wanted = {
        designator: '"Designator" or "Ref"',
        x: '"Mid X", "PosX" or "X"',
        y: '"Mid Y", "PosY" or "Y"',
      }[needed];
      return failure(
        'missing-column',
        `${line === null ? 'The file' : label(line)}: no ${needed === 'designator' ? 'designator' : `${needed.toUpperCase()} position`} column among ${names || 'its columns'}. Expected one named ${wanted}; choose it in the column mapping.`,
        line,
      );
    }
  }

  // Rows with more cells than the header (a comment with spaces in a whitespace report): the
  // extra cells belong to the free-text column.
  const width = columns.length;
  const freeText =
    mapped.value ??
    mapped.description ??
    mapped.package ??
    (table.delimiter === 'whitespace' ? width - 1 : undefined);

  // Units: the user's, a statement in the file, the header, suffixes on the values, the format's
  // own, or a guess from the spread of the positions.
  const stated = unitStatedIn(lines);
  const headerUnitCell = [mapped.x, mapped.y]
    .map((index) =>
      index === undefined || header === null ? null : normaliseHeader(header[index] ?? '').unit,
    )
    .find((unit) => unit !== null);
  const headerUnit = headerUnitCell ? parsePlacementUnit(headerUnitCell) : null;
  const fixedUnit: PlacementUnit | null =
    table.format === 'eagle-mountsmd' || table.format === 'jlcpcb-cpl'
      ? 'mm'
      : table.format === 'geda-pcbxy' || table.format === 'allegro'
        ? 'mil'
        : null;

  const sideColumn = mapped.side;
  const fromName = sideFromFileName(options.fileName ?? '');
  const rows: { line: number; cells: string[] }[] = [];
  for (const row of body) {
    let cells = row.cells.map((cell) => cell.trim());
    if (table.format === 'kicad-pos' && /^#/.test(cells[0] ?? '')) continue;
    // mountsmd prints an empty value as nothing between two spaces: the fifth cell is the package.
    if (table.format === 'eagle-mountsmd' && cells.length === 5) cells.splice(4, 0, '');
    if (cells.length > width && freeText !== undefined) {
      const extra = cells.length - width;
      cells = [
        ...cells.slice(0, freeText),
        cells.slice(freeText, freeText + extra + 1).join(' '),
        ...cells.slice(freeText + extra + 1),
      ];
    }
    rows.push({ line: row.line, cells });
  }

  type Raw = {
    line: number;
    ref: string;
    x: { value: number; unit: PlacementUnit | null };
    y: { value: number; unit: PlacementUnit | null };
    angle: number;
    side: PlacementSide | null;
    cells: string[];
  };
  const raws: Raw[] = [];
  const maxPlacements = options.maxPlacements ?? MAX_PLACEMENTS;
  let endedAt: number | null = null;
  for (const row of rows) {
    const at = (field: PlacementField) =>
      mapped[field] === undefined ? '' : (row.cells[mapped[field]!] ?? '');
    const ref = at('designator');
    if (/^##?\s*End/i.test(ref) || /^#/.test(ref)) continue;
    const x = parseLength(at('x'));
    const y = parseLength(at('y'));
    if (ref === '' && x === null && y === null) continue;
    if (x === null || y === null || ref === '') {
      // A footer (totals, "## End") after the table ends it; inside the table it is an error.
      const rest = rows.slice(rows.indexOf(row));
      const looksFooter = rest.every((r) => parseLength(r.cells[mapped.x!] ?? '') === null);
      if (looksFooter && raws.length > 0) {
        endedAt = row.line;
        break;
      }
      const what =
        ref === ''
          ? 'a designator'
          : x === null
            ? `an X position under "${header?.[mapped.x!] ?? 'X'}"`
            : `a Y position under "${header?.[mapped.y!] ?? 'Y'}"`;
      const found = ref === '' ? '' : x === null ? ` ("${at('x')}")` : ` ("${at('y')}")`;
      return failure(
        'bad-value',
        `${label(row.line)}: expected ${what}, found ${found ? `something else${found}` : 'nothing'}. The file is not read, so that no placement goes missing.`,
        row.line,
      );
    }
    let angle = 0;
    const angleText = at('rotation').replace(/°$/, '');
    if (mapped.rotation !== undefined && angleText !== '') {
      const parsed = parseNumber(angleText);
      if (parsed === null)
        return failure(
          'bad-value',
          `${label(row.line)}: expected a rotation in degrees under "${header?.[mapped.rotation] ?? 'Rotation'}", found "${at('rotation')}".`,
          row.line,
        );
      angle = parsed;
    }
    let side: PlacementSide | null = null;
    if (sideColumn !== undefined) {
      const sideText = at('side');
      side = parseSide(sideText);
      if (side === null && sideText !== '' && table.format !== 'allegro')
        warnings.push({
          type: 'unknown-side',
          line: row.line,
          message: `${label(row.line)}: the side "${sideText}" is neither top nor bottom; taken as top.`,
        });
      if (side === null && table.format === 'allegro') side = sideText === '' ? 'top' : null;
    }
    if (raws.length >= maxPlacements)
      return failure(
        'too-large',
        `The file has more than ${maxPlacements.toLocaleString('en')} placements (the most one file may have). Split it, for example by side.`,
        row.line,
      );
    raws.push({ line: row.line, ref, x, y, angle, side, cells: row.cells });
  }
  if (endedAt !== null)
    warnings.push({
      type: 'footer-ignored',
      line: endedAt,
      message: `${label(endedAt)} and below: no positions; not read as placements.`,
    });

  if (raws.length === 0)
    return failure(
      'no-rows',
      `${headerIndex === null ? 'The file' : label(table.rows[headerIndex]!.line)} has no placements: expected rows with a designator and X and Y positions.`,
    );

  // The unit.
  const suffixUnits = new Set(
    raws.flatMap((raw) => [raw.x.unit, raw.y.unit]).filter((u) => u !== null),
  );
  let units: PlacementFile['units'];
  if (options.unit)
    units = { unit: options.unit, source: 'user', detail: `${options.unit}, as chosen` };
  else if (stated)
    units = {
      unit: stated.unit,
      source: 'file',
      detail: `${label(stated.line)} says "${stated.text}"`,
    };
  else if (headerUnit)
    units = {
      unit: headerUnit,
      source: 'header',
      detail: `the column names say ${headerUnitCell}`,
    };
  else if (suffixUnits.size === 1) {
    const unit = [...suffixUnits][0]!;
    units = {
      unit,
      source: 'values',
      detail: `the positions are written with "${unit === 'inch' ? 'in' : unit}"`,
    };
  } else if (fixedUnit)
    units = {
      unit: fixedUnit,
      source: 'format',
      detail: `${PLACEMENT_FORMATS[table.format]} files are in ${fixedUnit === 'mil' ? 'mils' : fixedUnit}`,
    };
  else units = guessUnit(raws.map((raw) => [raw.x.value, raw.y.value]));

  // The side.
  let sides: PlacementFile['sides'];
  const anySideInColumn = raws.some((raw) => raw.side !== null);
  if (options.side) sides = { source: 'user', detail: `${options.side}, as chosen` };
  else if (sideColumn !== undefined && anySideInColumn)
    sides = { source: 'column', detail: `from the column "${header?.[sideColumn] ?? 'side'}"` };
  else if (fromName) sides = { source: fromName.source, detail: fromName.detail };
  else sides = { source: 'default', detail: 'the file does not say; taken as top' };
  const sideFor = (raw: Raw): PlacementSide =>
    options.side ?? (sides.source === 'column' ? (raw.side ?? 'top') : (fromName?.side ?? 'top'));

  const placements: PlacementFileRow[] = raws.map((raw) => {
    const cell = (field: PlacementField) => {
      const text = mapped[field] === undefined ? '' : (raw.cells[mapped[field]!] ?? '').trim();
      return text === '' || text === '""' ? null : text;
    };
    const dnpText = (cell('doNotPopulate') ?? '').toLowerCase();
    const fittedText = (cell('fitted') ?? '').toLowerCase();
    return {
      line: raw.line,
      refDesign: raw.ref,
      side: sideFor(raw),
      xMm: placementLengthToMm(raw.x.value, raw.x.unit ?? units.unit),
      yMm: placementLengthToMm(raw.y.value, raw.y.unit ?? units.unit),
      angle: normaliseAngle(raw.angle),
      value: cell('value'),
      package: cell('package'),
      description: cell('description'),
      dnp:
        ['yes', 'y', 'x', '1', 'true', 'dnp', 'dnf'].includes(dnpText) ||
        ['no', 'n', '0', 'false', 'dnp', 'dnf'].includes(fittedText),
    };
  });
  if (suffixUnits.size > 1)
    warnings.push({
      type: 'mixed-units',
      line: null,
      message: `The positions are written in more than one unit (${[...suffixUnits].join(', ')}); each was converted from its own.`,
    });

  // Duplicates.
  const seen = new Map<string, number>();
  for (const placement of placements) {
    const key = refDesignKey(placement.refDesign);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, placement.line);
    else
      warnings.push({
        type: 'duplicate-designator',
        line: placement.line,
        message: `${label(placement.line)}: ${placement.refDesign} is placed again (first on line ${first}).`,
      });
  }
  if (units.source === 'guessed')
    warnings.push({
      type: 'unit-guessed',
      line: null,
      message: `The file does not say its unit; ${units.detail}. Check it before saving.`,
    });
  if (sides.source === 'default')
    warnings.push({
      type: 'side-unknown',
      line: null,
      message:
        'The file does not say which side the parts are on (no side column, nothing in the file name); all are taken as top. Check it before saving.',
    });

  const needsConfirmation =
    units.source === 'guessed' ||
    sides.source === 'default' ||
    columns.some(
      (column) => column.field !== null && column.basis !== 'user' && column.confidence === 'low',
    );
  return {
    ok: true,
    value: {
      format: table.format,
      formatName: PLACEMENT_FORMATS[table.format],
      encoding,
      headerLine: headerIndex === null ? null : (table.rows[headerIndex]?.line ?? null),
      columns,
      units,
      sides,
      needsConfirmation,
      placements,
      warnings,
    },
  };
}

/**
 * The unit of positions a file does not state. Millimetres unless the parts would be packed
 * tighter than any board allows (more than two per square millimetre: the positions are inches)
 * or the board would be wider than MAX_BOARD_MM (they are mils).
 */
export function guessUnit(points: readonly (readonly [number, number])[]): PlacementFile['units'] {
  // Loops, not Math.max(...list): a list of 100,000 arguments overflows the call stack.
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let extent = Number.NEGATIVE_INFINITY;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    extent = Math.max(extent, Math.abs(x), Math.abs(y));
  }
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const areaMm = (spanX + 1) * (spanY + 1);
  const round = (n: number) => Math.round(n * 100) / 100;
  if (extent > MAX_BOARD_MM)
    return {
      unit: 'mil',
      source: 'guessed',
      detail: `taken as mils: in millimetres the positions would reach ${round(extent)} mm`,
    };
  if (points.length >= 10 && points.length / areaMm > 2)
    return {
      unit: 'inch',
      source: 'guessed',
      detail: `taken as inches: in millimetres ${points.length} parts would sit within ${round(spanX)} × ${round(spanY)} mm`,
    };
  return {
    unit: 'mm',
    source: 'guessed',
    detail: 'taken as millimetres, the positions fit a board in them',
  };
}
