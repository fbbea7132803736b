import {
  type BoardFileType,
  boardFileLayer,
  boardFileTypeRank,
  drawnFileType,
  type GuessOfBoardFile,
} from '@circuits/domain';
import type { RenderJobLayer } from './board-render-job.ts';

// Which of a board's files a render draws, in which order, and the job the render worker gets
// for them: one path for the render service and for the benchmark that times it.

/** A board file as the render plan sees it. */
export type PlannedFile = {
  fileType: BoardFileType;
  layerNumber: number | null;
  sha256: string;
  /** What identification guessed of a file nothing names: drawn as that until a type is chosen. */
  guess?: GuessOfBoardFile;
};

/** A file a render draws: the type it is drawn as, and whether that is a guess. */
export type DrawnFile<File extends PlannedFile> = File & {
  drawnAs: BoardFileType;
  guessed: boolean;
};

/**
 * The files a render draws (those whose layer is chosen, and those not chosen yet that
 * identification could only guess, drawn as the guess) in the order the stamp and the engine take
 * them: by type as SPEC §3 lists them, inner layers by number, equal ones by content.
 */
export function drawnInOrder<File extends PlannedFile>(files: readonly File[]): DrawnFile<File>[] {
  return files
    .flatMap((file) => {
      const drawn = drawnFileType(file.fileType, file.guess);
      return drawn ? [{ ...file, drawnAs: drawn.fileType, guessed: drawn.guessed }] : [];
    })
    .sort(
      (a, b) =>
        boardFileTypeRank(a.drawnAs) - boardFileTypeRank(b.drawnAs) ||
        (a.layerNumber ?? 0) - (b.layerNumber ?? 0) ||
        (a.sha256 < b.sha256 ? -1 : a.sha256 > b.sha256 ? 1 : 0),
    );
}

/** The worker's layer for a drawn file and its text (Latin-1). */
export function jobLayer(
  file: {
    name: string;
    fileType: BoardFileType;
    layerNumber: number | null;
    drawnAs?: BoardFileType;
    guessed?: boolean;
  },
  gerber: string,
): RenderJobLayer {
  const { side, type } = boardFileLayer(file.drawnAs ?? file.fileType)!;
  return {
    filename: file.name,
    side,
    type,
    gerber,
    fileType: file.fileType,
    layerNumber: file.layerNumber,
    ...(file.guessed ? { guessed: true } : {}),
  };
}
