import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply } from '../../lib/worker-pool.ts';
import { type RenderJob, type RenderJobResult, renderJob } from './board-render-job.ts';
import { warmUpRenderer } from './render-warmup.ts';

// A render worker thread (see lib/worker-pool.ts): renders a board with packages/gerber and
// answers the stored form of the render. Runs as its own module graph, off the request thread.
// A worker the pool keeps started ahead of work warms the engine up first (render-warmup.ts);
// tasks posted meanwhile wait for it. One started for a waiting task goes straight to it.

parentPort!.on('message', (job: RenderJob) => {
  let reply: WorkerReply<RenderJobResult>;
  try {
    reply = { ok: true, result: renderJob(job) };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});

if ((workerData as { warmUp?: boolean } | undefined)?.warmUp) {
  try {
    warmUpRenderer();
  } catch {
    // A warm-up that fails leaves the engine cold, nothing worse: the renders still run.
  }
}
