import { renderBoard } from '@circuits/gerber';
import { type RendererInput, runRenderJob } from '../lib/render-job.ts';
import type { FromRenderWorker, ToRenderWorker } from './render-messages.ts';

// Renders a board off the page's thread: downloading the files and drawing them can take seconds
// for a large board, and the page stays responsive meanwhile.

// The worker's global scope, typed by what is used of it (the app is compiled with the DOM lib).
const scope = self as unknown as {
  postMessage: (message: FromRenderWorker) => void;
  onmessage: ((event: MessageEvent<ToRenderWorker>) => void) | null;
};
const say = (message: FromRenderWorker) => scope.postMessage(message);

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`A board file could not be downloaded (${response.status})`);
  return response.text();
}

scope.onmessage = async (event: MessageEvent<ToRenderWorker>) => {
  try {
    const render = await runRenderJob(event.data.job, {
      fetchText,
      render: (input: RendererInput) =>
        renderBoard(input as unknown as Parameters<typeof renderBoard>[0]),
      onProgress: (progress) => say({ type: 'progress', progress }),
    });
    say({ type: 'done', render });
  } catch (error) {
    say({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
