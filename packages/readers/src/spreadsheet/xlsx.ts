// XLSX (Office Open XML) sheets as rows of text cells: the zip opened with fflate (pure, runs in
// browsers and workers), then the workbook, its shared strings and each sheet's cells read from
// their XML. Only what a BOM needs: cell text and numbers, not styles or formulas.

import { unzipSync } from 'fflate';
import { decodeText } from '../text/decode.ts';
import type { TextRow } from '../text/delimited.ts';

export type SheetRows = { name: string; rows: TextRow[] };
export type OpenedSpreadsheet = { ok: true; sheets: SheetRows[] } | { ok: false; reason: string };

/** A zip entry bigger than this is not a BOM (and may be a zip bomb). */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;
/** Sheets beyond this many rows or columns are cut (formatted but empty rows run to 1,048,576). */
export const MAX_SHEET_ROWS = 200_000;
export const MAX_SHEET_COLUMNS = 500;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
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

/** The text of every `<t>` inside `xml` (a shared string or an inline string, rich or not). */
function textOf(xml: string): string {
  let text = '';
  for (const match of xml.matchAll(/<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?t>/g))
    text += match[1];
  return unescapeXml(text);
}

const ATTRIBUTE_PATTERNS = new Map<string, RegExp>();

function attribute(tag: string, name: string): string | null {
  let pattern = ATTRIBUTE_PATTERNS.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s${name}="([^"]*)"`);
    ATTRIBUTE_PATTERNS.set(name, pattern);
  }
  const match = pattern.exec(tag);
  return match ? unescapeXml(match[1]!) : null;
}

/** Column index from a cell reference ("C12" -> 2). */
function columnOf(reference: string): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
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
 * The elements named `name` in `xml[from, to)`: each open tag's attributes and body. A scan with
 * indexes (not one regular expression over the whole text) so that a damaged file without
 * closing tags costs one pass, not one pass per element.
 */
function* elements(xml: string, name: string, from = 0, to = xml.length) {
  const open = new RegExp(`<(?:\\w+:)?${name}\\b([^>]*)>`, 'g');
  const close = new RegExp(`</(?:\\w+:)?${name}>`, 'g');
  open.lastIndex = from;
  while (true) {
    const tag = open.exec(xml);
    if (tag === null || tag.index >= to) return;
    const attributes = tag[1]!;
    if (attributes.endsWith('/')) {
      yield { attributes, body: '' };
      continue;
    }
    close.lastIndex = open.lastIndex;
    const end = close.exec(xml);
    if (end === null || end.index > to) return;
    yield { attributes, body: xml.slice(open.lastIndex, end.index) };
    open.lastIndex = close.lastIndex;
  }
}

function readSheet(xml: string, shared: readonly string[]): TextRow[] {
  const rows: TextRow[] = [];
  let nextRow = 1;
  for (const row of elements(xml, 'row')) {
    const rowNumber = Number(attribute(row.attributes, 'r') ?? nextRow);
    nextRow = rowNumber + 1;
    if (!Number.isInteger(rowNumber) || rowNumber < rows.length + 1 || rowNumber > MAX_SHEET_ROWS)
      break;
    const cells: string[] = [];
    let nextColumn = 0;
    for (const cell of elements(row.body, 'c')) {
      const reference = attribute(cell.attributes, 'r');
      const column = reference ? columnOf(reference) : nextColumn;
      nextColumn = column + 1;
      if (column < 0 || column >= MAX_SHEET_COLUMNS) continue;
      const type = attribute(cell.attributes, 't') ?? 'n';
      const value = /<(?:\w+:)?v>([^<]*)<\/(?:\w+:)?v>/.exec(cell.body)?.[1];
      let text = '';
      if (type === 's') text = shared[Number(value)] ?? '';
      else if (type === 'inlineStr') text = textOf(cell.body);
      else if (type === 'str' || type === 'e') text = value === undefined ? '' : unescapeXml(value);
      else if (type === 'b') text = value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : '';
      else if (value !== undefined) {
        const number = Number(value);
        text = Number.isNaN(number) ? unescapeXml(value) : formatNumber(number);
      }
      while (cells.length < column) cells.push('');
      cells[column] = text;
    }
    while (rows.length < rowNumber - 1) rows.push({ cells: [], line: rows.length + 1 });
    rows.push({ cells, line: rowNumber });
  }
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

/** Opens an XLSX workbook; a damaged file gives the reason, never a throw. */
export function openXlsx(bytes: Uint8Array): OpenedSpreadsheet {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) =>
        file.originalSize <= MAX_ENTRY_BYTES &&
        (file.name.endsWith('.xml') || file.name.endsWith('.rels')) &&
        (file.name.startsWith('xl/') || file.name.startsWith('_rels/')),
    });
  } catch (error) {
    return {
      ok: false,
      reason: `the zip container is damaged: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const workbook = xmlOf(files, 'xl/workbook.xml');
  if (workbook === null)
    return { ok: false, reason: 'it has no workbook (xl/workbook.xml), so it is not an XLSX file' };
  const sharedXml = xmlOf(files, 'xl/sharedStrings.xml');
  const shared: string[] = [];
  if (sharedXml !== null)
    for (const item of elements(sharedXml, 'si')) {
      // Phonetic runs (<rPh>) repeat the text in another script; they are not part of it.
      let body = item.body;
      for (const phonetic of [...elements(body, 'rPh')].reverse())
        body = body.replace(phonetic.body, '');
      shared.push(textOf(body));
    }
  const rels = xmlOf(files, 'xl/_rels/workbook.xml.rels') ?? '';
  const targets = new Map<string, string>();
  for (const match of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
    const id = attribute(match[1]!, 'Id');
    const target = attribute(match[1]!, 'Target');
    if (id && target) targets.set(id, resolveTarget(target));
  }
  const sheets: SheetRows[] = [];
  let position = 0;
  for (const match of workbook.matchAll(/<(?:\w+:)?sheet\b([^>]*)\/?>/g)) {
    position += 1;
    const name = attribute(match[1]!, 'name') ?? `Sheet${position}`;
    const id = attribute(match[1]!, 'r:id') ?? /\s\w+:id="([^"]*)"/.exec(match[1]!)?.[1] ?? null;
    const path = (id && targets.get(id)) ?? `xl/worksheets/sheet${position}.xml`;
    const xml = xmlOf(files, path);
    if (xml === null) continue;
    sheets.push({ name, rows: readSheet(xml, shared) });
  }
  if (sheets.length === 0)
    return { ok: false, reason: 'its workbook lists no sheet that could be found in it' };
  return { ok: true, sheets };
}
