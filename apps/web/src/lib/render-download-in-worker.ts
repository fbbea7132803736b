// Downloads a stored render (see render-download.ts) in a worker: read and parsed on the page's
// thread, a large board's 15 MB took about a second of its load, in which the Board tab could
// not draw itself. A worker takes a few hundred milliseconds to start while the page is busy
// drawing, so the product page starts one ahead of need (prepareRenderDownload).

import {
  decodePng,
  fetchRenderBody,
  previewPng,
  type RenderDownload,
  readRender,
  settleable,
} from './render-download.ts';

/** What the download worker tells the page: the opening and the head once each, then the whole. */
export type FromDownloadWorker =
  | { type: 'opening'; opening: unknown; png: Uint8Array<ArrayBuffer> | null }
  | { type: 'head'; head: unknown }
  | { type: 'full'; full: unknown };

function startWorker(): Worker {
  return new Worker(new URL('./render-download.worker.ts', import.meta.url), {
    type: 'module',
    name: 'render-download',
  });
}

/** A worker started ahead of need, taken by the next download. */
let spare: Worker | null = null;

/** Starts a download worker now, so that the next download begins the moment it is asked. */
export function prepareRenderDownload(): void {
  if (typeof Worker !== 'undefined') spare ??= startWorker();
}

/**
 * Downloads a stored render in a worker (see RenderDownload); on this thread where there are no
 * workers (the tests' DOM). Failures answer null, never throw; `signal` ends the worker.
 */
export function downloadRender(link: string, signal?: AbortSignal): RenderDownload {
  if (typeof Worker === 'undefined') {
    const reading = readRender(fetchRenderBody(link, signal));
    return {
      ...reading,
      preview: reading.opening.then((opening) => decodePng(previewPng(opening))),
    };
  }
  const worker = spare ?? startWorker();
  spare = null;
  const opening = settleable();
  const preview = settleable<ImageBitmap | null>();
  const head = settleable();
  const full = settleable();
  const download = {
    opening: opening.promise,
    preview: preview.promise,
    head: head.promise,
    full: full.promise,
  };
  const finish = (whole: unknown) => {
    worker.terminate();
    signal?.removeEventListener('abort', abort);
    opening.settle(null);
    preview.settle(null);
    head.settle(whole);
    full.settle(whole);
  };
  const abort = () => finish(null);
  if (signal?.aborted) {
    abort();
    return download;
  }
  signal?.addEventListener('abort', abort, { once: true });
  worker.onmessage = (event: MessageEvent<FromDownloadWorker>) => {
    if (event.data.type === 'opening') {
      opening.settle(event.data.opening);
      preview.settle(decodePng(event.data.png));
    } else if (event.data.type === 'head') head.settle(event.data.head);
    else finish(event.data.full);
  };
  worker.onerror = () => finish(null);
  // The worker's own address is under /assets/: a link relative to the page is made whole here.
  worker.postMessage(new URL(link, window.location.href).href);
  return download;
}
