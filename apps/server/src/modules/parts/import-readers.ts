import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { type ReadResult, readCsvRow, readJlcpartsLine } from './import-formats.ts';
import { type InvenTreeNotes, readInvenTree } from './import-inventree.ts';
import { isKicadLibraryHeader, readKicadLibraryRow } from './import-kicad.ts';
import {
  isLcscTableHeader,
  type JlcpartsLookups,
  readJlcpartsHeader,
  readJlcpartsRow,
  readLcscTableRow,
} from './import-lcsc.ts';
import { csvRows, firstLine, numberedLines } from './import-streams.ts';

// Which reader a catalogue file needs (`--format`, or guessed from its name and first line), and
// the stream of records it yields. Every reader goes through the file once, in order, keeping
// little: memory stays flat however long the file (the InvenTree export keeps a few fields per
// record to join them, see import-inventree.ts).

export const IMPORT_FORMATS = ['jlcparts', 'lcsc', 'inventree', 'kicad', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const FORMAT_HELP: Readonly<Record<ImportFormat, string>> = {
  jlcparts: 'jlcparts: JSON lines, one object a part, or a header of field names then arrays',
  lcsc: 'LCSC / JLCPCB parts table (CSV with "LCSC Part #" and "MFR.Part #")',
  inventree: 'InvenTree data export (JSON array of {model, pk, fields})',
  kicad: 'KiCad database-library table (CSV with IPN, MPN, Symbol, Footprint)',
  csv: 'the documented CSV (part_number, manufacturer, …)',
};

/** The format of a file by its name and, for a CSV, its header. */
export async function guessFormat(file: string): Promise<ImportFormat | undefined> {
  const name = file.toLowerCase();
  if (/\.(jsonl|jsonlines|ndjson)(\.gz)?$/.test(name)) return 'jlcparts';
  if (/\.json(\.gz)?$/.test(name)) return 'inventree';
  if (!/\.csv(\.gz)?$/.test(name)) return undefined;
  const header = Papa.parse<string[]>(await firstLine(file)).data[0] ?? [];
  if (isLcscTableHeader(header)) return 'lcsc';
  if (isKicadLibraryHeader(header)) return 'kicad';
  return 'csv';
}

/** A lookup file beside a jlcparts components file (`attributes-lut.jsonlines.gz`…), read whole. */
async function siblingLines(file: string, base: string): Promise<unknown[] | undefined> {
  const folder = path.dirname(file);
  for (const suffix of ['.jsonlines.gz', '.jsonlines', '.jsonl.gz', '.jsonl']) {
    const candidate = path.join(folder, `${base}${suffix}`);
    if (!fs.existsSync(candidate)) continue;
    const lines: unknown[] = [];
    for await (const [line] of numberedLines(candidate)) {
      lines.push(line.trim() === '' ? null : (JSON.parse(line) as unknown));
    }
    return lines;
  }
  return undefined;
}

async function* readJlcparts(file: string): AsyncGenerator<ReadResult> {
  let schema: ReturnType<typeof readJlcpartsHeader>;
  let lookups: JlcpartsLookups | undefined;
  for await (const [line, number] of numberedLines(file)) {
    if (line.trim() === '') continue;
    if (schema === undefined && number === 1) {
      // The current jlcparts output starts with its field names; the older one with a part.
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      schema = readJlcpartsHeader(parsed);
      if (schema) {
        lookups = {
          attributes: await siblingLines(file, 'attributes-lut'),
          subcategories: await siblingLines(file, 'subcategories'),
        };
        continue;
      }
    }
    if (schema) {
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch {
        yield { source: `line ${number}`, refused: 'not valid JSON', line: number };
        continue;
      }
      yield Array.isArray(row)
        ? readJlcpartsRow(row, schema, lookups ?? {}, number)
        : { source: `line ${number}`, refused: 'not a part (a JSON array)', line: number };
      continue;
    }
    const result = readJlcpartsLine(line, number);
    if (result) yield result;
  }
}

/** The records of a catalogue file, one at a time, as the format reads them. */
export async function* readCatalogueFile(
  file: string,
  format: ImportFormat,
  context: { specIdsByName: ReadonlyMap<string, number>; inventreeNotes?: InvenTreeNotes },
): AsyncGenerator<ReadResult> {
  switch (format) {
    case 'jlcparts':
      yield* readJlcparts(file);
      return;
    case 'inventree':
      yield* readInvenTree(file, context.inventreeNotes);
      return;
    case 'lcsc':
      for await (const [row, line] of csvRows(file)) yield readLcscTableRow(row, line);
      return;
    case 'kicad':
      for await (const [row, line] of csvRows(file)) {
        yield readKicadLibraryRow(row, line, context.specIdsByName);
      }
      return;
    case 'csv':
      for await (const [row, line] of csvRows(file)) {
        yield readCsvRow(row, line, context.specIdsByName);
      }
      return;
  }
}
