import { Worker } from 'node:worker_threads';
import type { CatalogueRecord } from '../modules/parts/catalogue-record.ts';

// The demo catalogue as the first start gets it: made on a worker thread and received in small
// messages, so the server keeps answering while its 22,000 parts are generated (made on the
// server's thread they held every request for 0.6-1.2 s).

/** Records per message: each is copied in on the server's thread, a few milliseconds at most. */
export const DEMO_RECORDS_PER_MESSAGE = 200;

export type DemoCatalogueMessage = { records: CatalogueRecord[] } | { done: number };

/**
 * demoCatalogue(), the same records in the same order, made off the server's thread. When
 * `signal` aborts (the server stops) the thread is ended at once and the promise rejects: a stop
 * does not wait for parts it will not load.
 */
export function demoCatalogueOffThread(signal?: AbortSignal): Promise<CatalogueRecord[]> {
  return new Promise((resolve, reject) => {
    const records: CatalogueRecord[] = [];
    const worker = new Worker(new URL('./demo-catalogue-worker.ts', import.meta.url));
    let finished = false;
    const stop = () => {
      finished = true;
      reject(new Error('the demo catalogue was not made: the server is stopping'));
      void worker.terminate();
    };
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
    worker.on('message', (message: DemoCatalogueMessage) => {
      if ('records' in message) {
        for (const record of message.records) records.push(record);
        // The next message once the requests that came in meanwhile have had their turn.
        setImmediate(() => worker.postMessage('next'));
        return;
      }
      finished = true;
      if (records.length === message.done) resolve(records);
      else reject(new Error(`the demo catalogue came ${records.length} of ${message.done} parts`));
    });
    worker.on('error', reject);
    worker.postMessage('next');
    worker.on('exit', (code) => {
      if (!finished) reject(new Error(`the demo catalogue worker stopped (exit code ${code})`));
    });
  });
}
