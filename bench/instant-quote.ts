// Benchmark: how soon a visitor's dropped board is drawn on /instantQuote, against issue 15's
// 2 s for the a64-olinuxino board. The files are read, identified and drawn in the browser (a
// Web Worker), so the figure is Chromium's own: from handing it the zip to the board canvas
// marking its picture drawn. Every request the page sends is recorded: none may carry the files.
// Each round is a fresh browser context (nothing cached), so every round pays what a new
// visitor pays, worker start included.
//
// npm run build && npm run instant-quote -w bench
//   --rounds N   rounds (default 5)
//   --baseline   also write baselines/instant-quote.json
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';
import { percentile, roundMs, startApp } from './viewer-session.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const BOARD = 'a64-olinuxino';
const TARGET_MS = 2000;
const boardDir = path.resolve(
  root,
  process.env.FIXTURES_DIR ?? '../shared/fixtures',
  'gerber-large',
  BOARD,
);

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    baseline: { type: 'boolean', default: false },
  },
});
const rounds = Number(options.rounds);

if (!existsSync(boardDir)) {
  console.log(`Skipped: the board fixture ${boardDir} is absent (set FIXTURES_DIR)`);
  process.exit(0);
}
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}

const archive = zipSync(
  Object.fromEntries(
    readdirSync(boardDir)
      .filter((name) => name !== 'SOURCE.md')
      .map((name) => [name, new Uint8Array(readFileSync(path.join(boardDir, name)))]),
  ),
);

type Round = { measuredMs: number; drawnMs: number; largestRequestBytes: number };

const app = await startApp('circuits-bench-instant-quote-');
const results: Round[] = [];
try {
  for (let round = 0; round < rounds; round += 1) {
    const context = await app.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const sentBytes: number[] = [];
    page.on('request', (request) => sentBytes.push(request.postDataBuffer()?.length ?? 0));
    await page.goto(`${app.baseUrl}/instantQuote`);
    await page.getByText('No board yet.').waitFor({ timeout: 60_000 });
    const dropped = performance.now();
    await page.locator('.mantine-Dropzone-root input[type=file]').setInputFiles({
      name: `${BOARD}.zip`,
      mimeType: 'application/zip',
      buffer: Buffer.from(archive),
    });
    await page.getByTestId('quote-layers').waitFor({ timeout: 120_000 });
    const measuredMs = performance.now() - dropped;
    await page.locator('[data-testid=board-canvas][data-ready]').waitFor({ timeout: 120_000 });
    const drawnMs = performance.now() - dropped;
    results.push({ measuredMs, drawnMs, largestRequestBytes: Math.max(0, ...sentBytes) });
    await context.close();
  }
} finally {
  await app.stop();
}

const sorted = (pick: (round: Round) => number) => results.map(pick).sort((a, b) => a - b);
const drawn = sorted((round) => round.drawnMs);
const measured = sorted((round) => round.measuredMs);
const largestRequestBytes = Math.max(...results.map((round) => round.largestRequestBytes));
const figures = {
  board: BOARD,
  zipBytes: archive.length,
  rounds,
  measuredMedianMs: roundMs(percentile(measured, 0.5)),
  drawnMedianMs: roundMs(percentile(drawn, 0.5)),
  drawnWorstMs: roundMs(drawn.at(-1) ?? 0),
  largestRequestBytes,
};
const load = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' ');
console.log(`load average ${load}; ${BOARD}, ${archive.length} bytes zipped, ${rounds} rounds`);
console.log(`size and layers shown: median ${figures.measuredMedianMs} ms`);
console.log(
  `board drawn:           median ${figures.drawnMedianMs} ms, worst ${figures.drawnWorstMs} ms (target ${TARGET_MS} ms)`,
);
console.log(`largest request body sent: ${largestRequestBytes} bytes (the files never leave)`);

if (options.baseline) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
    .toString()
    .trim();
  const file = path.join(here, 'baselines', 'instant-quote.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), commit, load, figures }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(root, file)}`);
}
if (largestRequestBytes >= archive.length / 10) {
  console.error('A request carried the files: the instant quote must not upload them');
  process.exit(1);
}
