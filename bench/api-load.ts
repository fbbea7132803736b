// Benchmark: API throughput under load and what the home and login pages transfer, through real
// HTTP against the server as `npm start` runs it (a separate process, demo data seeded, default
// settings and logging), on PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database.
// The arduino-uno board of ../shared/fixtures is uploaded through the API as a product.
//
// npm run build && npm run api-load -w bench
//   --baseline            also write baselines/api-load.json
//   --against DIR         also measure the checkout in DIR (built, with its node_modules), call by
//                         call alternately with this one, for a before/after in one run
//   --duration S          seconds per call (10)   --connections N (20)   --only pglite|postgres
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const baselineFile = path.join(here, 'baselines', 'api-load.json');
const boardDir = path.resolve(
  root,
  process.env.FIXTURES_DIR ?? '../shared/fixtures',
  'gerber/arduino-uno',
);
const EDITOR = { email: 'editor@northwind.example', password: 'circuits-demo' };
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** What the server logs when it starts and ends loading the demo parts catalogue (first start). */
const CATALOGUE_LOADING = 'loading the generated demo parts catalogue';
const CATALOGUE_LOADED = 'loaded the generated demo parts catalogue';
/** Longer than any of the lines looked for. */
const LOG_TAIL_CHARS = 200;

const { values: options } = parseArgs({
  options: {
    baseline: { type: 'boolean', default: false },
    against: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    only: { type: 'string' },
  },
});
const durationS = Number(options.duration);
const connections = Number(options.connections);

type Kind = 'pglite' | 'postgres';
type CallFigures = {
  reqPerS: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers other than 2xx, connection errors and requests unanswered after 10 s. */
  failed?: number;
  /** CPU time the server process spent per request (user and system), whatever the load. */
  cpuMsPerRequest?: number;
};
type PageFigures = { transferredKb: number; requests: number };
type Figures = {
  calls: Record<string, CallFigures>;
  pages: Record<string, PageFigures>;
};
type Baseline = {
  measuredAt: string;
  commit: string;
  machine: string;
  connections: number;
  durationS: number;
  load: string;
  results: Partial<Record<Kind, Figures>>;
};

type Server = {
  label: string;
  pid: number;
  url: string;
  token: string;
  productId: number;
  projectId: number;
  stop(): Promise<void>;
};

/** CPU time (user and system) a process has used so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL!;
  const name = `circuits_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

async function api(url: string, token: string | null, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Starts `<checkout>/apps/server/src/main.ts` as `npm start` does, with the board uploaded. */
async function startServer(label: string, checkout: string, kind: Kind): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-bench-'));
  const database = kind === 'postgres' ? await freshPostgresDatabase() : undefined;
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(checkout, 'apps/server/src/main.ts')],
    {
      cwd: checkout,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(checkout, 'apps/web/dist'),
        ...(database && { DATABASE_URL: database.url }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Log lines are read and dropped, as a terminal or a log collector would take them.
  let tail = '';
  let stderr = '';
  // A fresh server loads the demo parts catalogue after it starts listening, which keeps a core
  // busy for a while: the calls are timed once it is done, as on a server that has run before.
  let catalogueLoading = false;
  let catalogueLoaded: () => void = () => {};
  const catalogue = new Promise<void>((resolve) => {
    catalogueLoaded = resolve;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      // Each chunk is looked at with the end of the one before (a line may be split between
      // them), never the whole log: the server logs a line per request, and scanning all of it
      // each time took the CPU the load generator in this process needs.
      const text = tail + chunk.toString();
      tail = text.slice(-LOG_TAIL_CHARS);
      const match = /Circuits is running at (http:\/\/\S+)/.exec(text);
      if (match) resolve(match[1]!);
      if (text.includes(CATALOGUE_LOADING)) catalogueLoading = true;
      if (text.includes(CATALOGUE_LOADED)) catalogueLoaded();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}:\n${stderr}`)));
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const login = await api(`${url}/api/login`, null, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(EDITOR),
    });
    const token = login.token as string;
    const projectForm = new FormData();
    projectForm.append('title', 'Arduino Uno');
    const project = await api(`${url}/api/projects/add`, token, {
      method: 'POST',
      body: projectForm,
    });
    const projectId = (project.data as { id: number }).id;
    const productForm = new FormData();
    productForm.append('name', 'Arduino Uno rev 3');
    for (const name of fs.readdirSync(boardDir).filter((file) => file !== 'SOURCE.md')) {
      productForm.append('files', new Blob([fs.readFileSync(path.join(boardDir, name))]), name);
    }
    const product = await api(`${url}/api/projects/${projectId}/products/add`, token, {
      method: 'POST',
      body: productForm,
    });
    const productId = (product.data as { id: number }).id;
    // (A checkout without a demo catalogue, or a load already done, has nothing to wait for.)
    if (catalogueLoading) await catalogue;
    return { label, pid: child.pid!, url, token, productId, projectId, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const CALLS: { name: string; path: (server: Server) => string; auth: boolean }[] = [
  { name: 'GET /healthz', path: () => '/healthz', auth: false },
  { name: 'GET /api/user', path: () => '/api/user', auth: true },
  { name: 'GET /api/projects', path: () => '/api/projects', auth: true },
  {
    name: 'GET /api/products/{id}',
    path: (server) => `/api/products/${server.productId}`,
    auth: true,
  },
];

async function load(server: Server, call: (typeof CALLS)[number]): Promise<CallFigures> {
  const url = `${server.url}${call.path(server)}`;
  const headers: Record<string, string> = call.auth
    ? { authorization: `Bearer ${server.token}` }
    : {};
  // A short warm-up: V8 compiles the path and the pools fill before the timed run.
  await autocannon({ url, connections, duration: 2, headers });
  const cpuBefore = cpuMs(server.pid);
  const result = await autocannon({ url, connections, duration: durationS, headers });
  const cpuSpent = cpuMs(server.pid) - cpuBefore;
  // A 4xx or 5xx is a broken benchmark; a timeout on an overloaded machine is a figure.
  if (result.non2xx > 0) {
    throw new Error(`${server.label} ${call.name}: ${result.non2xx} answers were not 2xx`);
  }
  const failed = result.errors + result.timeouts;
  return {
    reqPerS: Math.round(result.requests.total / durationS),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    cpuMsPerRequest: Math.round((cpuSpent / Math.max(1, result.requests.total)) * 1000) / 1000,
    ...(failed > 0 && { failed }),
  };
}

/** What Chromium transfers (headers and bodies as received) to show a page, anonymous. */
async function pageWeights(servers: Server[]): Promise<Map<Server, Record<string, PageFigures>>> {
  const weights = new Map<Server, Record<string, PageFigures>>();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const server of servers) {
      const pages: Record<string, PageFigures> = {};
      for (const page of ['/', '/login']) {
        const context = await browser.newContext();
        const tab = await context.newPage();
        const responses: Promise<number>[] = [];
        tab.on('requestfinished', (request) => {
          responses.push(
            request.sizes().then((sizes) => sizes.responseHeadersSize + sizes.responseBodySize),
          );
        });
        await tab.goto(`${server.url}${page}`, { waitUntil: 'networkidle' });
        const sizes = await Promise.all(responses);
        pages[`${page === '/' ? 'home' : 'login'} page`] = {
          transferredKb: Math.round(sizes.reduce((sum, size) => sum + size, 0) / 100) / 10,
          requests: sizes.length,
        };
        await context.close();
      }
      weights.set(server, pages);
    }
  } finally {
    await browser.close();
  }
  return weights;
}

/** Compressed bytes a browser is sent for one asset, checked against the plain size. */
async function checkBrowserEncoding(server: Server): Promise<void> {
  const html = await (await fetch(`${server.url}/login`)).text();
  const script = /src="(\/assets\/app\/js\/[^"]+\.js)"/.exec(html)?.[1];
  if (!script) return;
  const response = await fetch(`${server.url}${script}`, {
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
  await response.arrayBuffer();
  console.log(
    `  ${server.label}: ${script} answered with content-encoding ${response.headers.get('content-encoding') ?? '(none)'}`,
  );
}

function format(value: number | undefined, unit = ''): string {
  if (value === undefined) return '-';
  return `${value.toLocaleString('en-US')}${unit}`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  return [
    line(rows[0]!),
    `| ${widths.map((width, column) => (column === 0 ? `${'-'.repeat(width)}` : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`,
    ...rows.slice(1).map(line),
  ].join('\n');
}

const kinds: Kind[] = (['pglite', 'postgres'] as const).filter(
  (kind) =>
    (options.only === undefined || options.only === kind) &&
    (kind === 'pglite' || process.env.DATABASE_URL),
);
if (!process.env.DATABASE_URL) console.log('PostgreSQL skipped: set DATABASE_URL to measure it');
if (!fs.existsSync(boardDir)) {
  console.log(`Skipped: the board fixture ${boardDir} is absent (set FIXTURES_DIR)`);
  process.exit(0);
}
const baseline: Baseline | undefined = fs.existsSync(baselineFile)
  ? (JSON.parse(fs.readFileSync(baselineFile, 'utf8')) as Baseline)
  : undefined;
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
  .toString()
  .trim();
const against = options.against ? path.resolve(options.against) : undefined;
const againstCommit =
  against &&
  execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: against }).toString().trim();

const loadBefore = loadAverage();
console.log(
  `${os.cpus().length} cores (${os.cpus()[0]?.model}), load average ${loadBefore}; ${connections} connections, ${durationS} s per call`,
);
const results: Partial<Record<Kind, Figures>> = {};
const againstResults: Partial<Record<Kind, Figures>> = {};
for (const kind of kinds) {
  const current = await startServer(`this checkout (${commit})`, root, kind);
  const other = against
    ? await startServer(`${against} (${againstCommit})`, against, kind)
    : undefined;
  try {
    const figures: Figures = { calls: {}, pages: {} };
    const otherFigures: Figures = { calls: {}, pages: {} };
    for (const call of CALLS) {
      // Alternately, so that a burst of work elsewhere on the machine falls on both.
      if (other) otherFigures.calls[call.name] = await load(other, call);
      figures.calls[call.name] = await load(current, call);
      console.log(
        `${kind} ${call.name}: ${format(figures.calls[call.name]!.reqPerS)} req/s${other ? ` (${against}: ${format(otherFigures.calls[call.name]!.reqPerS)})` : ''}`,
      );
    }
    const servers = other ? [other, current] : [current];
    const weights = await pageWeights(servers);
    figures.pages = weights.get(current)!;
    if (other) otherFigures.pages = weights.get(other)!;
    for (const server of servers) await checkBrowserEncoding(server);
    results[kind] = figures;
    if (other) againstResults[kind] = otherFigures;
  } finally {
    await current.stop();
    await other?.stop();
  }
}
const loadAfter = loadAverage();

const columns: { title: string; figures: Partial<Record<Kind, Figures>> | undefined }[] = [
  ...(baseline ? [{ title: `baseline (${baseline.commit})`, figures: baseline.results }] : []),
  ...(against
    ? [{ title: `${path.basename(against)} (${againstCommit})`, figures: againstResults }]
    : []),
  { title: `now (${commit})`, figures: results },
];
const rows: string[][] = [
  ['call', ...kinds.flatMap((kind) => columns.map((column) => `${kind} ${column.title}`))],
];
for (const call of CALLS) {
  rows.push([
    call.name,
    ...kinds.flatMap((kind) =>
      columns.map((column) => {
        const figures = column.figures?.[kind]?.calls[call.name];
        if (!figures) return '-';
        const cpu =
          figures.cpuMsPerRequest === undefined ? '' : `, ${figures.cpuMsPerRequest} ms CPU`;
        return `${format(figures.reqPerS)} req/s, p99 ${format(figures.p99Ms)} ms${cpu}`;
      }),
    ),
  ]);
}
for (const page of ['home page', 'login page']) {
  rows.push([
    `${page} (transferred)`,
    ...kinds.flatMap((kind) =>
      columns.map((column) => {
        const figures = column.figures?.[kind]?.pages[page];
        return figures ? `${format(figures.transferredKb)} kB in ${figures.requests}` : '-';
      }),
    ),
  ]);
}
console.log(`\nload average before ${loadBefore}, after ${loadAfter}\n`);
console.log(table(rows));

if (options.baseline) {
  const written: Baseline = {
    measuredAt: new Date().toISOString(),
    commit,
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model}`,
    connections,
    durationS,
    load: `load average before ${loadBefore}, after ${loadAfter}`,
    results,
  };
  fs.writeFileSync(baselineFile, `${JSON.stringify(written, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(root, baselineFile)}`);
}
