// ODS (OpenDocument spreadsheet, LibreOffice's own format) sheets as rows of text cells: the zip
// opened within the limits of workbook-zip.ts, then content.xml read once by the tokenizer of
// xml-scan.ts. ODS compresses runs of equal rows and cells into one element with a repeat count
// (`table:number-rows-repeated="1048000"` for the empty rest of a sheet): repeats are expanded
// only when something filled follows them, and within the sheet limits, so the cost stays linear
// in the file, not in what it claims.

import { decodeText } from '../text/decode.ts';
import { openWorkbookZip, WorkbookRefused } from './workbook-zip.ts';
import {
  CellBudget,
  formatNumber,
  MAX_SHEET_COLUMNS,
  MAX_SHEET_ROWS,
  MAX_WORKBOOK_SHEETS,
  type OpenedSpreadsheet,
  type SheetRows,
  unescapeXml,
} from './xlsx.ts';
import { attributeOf, scanXml } from './xml-scan.ts';

const CONTENT = 'content.xml';
const MIMETYPE = 'mimetype';
export const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

/** A repeat count as written (1 when absent or nonsense), never more than `max`. */
function repeatOf(attributes: string, name: string, max: number): number {
  const raw = attributeOf(attributes, name, true);
  const count = raw === null ? 1 : Number(raw);
  return Number.isInteger(count) && count >= 1 ? Math.min(count, max) : 1;
}

type OdsCell = {
  valueType: string | null;
  value: string | null;
  text: string[];
  paragraphs: number;
};

function cellText(cell: OdsCell): string {
  const text = unescapeXml(cell.text.join(''));
  // Numbers as stored, not as formatted for display ("1.00", "1,5" in a German locale).
  if (
    cell.value !== null &&
    (cell.valueType === 'float' || cell.valueType === 'percentage' || cell.valueType === 'currency')
  ) {
    const number = Number(cell.value);
    if (Number.isFinite(number)) return formatNumber(number);
  }
  return text;
}

/** Reads the sheets of an ODS content.xml in one pass. */
function readContent(xml: string, budget: CellBudget): SheetRows[] {
  const sheets: SheetRows[] = [];
  let sheet: SheetRows | null = null;
  /** Empty rows seen but not yet written (written only when a filled row follows). */
  let pendingRows = 0;
  let line = 0;
  let row: { cells: string[]; repeat: number; pendingCells: number } | null = null;
  let cell: (OdsCell & { repeat: number }) | null = null;
  let inParagraph = false;

  const endCell = () => {
    if (row === null || cell === null) return;
    const text = cellText(cell);
    if (text === '') row.pendingCells += cell.repeat;
    else {
      const room = MAX_SHEET_COLUMNS - row.cells.length;
      const empties = Math.min(row.pendingCells, room);
      budget.take(empties + cell.repeat);
      for (let i = 0; i < empties; i += 1) row.cells.push('');
      row.pendingCells = 0;
      for (let i = 0; i < cell.repeat && row.cells.length < MAX_SHEET_COLUMNS; i += 1)
        row.cells.push(text);
    }
    cell = null;
    inParagraph = false;
  };
  const endRow = () => {
    if (sheet === null || row === null) return;
    endCell();
    if (row.cells.length === 0) pendingRows += row.repeat;
    else {
      const empties = Math.min(pendingRows, MAX_SHEET_ROWS - line);
      budget.take(empties);
      for (let i = 0; i < empties; i += 1) {
        line += 1;
        sheet.rows.push({ cells: [], line });
      }
      pendingRows = 0;
      for (let i = 0; i < row.repeat && line < MAX_SHEET_ROWS; i += 1) {
        budget.take(row.cells.length + 1);
        line += 1;
        sheet.rows.push({ cells: i === 0 ? row.cells : [...row.cells], line });
      }
    }
    row = null;
  };

  for (const token of scanXml(xml)) {
    if (token.type === 'text') {
      if (cell !== null && inParagraph) cell.text.push(xml.slice(token.start, token.end));
      continue;
    }
    if (token.type === 'close') {
      if (token.name === 'p' || token.name === 'h') inParagraph = false;
      else if (token.name === 'table-cell' || token.name === 'covered-table-cell') endCell();
      else if (token.name === 'table-row') endRow();
      else if (token.name === 'table' && sheet !== null) {
        endRow();
        sheet = null;
      }
      continue;
    }
    switch (token.name) {
      case 'table':
        if (sheets.length >= MAX_WORKBOOK_SHEETS)
          throw new WorkbookRefused(
            `it has more than ${MAX_WORKBOOK_SHEETS} sheets (the most read from one workbook)`,
          );
        sheet = {
          name:
            unescapeXml(attributeOf(token.attributes, 'name', true) ?? '') ||
            `Sheet${sheets.length + 1}`,
          rows: [],
        };
        sheets.push(sheet);
        pendingRows = 0;
        line = 0;
        if (token.selfClosing) sheet = null;
        break;
      case 'table-row':
        if (sheet === null) break;
        endRow();
        row = {
          cells: [],
          repeat: repeatOf(token.attributes, 'number-rows-repeated', MAX_SHEET_ROWS),
          pendingCells: 0,
        };
        if (token.selfClosing) endRow();
        break;
      case 'table-cell':
      case 'covered-table-cell': {
        if (row === null) break;
        endCell();
        cell = {
          valueType: attributeOf(token.attributes, 'value-type', true),
          value: attributeOf(token.attributes, 'value', true),
          text: [],
          paragraphs: 0,
          repeat: repeatOf(token.attributes, 'number-columns-repeated', MAX_SHEET_COLUMNS),
        };
        if (token.selfClosing) endCell();
        break;
      }
      case 'p':
      case 'h':
        if (cell === null) break;
        // Paragraphs of one cell are its lines.
        if (cell.paragraphs > 0) cell.text.push('\n');
        cell.paragraphs += 1;
        inParagraph = !token.selfClosing;
        break;
      case 's':
        if (cell !== null && inParagraph)
          cell.text.push(' '.repeat(repeatOf(token.attributes, 'c', 1000)));
        break;
      case 'tab':
        if (cell !== null && inParagraph) cell.text.push('\t');
        break;
      case 'line-break':
        if (cell !== null && inParagraph) cell.text.push('\n');
        break;
    }
  }
  endRow();
  return sheets;
}

/** Whether a zip is an OpenDocument spreadsheet: its first entry is `mimetype`, stored, naming it. */
export function isOdsZip(bytes: Uint8Array): boolean {
  // Local file header: name length at 26, extra length at 28, name from 30.
  if (bytes.length < 30 + MIMETYPE.length + ODS_MIMETYPE.length) return false;
  const nameLength = bytes[26]! | (bytes[27]! << 8);
  const extraLength = bytes[28]! | (bytes[29]! << 8);
  if (nameLength !== MIMETYPE.length) return false;
  const name = String.fromCharCode(...bytes.subarray(30, 30 + nameLength));
  if (name !== MIMETYPE) return false;
  const start = 30 + nameLength + extraLength;
  const type = String.fromCharCode(...bytes.subarray(start, start + ODS_MIMETYPE.length));
  return type === ODS_MIMETYPE;
}

/** Opens an ODS workbook; a damaged or oversized file gives the reason, never a throw. */
export function openOds(bytes: Uint8Array): OpenedSpreadsheet {
  try {
    const parts = openWorkbookZip(bytes).read([CONTENT]);
    const content = parts[CONTENT];
    if (!content)
      return { ok: false, reason: 'it has no content.xml, so it is not an ODS spreadsheet' };
    const sheets = readContent(decodeText(content).text, new CellBudget());
    if (sheets.length === 0) return { ok: false, reason: 'it holds no sheet' };
    return { ok: true, sheets };
  } catch (error) {
    if (error instanceof WorkbookRefused) return { ok: false, reason: error.message };
    return {
      ok: false,
      reason: `the zip container is damaged: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
