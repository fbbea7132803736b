import { readRender } from './render-download.ts';
import type { FromDownloadWorker } from './render-download-in-worker.ts';

// Reads a stored render off the page's thread (see render-download.ts): the page is given the
// render's head as soon as it has arrived, then the whole.

// The worker's global scope, typed by what is used of it (the app is compiled with the DOM lib).
const scope = self as unknown as {
  postMessage: (message: FromDownloadWorker) => void;
  onmessage: ((event: MessageEvent<string>) => void) | null;
};

scope.onmessage = async (event) => {
  const download = readRender(event.data);
  void download.head.then((head) => scope.postMessage({ type: 'head', head }));
  scope.postMessage({ type: 'full', full: await download.full });
};
