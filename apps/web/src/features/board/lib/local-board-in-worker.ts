import type {
  FromLocalBoardWorker,
  LocalBoardWorkerProgress,
  ToLocalBoardWorker,
} from '../worker/local-board-messages.ts';
import type { LocalBoard } from './local-board.ts';

/**
 * A worker started before files were dropped: its script is loaded and compiled by then, and it
 * warms the engine up while it waits.
 */
let spare: Worker | null = null;
let warmUpTimer: ReturnType<typeof setTimeout> | undefined;

function startWorker(): Worker {
  return new Worker(new URL('../worker/local-board.worker.ts', import.meta.url), {
    type: 'module',
    name: 'local-board',
  });
}

/**
 * Starts a worker ahead of the next drop (the page that takes drops calls it when it opens), so
 * that the files are read as soon as they arrive rather than after the worker's script, by an
 * engine already warmed up.
 */
export function prepareLocalBoardWorker({ warmUpAfterMs = 0 } = {}): void {
  if (spare) return;
  const worker = startWorker();
  spare = worker;
  warmUpTimer = setTimeout(
    () => worker.postMessage({ type: 'warm-up' } satisfies ToLocalBoardWorker),
    warmUpAfterMs,
  );
}

/** Ends the worker started ahead, when the page that takes drops closes. */
export function releaseLocalBoardWorker(): void {
  clearTimeout(warmUpTimer);
  spare?.terminate();
  spare = null;
}

/**
 * Reads, identifies and renders dropped files in a worker of its own (the one started ahead,
 * else a new one), ended when done or when `signal` aborts (other files were dropped meanwhile).
 */
export async function analyseInWorker(
  files: readonly File[],
  {
    signal,
    onProgress,
  }: { signal: AbortSignal; onProgress: (progress: LocalBoardWorkerProgress) => void },
): Promise<LocalBoard> {
  const read = await Promise.all(
    files.map(async (file) => ({ name: file.name, bytes: await file.arrayBuffer() })),
  );
  return new Promise((resolve, reject) => {
    const worker = spare ?? startWorker();
    spare = null;
    const finish = () => {
      worker.terminate();
      signal.removeEventListener('abort', abort);
    };
    const abort = () => {
      finish();
      reject(signal.reason ?? new DOMException('Cancelled', 'AbortError'));
    };
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    worker.onmessage = (event: MessageEvent<FromLocalBoardWorker>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message.progress);
      else if (message.type === 'done') {
        finish();
        resolve(message.board);
      } else {
        finish();
        reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The files could not be read'));
    };
    worker.postMessage(
      { type: 'analyse', files: read } satisfies ToLocalBoardWorker,
      read.map((file) => file.bytes),
    );
  });
}
