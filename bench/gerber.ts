// Benchmark: our renderBoard against pcb-stackup 4.2.8 on every fixture board and both large
// boards, side by side. Each library renders each board in a fresh child process: a cold run,
// untimed warm-up renders, then timed warm runs (median), its peak memory (max RSS) and the bytes
// of the top and bottom SVGs. Cold is truly cold for both: the first render of a fresh process
// that has rendered nothing before (ours-unwarmed, as pcb-stackup is timed); the first render of
// a render worker that warmed up as the server starts one is reported beside it.
//   npm run gerber -w bench                      full run (at least 10 warm runs and 1 s of them, after 2 s of warm-up; 300 s per board and library)
//   npm run gerber -w bench -- --quick           at least 5 warm runs and 0.3 s, 30 s per board and library
//   npm run gerber -w bench -- --baseline        also write baselines/gerber.json
//   npm run gerber -w bench -- --rounds 3        each library's process three times per board, in turn
//   options: --runs N  --timed S  --warmup S  --timeout S  --only NAME  --rounds N
// A library that takes longer than the timeout on a board is reported as "timeout > S s".

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appRenderJob, type BoardVariant } from './app-board.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const quick = args.includes('--quick');
const runs = Math.max(5, option('--runs', quick ? 5 : 10));
const timeoutS = option('--timeout', quick ? 30 : 300);
const timedS = option('--timed', quick ? 0.3 : 1);
const warmupS = option('--warmup', 2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const rounds = Math.max(1, option('--rounds', 1));

const LIBRARIES = ['ours', 'ours-unwarmed', 'pcb-stackup'] as const;
type Library = (typeof LIBRARIES)[number];

interface Result {
  coldMs?: number;
  /** Untimed renders between the cold run and the warm ones. */
  warmupRuns?: number;
  warmMs: number[];
  medianMs?: number;
  bytes?: number;
  peakRssMb?: number;
  /** Set when the run did not finish: a timeout or an error. */
  failure?: string;
}

function fixturesDir(): string {
  return process.env.FIXTURES_DIR ?? resolve(here, '../../shared/fixtures');
}

/**
 * Boards measured a second time, for both libraries, without what pcb-stackup cannot take, so
 * that the two can be compared on a board both draw: it crashes on the Allegro rout file, and it
 * draws every Gerber layer of the EAGLE 9 board empty because of the X2 attributes EAGLE writes
 * in comments (`G04 #@! %TF...`).
 */
const VARIANTS: Record<string, { label: string; variant: BoardVariant }> = {
  'gerber/allegro-minnowmax-10layer': {
    label: 'without MinnowMax_RevA1_NCROUTE.rou',
    variant: { leaveOut: ['MinnowMax_RevA1_NCROUTE.rou'] },
  },
  'gerber/eagle9-gyw-x2': {
    label: 'without its G04 #@! attribute comments',
    variant: { dropLinesStarting: 'G04 #@!' },
  },
};

interface Board {
  name: string;
  path: string;
  variant?: BoardVariant;
}

/** The ten boards (not the feature tests) and the large boards. */
function boards(): Board[] {
  return ['gerber', 'gerber-large'].flatMap((group) => {
    const root = join(fixturesDir(), group);
    if (!existsSync(root)) return [];
    return readdirSync(root)
      .filter((name) => !name.startsWith('feature-') && statSync(join(root, name)).isDirectory())
      .filter((name) => !only || name.includes(only))
      .flatMap((name): Board[] => {
        const board = { name: `${group}/${name}`, path: join(root, name) };
        const second = VARIANTS[board.name];
        return second
          ? [
              board,
              { name: `${board.name} ${second.label}`, path: board.path, variant: second.variant },
            ]
          : [board];
      });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Runs one library on one board's render job (a JSON file) in a child process, killed after the timeout. */
function measure(library: Library, jobFile: string): Promise<Result> {
  return new Promise((done) => {
    const result: Result = { warmMs: [] };
    const child = spawn(
      process.execPath,
      [
        join(here, 'gerber-run.ts'),
        library,
        jobFile,
        String(runs),
        String(warmupS * 1000),
        String(timedS * 1000),
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      result.failure = `timeout > ${timeoutS} s`;
      child.kill('SIGKILL');
    }, timeoutS * 1000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      let newline = stdout.indexOf('\n');
      while (newline >= 0) {
        const line = stdout.slice(0, newline);
        stdout = stdout.slice(newline + 1);
        newline = stdout.indexOf('\n');
        if (!line.startsWith('{')) continue;
        const event = JSON.parse(line) as Record<string, number | string>;
        if (event.event === 'cold') {
          result.coldMs = event.ms as number;
          result.bytes = event.bytes as number;
          result.peakRssMb = (event.maxRssKb as number) / 1024;
        } else if (event.event === 'warmup') result.warmupRuns = event.runs as number;
        else if (event.event === 'warm') result.warmMs.push(event.ms as number);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0 && !result.failure) {
        const message =
          stderr.split('\n').find((line) => /Error|error/.test(line)) ?? `exit ${code}`;
        result.failure = `error: ${message.trim().slice(0, 120)}`;
      }
      if (result.warmMs.length > 0) result.medianMs = median(result.warmMs);
      done(result);
    });
  });
}

/**
 * One library's rounds on a board as one result: every warm run pooled (their median), the
 * median of the cold runs, the highest peak memory. A library that failed in a round is not
 * run again (a timeout would only repeat).
 */
function pooled(results: Result[]): Result {
  const [first] = results as [Result];
  if (results.length === 1) return first;
  const colds = results.flatMap((result) => (result.coldMs === undefined ? [] : [result.coldMs]));
  const warmMs = results.flatMap((result) => result.warmMs);
  const rss = results.flatMap((result) =>
    result.peakRssMb === undefined ? [] : [result.peakRssMb],
  );
  const combined: Result = {
    warmMs,
    warmupRuns: first.warmupRuns,
    bytes: first.bytes,
  };
  if (colds.length > 0) combined.coldMs = median(colds);
  if (warmMs.length > 0) combined.medianMs = median(warmMs);
  if (rss.length > 0) combined.peakRssMb = Math.max(...rss);
  const failure = results.find((result) => result.failure)?.failure;
  if (failure) combined.failure = failure;
  return combined;
}

/**
 * A fresh process of ours (nothing rendered before), our render worker (warmed up) and
 * pcb-stackup on one job, `rounds` times in turn: a burst of load elsewhere hits all three alike.
 */
async function measureRounds(
  jobFile: string,
): Promise<{ ours: Result; unwarmed: Result; pcbStackup: Result }> {
  const ours: Result[] = [];
  const fresh: Result[] = [];
  const theirs: Result[] = [];
  const failed = (results: Result[]) => results.some((result) => result.failure);
  for (let round = 0; round < rounds; round++) {
    if (!failed(fresh)) fresh.push(await measure('ours-unwarmed', jobFile));
    if (!failed(ours)) ours.push(await measure('ours', jobFile));
    if (!failed(theirs)) theirs.push(await measure('pcb-stackup', jobFile));
  }
  return { ours: pooled(ours), unwarmed: pooled(fresh), pcbStackup: pooled(theirs) };
}

const seconds = (ms: number | undefined) =>
  ms === undefined
    ? '-'
    : ms >= 10_000
      ? `${(ms / 1000).toFixed(0)} s`
      : ms >= 1000
        ? `${(ms / 1000).toFixed(2)} s`
        : ms >= 10
          ? `${ms.toFixed(0)} ms`
          : `${ms.toFixed(2)} ms`;
const megabytes = (value: number | undefined) =>
  value === undefined ? '-' : `${value.toFixed(0)} MB`;
const kilobytes = (value: number | undefined) =>
  value === undefined
    ? '-'
    : value >= 1e6
      ? `${(value / 1e6).toFixed(1)} MB`
      : `${(value / 1e3).toFixed(0)} kB`;

/**
 * Warm median against warm median; when pcb-stackup did not finish its warm runs, cold run
 * against cold run (a lower bound when its cold run timed out too).
 */
function speedUp(ours: Result, theirs: Result): string {
  if (ours.medianMs !== undefined && theirs.medianMs !== undefined) {
    return `${(theirs.medianMs / ours.medianMs).toFixed(1)}x`;
  }
  if (ours.coldMs === undefined) return '-';
  if (theirs.coldMs !== undefined) return `${(theirs.coldMs / ours.coldMs).toFixed(0)}x cold`;
  if (!theirs.failure?.startsWith('timeout')) return '-';
  return `> ${((timeoutS * 1000) / ours.coldMs).toFixed(0)}x cold`;
}

/** Cold run against cold run (a lower bound when pcb-stackup's timed out). */
function coldSpeedUp(ours: Result, theirs: Result): string {
  if (ours.coldMs === undefined) return '-';
  if (theirs.coldMs !== undefined) return `${(theirs.coldMs / ours.coldMs).toFixed(1)}x`;
  if (!theirs.failure?.startsWith('timeout')) return '-';
  return `> ${((timeoutS * 1000) / ours.coldMs).toFixed(0)}x`;
}

const rows: { board: string; ours: Result; unwarmed: Result; pcbStackup: Result }[] = [];
console.log(
  `warm runs: at least ${runs} and ${timedS} s of them, after ${warmupS} s of warm-up; timeout per board and library: ${timeoutS} s; ${rounds} round(s) per board`,
);
const jobs = mkdtempSync(join(tmpdir(), 'bench-gerber-'));
for (const board of boards()) {
  // The board as the app stores it and hands it to a render worker; both libraries get it.
  const jobFile = join(jobs, 'job.json');
  writeFileSync(jobFile, JSON.stringify(await appRenderJob(board.path, board.variant)));
  const { ours, unwarmed, pcbStackup } = await measureRounds(jobFile);
  rows.push({ board: board.name, ours, unwarmed, pcbStackup });
  const describe = (result: Result) =>
    `cold ${seconds(result.coldMs)} warm ${seconds(result.medianMs)} rss ${megabytes(result.peakRssMb)}${result.failure ? ` (${result.failure})` : ''}`;
  console.log(
    `${board.name}: ours truly cold ${seconds(unwarmed.coldMs)} | ours worker ${describe(ours)} | pcb-stackup ${describe(pcbStackup)}`,
  );
}

rmSync(jobs, { recursive: true, force: true });

const table = [
  '| board | ours warm | pcb-stackup warm | warm ratio | ours cold (fresh process) | pcb-stackup cold (fresh process) | cold ratio | ours first render, warmed worker | ours peak RSS (cold) | pcb-stackup peak RSS | ours SVG | pcb-stackup SVG |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(({ board, ours, unwarmed, pcbStackup }) => {
    const theirs = (value: string) => (pcbStackup.failure ? pcbStackup.failure : value);
    return (
      `| ${board} | ${seconds(ours.medianMs)} | ${theirs(seconds(pcbStackup.medianMs))} | ${speedUp(ours, pcbStackup)} | ` +
      `${seconds(unwarmed.coldMs)} | ${seconds(pcbStackup.coldMs)} | ${coldSpeedUp(unwarmed, pcbStackup)} | ` +
      `${seconds(ours.coldMs)} | ${megabytes(unwarmed.peakRssMb)} | ` +
      `${megabytes(pcbStackup.peakRssMb)} | ${kilobytes(ours.bytes)} | ${kilobytes(pcbStackup.bytes)} |`
    );
  }),
];
console.log(`\n${table.join('\n')}`);

/**
 * pcb-stackup draws every Gerber layer of the EAGLE 9 board as exported empty (it misreads the X2
 * attributes in its comments): its times there are not of drawing the board. Its second row,
 * without those comments, is compared instead.
 */
const NOT_DRAWN_BY_PCB_STACKUP = new Set(['gerber/eagle9-gyw-x2']);

/** The lowest ratio over the boards both libraries draw, against its target. */
function verdict(
  label: string,
  target: number,
  ratio: (row: (typeof rows)[number]) => number | null,
): string {
  const measured = rows.flatMap((row) => {
    if (NOT_DRAWN_BY_PCB_STACKUP.has(row.board)) return [];
    const value = ratio(row);
    return value === null ? [] : [{ board: row.board, value }];
  });
  if (measured.length === 0) return `${label}: nothing measured`;
  const worst = measured.reduce((low, row) => (row.value < low.value ? row : low));
  const met = measured.every((row) => row.value >= target);
  return `${label} (target ${target}x on every board): ${met ? 'met' : 'not met'}, lowest ${worst.value.toFixed(1)}x on ${worst.board}`;
}
console.log(
  `\n${verdict('warm', 10, ({ ours, pcbStackup }) => (ours.medianMs && pcbStackup.medianMs ? pcbStackup.medianMs / ours.medianMs : null))}`,
);
console.log(
  verdict('truly cold', 5, ({ unwarmed, pcbStackup }) =>
    unwarmed.coldMs && pcbStackup.coldMs ? pcbStackup.coldMs / unwarmed.coldMs : null,
  ),
);

if (args.includes('--baseline')) {
  const round = (value: number | undefined) =>
    value === undefined ? null : Number(value.toFixed(1));
  const extra = args.filter((arg) => arg !== '--baseline');
  const baseline = {
    measured: `${new Date().toISOString().slice(0, 10)}, 2-core shared machine, Node ${process.versions.node}`,
    command: ['npm run gerber -w bench', extra.length > 0 ? `-- ${extra.join(' ')}` : '']
      .join(' ')
      .trim(),
    warmRuns: runs,
    rounds,
    timedS,
    warmupS,
    timeoutS,
    results: rows.map(({ board, ours, unwarmed, pcbStackup }) => ({
      board,
      ...Object.fromEntries(
        (
          [
            ['ours', ours],
            ['oursUnwarmed', unwarmed],
            ['pcbStackup', pcbStackup],
          ] as const
        ).map(([name, result]) => [
          name,
          {
            coldMs: round(result.coldMs),
            warmupRuns: result.warmupRuns ?? null,
            medianWarmMs: round(result.medianMs),
            warmRuns: result.warmMs.length,
            peakRssMb: round(result.peakRssMb),
            svgBytes: result.bytes ?? null,
            failure: result.failure ?? null,
          },
        ]),
      ),
    })),
  };
  writeFileSync(join(here, 'baselines/gerber.json'), `${JSON.stringify(baseline, null, 2)}\n`);
  console.log('baseline written to bench/baselines/gerber.json');
}
