import fs from 'node:fs';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Papa from 'papaparse';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { createTransactor } from './db/database.ts';
import { createCatalogueLoader } from './modules/parts/catalogue-loader.ts';
import type { CatalogueRecord, LoadSummary } from './modules/parts/catalogue-record.ts';
import { type ReadResult, readCsvRow, readJlcpartsLine } from './modules/parts/import-formats.ts';

// `npm run parts:import -- FILE`: loads a parts catalogue into the database of DATA_DIR (or
// DATABASE_URL) from a jlcparts JSON-lines file (`.jsonl`, `.jsonl.gz`) or the documented CSV
// (`.csv`, see docs/parts-import.md). Importing the same file again updates what it added.

const USAGE = 'Usage: npm run parts:import -- FILE   (.jsonl, .jsonl.gz or .csv)';

function openText(file: string): Readable {
  const stream = fs.createReadStream(file);
  return file.endsWith('.gz') ? stream.pipe(zlib.createGunzip()) : stream;
}

async function readJsonLines(file: string): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  const lines = readline.createInterface({ input: openText(file), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    const result = readJlcpartsLine(line, lineNumber);
    if (result) results.push(result);
  }
  return results;
}

async function readCsv(file: string, specIds: Map<string, number>): Promise<ReadResult[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of openText(file)) chunks.push(chunk as Buffer);
  const parsed = Papa.parse<Record<string, string>>(Buffer.concat(chunks).toString('utf8'), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  return parsed.data.map((row, index) => readCsvRow(row, index + 2, specIds));
}

function progressBar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done.toLocaleString('en')} / ${total.toLocaleString('en')} parts`;
}

function printSummary(summary: LoadSummary, seconds: number): void {
  const out = process.stdout;
  out.write(
    `\nAdded ${summary.added.toLocaleString('en')}, updated ${summary.updated.toLocaleString('en')}, refused ${summary.refused.length.toLocaleString('en')} in ${seconds.toFixed(1)} s\n`,
  );
  if (summary.refused.length === 0) return;
  const byReason = new Map<string, string[]>();
  for (const { source, reason } of summary.refused) {
    const key = reason
      .replace(/^.+ (is already in the catalogue|appears twice in this load).*$/, 'part number $1')
      .replace('appears twice in this load', 'appears twice in this file');
    byReason.set(key, [...(byReason.get(key) ?? []), source]);
  }
  out.write('Refused:\n');
  for (const [reason, sources] of [...byReason].sort((a, b) => b[1].length - a[1].length)) {
    const shown = sources.slice(0, 3).join(', ');
    out.write(
      `  ${sources.length.toLocaleString('en')} × ${reason} (${shown}${sources.length > 3 ? ', …' : ''})\n`,
    );
  }
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || file === '--help') {
    process.stderr.write(`${USAGE}\n`);
    return file ? 0 : 2;
  }
  if (!fs.existsSync(file)) {
    process.stderr.write(`No such file: ${file}\n${USAGE}\n`);
    return 2;
  }
  const isCsv = /\.csv(\.gz)?$/i.test(file);
  if (!isCsv && !/\.jsonl?(\.gz)?$/i.test(file)) {
    process.stderr.write(`Unknown file type: ${file}\n${USAGE}\n`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
    const loader = createCatalogueLoader(createTransactor(database.db));
    const started = performance.now();
    process.stdout.write(`Reading ${file}\n`);
    const results = isCsv
      ? await readCsv(file, await loader.specificationIdsByName())
      : await readJsonLines(file);
    const records: CatalogueRecord[] = [];
    const refusedEarly: LoadSummary['refused'] = [];
    for (const result of results) {
      if ('record' in result) records.push(result.record);
      else refusedEarly.push({ source: result.source, reason: result.refused });
    }
    const tty = process.stderr.isTTY;
    let lastTenth = -1;
    const summary = await loader.loadRecords(records, {
      onProgress(done, total) {
        if (tty) {
          process.stderr.write(`\r${progressBar(done, total)}`);
          return;
        }
        const tenth = Math.floor((done / Math.max(total, 1)) * 10);
        if (tenth !== lastTenth) {
          lastTenth = tenth;
          process.stderr.write(`${progressBar(done, total)}\n`);
        }
      },
    });
    if (tty) process.stderr.write('\n');
    summary.refused.unshift(...refusedEarly);
    printSummary(summary, (performance.now() - started) / 1000);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `Import failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
