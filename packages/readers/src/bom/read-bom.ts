// Reads a bill of materials from the bytes of an upload: CSV, TSV, semicolon-separated, XLSX,
// XLS or ODS, in any of the usual encodings, with the header found under preambles and title
// blocks, its columns recognised by name and content, designators expanded, do-not-populate read
// in its usual spellings, and what looks wrong (a quantity that disagrees with the designators,
// a duplicate designator) flagged in warnings, never silently fixed.

import { type BomRefDesign, expandDesignators, refDesignKey } from '@circuits/domain';
import { failure, type ReadWarning } from '../read-result.ts';
import { lineLabel, openTables, type SourceTable } from '../table-source.ts';
import type { TextRow } from '../text/delimited.ts';
import { applyMapping, supplierNameFor } from './bom-column-mapping.ts';
import { BOM_FIELDS, type BomField, recogniseBomColumns } from './bom-columns.ts';
import {
  cellSaysDnp,
  cleanDesignatorCell,
  DNP_TRUE,
  FITTED_FALSE,
  FITTED_TRUE,
  partialDnpRefs,
} from './bom-dnp.ts';
import {
  type BomColumn,
  type BomFileRow,
  type BomReadOptions,
  type BomReadResult,
  MAX_BOM_DESIGNATORS,
  MAX_BOM_LINES,
  type SupplierPart,
} from './bom-file.ts';
import {
  blank,
  findHeader,
  groupLabels,
  HEADER_SEARCH_ROWS,
  type HeaderChoice,
  realignShiftedRows,
} from './find-bom-header.ts';

// The reader's public face stays this module: the shape of a read BOM lives beside it.
export * from './bom-file.ts';
export { HEADER_SEARCH_ROWS } from './find-bom-header.ts';

function tooManyDesignators(limit: number) {
  return failure(
    'too-large',
    `The BOM lists more than ${limit.toLocaleString('en')} designators (the most one BOM may list).`,
  );
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
