// The stored board render is the largest thing the product page loads (15 MB of JSON for a large
// board). Its download starts as soon as the page data names it, while the page itself is still
// being drawn; the board viewer takes it when the render cache points at the same stored object
// (a signed link is signed afresh on each answer, so objects are matched by path).

import type { RenderDownload } from './render-download.ts';
import { downloadRender } from './render-download-in-worker.ts';

/** Downloads kept for the viewer to take: the current board's, and at most one before it. */
const KEPT = 2;

const started = new Map<string, RenderDownload>();

function objectPath(link: string): string {
  return new URL(link, window.location.href).pathname;
}

/** Starts downloading and reading a stored render (JSON), unless it is under way already. */
export function prefetchStoredRender(link: string): void {
  const path = objectPath(link);
  if (started.has(path)) return;
  started.set(path, downloadRender(link));
  for (const old of started.keys()) {
    if (started.size <= KEPT) break;
    started.delete(old);
  }
}

/** The download of the object `link` points at, if one was started; it is handed over once. */
export function takePrefetchedRender(link: string): RenderDownload | undefined {
  const path = objectPath(link);
  const reading = started.get(path);
  started.delete(path);
  return reading;
}
