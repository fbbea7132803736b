import { identifyLayers, renderBoard } from '@circuits/gerber';
import { warmUpBoardFiles } from '@circuits/gerber/warm-up';
import { DropError, readDrop } from '../lib/dropped-files.ts';
import { analyseLocalBoard, type LocalBoardEngine } from '../lib/local-board.ts';
import type { FromLocalBoardWorker, ToLocalBoardWorker } from './local-board-messages.ts';

// Reads, identifies and renders dropped files off the page's thread: nothing leaves the browser.

const scope = self as unknown as {
  postMessage: (message: FromLocalBoardWorker) => void;
  onmessage: ((event: MessageEvent<ToLocalBoardWorker>) => void) | null;
};
const say = (message: FromLocalBoardWorker) => scope.postMessage(message);

const engine = (onProgress: LocalBoardEngine['onProgress']): LocalBoardEngine => ({
  identify: identifyLayers,
  render: (input) => renderBoard(input as unknown as Parameters<typeof renderBoard>[0]),
  onProgress,
});

/**
 * Renders of the warm-up board a worker started ahead of a drop makes while the visitor picks
 * files. A fresh worker's first render runs the engine before the browser has optimised it, at
 * several times the cost of later ones (bench/README.md, instant quote).
 */
const WARM_UP_RENDERS = 20;
let filesArrived = false;

/** One warm-up render per task, so that files dropped meanwhile wait for one render at most. */
function warmUp(remaining: number) {
  if (filesArrived || remaining === 0) return;
  try {
    analyseLocalBoard(
      warmUpBoardFiles(),
      engine(() => {}),
    );
  } catch {
    // A warm-up that fails leaves the engine cold, nothing worse: the drop is still read.
    return;
  }
  setTimeout(() => warmUp(remaining - 1), 0);
}

async function analyse(files: { name: string; bytes: ArrayBuffer }[]) {
  try {
    say({ type: 'progress', progress: { stage: 'read', files: files.length } });
    const drop = await readDrop(
      files.map((file) => ({ name: file.name, bytes: new Uint8Array(file.bytes) })),
    );
    const board = analyseLocalBoard(
      drop.texts,
      engine((progress) => say({ type: 'progress', progress })),
    );
    for (const name of drop.skipped) {
      board.files.push({ name, fileType: null, layerNumber: null, reason: 'not a text file' });
    }
    say({ type: 'done', board });
  } catch (error) {
    say({
      type: 'failed',
      message:
        error instanceof DropError
          ? error.message
          : `The files could not be read: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

scope.onmessage = (event: MessageEvent<ToLocalBoardWorker>) => {
  const message = event.data;
  if (message.type === 'warm-up') {
    setTimeout(() => warmUp(WARM_UP_RENDERS), 0);
    return;
  }
  filesArrived = true;
  void analyse(message.files);
};
