// Reads a bill of materials from the bytes of an upload: CSV, TSV, semicolon-separated, XLSX,
// XLS or ODS, in any of the usual encodings, with the header found under preambles and title
// blocks, its columns recognised by name and content, designators expanded, do-not-populate read
// in its usual spellings, and what looks wrong (a quantity that disagrees with the designators,
// a duplicate designator) flagged in warnings, never silently fixed.

import { type BomRefDesign, expandDesignators, refDesignKey } from '@circuits/domain';
import type { Confidence, RecognisedColumn } from '../columns.ts';
import { failure, type ReadError, type ReadResult, type ReadWarning } from '../read-result.ts';
import { lineLabel, openTables, type SourceTable, type TableSource } from '../table-source.ts';
import type { TextRow } from '../text/delimited.ts';
import {
  BOM_FIELDS,
  type BomField,
  bomHeaderScore,
  distributorIn,
  recogniseBomColumns,
} from './bom-columns.ts';

/** A supplier's code for the part (a Digi-Key number, an LCSC `C` number). */
export type SupplierPart = { supplier: string | null; partNumber: string };

export type BomFileRow = {
  /** The line (or spreadsheet row) it was read from. */
  line: number;
  /** SPEC §3: the row's designators, each with its do-not-populate flag. */
  refDesign: BomRefDesign[];
  /** As the file says; null when it has no quantity column or the cell is blank. */
  quantity: number | null;
  partNumber: string | null;
  manufacturer: string | null;
  value: string | null;
  footprint: string | null;
  description: string | null;
  supplierParts: SupplierPart[];
  /** Second sources the line names (`Mfg_1`/`PN_1`): other makers' parts that may be fitted. */
  substitutes: { partNumber: string; manufacturer: string | null }[];
};

/** Which column feeds each field; supplier part numbers may come from several. */
export type BomColumnMapping = { [F in BomField]?: number | number[] | null };

export type BomReadOptions = {
  /** Reads this sheet of a spreadsheet instead of the one that looks most like a BOM. */
  sheet?: string;
  /** The line (text) or row (spreadsheet) of the header, instead of the one found. */
  headerLine?: number;
  /** The user's mapping: each field given here replaces what was recognised. */
  mapping?: BomColumnMapping;
  /** A BOM with more lines than this is refused (`too-large`); see MAX_BOM_LINES. */
  maxLines?: number;
};

/** Lines of one BOM, unless the caller says otherwise (the server's BOM_MAX_LINES). */
export const MAX_BOM_LINES = 20_000;
/**
 * Designators of one BOM: ranges (`R1-R9999`) make many of few characters, so they are counted
 * apart from the lines.
 */
export const MAX_BOM_DESIGNATORS = 200_000;

function tooManyDesignators(limit: number) {
  return failure(
    'too-large',
    `The BOM lists more than ${limit.toLocaleString('en')} designators (the most one BOM may list).`,
  );
}

export type BomColumn = RecognisedColumn<BomField> & { supplier: string | null };

export type BomFile = {
  source: TableSource;
  headerLine: number;
  columns: BomColumn[];
  /** True when a column the BOM needs was guessed rather than recognised: ask the user. */
  needsConfirmation: boolean;
  rows: BomFileRow[];
  warnings: ReadWarning[];
};

export type BomReadResult = ReadResult<BomFile>;

/** The header is looked for in this many rows from the top. */
export const HEADER_SEARCH_ROWS = 100;

type HeaderChoice = { index: number; score: number };

function findHeader(rows: readonly TextRow[]): HeaderChoice | null {
  let best: HeaderChoice | null = null;
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i += 1) {
    const { score, fields } = bomHeaderScore(rows[i]!.cells);
    const names = fields.has('designator') || fields.has('partNumber') || fields.has('value');
    if (fields.size < 2 || !names) continue;
    if (best === null || score > best.score + 0.01) best = { index: i, score };
  }
  return collatedHeader(rows) ?? best;
}

const COLLATED_TITLE = /^collated components:?$/i;

/**
 * KiCad's bom_csv_grouped_by_value script writes every part alone under "Individual
 * Components:", then the same parts grouped under "Collated Components:": the grouped table is
 * the bill of materials, and the one read.
 */
function collatedHeader(rows: readonly TextRow[]): HeaderChoice | null {
  for (let i = 0; i < rows.length; i += 1) {
    const filled = rows[i]!.cells.filter((cell) => cell.trim() !== '');
    if (filled.length !== 1 || !COLLATED_TITLE.test(filled[0]!.trim())) continue;
    let next = i + 1;
    while (next < rows.length && blank(rows[next]!)) next += 1;
    if (next >= rows.length) return null;
    const { score, fields } = bomHeaderScore(rows[next]!.cells);
    return fields.has('designator') ? { index: next, score } : null;
  }
  return null;
}

const blank = (row: TextRow) => row.cells.every((cell) => cell.trim() === '');

/**
 * Labels of a group row above the header (KiCost's "Digi-Key", "Mouser" over their columns),
 * spread over the columns of each group.
 */
function groupLabels(rows: readonly TextRow[], headerIndex: number, width: number) {
  const above = headerIndex > 0 ? rows[headerIndex - 1]! : null;
  const labels: (string | null)[] = new Array(width).fill(null);
  if (above === null) return labels;
  const filled = above.cells.filter((cell) => cell.trim() !== '').length;
  if (filled < 2 || filled > width / 2) return labels;
  let current: string | null = null;
  for (let i = 0; i < width; i += 1) {
    const cell = above.cells[i]?.trim() ?? '';
    if (cell !== '') current = cell;
    labels[i] = current;
  }
  return labels;
}

/**
 * Rows whose cells sit one column right of their header (KiCad's grouped-BOM script writes an
 * empty cell before the description): a named column empty in every row, and one more filled
 * column past the named ones. The rows are realigned and a warning says so.
 */
function realignShiftedRows(header: readonly string[], data: TextRow[]): number | null {
  let named = header.length;
  while (named > 0 && header[named - 1]!.trim() === '') named -= 1;
  if (named < 3 || data.length < 3) return null;
  const filled = (index: number) =>
    data.filter((row) => (row.cells[index] ?? '').trim() !== '').length / data.length;
  if (filled(named) < 0.5) return null;
  for (let k = 1; k < named; k += 1) {
    if (filled(k) === 0) {
      for (const row of data) row.cells.splice(k, 1);
      return k;
    }
  }
  return null;
}

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
const FITTED_FALSE = new Set(['no', 'n', 'false', '0', '-', 'none', 'off', 'nein', 'non']);
const FITTED_TRUE = new Set([
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
const DNP_TRUE = new Set(['yes', 'y', 'true', '1', 'x', '*']);
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
function cleanDesignatorCell(cell: string): { cleaned: string; marked: Set<string> } {
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

function cellSaysDnp(cell: string): boolean {
  if (cell === '' || cell.length > 24) return false;
  const text = cell.trim().toLowerCase().replace(/\s+/g, ' ');
  return DNP_WORDS.has(text);
}

// A legend explains the notation rather than using it: "*NOTE: NF(R1 R2) means that elements R1
// and R2 are unpopulated" marks nothing.
const LEGEND_AFTER = /^\s*(?:means?\b|=|stands? for\b|indicates?\b|bedeutet\b|signifie\b)/i;

function partialDnpRefs(cell: string, limit: number): string[] {
  const refs: string[] = [];
  for (const span of partialDnpSpans(cell)) {
    if (LEGEND_AFTER.test(cell.slice(span.end, span.end + 40))) continue;
    for (const d of expandDesignators(span.inner, limit - refs.length).designators)
      refs.push(d.refDesign);
  }
  return refs;
}

// Read from trimmed text: one run of blanks at most, so nothing can be split two ways.
const QUANTITY = /^([-+]?\d+(?:[.,]\d+)?)(?:\s*(?:pcs?\.?|ea\.?|x|st\.?|stk\.?|шт\.?))?$/i;

/** Reads a BOM file. Never throws: a file it cannot read gives an error saying why. */
export function readBom(bytes: Uint8Array, options: BomReadOptions = {}): BomReadResult {
  const tables = openTables(bytes);
  if (!tables.ok) return tables;
  let chosen: { table: SourceTable; header: HeaderChoice | null } | null = null;
  for (const table of tables.value) {
    if (options.sheet !== undefined && table.source.kind === 'spreadsheet') {
      if (table.source.sheet !== options.sheet) continue;
    }
    const header = findHeader(table.rows);
    if (chosen === null || (header !== null && (chosen.header?.score ?? -1) < header.score))
      chosen = { table, header };
  }
  if (chosen === null) {
    const sheets = tables.value.map((t) => (t.source.kind === 'spreadsheet' ? t.source.sheet : ''));
    return failure(
      'bad-mapping',
      `The spreadsheet has no sheet "${options.sheet}". Its sheets are: ${sheets.map((s) => `"${s}"`).join(', ')}.`,
    );
  }
  return readBomTable(chosen.table, chosen.header, options);
}

function readBomTable(
  table: SourceTable,
  found: HeaderChoice | null,
  options: BomReadOptions,
): BomReadResult {
  const { rows, source } = table;
  const label = (line: number) => lineLabel(source, line);
  let headerIndex: number;
  if (options.headerLine !== undefined) {
    headerIndex = rows.findIndex((row) => row.line === options.headerLine);
    if (headerIndex < 0)
      return failure(
        'bad-mapping',
        `The header line ${options.headerLine} is not in the file (it has ${rows.at(-1)?.line ?? 0} lines).`,
      );
  } else if (found === null) {
    return failure(
      'no-header',
      `No header row found in the first ${HEADER_SEARCH_ROWS} lines: expected a row naming the columns, with at least the designators ("Designator", "Reference", "RefDes" or "Parts") and one of quantity, part number or value.`,
    );
  } else headerIndex = found.index;

  const headerRow = rows[headerIndex]!;
  const warnings: ReadWarning[] = [];

  // The table runs from under the header to its end; a blank gap followed by rows that list no
  // designators (statistics, currency rates, notes) ends it.
  const body = rows
    .slice(headerIndex + 1)
    .map((row) => ({ cells: [...row.cells], line: row.line }));
  const width = Math.max(headerRow.cells.length, ...body.slice(0, 500).map((r) => r.cells.length));
  // A header written as a comment (gEDA's "# Quantity, Description, Value, RefDes").
  const header = headerRow.cells.map((cell, index) =>
    index === 0 ? cell.replace(/^\s*#+\s*(?=\S)/, '') : cell,
  );
  while (header.length < width) header.push('');

  const shiftedAt = realignShiftedRows(
    header,
    body.filter((row) => !blank(row)),
  );
  if (shiftedAt !== null)
    warnings.push({
      type: 'columns-shifted',
      line: headerRow.line,
      message: `${label(headerRow.line)}: every row has one cell more than the header names and the column "${header[shiftedAt]}" is always empty, so the cells from that column on were read one column to the left, under the names of the header.`,
    });

  // Cells below the first blank gap may be a footer; they do not speak for the columns.
  const sample: TextRow[] = [];
  for (const row of body) {
    if (blank(row)) {
      if (sample.length > 0) break;
      continue;
    }
    sample.push(row);
    if (sample.length === 400) break;
  }
  const columnsCells = header.map((_, index) => sample.map((row) => row.cells[index] ?? ''));
  const recognition = recogniseBomColumns(
    header,
    columnsCells,
    groupLabels(rows, headerIndex, header.length),
  );
  const columns: BomColumn[] = recognition.recognised.map((column, index) => ({
    ...column,
    supplier: recognition.suppliers[index] ?? null,
  }));

  const mappingError = applyMapping(columns, options.mapping, header.length);
  if (mappingError) return { ok: false, error: mappingError };

  const single = (field: BomField) => columns.find((column) => column.field === field) ?? null;
  const designatorColumn = single('designator');
  if (designatorColumn === null) {
    const names = header.filter((cell) => cell.trim() !== '').map((cell) => `"${cell.trim()}"`);
    return failure(
      'missing-column',
      `${label(headerRow.line)}: no column of designators among ${names.join(', ')}. Expected one named "Designator", "Reference", "RefDes" or "Parts"; choose it in the column mapping.`,
      headerRow.line,
    );
  }
  const column = (field: BomField) => single(field)?.index ?? null;
  const at = (row: TextRow, index: number | null) =>
    index === null ? '' : (row.cells[index] ?? '').trim();
  const textAt = (row: TextRow, index: number | null) => {
    const text = at(row, index).replace(/\s+/g, ' ');
    return text === '' ? null : text;
  };
  const designatorIndex = designatorColumn.index;
  const quantityIndex = column('quantity');
  const partNumberIndex = column('partNumber');
  const valueIndex = column('value');
  const dnpIndex = column('doNotPopulate');
  const fittedIndex = column('fitted');
  const supplierNameColumns = columns.filter((c) => c.field === 'supplier');
  const supplierColumns = columns.filter((c) => c.field === 'supplierPartNumber');
  const substituteColumns = columns.filter((c) => c.field === 'substitutePartNumber');
  const substituteMakerColumns = columns.filter((c) => c.field === 'substituteManufacturer');
  // Columns whose whole text may say "DNP" (not the designators, numbers or part numbers).
  const markerColumns = columns
    .filter(
      (c) =>
        c.field !== 'designator' &&
        c.field !== 'quantity' &&
        c.field !== 'partNumber' &&
        c.field !== 'supplierPartNumber' &&
        c.field !== 'substitutePartNumber' &&
        c.field !== 'item',
    )
    .map((c) => c.index);

  const result: BomFileRow[] = [];
  const globalDnp: { refs: string[]; line: number }[] = [];
  const maxLines = options.maxLines ?? MAX_BOM_LINES;
  const maxDesignators = MAX_BOM_DESIGNATORS;
  let designatorCount = 0;
  let gap = false;
  let endedAt: number | null = null;
  for (const row of body) {
    if (blank(row)) {
      if (result.length > 0) gap = true;
      continue;
    }
    const designatorCell = at(row, designatorIndex);
    // "R5(DNP)" written in the designator cell.
    const { cleaned, marked: markedDnp } = cleanDesignatorCell(designatorCell);
    const expanded = expandDesignators(cleaned, maxDesignators - designatorCount + 1);
    designatorCount += expanded.designators.length;
    if (
      designatorCount > maxDesignators ||
      expanded.problems.some((problem) => problem.type === 'too-many')
    )
      return tooManyDesignators(maxDesignators);
    const quantityText = at(row, quantityIndex);
    const partInfo =
      textAt(row, partNumberIndex) ?? textAt(row, valueIndex) ?? textAt(row, column('description'));
    const partial = row.cells.flatMap((cell) => partialDnpRefs(cell, maxDesignators));
    const notAQuantity = quantityText === '' || !QUANTITY.test(quantityText);
    // Words without a number in the designator column of a row without a quantity are a note
    // ("Note | No DNP components"), not the designators No, DNP and components.
    const prose =
      notAQuantity &&
      expanded.designators.length > 1 &&
      expanded.designators.every((d) => !/\d/.test(d.refDesign));
    const isPartRow = expanded.designators.length > 0 && !prose;
    if (!isPartRow && (gap || result.length === 0) && partInfo === null) {
      // A note or footer: keep its NF(...) list, read nothing else.
      if (partial.length > 0) globalDnp.push({ refs: partial, line: row.line });
      if (gap && endedAt === null) endedAt = row.line;
      continue;
    }
    if (
      !isPartRow &&
      gap &&
      result.length > 0 &&
      endedAt === null &&
      !QUANTITY.test(quantityText)
    ) {
      if (partial.length > 0) globalDnp.push({ refs: partial, line: row.line });
      endedAt = row.line;
      continue;
    }
    if (endedAt !== null) {
      if (partial.length > 0) globalDnp.push({ refs: partial, line: row.line });
      continue;
    }
    gap = false;
    const filledCells = row.cells.filter((cell) => cell.trim() !== '').length;
    if (!isPartRow && notAQuantity && (partInfo === null || filledCells <= 2)) {
      // A note inside the table (a section title, "All NF elements in one row:").
      if (partial.length > 0) globalDnp.push({ refs: partial, line: row.line });
      continue;
    }
    for (const problem of expanded.problems) {
      warnings.push({
        type: problem.type,
        line: row.line,
        message:
          problem.type === 'range-too-long'
            ? `${label(row.line)}: "${problem.text}" would be ${problem.count} designators; it was left out. Expected a range such as R1-R4.`
            : `${label(row.line)}: "${problem.text}" in the designator column is not a designator (expected a letter prefix and a number, such as R12); it was left out.`,
      });
    }
    if (!isPartRow)
      warnings.push({
        type: 'no-designators',
        line: row.line,
        message: `${label(row.line)}: the row lists no designators${partInfo ? ` (${partInfo})` : ''}; it is kept, but nothing can be placed for it.`,
      });

    // Do-not-populate: the whole row, or some of its designators.
    let rowDnp = false;
    const dnpCell = at(row, dnpIndex).toLowerCase();
    if (dnpIndex !== null && (DNP_TRUE.has(dnpCell) || cellSaysDnp(dnpCell))) rowDnp = true;
    const fittedCell = at(row, fittedIndex).toLowerCase();
    if (fittedIndex !== null && (FITTED_FALSE.has(fittedCell) || cellSaysDnp(fittedCell)))
      rowDnp = true;
    if (!rowDnp) rowDnp = markerColumns.some((index) => cellSaysDnp(at(row, index)));
    if (
      !rowDnp &&
      valueIndex !== null &&
      /(^|[\s,;/(])(DNP|DNF)($|[\s,;/)])/i.test(at(row, valueIndex))
    )
      rowDnp = true;
    // Olimex writes a part not stuffed as its value wrapped in NS(...): "NS(HN1x10)".
    if (!rowDnp && valueIndex !== null && /^(?:NS|NF|DNP|DNF|DNI)\s*\(/i.test(at(row, valueIndex)))
      rowDnp = true;
    if (
      fittedIndex !== null &&
      FITTED_TRUE.has(fittedCell) === false &&
      fittedCell !== '' &&
      !rowDnp &&
      partialDnpRefs(fittedCell, maxDesignators).length === 0
    ) {
      warnings.push({
        type: 'unknown-fitted',
        line: row.line,
        message: `${label(row.line)}: "${at(row, fittedIndex)}" in the column "${header[fittedIndex]}" is neither yes nor no; the part is taken as fitted.`,
      });
    }
    const partialKeys = new Set(partial.map(refDesignKey));
    const refDesign = expanded.designators.map((d) => {
      const key = refDesignKey(d.refDesign);
      return {
        refDesign: d.refDesign,
        doNotPopulate: rowDnp || markedDnp.has(key) || partialKeys.has(key),
      };
    });
    const strays = partial.filter(
      (ref) => !refDesign.some((r) => refDesignKey(r.refDesign) === refDesignKey(ref)),
    );
    if (strays.length > 0) globalDnp.push({ refs: strays, line: row.line });

    let quantity: number | null = null;
    if (quantityText !== '') {
      const match = QUANTITY.exec(quantityText);
      quantity = match ? Number(match[1]!.replace(',', '.')) : null;
      if (quantity === null || quantity < 0)
        warnings.push({
          type: 'bad-quantity',
          line: row.line,
          message: `${label(row.line)}: the quantity "${quantityText}" is not a number; it was left empty.`,
        });
      else if (refDesign.length > 0 && quantity !== refDesign.length)
        warnings.push({
          type: 'quantity-mismatch',
          line: row.line,
          message: `${label(row.line)}: the quantity is ${quantity} but the row lists ${refDesign.length} designator${refDesign.length === 1 ? '' : 's'} (${summarise(refDesign.map((r) => r.refDesign))}). Both are kept as written.`,
        });
      if (quantity !== null && quantity < 0) quantity = null;
    }

    const supplierParts: SupplierPart[] = [];
    for (const supplierColumn of supplierColumns) {
      const code = textAt(row, supplierColumn.index);
      if (code === null) continue;
      const named =
        supplierColumn.supplier ??
        supplierNameFor(row, supplierColumn, supplierNameColumns, at) ??
        (/^C\d{3,9}$/.test(code) ? 'LCSC' : null);
      supplierParts.push({ supplier: named, partNumber: code });
    }

    if (result.length >= maxLines)
      return failure(
        'too-large',
        `The BOM has more than ${maxLines.toLocaleString('en')} lines (the most one BOM may have). Split it into smaller BOMs.`,
        row.line,
      );
    result.push({
      line: row.line,
      refDesign,
      quantity,
      partNumber: textAt(row, partNumberIndex),
      manufacturer: textAt(row, column('manufacturer')),
      value: textAt(row, valueIndex),
      footprint: textAt(row, column('footprint')),
      description: textAt(row, column('description')),
      supplierParts,
      // The k-th second-source part number goes with the k-th second-source maker.
      substitutes: substituteColumns.flatMap((substitute, k) => {
        const partNumber = textAt(row, substitute.index);
        if (partNumber === null) return [];
        return [
          {
            partNumber,
            manufacturer: textAt(row, substituteMakerColumns[k]?.index ?? null),
          },
        ];
      }),
    });
  }

  if (endedAt !== null) {
    const last = body.at(-1)?.line ?? endedAt;
    warnings.push({
      type: 'footer-ignored',
      line: endedAt,
      message: `${label(endedAt)}${last > endedAt ? ` to ${last}` : ''}: below the table, no designators; not read as parts.`,
    });
  }

  // NF(...) lists in notes apply to the rows that hold those designators.
  const byKey = new Map<string, BomRefDesign>();
  for (const row of result)
    for (const ref of row.refDesign) byKey.set(refDesignKey(ref.refDesign), ref);
  for (const note of globalDnp) {
    const missing: string[] = [];
    for (const ref of note.refs) {
      const found = byKey.get(refDesignKey(ref));
      if (found) found.doNotPopulate = true;
      else missing.push(ref);
    }
    if (missing.length > 0)
      warnings.push({
        type: 'dnp-unknown-designator',
        line: note.line,
        message: `${label(note.line)}: marked do-not-populate, but no row lists ${summarise(missing)}.`,
      });
  }

  // The same designator on two rows.
  const seen = new Map<string, number>();
  const duplicates = new Map<string, number[]>();
  for (const row of result)
    for (const ref of row.refDesign) {
      const key = refDesignKey(ref.refDesign);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, row.line);
      else {
        const lines = duplicates.get(ref.refDesign);
        if (lines) lines.push(row.line);
        else duplicates.set(ref.refDesign, [first, row.line]);
      }
    }
  for (const [ref, lines] of duplicates)
    warnings.push({
      type: 'duplicate-designator',
      line: lines[1]!,
      message: `${ref} is listed more than once (${lines.map((l) => label(l).toLowerCase()).join(', ')}).`,
    });

  if (result.length === 0)
    return failure(
      'no-rows',
      `${label(headerRow.line)} names the columns, but no row under it lists parts: expected rows with designators under "${header[designatorIndex]}".`,
      headerRow.line,
    );

  const needsConfirmation = BOM_FIELDS.some((field) => {
    const mapped = columns.filter((c) => c.field === field);
    return mapped.some((c) => c.basis !== 'user' && c.confidence !== 'high');
  });
  return {
    ok: true,
    value: {
      source,
      headerLine: headerRow.line,
      columns,
      needsConfirmation,
      rows: result,
      warnings,
    },
  };
}

/** "R1, R2, R3 and 5 more". */
function summarise(refs: readonly string[]): string {
  return refs.length <= 8
    ? refs.join(', ')
    : `${refs.slice(0, 8).join(', ')} and ${refs.length - 8} more`;
}

/** The supplier named in the row for a supplier-code column ("Supplier 1" for "Supplier Part Number 1"). */
function supplierNameFor(
  row: TextRow,
  codeColumn: BomColumn,
  nameColumns: readonly BomColumn[],
  at: (row: TextRow, index: number | null) => string,
): string | null {
  if (nameColumns.length === 0) return null;
  const group = /(\d+)\s*$/.exec(codeColumn.header)?.[1];
  const paired =
    nameColumns.find((c) => /(\d+)\s*$/.exec(c.header)?.[1] === group) ??
    (nameColumns.length === 1 ? nameColumns[0]! : null);
  if (!paired) return null;
  const name = at(row, paired.index);
  return name === '' ? null : (distributorIn(name) ?? name);
}

function applyMapping(
  columns: BomColumn[],
  mapping: BomColumnMapping | undefined,
  width: number,
): ReadError | null {
  if (!mapping) return null;
  for (const [field, target] of Object.entries(mapping) as [BomField, number | number[] | null][]) {
    if (!(BOM_FIELDS as readonly string[]).includes(field))
      return { type: 'bad-mapping', line: null, message: `"${field}" is not a BOM field.` };
    if (target === undefined) continue;
    const indexes = target === null ? [] : Array.isArray(target) ? target : [target];
    for (const index of indexes)
      if (!Number.isInteger(index) || index < 0 || index >= width)
        return {
          type: 'bad-mapping',
          line: null,
          message: `The mapping puts "${field}" in column ${index + 1}, but the table has ${width} columns.`,
        };
    for (const column of columns)
      if (column.field === field) {
        column.field = null;
        column.score = 0;
        column.confidence = null;
        column.basis = null;
      }
    for (const index of indexes) {
      const column = columns[index]!;
      column.field = field;
      column.score = 1;
      column.confidence = 'high' satisfies Confidence;
      column.basis = 'user';
      if (field === 'supplierPartNumber' && column.supplier === null)
        column.supplier = distributorIn(column.header);
    }
  }
  return null;
}
