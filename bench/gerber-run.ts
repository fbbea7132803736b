// One library rendering one board, in a process of its own so that its peak memory is its own.
// Started by gerber.ts with the board's render job (app-board.ts: the files as the app stores
// them and hands them to a render worker), in a JSON file; prints one JSON event per line:
// ready, cold, warmup, warm (one per run), done.
//   node bench/gerber-run.ts <ours|ours-unwarmed|pcb-stackup> <job JSON file> <warm runs> <warm-up ms> <timed ms>
// `ours` is a render worker as the server starts one: it warms the engine up on the demo board
// before it takes work (render-warmup.ts). `ours-unwarmed` skips that and makes the cold run only:
// the first render of a process that has rendered nothing before.

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { identifyLayers, parseDrillParams } from '@circuits/gerber';
import { type RenderJob, renderJob } from '../apps/server/src/modules/board/board-render-job.ts';
import { warmUpRenderer } from '../apps/server/src/modules/board/render-warmup.ts';

/** One render; answers what it made, for `sideBytes` (read after the cold run, untimed). */
type Render = () => Promise<unknown>;
type Library = { render: Render; sideBytes: (made: unknown) => number };

const [library, jobFile, runsText, warmupText, timedText] = process.argv.slice(2);
if (!library || !jobFile) {
  throw new Error(
    'usage: gerber-run.ts <ours|pcb-stackup> <job file> <runs> <warm-up ms> <timed ms>',
  );
}
const runs = Number(runsText ?? 5);
const warmupMs = Number(warmupText ?? 0);
const timedMs = Number(timedText ?? 0);
const job = JSON.parse(readFileSync(jobFile, 'utf8')) as RenderJob;

const emit = (event: Record<string, unknown>) => console.log(JSON.stringify(event));

/**
 * Our engine as a render worker runs it (renderJob): the board drawn from its layers, each
 * with the side and type the app gives it, and the render serialised as the server stores it.
 * Answers the bytes of the top and bottom pictures.
 */
function ours(): Library {
  return {
    render: async () => renderJob(job).json,
    sideBytes: (json) => {
      const board = JSON.parse(json as string) as { top: { svg: string }; bottom: { svg: string } };
      return board.top.svg.length + board.bottom.svg.length;
    },
  };
}

/**
 * pcb-stackup 4.2.8 with the same layers, side and type given, and the drill format of an
 * Allegro nc_param.txt among them (if the app passes one) as gerber-to-svg options.
 */
async function pcbStackup(): Promise<Library> {
  const { default: stackup } = (await import('pcb-stackup')) as unknown as {
    default: (layers: object[]) => Promise<{ top: { svg: string }; bottom: { svg: string } }>;
  };
  const files = [...job.layers, ...(job.inputs ?? [])];
  const identities = identifyLayers(
    files.map(({ filename, gerber }) => ({ filename, content: gerber })),
  );
  // The app passes nc_param.txt beside the layers (`inputs`); pcb-stackup takes its format as
  // the drill and rout files' options.
  const params = identities.findIndex((identity) => identity.auxiliary === 'drill-parameters');
  const drillOptions = params >= 0 ? parseDrillParams(files[params]!.gerber) : {};
  const layers = job.layers.map((layer, index) => {
    const drill = layer.type === 'drill' || identities[index]?.rout;
    return {
      filename: layer.filename,
      gerber: layer.gerber,
      side: layer.side,
      type: layer.type,
      options: drill ? drillOptions : {},
    };
  });
  type Stack = { top: { svg: string }; bottom: { svg: string } };
  return {
    render: () => stackup(layers),
    sideBytes: (made) => (made as Stack).top.svg.length + (made as Stack).bottom.svg.length,
  };
}

const { render, sideBytes } = library.startsWith('ours') ? ours() : await pcbStackup();
if (library === 'ours') warmUpRenderer();
emit({ event: 'ready', rssKb: process.memoryUsage().rss / 1024 });
const coldStart = performance.now();
const made = await render();
const coldMs = performance.now() - coldStart;
const maxRssKb = process.resourceUsage().maxRSS;
const bytes = sideBytes(made);
// The peak memory of one render: taken before the warm-up, whose many renders let the heap grow
// as far as the collector allows.
emit({
  event: 'cold',
  ms: coldMs,
  bytes,
  maxRssKb,
});
if (library === 'ours-unwarmed') {
  emit({ event: 'done' });
  process.exit(0);
}
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
for (let run = 0; run < runs || performance.now() - timedStart < timedMs; run++) {
  const start = performance.now();
  await render();
  emit({ event: 'warm', ms: performance.now() - start });
}
emit({ event: 'done' });
