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
import { normaliseHeader, parseNumber } from '../columns.ts';
import { failure, type ReadWarning } from '../read-result.ts';
import { openSpreadsheet, sniffSpreadsheet } from '../spreadsheet.ts';
import { decodeTextFile } from '../table-source.ts';
import type { TextEncoding } from '../text/decode.ts';
import { type Delimiter, parseDelimited, splitLines, splitWhitespace } from '../text/delimited.ts';
import { detectFormat } from './detect-placement-format.ts';
import { type PlacementField, placementHeaderScore } from './placement-columns.ts';
import {
  MAX_PLACEMENTS,
  PLACEMENT_FORMATS,
  type PlacementFile,
  type PlacementFileRow,
  type PlacementReadOptions,
  type PlacementReadResult,
  type PlacementSide,
} from './placement-file.ts';
import { parseSide, sideFromFileName } from './placement-sides.ts';
import { buildTable, splitWhitespaceHeader, type Table } from './placement-table.ts';
import { guessUnit, parseLength, unitStatedIn } from './placement-units.ts';
import { placementColumns } from './recognise-placement-columns.ts';

// The reader's public face stays this module: its types, formats and unit guess live beside it.
export * from './placement-file.ts';
export { guessUnit } from './placement-units.ts';

type Mapped = Partial<Record<PlacementField, number>>;

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
  const resolved = placementColumns(header, table.fixedColumns, body, options.mapping);
  if (!resolved.ok) return resolved;
  const columns = resolved.value;
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
