// One library rendering one board, in a process of its own so that its peak memory is its own.
// Started by gerber.ts; prints one JSON event per line: ready, cold, warmup, warm (one per run),
// done; for ours also identify (one per warm run): identification alone, which the render
// includes.
//   node bench/gerber-run.ts <ours|pcb-stackup> <board folder> <warm runs> <warm-up ms> <timed ms> [variant JSON]
// The variant (see BoardVariant) leaves files out or lines out of every file, for both libraries.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { identifyLayers, parseDrillParams, renderBoard } from '@circuits/gerber';

type Render = () => Promise<number>;

/** A board's files changed the same way for both libraries, to compare them where both can draw. */
export interface BoardVariant {
  /** Files left out. */
  leaveOut?: string[];
  /** Lines starting with this are taken out of every file. */
  dropLinesStarting?: string;
}

const [library, folder, runsText, warmupText, timedText, variantText] = process.argv.slice(2);
if (!library || !folder) {
  throw new Error(
    'usage: gerber-run.ts <ours|pcb-stackup> <folder> <runs> <warm-up ms> <timed ms> [variant]',
  );
}
const runs = Number(runsText ?? 5);
const warmupMs = Number(warmupText ?? 0);
const timedMs = Number(timedText ?? 0);
const variant = (variantText ? JSON.parse(variantText) : {}) as BoardVariant;

function withoutLines(text: string, prefix: string | undefined): string {
  if (!prefix) return text;
  return text
    .split('\n')
    .filter((line) => !line.startsWith(prefix))
    .join('\n');
}

const emit = (event: Record<string, unknown>) => console.log(JSON.stringify(event));

const files = readdirSync(folder)
  .filter((name) => name !== 'SOURCE.md' && statSync(join(folder, name)).isFile())
  .filter((name) => !variant.leaveOut?.includes(name))
  .map((name) => ({
    filename: name,
    gerber: withoutLines(readFileSync(join(folder, name), 'latin1'), variant.dropLinesStarting),
  }));

/** Our engine: the whole upload, identified, parsed, plotted and drawn. */
function ours(): Render {
  return async () => {
    const board = renderBoard({ layers: files });
    return board.top.svg.length + board.bottom.svg.length;
  };
}

/**
 * pcb-stackup 4.2.8 with the same layers: the files our identification takes for layers, with
 * their side and type given (saving it its own identification), and the drill format of an
 * Allegro nc_param.txt as gerber-to-svg options.
 */
async function pcbStackup(): Promise<Render> {
  const { default: stackup } = (await import('pcb-stackup')) as unknown as {
    default: (layers: object[]) => Promise<{ top: { svg: string }; bottom: { svg: string } }>;
  };
  const identities = identifyLayers(
    files.map(({ filename, gerber }) => ({ filename, content: gerber })),
  );
  const params = identities.find((identity) => identity.auxiliary === 'drill-parameters');
  const drillOptions = params
    ? parseDrillParams(files.find((file) => file.filename === params.filename)?.gerber ?? '')
    : {};
  const layers = files.flatMap((file, index) => {
    const identity = identities[index];
    if (!identity?.type) return [];
    const drill = identity.type === 'drill' || identity.rout;
    return [
      { ...file, side: identity.side, type: identity.type, options: drill ? drillOptions : {} },
    ];
  });
  return async () => {
    const board = await stackup(layers);
    return board.top.svg.length + board.bottom.svg.length;
  };
}

const render = library === 'ours' ? ours() : await pcbStackup();
emit({ event: 'ready', rssKb: process.memoryUsage().rss / 1024 });
const coldStart = performance.now();
const bytes = await render();
// The peak memory of one render: taken before the warm-up, whose many renders let the heap grow
// as far as the collector allows.
emit({
  event: 'cold',
  ms: performance.now() - coldStart,
  bytes,
  maxRssKb: process.resourceUsage().maxRSS,
});
// Untimed renders until the warm-up time since the cold run began has passed, so that the timed
// runs measure code V8 has optimised, for both libraries alike. A board whose cold run took
// longer than that gets no warm-up.
let warmupRuns = 0;
while (performance.now() - coldStart < warmupMs) {
  await render();
  warmupRuns++;
}
emit({ event: 'warmup', runs: warmupRuns });
// At least `runs` timed renders, and more until `timedMs` has passed: a few renders of a small
// board last a few milliseconds, and one burst of another process on the machine would move
// their median.
const timedStart = performance.now();
let start: number;
for (let run = 0; run < runs || performance.now() - timedStart < timedMs; run++) {
  start = performance.now();
  await render();
  emit({ event: 'warm', ms: performance.now() - start });
  if (library === 'ours') {
    // The part of our render pcb-stackup is spared: it is given each layer's side and type.
    start = performance.now();
    identifyLayers(files.map(({ filename, gerber }) => ({ filename, content: gerber })));
    emit({ event: 'identify', ms: performance.now() - start });
  }
}
emit({ event: 'done' });
