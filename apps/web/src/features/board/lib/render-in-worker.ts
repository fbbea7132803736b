import type { FromRenderWorker, ToRenderWorker } from '../worker/render-messages.ts';
import type { BoardRender } from './board-render.ts';
import type { RenderJob, RenderProgress } from './render-job.ts';

/**
 * Runs a render job in a worker of its own, ended when the job is done or `signal` aborts it
 * (the user left, or the board changed before the render finished).
 */
export function renderInWorker(
  job: RenderJob,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: RenderProgress) => void },
): Promise<BoardRender> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../worker/board-render.worker.ts', import.meta.url), {
      type: 'module',
      name: 'board-render',
    });
    const finish = () => {
      worker.terminate();
      signal.removeEventListener('abort', abort);
    };
    const abort = () => {
      finish();
      reject(signal.reason ?? new DOMException('The render was cancelled', 'AbortError'));
    };
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    worker.onmessage = (event: MessageEvent<FromRenderWorker>) => {
      const message = event.data;
      if (message.type === 'progress') {
        onProgress(message.progress);
      } else if (message.type === 'done') {
        finish();
        resolve(message.render);
      } else {
        finish();
        reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The board could not be rendered'));
    };
    worker.postMessage({ type: 'render', job } satisfies ToRenderWorker);
  });
}
