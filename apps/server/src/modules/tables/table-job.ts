import fs from 'node:fs';
import zlib from 'node:zlib';
import { tableKindOfRows } from '@circuits/domain';
import {
  type BomFile,
  type BomReadOptions,
  type FirstRows,
  firstRows,
  openSpreadsheet,
  type PlacementFile,
  type PlacementReadOptions,
  type ReadResult,
  readBom,
  readPlacements,
  sniffSpreadsheet,
} from '@circuits/readers';
import Papa from 'papaparse';
import {
  type ReadResult as CatalogueReadResult,
  readCsvRow,
  readJlcpartsLine,
} from '../parts/import-formats.ts';
import { capBomText, capPlacementText } from './text-caps.ts';

// What the server hands a table worker, what the worker does with it, and what it gets back:
// plain data, it crosses processes. Every read of a user's table (a BOM, a placement file, the
// first rows of an uploaded spreadsheet, a catalogue table) runs here, in a worker process with
// a time and memory limit (table-reader.ts), never on the request thread.

/** The bytes of a table: sent along, or a local file the worker reads (at most `maxBytes`). */
export type TableSource = { bytes: Uint8Array } | { path: string; maxBytes: number };

export type TableJob =
  | { kind: 'bom'; source: TableSource; options: BomReadOptions }
  | {
      kind: 'placements';
      source: TableSource;
      options: PlacementReadOptions;
      /** Only these placements are sent back (a preview page); all when absent. */
      page?: { offset: number; limit: number };
    }
  | { kind: 'head'; source: TableSource; rows: number }
  | { kind: 'firstRows'; source: TableSource; rows: number; sheet?: string }
  | {
      kind: 'catalogue';
      source: TableSource;
      format: 'jsonl' | 'csv';
      gzip: boolean;
      /** Specification ids by lower-case name, for the CSV's specification columns. */
      specIds: [string, number][];
      maxRecords: number;
      /** Bytes the (gunzipped) text may have. */
      maxTextBytes: number;
    };

/** A placement file as read, with what a page leaves out counted. */
export type PlacementsRead = PlacementFile & {
  total: number;
  counts: { top: number; bottom: number };
};

export type CatalogueRead =
  | { ok: true; results: CatalogueReadResult[] }
  | { ok: false; message: string };

export type TableJobResult =
  | { kind: 'bom'; result: ReadResult<BomFile> }
  | { kind: 'placements'; result: ReadResult<PlacementsRead> }
  | { kind: 'head'; rows: string[][] | null }
  | { kind: 'firstRows'; result: ReadResult<FirstRows> }
  | { kind: 'catalogue'; result: CatalogueRead };

class SourceTooLarge extends Error {}

function bytesOf(source: TableSource): Uint8Array {
  if ('bytes' in source) return source.bytes;
  const size = fs.statSync(source.path).size;
  if (size > source.maxBytes)
    throw new SourceTooLarge(`the file is ${size} bytes, more than ${source.maxBytes}`);
  return new Uint8Array(fs.readFileSync(source.path));
}

/**
 * The first rows of a spreadsheet, every cell a string; null when not one. The first sheet whose
 * rows show a BOM or placement header is the one (workbooks often open on a revision history or
 * a cover sheet); else the first sheet.
 */
function headRows(bytes: Uint8Array, count: number): string[][] | null {
  const format = sniffSpreadsheet(bytes);
  if (format === null) return null;
  const opened = openSpreadsheet(bytes, format);
  if (!opened.ok || opened.sheets.length === 0) return null;
  // Dense rows: a sheet's rows may have holes where cells are empty.
  const heads = opened.sheets.map((sheet) =>
    sheet.rows.slice(0, count).map((row) => Array.from(row.cells, (cell) => cell ?? '')),
  );
  return heads.find((rows) => tableKindOfRows(rows) !== null) ?? heads[0]!;
}

function readPlacementPage(job: Extract<TableJob, { kind: 'placements' }>, bytes: Uint8Array) {
  const result = readPlacements(bytes, job.options);
  if (!result.ok) return result;
  const file = capPlacementText(result.value);
  let top = 0;
  for (const placement of file.placements) if (placement.side === 'top') top += 1;
  const total = file.placements.length;
  const placements = job.page
    ? file.placements.slice(job.page.offset, job.page.offset + job.page.limit)
    : file.placements;
  return {
    ok: true as const,
    value: { ...file, placements, total, counts: { top, bottom: total - top } },
  };
}

function readCatalogue(
  job: Extract<TableJob, { kind: 'catalogue' }>,
  bytes: Uint8Array,
): CatalogueRead {
  let data = bytes;
  if (job.gzip) {
    try {
      data = zlib.gunzipSync(bytes, { maxOutputLength: job.maxTextBytes });
    } catch (error) {
      return {
        ok: false,
        message:
          error instanceof RangeError
            ? `it expands to more than ${job.maxTextBytes} bytes`
            : 'it is not a gzip file',
      };
    }
  }
  if (data.length > job.maxTextBytes)
    return { ok: false, message: `it is more than ${job.maxTextBytes} bytes of text` };
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  const results: CatalogueReadResult[] = [];
  const tooMany = (): CatalogueRead => ({
    ok: false,
    message: `it holds more than ${job.maxRecords.toLocaleString('en')} parts`,
  });
  if (job.format === 'jsonl') {
    let lineNumber = 0;
    let start = 0;
    while (start <= text.length) {
      const end = text.indexOf('\n', start);
      const line = text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
      lineNumber += 1;
      const result = readJlcpartsLine(line, lineNumber);
      if (result) {
        if (results.length >= job.maxRecords) return tooMany();
        results.push(result);
      }
      if (end < 0) break;
      start = end + 1;
    }
    return { ok: true, results };
  }
  const specIds = new Map(job.specIds);
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
  });
  if (parsed.data.length > job.maxRecords) return tooMany();
  parsed.data.forEach((row, index) => {
    results.push(readCsvRow(row, index + 2, specIds));
  });
  return { ok: true, results };
}

/** The worker's work. Readers never throw for bad input; a source too large says so. */
export function runTableJob(job: TableJob): TableJobResult {
  let bytes: Uint8Array;
  try {
    bytes = bytesOf(job.source);
  } catch (error) {
    if (!(error instanceof SourceTooLarge)) throw error;
    const message = `The file is too large to read: ${error.message}.`;
    if (job.kind === 'head') return { kind: 'head', rows: null };
    if (job.kind === 'catalogue') return { kind: 'catalogue', result: { ok: false, message } };
    return {
      kind: job.kind,
      result: { ok: false, error: { type: 'too-large', line: null, message } },
    } as TableJobResult;
  }
  switch (job.kind) {
    case 'bom': {
      const result = readBom(bytes, job.options);
      return {
        kind: 'bom',
        result: result.ok ? { ok: true, value: capBomText(result.value) } : result,
      };
    }
    case 'placements':
      return { kind: 'placements', result: readPlacementPage(job, bytes) };
    case 'head':
      return { kind: 'head', rows: headRows(bytes, job.rows) };
    case 'firstRows':
      return { kind: 'firstRows', result: firstRows(bytes, job.rows, job.sheet) };
    case 'catalogue':
      return { kind: 'catalogue', result: readCatalogue(job, bytes) };
  }
}
