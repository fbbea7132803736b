import type { LayerIdentity } from '@circuits/gerber';
import { serveTasks, workerData } from '../../lib/worker-pool.ts';
import { type IdentifyTask, identifyTask, isIdentifyTask } from '../files/identify-task.ts';
import { type RenderJob, type RenderJobResult, renderJob } from './board-render-job.ts';
import { warmUpRenderer } from './render-warmup.ts';

// A board worker process (see lib/worker-pool.ts): renders a board with packages/gerber and
// answers the stored form of the render, or identifies an upload's layer files, off the server's
// process. A worker the pool keeps started ahead of work warms the engine up first
// (render-warmup.ts); tasks sent meanwhile wait for it. One started for a waiting task goes
// straight to it.

/** What the board workers take: a render job or an upload to identify. */
export type BoardWorkerTask = RenderJob | IdentifyTask;
export type BoardWorkerResult = RenderJobResult | LayerIdentity[];

serveTasks<BoardWorkerTask, BoardWorkerResult>((task) => {
  try {
    return {
      ok: true,
      result: isIdentifyTask(task) ? identifyTask(task) : renderJob(task),
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
});

if ((workerData() as { warmUp?: boolean } | undefined)?.warmUp) {
  try {
    warmUpRenderer();
  } catch {
    // A warm-up that fails leaves the engine cold, nothing worse: the renders still run.
  }
}
