// Benchmark: a 5,000-line BOM and a 20,000-placement file through the HTTP API, on a fresh
// PGlite database holding the demo catalogue (22,644 parts). The BOM mixes catalogue part
// numbers (some typed without dashes or in lower case), passives given only by value and
// footprint (matched by value and package) and parts the catalogue does not have.
// Calls are timed as raw HTTP (the test client's own contract check is left out).
// Run: npm run bom-api -w bench (prints the numbers; --baseline also writes
// baselines/bom-api-<pglite|postgres>.json); with DATABASE_URL it runs on PostgreSQL.
// `-- --against DIR` first runs this benchmark of another checkout (with its node_modules), so
// both are measured on the machine as it is during this run, and prints them side by side.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  addProduct,
  addProductFiles,
  addProject,
  bomFromFile,
  buildPath,
  type EndpointResponse,
  getProduct,
  parseExistedBom,
  placementsFromFile,
} from '@circuits/contracts';
import {
  CATEGORY,
  DEMO_MANUFACTURERS,
  demoCatalogue,
  demoPackages,
} from '../apps/server/src/seed/demo-catalogue.ts';
import { createPeople } from '../apps/server/test/fixtures.ts';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { form } from '../apps/server/test/uploads.ts';

const { values: options } = parseArgs({
  options: { against: { type: 'string' }, baseline: { type: 'boolean' } },
});

/** One round of this benchmark in another checkout (its own code, server and database). */
function roundAgainst(checkout: string): { label: string; runsMs: number[] }[] {
  const printed = execFileSync(process.execPath, [path.join(checkout, 'bench/bom-api.ts')], {
    cwd: path.join(checkout, 'bench'),
    env: { ...process.env, BENCH_ROUNDS: '1' },
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  }).toString();
  return (
    JSON.parse(printed.slice(printed.indexOf('\n{') + 1)) as {
      results: { label: string; runsMs: number[] }[];
    }
  ).results;
}

const against = options.against ? path.resolve(options.against) : undefined;

const BOM_LINES = 5000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 2000;

// A deterministic generator, so every run sends the same bytes.
let seed = 7;
const random = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

// BENCH_PARTS=N loads about N parts, every k-th (for quick runs while profiling; not a baseline).
const everyPart = demoCatalogue();
const step = Math.max(
  1,
  Math.floor(everyPart.length / Number(process.env.BENCH_PARTS ?? everyPart.length)),
);
const catalogue = everyPart.filter((_, index) => index % step === 0);
const numbered = catalogue.filter((record) => record.category !== CATEGORY.resistors);
const VALUES = [
  '10k',
  '4k7',
  '100R',
  '1k',
  '47k',
  '22R',
  '100n',
  '1u',
  '10u',
  '4.7u',
  '22p',
  '10n',
];
const FOOTPRINTS = ['0402', '0603', '0805'];

/** The BOM lines (designators, quantity, value, footprint, MPN, manufacturer) and the designators. */
function bom() {
  const lines: string[][] = [];
  const placed: { ref: string; footprint: string; value: string }[] = [];
  let next = 1;
  for (let i = 0; i < BOM_LINES; i += 1) {
    const kind = i % 10; // 0-3 catalogue part numbers, 4-6 passives by value, 7-9 unknown parts
    const count = 1 + random(7);
    let prefix = 'U';
    let value = '';
    let footprint = '';
    let mpn = '';
    let maker = '';
    if (kind <= 3) {
      const record = numbered[random(numbered.length)]!;
      mpn = i % 3 === 0 ? record.partNumber.replace(/-/g, '').toLowerCase() : record.partNumber;
      maker = record.manufacturer;
      value = record.name.slice(0, 20);
      footprint = record.packageName ?? '';
    } else if (kind <= 6) {
      value = VALUES[random(VALUES.length)]!;
      const capacitor = /[nup]$/.test(value);
      prefix = capacitor ? 'C' : 'R';
      const size = FOOTPRINTS[random(FOOTPRINTS.length)]!;
      footprint = `${prefix}_${size}_${size === '0402' ? '1005' : size === '0603' ? '1608' : '2012'}Metric`;
    } else {
      mpn = `XQ${100000 + i}-${random(99)}`;
      maker = 'Nowhere Semi';
      value = `IC ${i}`;
      footprint = 'QFN-32';
    }
    const refs = Array.from({ length: count }, () => `${prefix}${next++}`);
    for (const ref of refs) placed.push({ ref, footprint, value });
    lines.push([refs.join(' '), String(count), value, footprint, mpn, maker]);
  }
  const cell = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const csv = [
    'Designator,Quantity,Value,Footprint,Manufacturer Part Number,Manufacturer',
    ...lines.map((line) => line.map(cell).join(',')),
  ].join('\n');
  const pos = [
    'Ref,Val,Package,PosX,PosY,Rot,Side',
    ...placed.map(
      (p, index) =>
        `${p.ref},${cell(p.value)},${cell(p.footprint)},${(random(30000) / 100).toFixed(2)},${(random(20000) / 100).toFixed(2)},${(index % 8) * 45},${index % 3 === 0 ? 'bottom' : 'top'}`,
    ),
  ].join('\n');
  return { csv, pos, designators: placed.length };
}

async function timed<T extends { status: number; text: string }>(
  label: string,
  call: () => Promise<T>,
) {
  const start = performance.now();
  const answer = await call();
  const ms = performance.now() - start;
  if (answer.status >= 300)
    throw new Error(`${label} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return { answer, ms };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const { csv, pos, designators } = bom();
// PostgreSQL when DATABASE_URL is set (a fresh database on that server), PGlite otherwise.
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const server = await startTestServer(kind);
try {
  const loadStart = performance.now();
  await server.services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
  await server.services.catalogue.loadPackages(demoPackages());
  await server.services.catalogue.loadRecords(catalogue);
  console.log(
    `catalogue of ${catalogue.length} parts loaded in ${Math.round(performance.now() - loadStart)} ms`,
  );
  const people = await createPeople(server);
  const token = people.acme.editor.token;
  const project = await server.call(addProject, { token, form: form({ title: 'Bench' }) });
  // The server closes keep-alive connections idle for 5 s (the other checkout's round takes
  // longer): a request sent on one of them meets a reset. Cheap requests use them up first.
  const dropIdleConnections = async () => {
    for (let attempt = 0, fine = 0; attempt < 8 && fine < 2; attempt += 1) {
      fine += await server.request('GET', '/healthz').then(
        () => 1,
        () => 0,
      );
    }
  };
  const times: Record<string, number[]> = {};
  const record = (label: string, ms: number) => {
    times[label] = [...(times[label] ?? []), ms];
  };
  let counts = { bomRows: 0, matched: 0, suggested: 0, placements: 0, linked: 0 };
  // With --against, a round of the other checkout before each round of this one: both see the
  // machine as it is at that moment.
  const beforeTimes: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    if (against) {
      for (const { label, runsMs } of roundAgainst(against))
        beforeTimes[label] = [...(beforeTimes[label] ?? []), ...runsMs];
      await dropIdleConnections();
    }
    const product = await server.call(addProduct, {
      token,
      params: { id: project.data.data.id },
      form: form({ name: `Large ${round}` }),
    });
    const id = product.data.data.id;
    const upload = await timed('upload', () =>
      server.call(addProductFiles, {
        token,
        params: { id },
        form: form({}, [
          { field: 'files', name: 'bom.csv', data: csv },
          { field: 'files', name: 'positions.csv', data: pos },
        ]),
      }),
    );
    record('POST addFiles (both files)', upload.ms);
    const fileId = (name: string) => upload.answer.data.files.find((f) => f.name === name)!.id;
    const parsed = await timed('parseExisted', () =>
      server.call(parseExistedBom, {
        token,
        params: { id },
        form: form({ file_id: String(fileId('bom.csv')) }),
      }),
    );
    record('BOM: POST bom/parseExisted (read, map, match)', parsed.ms);
    // The read is kept on the server: saving it sends its id, not its rows.
    const readId = (parsed.answer.json as EndpointResponse<typeof parseExistedBom>).parsed.read_id;
    const saved = await timed('fromFile', () =>
      server.call(bomFromFile, {
        token,
        params: { id },
        body: { data: { read_id: readId }, file_id: fileId('bom.csv') },
      }),
    );
    record('BOM: POST bom/fromFile (match, save)', saved.ms);
    const placeUrl = buildPath(placementsFromFile.path, { id });
    const preview = await timed('place preview', () =>
      server.request('POST', placeUrl, {
        token,
        json: { file_id: fileId('positions.csv'), data: { preview: true } },
      }),
    );
    record('Placements: POST place/fromFile preview (read, map)', preview.ms);
    const placed = await timed('place save', () =>
      server.call(placementsFromFile, {
        token,
        params: { id },
        body: { file_id: fileId('positions.csv'), data: {} },
      }),
    );
    record('Placements: POST place/fromFile (read, map, link, save)', placed.ms);
    const page = await timed('page', () =>
      server.request('GET', buildPath(getProduct.path, { id }), { token }),
    );
    record('GET /api/products/{id} (5,000 BOM rows, 20,000 placements)', page.ms);
    const pageData = page.answer.json as EndpointResponse<typeof getProduct>;
    const bomRows = pageData.bom;
    counts = {
      bomRows: bomRows.length,
      matched: bomRows.filter((row) => row.match.status === 'matched').length,
      suggested: bomRows.filter((row) => row.match.status === 'suggested').length,
      placements: pageData.placements.length,
      linked: pageData.placements.filter((p) => p.bom_id !== null).length,
    };
  }
  const summarise = (measured: Record<string, number[]>) =>
    Object.entries(measured).map(([label, values]) => ({
      label,
      runsMs: values.map((v) => Math.round(v)),
      medianMs: Math.round(median(values)),
    }));
  const results = summarise(times);
  const before = against ? summarise(beforeTimes) : undefined;
  const underTarget = results
    .filter((r) => r.label.startsWith('BOM') || r.label.startsWith('Placements'))
    .every((r) => r.medianMs < TARGET_MS);
  const summary = {
    bomLines: BOM_LINES,
    designators,
    kilobytes: { bom: Math.round(csv.length / 1024), placements: Math.round(pos.length / 1024) },
    ...counts,
  };
  console.log(JSON.stringify({ summary, targetMs: TARGET_MS, underTarget, results }, null, 2));
  if (before) {
    console.table(
      results.map((r) => ({
        call: r.label,
        'before (ms)': before.find((b) => b.label === r.label)?.medianMs ?? null,
        'now (ms)': r.medianMs,
      })),
    );
  }
  if (options.baseline) {
    const file = path.join(import.meta.dirname, 'baselines', `bom-api-${kind}.json`);
    const baseline = {
      measured: `${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} at the end, Node ${process.versions.node}`,
      command: 'npm run bom-api -w bench',
      database: kind,
      catalogueParts: catalogue.length,
      summary,
      targetMs: TARGET_MS,
      underTarget,
      results,
      ...(before && {
        before: {
          note: 'The code before this change, a round of it before each round of this (--against)',
          results: before,
        },
      }),
    };
    fs.writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
  }
} finally {
  await server.close();
}
