// Downloads a stored render (see render-download.ts) in a worker: read and parsed on the page's
// thread, a large board's 15 MB took about a second of its load, in which the Board tab could
// not draw itself.

import { type RenderDownload, readRender } from './render-download.ts';

/** What the download worker tells the page: the head once, then the whole. */
export type FromDownloadWorker = { type: 'head'; head: unknown } | { type: 'full'; full: unknown };

/**
 * Downloads a stored render in a worker (see RenderDownload); on this thread where there are no
 * workers (the tests' DOM). Failures answer null, never throw; `signal` ends the worker.
 */
export function downloadRender(link: string, signal?: AbortSignal): RenderDownload {
  if (typeof Worker === 'undefined') return readRender(link, signal);
  const worker = new Worker(new URL('./render-download.worker.ts', import.meta.url), {
    type: 'module',
    name: 'render-download',
  });
  let resolveHead: (value: unknown) => void = () => undefined;
  let resolveFull: (value: unknown) => void = () => undefined;
  const head = new Promise<unknown>((resolve) => {
    resolveHead = resolve;
  });
  const full = new Promise<unknown>((resolve) => {
    resolveFull = resolve;
  });
  const finish = (whole: unknown) => {
    worker.terminate();
    signal?.removeEventListener('abort', abort);
    resolveHead(whole);
    resolveFull(whole);
  };
  const abort = () => finish(null);
  if (signal?.aborted) {
    abort();
    return { head, full };
  }
  signal?.addEventListener('abort', abort, { once: true });
  worker.onmessage = (event: MessageEvent<FromDownloadWorker>) => {
    if (event.data.type === 'head') resolveHead(event.data.head);
    else finish(event.data.full);
  };
  worker.onerror = () => finish(null);
  // The worker's own address is under /assets/: a link relative to the page is made whole here.
  worker.postMessage(new URL(link, window.location.href).href);
  return { head, full };
}
