import {
  boardRenderColors,
  DEFAULT_BOARD_SETTINGS,
  DEFAULT_BOARD_SETTINGS_OPTIONS,
} from '@circuits/domain';
import { identifyLayers } from '@circuits/gerber';
import { warmUpBoardFiles } from '@circuits/gerber/warm-up';
import { boardFileFromIdentity } from '../files/board-file-guess.ts';
import { type RenderJob, renderJob } from './board-render-job.ts';
import { drawnInOrder, jobLayer } from './board-render-plan.ts';

// A fresh render worker warms the engine up before it takes work: the first render of a process
// pays for compiling the engine and for running it before V8 has optimised it, several times the
// cost of the same render later (bench/README.md). Rendering a made-up board that uses what real
// boards use (@circuits/gerber/warm-up) a number of times as the worker starts moves most of that
// cost off the first user's render.

/** Renders of the warm-up board a fresh worker makes before it takes work. */
export const WARM_UP_RENDERS = 30;

/** The warm-up board as a render job, its layers recognised as an upload's. */
export function warmUpJob(): RenderJob {
  const files = warmUpBoardFiles();
  const identities = identifyLayers(
    files.map((file) => ({ filename: file.name, content: file.text })),
  );
  const drawn = files.flatMap((file, index) => {
    const { fileType, layerNumber } = boardFileFromIdentity(identities[index]!);
    return [{ ...file, fileType, layerNumber, sha256: file.name }];
  });
  return {
    layers: drawnInOrder(drawn).map((file) => jobLayer(file, file.text)),
    inputs: [],
    colors: boardRenderColors(DEFAULT_BOARD_SETTINGS, DEFAULT_BOARD_SETTINGS_OPTIONS),
  };
}

/** Renders the warm-up board WARM_UP_RENDERS times; answers the milliseconds it took. */
export function warmUpRenderer(renders = WARM_UP_RENDERS): number {
  const start = performance.now();
  const job = warmUpJob();
  for (let run = 0; run < renders; run++) renderJob(job);
  return performance.now() - start;
}
