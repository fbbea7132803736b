import type { BoardFile } from '@circuits/contracts';
import { type BoardFileType, boardFileTypeOf, guessedBoardFileType } from '@circuits/domain';
import type { LayerIdentity } from '@circuits/gerber';
import type { BoardRender } from './board-render.ts';
import { viewerRender } from './render-job.ts';

// A board from files that are still on the visitor's computer (the instant quote): the files are
// identified, drawn top and bottom and measured in the browser; nothing is uploaded.

/** A dropped file, read (zips already expanded). */
export type LocalFile = { name: string; text: string };

/** What one dropped file was recognised as. */
export type LocalFileIdentity = {
  name: string;
  /** The board file type; null when the file is not a board layer (read-me, job file). */
  fileType: BoardFileType | null;
  layerNumber: number | null;
  /** The evidence, e.g. "X2 FileFunction Copper,L2,Inr" or "not a Gerber or drill file". */
  reason: string;
  /** Nothing names the file: fileType is the layer it most likely is, drawn marked as a guess. */
  guessed?: boolean;
};

export type LocalBoard = {
  files: LocalFileIdentity[];
  /** The files on the board, as the viewer takes them. */
  boardFiles: BoardFile[];
  render: BoardRender;
};

export type LocalBoardProgress =
  | { stage: 'identify'; files: number }
  | { stage: 'render'; layers: number }
  | { stage: 'done' };

export type LocalBoardEngine = {
  identify: (files: { filename: string; content: string }[]) => LayerIdentity[];
  render: (input: {
    layers: { filename: string; side?: string; type?: string; gerber: string; guessed?: boolean }[];
  }) => unknown;
  onProgress: (progress: LocalBoardProgress) => void;
};

/** Identifies, renders and measures dropped files with packages/gerber (run in a worker). */
export function analyseLocalBoard(
  files: readonly LocalFile[],
  engine: LocalBoardEngine,
): LocalBoard {
  engine.onProgress({ stage: 'identify', files: files.length });
  const identities = engine.identify(
    files.map((file) => ({ filename: file.name, content: file.text })),
  );
  const layers: {
    file: LocalFile;
    identity: LayerIdentity;
    fileType: BoardFileType;
    guessed: boolean;
  }[] = [];
  const inputs: LocalFile[] = [];
  const described: LocalFileIdentity[] = files.map((file, index) => {
    const identity = identities[index]!;
    if (identity.auxiliary === 'drill-parameters') inputs.push(file);
    const isLayer = identity.filetype !== null && identity.type !== null;
    if (!isLayer) {
      return {
        name: file.name,
        fileType: null,
        layerNumber: null,
        reason: identity.filetype === null ? 'not a Gerber or drill file' : identity.reason,
      };
    }
    const guessedType = guessedBoardFileType(identity);
    const fileType = guessedType ?? boardFileTypeOf(identity);
    const guessed = guessedType !== null;
    layers.push({ file, identity, fileType, guessed });
    return {
      name: file.name,
      fileType,
      layerNumber: fileType === 'internalLayer' ? (identity.layerNumber ?? null) : null,
      reason: identity.reason,
      ...(guessed ? { guessed } : {}),
    };
  });
  engine.onProgress({ stage: 'render', layers: layers.length });
  const result = engine.render({
    layers: [
      ...layers.map(({ file, identity, guessed }) => ({
        filename: file.name,
        ...(identity.side && identity.type ? { side: identity.side, type: identity.type } : {}),
        gerber: file.text,
        ...(guessed ? { guessed } : {}),
      })),
      ...inputs.map((file) => ({ filename: file.name, gerber: file.text })),
    ],
  });
  const render = viewerRender(result);
  const boardFiles: BoardFile[] = layers.map(({ file, identity, fileType, guessed }, index) => ({
    id: index + 1,
    product_file_id: index + 1,
    // A guess is drawn as what it most likely is, but counts as no choice yet.
    file_type: guessed ? 'initialType' : fileType,
    color: null,
    isVisible: true,
    layer_number: fileType === 'internalLayer' ? (identity.layerNumber ?? null) : null,
    guess: guessed
      ? {
          file_type: fileType,
          layer_number: identity.layerNumber ?? null,
          layer: identity.type,
          side: identity.side,
          cad: identity.cad,
          confidence: identity.confidence,
          reason: identity.reason,
          guessed: true,
        }
      : null,
    file: { name: file.name, link: '', downloadLink: '', size: file.text.length },
  }));
  engine.onProgress({ stage: 'done' });
  return {
    files: described,
    boardFiles,
    render: { ...render, layers: render.layers.slice(0, layers.length) },
  };
}
