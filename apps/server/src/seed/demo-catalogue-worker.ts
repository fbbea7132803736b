import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { demoCatalogue } from './demo-catalogue.ts';
import { DEMO_RECORDS_PER_MESSAGE, type DemoCatalogueMessage } from './demo-catalogue-thread.ts';

// The demo catalogue made on a worker thread (see demo-catalogue-thread.ts): generating its
// 22,000 parts takes the processor for a second, which on the server's own thread would hold
// every request that came in meanwhile.

// Background work: on a busy machine the server's thread gets the processor first. (On Linux a
// thread's niceness is its own.)
try {
  os.setPriority(10);
} catch {
  // Not allowed here (some containers): the thread runs at the server's priority.
}

const port = parentPort;
if (!port) throw new Error('demo-catalogue-worker.ts runs as a worker thread');
const records = demoCatalogue();
// One small message at a time, each when the server's thread asks for it (`next`): it copies a
// message in between requests, where a burst of them would be copied in one go.
let sent = 0;
port.on('message', () => {
  if (sent >= records.length) {
    port.postMessage({ done: records.length } satisfies DemoCatalogueMessage);
    port.close();
    return;
  }
  const message: DemoCatalogueMessage = {
    records: records.slice(sent, sent + DEMO_RECORDS_PER_MESSAGE),
  };
  sent += message.records.length;
  port.postMessage(message);
});
