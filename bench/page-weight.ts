// Benchmark: what a new visitor's browser transfers to show each public page, against the
// 200 kB budget of issue 11. The server runs as `npm start` runs it (a separate process, PGlite,
// fresh data folder); Chromium opens each page in a fresh context and adds up the headers and
// bodies as received (compressed as the browser asks) until the network is idle.
//
// npm run build && npm run page-weight -w bench     # exits 1 when a page transfers 200 kB or more
//   --baseline   also write baselines/page-weight.json
//   --url URL    measure a server already running there instead of starting one
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const baselineFile = path.join(here, 'baselines', 'page-weight.json');
const BUDGET_KB = 200;
const PAGES = ['/', '/about', '/login', '/register', '/forgotPassword', '/resetPassword?token=x'];

const { values: options } = parseArgs({
  options: { baseline: { type: 'boolean', default: false }, url: { type: 'string' } },
});

type PageFigures = { transferredKb: number; requests: number; largest: string[] };

async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-page-weight-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let banner = '';
  let stderr = '';
  // The first start loads the demo parts catalogue after it listens, which keeps the embedded
  // database busy for a while: the pages are measured once it is loaded.
  const url = await new Promise<string>((resolve, reject) => {
    let listening: string | undefined;
    child.stdout!.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      listening ??= /Circuits is running at (http:\/\/\S+)/.exec(banner)?.[1];
      if (listening && banner.includes('loaded the generated demo parts catalogue')) {
        resolve(listening);
      }
      if (banner.length > 1_000_000) banner = banner.slice(-10_000);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${stderr}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}
const server = options.url
  ? { url: options.url.replace(/\/$/, ''), stop: async () => {} }
  : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const figures: Record<string, PageFigures> = {};
try {
  for (const page of PAGES) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const responses: Promise<[string, number]>[] = [];
    tab.on('requestfinished', (request) => {
      responses.push(
        request
          .sizes()
          .then((sizes) => [
            new URL(request.url()).pathname,
            sizes.responseHeadersSize + sizes.responseBodySize,
          ]),
      );
    });
    let inFlight = 0;
    let lastActivity = Date.now();
    tab.on('request', () => {
      inFlight += 1;
      lastActivity = Date.now();
    });
    const settled = () => {
      inFlight -= 1;
      lastActivity = Date.now();
    };
    tab.on('requestfinished', settled);
    tab.on('requestfailed', settled);
    await tab.goto(`${server.url}${page}`, { waitUntil: 'networkidle' });
    // On a loaded machine the network can fall quiet while the main script is still compiling,
    // before the page's own files are asked for: wait for the page to replace the boot screen
    // and for two quiet seconds.
    await tab.waitForFunction('!document.querySelector("#root .boot")', undefined, {
      timeout: 60_000,
    });
    while (inFlight > 0 || Date.now() - lastActivity < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const sizes = await Promise.all(responses);
    sizes.sort((a, b) => b[1] - a[1]);
    figures[page] = {
      transferredKb: Math.round(sizes.reduce((sum, [, size]) => sum + size, 0) / 100) / 10,
      requests: sizes.length,
      largest: sizes
        .slice(0, 4)
        .map(([name, size]) => `${path.basename(name)} ${(size / 1000).toFixed(1)} kB`),
    };
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const load = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' ');
console.log(`load average ${load}; budget ${BUDGET_KB} kB per page\n`);
const over: string[] = [];
for (const [page, result] of Object.entries(figures)) {
  const mark = result.transferredKb < BUDGET_KB ? 'ok  ' : 'OVER';
  if (result.transferredKb >= BUDGET_KB) over.push(page);
  console.log(
    `${mark} ${page.padEnd(24)} ${result.transferredKb.toFixed(1).padStart(6)} kB in ${String(result.requests).padStart(2)} requests  (largest: ${result.largest.join(', ')})`,
  );
}
if (options.baseline) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
    .toString()
    .trim();
  const written = { measuredAt: new Date().toISOString(), commit, budgetKb: BUDGET_KB, figures };
  fs.writeFileSync(baselineFile, `${JSON.stringify(written, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(root, baselineFile)}`);
}
if (over.length > 0) {
  console.error(`\nOver the ${BUDGET_KB} kB budget: ${over.join(', ')}`);
  process.exit(1);
}
