import { identifyLayers, renderBoard } from '@circuits/gerber';
import { DropError, readDrop } from '../lib/dropped-files.ts';
import { analyseLocalBoard } from '../lib/local-board.ts';
import type { FromLocalBoardWorker, ToLocalBoardWorker } from './local-board-messages.ts';

// Reads, identifies and renders dropped files off the page's thread: nothing leaves the browser.

const scope = self as unknown as {
  postMessage: (message: FromLocalBoardWorker) => void;
  onmessage: ((event: MessageEvent<ToLocalBoardWorker>) => void) | null;
};
const say = (message: FromLocalBoardWorker) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<ToLocalBoardWorker>) => {
  try {
    say({ type: 'progress', progress: { stage: 'read', files: event.data.files.length } });
    const drop = readDrop(
      event.data.files.map((file) => ({ name: file.name, bytes: new Uint8Array(file.bytes) })),
    );
    const board = analyseLocalBoard(drop.texts, {
      identify: identifyLayers,
      render: (input) => renderBoard(input as unknown as Parameters<typeof renderBoard>[0]),
      onProgress: (progress) => say({ type: 'progress', progress }),
    });
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
};
