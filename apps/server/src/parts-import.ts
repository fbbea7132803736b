import fs from 'node:fs';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { createTransactor } from './db/database.ts';
import { createCatalogueLoader } from './modules/parts/catalogue-loader.ts';
import type { CatalogueRecord, LoadSummary } from './modules/parts/catalogue-record.ts';
import type { InvenTreeNotes } from './modules/parts/import-inventree.ts';
import {
  FORMAT_HELP,
  guessFormat,
  IMPORT_FORMATS,
  type ImportFormat,
  readCatalogueFile,
} from './modules/parts/import-readers.ts';

// `npm run parts:import -- FILE [--format F]`: loads a parts catalogue into the database of
// DATA_DIR (or DATABASE_URL) from one of the formats of docs/parts-import.md. The file is read as
// a stream and written in batches, so memory stays flat however long it is. Importing the same
// file again updates what it added. Exits 1 when any record was refused (after the summary).

const USAGE = `Usage: npm run parts:import -- FILE [--format ${IMPORT_FORMATS.join('|')}]
${IMPORT_FORMATS.map((format) => `  ${format.padEnd(10)} ${FORMAT_HELP[format]}`).join('\n')}
Without --format: .jsonl/.jsonlines → jlcparts, .json → inventree, .csv by its header.`;

/** Records written per call of the loader: one transaction each, memory bounded by it. */
const BATCH = 1000;
/** Refusals named one by one in the summary, per reason. */
const EXAMPLES = 5;

type Refusals = Map<string, { count: number; examples: string[] }>;

function reasonKey(reason: string): string {
  return reason
    .replace(/^.+ (is already in the catalogue|appears twice in this load).*$/, 'part number $1')
    .replace('appears twice in this load', 'appears twice in this file');
}

function addRefusals(refusals: Refusals, list: LoadSummary['refused']): void {
  for (const { source, reason, line } of list) {
    const key = reasonKey(reason);
    const entry = refusals.get(key) ?? { count: 0, examples: [] };
    entry.count += 1;
    if (entry.examples.length < EXAMPLES) {
      entry.examples.push(line === undefined ? source : `line ${line}: ${source}`);
    }
    refusals.set(key, entry);
  }
}

function parseArguments(argv: readonly string[]): {
  file?: string;
  format?: string;
  help: boolean;
} {
  const result: { file?: string; format?: string; help: boolean } = { help: false };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--help' || argument === '-h') result.help = true;
    else if (argument === '--format') result.format = argv[++index] ?? '';
    else if (argument.startsWith('--format=')) result.format = argument.slice('--format='.length);
    else result.file ??= argument;
  }
  return result;
}

async function main(): Promise<number> {
  const args = parseArguments(process.argv.slice(2));
  if (args.help || !args.file) {
    process.stderr.write(`${USAGE}\n`);
    return args.help ? 0 : 2;
  }
  const file = args.file;
  if (!fs.existsSync(file)) {
    process.stderr.write(`No such file: ${file}\n${USAGE}\n`);
    return 2;
  }
  if (args.format !== undefined && !IMPORT_FORMATS.includes(args.format as ImportFormat)) {
    process.stderr.write(`Unknown format "${args.format}"\n${USAGE}\n`);
    return 2;
  }
  const format = (args.format as ImportFormat | undefined) ?? (await guessFormat(file));
  if (!format) {
    process.stderr.write(`Cannot tell the format of ${file}: give --format\n${USAGE}\n`);
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
    process.stdout.write(`Reading ${file} (${format})\n`);
    const totals = { read: 0, added: 0, updated: 0, merged: 0, refused: 0 };
    const refusals: Refusals = new Map();
    const notes: InvenTreeNotes = { skippedPriceBreaks: new Map() };
    const tty = process.stderr.isTTY;
    let batch: CatalogueRecord[] = [];
    let lastReported = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const summary = await loader.loadRecords(batch);
      batch = [];
      totals.added += summary.added;
      totals.updated += summary.updated;
      totals.merged += summary.merged ?? 0;
      totals.refused += summary.refused.length;
      addRefusals(refusals, summary.refused);
      if (tty) process.stderr.write(`\r${totals.read.toLocaleString('en')} records read`);
      else if (totals.read - lastReported >= 50_000) {
        lastReported = totals.read;
        process.stderr.write(`${totals.read.toLocaleString('en')} records read\n`);
      }
    };
    const specIdsByName = await loader.specificationIdsByName();
    for await (const result of readCatalogueFile(file, format, {
      specIdsByName,
      inventreeNotes: notes,
    })) {
      totals.read += 1;
      if ('record' in result) {
        batch.push(result.record);
        if (batch.length >= BATCH) await flush();
      } else {
        totals.refused += 1;
        addRefusals(refusals, [
          { source: result.source, reason: result.refused, line: result.line },
        ]);
      }
    }
    await flush();
    if (tty) process.stderr.write('\n');
    const seconds = (performance.now() - started) / 1000;
    const out = process.stdout;
    const count = (value: number) => value.toLocaleString('en');
    out.write(
      `\nAdded ${count(totals.added)}, updated ${count(totals.updated)}, merged ${count(totals.merged)} (supplier codes of parts already there), refused ${count(totals.refused)} of ${count(totals.read)} records in ${seconds.toFixed(1)} s\n`,
    );
    for (const [currency, skipped] of notes.skippedPriceBreaks) {
      out.write(
        `Price breaks in ${currency} left out (prices are kept in USD): ${count(skipped)}\n`,
      );
    }
    if (refusals.size === 0) return 0;
    out.write('Refused:\n');
    for (const [reason, { count: times, examples }] of [...refusals].sort(
      (a, b) => b[1].count - a[1].count,
    )) {
      out.write(`  ${count(times)} × ${reason}\n`);
      for (const example of examples) out.write(`      ${example}\n`);
      if (times > examples.length)
        out.write(`      … and ${count(times - examples.length)} more\n`);
    }
    return 1;
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
