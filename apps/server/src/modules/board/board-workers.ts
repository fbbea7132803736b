import type { LayerIdentity } from '@circuits/gerber';
import { createWorkerPool } from '../../lib/worker-pool.ts';
import type { IdentifyUpload } from '../files/file-detection.ts';
import type { RenderPool } from './board-render.service.ts';
import type { RenderJob, RenderJobResult } from './board-render-job.ts';
import type { BoardWorkerResult, BoardWorkerTask } from './board-worker.ts';

/**
 * The board worker processes (board-worker.ts): renders, and the identification of uploads, in
 * one pool, so both run within the render workers' time and memory limits and an upload is
 * identified by a worker that has already warmed the engine up.
 */
export function createBoardWorkers(options: {
  workers: number;
  timeoutMs: number;
  memoryMb: number;
  warmWorkers: number;
}): { renders: RenderPool; identify: IdentifyUpload; close(): Promise<void> } {
  const pool = createWorkerPool<BoardWorkerTask, BoardWorkerResult>({
    script: new URL('./board-worker.ts', import.meta.url),
    size: options.workers,
    timeoutMs: options.timeoutMs,
    memoryMb: options.memoryMb,
    // Workers that start with the server and warm the engine up (board-worker.ts).
    keepStarted: options.warmWorkers,
    keptWorkerData: { warmUp: true },
  });
  const renders: RenderPool = {
    run: (job: RenderJob) => pool.run(job) as Promise<RenderJobResult>,
    close: () => pool.close(),
    started: () => pool.started(),
  };
  return {
    renders,
    identify: (files) => pool.run({ identify: files }) as Promise<LayerIdentity[]>,
    close: () => pool.close(),
  };
}
