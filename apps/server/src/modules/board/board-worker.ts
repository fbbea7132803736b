import { parentPort } from 'node:worker_threads';
import { renderBoard } from '@circuits/gerber';
import type { WorkerReply } from '../../lib/worker-pool.ts';
import type { RenderJob, RenderJobResult } from './board-render-job.ts';

// A render worker thread (see lib/worker-pool.ts): renders a board with packages/gerber and
// answers the stored form of the render. Runs as its own module graph, off the request thread.

function render(job: RenderJob): RenderJobResult {
  const board = renderBoard({
    layers: job.layers.map(({ filename, side, type, gerber }) => ({
      filename,
      side,
      type,
      gerber,
    })),
    colors: job.colors,
  });
  // The plotted images (`converter`) are large and only useful within one render: not stored.
  const layers = board.layers.map(({ converter: _, ...layer }, index) => ({
    ...layer,
    fileType: job.layers[index]!.fileType,
    layerNumber: job.layers[index]!.layerNumber,
  }));
  const { widthMm, lengthMm, copperLayers, boardShape } = board;
  return {
    json: JSON.stringify({ ...board, layers }),
    summary: { widthMm, lengthMm, copperLayers, boardShape },
  };
}

parentPort!.on('message', (job: RenderJob) => {
  let reply: WorkerReply<RenderJobResult>;
  try {
    reply = { ok: true, result: render(job) };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
