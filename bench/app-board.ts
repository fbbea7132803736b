// A fixture board as the app stores it and hands it to a render worker: the files of the folder
// classified as an upload classifies them (apps/server files detection), put on the board with
// the layer each was recognised as, and the render job the render service builds for the board
// as saved (its drawn files in their order, in the colours of the default settings). The Gerber
// benchmark times the worker's own function on this job, so it measures what the app runs.

import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  boardRenderColors,
  DEFAULT_BOARD_SETTINGS,
  DEFAULT_BOARD_SETTINGS_OPTIONS,
} from '@circuits/domain';
import { engineInputKind } from '@circuits/gerber';
import type { RenderJob } from '../apps/server/src/modules/board/board-render-job.ts';
import { drawnInOrder, jobLayer } from '../apps/server/src/modules/board/board-render-plan.ts';
import { boardFileFromIdentity } from '../apps/server/src/modules/files/board-file-guess.ts';
import { detectFiles, identifyHere } from '../apps/server/src/modules/files/file-detection.ts';

/** A board's files changed the same way for both libraries, to compare them where both can draw. */
export interface BoardVariant {
  /** Files left out. */
  leaveOut?: string[];
  /** Lines starting with this are taken out of every file. */
  dropLinesStarting?: string;
}

function withoutLines(text: string, prefix: string | undefined): string {
  if (!prefix) return text;
  return text
    .split('\n')
    .filter((line) => !line.startsWith(prefix))
    .join('\n');
}

/** The upload of a folder (every file but the notes), with the variant's changes. */
export function uploadOf(folder: string, variant: BoardVariant = {}) {
  return readdirSync(folder)
    .filter((name) => name !== 'SOURCE.md' && statSync(join(folder, name)).isFile())
    .filter((name) => !variant.leaveOut?.includes(name))
    .map((name) => ({
      name,
      text: withoutLines(readFileSync(join(folder, name), 'latin1'), variant.dropLinesStarting),
    }));
}

/**
 * The render job of a board uploaded from `folder`, as the server builds it: detected as an
 * upload, the recognised layers on the board, the drawn ones in order.
 */
export async function appRenderJob(folder: string, variant: BoardVariant = {}): Promise<RenderJob> {
  const files = uploadOf(folder, variant);
  const staging = mkdtempSync(join(tmpdir(), 'bench-upload-'));
  try {
    const staged = files.map(({ name, text }, index) => {
      const path = join(staging, String(index));
      writeFileSync(path, Buffer.from(text, 'latin1'));
      return { fileName: name, path };
    });
    // The app identifies in its worker pool; here the same function runs in this process.
    const detections = await detectFiles(staged, identifyHere);
    const boardFiles = files.flatMap((file, index) => {
      const layer = detections[index]?.layer;
      if (!layer) return [];
      const { fileType, layerNumber, guess } = boardFileFromIdentity(layer);
      const sha256 = createHash('sha256').update(Buffer.from(file.text, 'latin1')).digest('hex');
      return [{ ...file, fileType, layerNumber, guess, sha256 }];
    });
    // The files off the board that the engine reads with it (nc_param.txt), as the render
    // service passes them.
    const inputs = files.filter(
      (file, index) => !detections[index]?.layer && engineInputKind(file.name) !== null,
    );
    return {
      layers: drawnInOrder(boardFiles).map((file) => jobLayer(file, file.text)),
      inputs: inputs.map((file) => ({ filename: file.name, gerber: file.text })),
      colors: boardRenderColors(DEFAULT_BOARD_SETTINGS, DEFAULT_BOARD_SETTINGS_OPTIONS),
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
