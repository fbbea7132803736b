// Benchmark: the design-for-manufacture check on every fixture board, as a render worker runs it
// (the board rendered from the job the app builds, then checked on the plotted layers), in this
// one process. Prints per board the time of the check and what it found.
//   npm run dfm -w bench [-- board-name ...]

import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkBoard } from '@circuits/dfm';
import { renderBoard } from '@circuits/gerber';
import { appRenderJob } from './app-board.ts';

const here = import.meta.dirname;
const fixtures = process.env.FIXTURES_DIR ?? resolve(here, '../../shared/fixtures');
const wanted = process.argv.slice(2);

const folders = ['gerber-large', 'gerber'].flatMap((group) =>
  readdirSync(join(fixtures, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('feature-tests'))
    .map((entry) => ({ name: entry.name, path: join(fixtures, group, entry.name) })),
);

const mm = (value: number | null) => (value === null ? '-' : value.toFixed(4));

/** What one check of a board may take in one worker (CPU time of this process, ms). */
const BOUNDS_MS: Record<string, number> = { 'a64-olinuxino': 2000, 'limesdr-qpcie': 8000 };

for (const { name, path } of folders) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const job = await appRenderJob(path);
  const renderStart = performance.now();
  const board = renderBoard({
    layers: job.layers.map(({ filename, side, type, gerber }) => ({
      filename,
      side,
      type,
      gerber,
    })),
  });
  const renderMs = performance.now() - renderStart;
  const checkStart = performance.now();
  const cpuStart = process.cpuUsage();
  const report = checkBoard(board.layers.slice(0, job.layers.length));
  const checkMs = performance.now() - checkStart;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const figures = report.checks
    .map(
      (result) => `${result.check} ${mm(result.worst)}${result.count ? ` (${result.count})` : ''}`,
    )
    .join(', ');
  console.log(
    `${name}: check ${Math.round(checkMs)} ms (CPU ${Math.round(cpuMs)} ms; render ${Math.round(renderMs)} ms), ${report.copperLayers} copper layers, ${report.holes} holes`,
  );
  console.log(`  ${figures}`);
  for (const note of report.notes) console.log(`  note: ${note}`);
  const bound = BOUNDS_MS[name];
  if (bound !== undefined) {
    const within = cpuMs <= bound;
    console.log(`  bound: ${bound} ms of CPU, ${within ? 'within' : 'OVER'}`);
    if (!within) process.exitCode = 1;
  }
}
