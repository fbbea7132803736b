import { fetchRenderBody, previewPng, readRender } from './render-download.ts';
import type { FromDownloadWorker } from './render-download-in-worker.ts';

// Downloads and reads a stored render off the page's thread (see render-download.ts): the page is
// given the render's opening and head as soon as each has arrived, then the whole.

// The worker's global scope, typed by what is used of it (the app is compiled with the DOM lib).
const scope = self as unknown as {
  postMessage: (message: FromDownloadWorker, transfer?: Transferable[]) => void;
  onmessage: ((event: MessageEvent<string>) => void) | null;
};

scope.onmessage = async (event) => {
  const download = readRender(fetchRenderBody(event.data));
  void download.opening.then((opening) => {
    const png = previewPng(opening);
    scope.postMessage({ type: 'opening', opening, png }, png ? [png.buffer] : []);
  });
  void download.head.then((head) => scope.postMessage({ type: 'head', head }));
  scope.postMessage({ type: 'full', full: await download.full });
};
