// XLSX (Office Open XML) sheets as rows of text cells: the zip opened with fflate (pure, runs in
// browsers and workers) within the limits of workbook-zip.ts, then the workbook, its shared
// strings and each sheet's cells read from their XML by the one-pass tokenizer of xml-scan.ts,
// so the cost is linear in the input whatever the input. Only what a BOM needs: cell text and
// numbers, not styles or formulas.

import { decodeText } from '../text/decode.ts';
import type { TextRow } from '../text/delimited.ts';
import { openWorkbookZip, WorkbookRefused } from './workbook-zip.ts';
import { attributeOf, scanXml } from './xml-scan.ts';

export type SheetRows = { name: string; rows: TextRow[] };
export type OpenedSpreadsheet = { ok: true; sheets: SheetRows[] } | { ok: false; reason: string };

/** Sheets beyond this many rows or columns are cut (formatted but empty rows run to 1,048,576). */
export const MAX_SHEET_ROWS = 200_000;
export const MAX_SHEET_COLUMNS = 500;
/**
 * Cells of a whole workbook, the empty ones before a filled cell included: a few bytes of
 * `<c r="SZ1"/>` per row would otherwise make rows of 500 cells each.
 */
export const MAX_WORKBOOK_CELLS = 4_000_000;
/** Sheets listed by one workbook. */
export const MAX_WORKBOOK_SHEETS = 256;

/** Counts the cells a workbook's sheets hold; past the limit the workbook is refused. */
export class CellBudget {
  private used = 0;

  take(count: number): void {
    this.used += count;
    if (this.used > MAX_WORKBOOK_CELLS)
      throw new WorkbookRefused(
        `its sheets hold more than ${MAX_WORKBOOK_CELLS.toLocaleString('en')} cells (the most a workbook may hold)`,
      );
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeXml(text: string): string {
  if (!text.includes('&') && !text.includes('_x')) return text;
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
      if (entity[0] !== '#') return ENTITIES[entity.toLowerCase()] ?? '';
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number(entity.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/_x([0-9A-F]{4})_/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

function attribute(attributes: string, name: string): string | null {
  const value = attributeOf(attributes, name);
  return value === null ? null : unescapeXml(value);
}

/** Column index from a cell reference ("C12" -> 2). */
function columnOf(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length && i < 4; i += 1) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

/** Numbers as Excel shows them in a General cell: no binary noise (0.30000000000000004 -> 0.3). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

function xmlOf(files: Record<string, Uint8Array>, path: string): string | null {
  const bytes = files[path];
  return bytes ? decodeText(bytes).text : null;
}

/**
 * The shared strings: the text of the `<t>` runs of each `<si>`; phonetic runs (`<rPh>`) repeat
 * the text in another script and are left out.
 */
function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current: string[] | null = null;
  let phonetic = 0;
  let inText = false;
  for (const token of scanXml(xml)) {
    if (token.type === 'open') {
      if (token.name === 'si') {
        current = [];
        if (token.selfClosing) {
          strings.push('');
          current = null;
        }
      } else if (token.name === 'rPh' && !token.selfClosing) phonetic += 1;
      else if (token.name === 't' && !token.selfClosing)
        inText = current !== null && phonetic === 0;
    } else if (token.type === 'close') {
      if (token.name === 'si' && current !== null) {
        strings.push(unescapeXml(current.join('')));
        current = null;
        phonetic = 0;
      } else if (token.name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (token.name === 't') inText = false;
    } else if (inText && current !== null) {
      const text = xml.slice(token.start, token.end);
      // CDATA is literal text: escape what unescapeXml would read as an entity.
      current.push(token.cdata ? text.replace(/&/g, '&amp;') : text);
    }
  }
  return strings;
}

type CellState = { column: number; type: string; value: string[] | null; inline: string[] };

function cellText(cell: CellState, shared: readonly string[]): string {
  const value = cell.value === null ? undefined : cell.value.join('');
  switch (cell.type) {
    case 's':
      return shared[Number(value)] ?? '';
    case 'inlineStr':
      return unescapeXml(cell.inline.join(''));
    case 'str':
    case 'e':
      return value === undefined ? '' : unescapeXml(value);
    case 'b':
      return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : '';
    default: {
      if (value === undefined) return '';
      const number = Number(value);
      return Number.isNaN(number) || value.trim() === ''
        ? unescapeXml(value)
        : formatNumber(number);
    }
  }
}

function readSheet(xml: string, shared: readonly string[], budget: CellBudget): TextRow[] {
  const rows: TextRow[] = [];
  let nextRow = 1;
  let row: { cells: string[]; line: number; nextColumn: number } | null = null;
  let cell: CellState | null = null;
  let capture: string[] | null = null;
  let phonetic = 0;
  const endRow = () => {
    if (row === null) return;
    budget.take(row.cells.length + 1);
    rows.push({ cells: row.cells, line: row.line });
    row = null;
  };
  for (const token of scanXml(xml)) {
    if (token.type === 'text') {
      if (capture !== null) {
        const text = xml.slice(token.start, token.end);
        capture.push(token.cdata ? text.replace(/&/g, '&amp;') : text);
      }
      continue;
    }
    if (token.type === 'close') {
      if (token.name === 'v' || token.name === 't') capture = null;
      else if (token.name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (token.name === 'c' && cell !== null && row !== null) {
        const text = cellText(cell, shared);
        while (row.cells.length < cell.column) row.cells.push('');
        row.cells[cell.column] = text;
        cell = null;
        capture = null;
      } else if (token.name === 'row') endRow();
      continue;
    }
    switch (token.name) {
      case 'row': {
        endRow();
        const rowNumber = Number(attribute(token.attributes, 'r') ?? nextRow);
        nextRow = rowNumber + 1;
        // Rows out of order or past the limit end the sheet, as a damaged file would.
        if (
          !Number.isInteger(rowNumber) ||
          rowNumber < rows.length + 1 ||
          rowNumber > MAX_SHEET_ROWS
        )
          return rows;
        budget.take(rowNumber - 1 - rows.length);
        while (rows.length < rowNumber - 1) rows.push({ cells: [], line: rows.length + 1 });
        row = { cells: [], line: rowNumber, nextColumn: 0 };
        if (token.selfClosing) endRow();
        break;
      }
      case 'c': {
        if (row === null) break;
        const reference = attribute(token.attributes, 'r');
        const column = reference ? columnOf(reference) : row.nextColumn;
        row.nextColumn = column + 1;
        cell = null;
        if (column < 0 || column >= MAX_SHEET_COLUMNS) break;
        if (token.selfClosing) {
          // An empty cell (styled only) still widens its row, as the spreadsheet shows it.
          while (row.cells.length <= column) row.cells.push('');
          break;
        }
        cell = {
          column,
          type: attribute(token.attributes, 't') ?? 'n',
          value: null,
          inline: [],
        };
        break;
      }
      case 'v':
        if (cell !== null && !token.selfClosing) {
          cell.value = [];
          capture = cell.value;
        }
        break;
      case 'rPh':
        if (!token.selfClosing) phonetic += 1;
        break;
      case 't':
        if (cell !== null && !token.selfClosing && phonetic === 0) capture = cell.inline;
        break;
    }
  }
  endRow();
  return rows;
}

function resolveTarget(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** Opens an XLSX workbook; a damaged or oversized file gives the reason, never a throw. */
export function openXlsx(bytes: Uint8Array): OpenedSpreadsheet {
  try {
    const zip = openWorkbookZip(bytes);
    const heads = zip.read([WORKBOOK, WORKBOOK_RELS]);
    const workbook = xmlOf(heads, WORKBOOK);
    if (workbook === null)
      return {
        ok: false,
        reason: 'it has no workbook (xl/workbook.xml), so it is not an XLSX file',
      };
    const targets = new Map<string, string>();
    let sharedPath = SHARED_STRINGS;
    for (const token of scanXml(xmlOf(heads, WORKBOOK_RELS) ?? '')) {
      if (token.type !== 'open' || token.name !== 'Relationship') continue;
      const id = attribute(token.attributes, 'Id');
      const target = attribute(token.attributes, 'Target');
      if (!target) continue;
      if (id) targets.set(id, resolveTarget(target));
      if ((attribute(token.attributes, 'Type') ?? '').endsWith('/sharedStrings'))
        sharedPath = resolveTarget(target);
    }
    const listed: { name: string; path: string }[] = [];
    for (const token of scanXml(workbook)) {
      if (token.type !== 'open' || token.name !== 'sheet') continue;
      const position = listed.length + 1;
      const name = attribute(token.attributes, 'name') ?? `Sheet${position}`;
      const id = attributeOf(token.attributes, 'id', true);
      listed.push({
        name,
        path: (id && targets.get(unescapeXml(id))) ?? `xl/worksheets/sheet${position}.xml`,
      });
    }
    if (listed.length > MAX_WORKBOOK_SHEETS)
      return {
        ok: false,
        reason: `its workbook lists more than ${MAX_WORKBOOK_SHEETS} sheets (the most read from one workbook)`,
      };
    const parts = zip.read([sharedPath, ...new Set(listed.map((sheet) => sheet.path))]);
    const sharedXml = xmlOf(parts, sharedPath);
    const shared = sharedXml === null ? [] : readSharedStrings(sharedXml);
    const budget = new CellBudget();
    budget.take(shared.length);
    const sheets: SheetRows[] = [];
    const read = new Set<string>();
    for (const sheet of listed) {
      // A part listed twice is one sheet: it is read once.
      if (read.has(sheet.path)) continue;
      read.add(sheet.path);
      const xml = xmlOf(parts, sheet.path);
      if (xml === null) continue;
      sheets.push({ name: sheet.name, rows: readSheet(xml, shared, budget) });
    }
    if (sheets.length === 0)
      return { ok: false, reason: 'its workbook lists no sheet that could be found in it' };
    return { ok: true, sheets };
  } catch (error) {
    if (error instanceof WorkbookRefused) return { ok: false, reason: error.message };
    return {
      ok: false,
      reason: `the zip container is damaged: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
