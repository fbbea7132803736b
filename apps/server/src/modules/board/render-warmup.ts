import {
  boardRenderColors,
  DEFAULT_BOARD_SETTINGS,
  DEFAULT_BOARD_SETTINGS_OPTIONS,
} from '@circuits/domain';
import { engineInputKind, identifyLayers } from '@circuits/gerber';
import { warmUpAllegroBoardFiles, warmUpBoardFiles } from '@circuits/gerber/warm-up';
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

/**
 * A warm-up board's files as a render job: its layers recognised as an upload's, the files the
 * engine reads beside them (nc_param.txt) passed as the render service passes them.
 */
function jobOf(files: { name: string; text: string }[]): RenderJob {
  const identities = identifyLayers(
    files.map((file) => ({ filename: file.name, content: file.text })),
  );
  const drawn = files.map((file, index) => {
    const { fileType, layerNumber } = boardFileFromIdentity(identities[index]!);
    return { ...file, fileType, layerNumber, sha256: file.name };
  });
  const inputs = files.filter(
    (file, index) => identities[index]!.auxiliary && engineInputKind(file.name) !== null,
  );
  return {
    layers: drawnInOrder(drawn).map((file) => jobLayer(file, file.text)),
    inputs: inputs.map((file) => ({ filename: file.name, gerber: file.text })),
    colors: boardRenderColors(DEFAULT_BOARD_SETTINGS, DEFAULT_BOARD_SETTINGS_OPTIONS),
  };
}

/** The warm-up board as a render job. */
export function warmUpJob(): RenderJob {
  return jobOf(warmUpBoardFiles());
}

/** The warm-up board as Allegro exports one, as a render job. */
export function warmUpAllegroJob(): RenderJob {
  return jobOf(warmUpAllegroBoardFiles());
}

/**
 * The warm-up board without its outline: the engine then takes the board from the copper (and
 * looks for a frame drawn around it), which many uploads need and the whole board never runs.
 */
export function warmUpJobWithoutOutline(): RenderJob {
  const job = warmUpJob();
  return { ...job, layers: job.layers.filter((layer) => layer.type !== 'outline') };
}

/**
 * Renders WARM_UP_RENDERS times, in turn the warm-up board, the same without its outline and the
 * Allegro board; answers the milliseconds it took.
 */
export function warmUpRenderer(renders = WARM_UP_RENDERS): number {
  const start = performance.now();
  const jobs = [warmUpJob(), warmUpJobWithoutOutline(), warmUpAllegroJob()];
  for (let run = 0; run < renders; run++) renderJob(jobs[run % jobs.length]!);
  return performance.now() - start;
}
