import { type BoardFileType, boardFileLayer, boardFileTypeRank } from '@circuits/domain';
import type { RenderJobLayer } from './board-render-job.ts';

// Which of a board's files a render draws, in which order, and the job the render worker gets
// for them: one path for the render service and for the benchmark that times it.

/** A board file as the render plan sees it. */
export type PlannedFile = { fileType: BoardFileType; layerNumber: number | null; sha256: string };

/**
 * The files a render draws (those whose layer is chosen) in the order the stamp and the engine
 * take them: by type as SPEC §3 lists them, inner layers by number, equal ones by content.
 */
export function drawnInOrder<File extends PlannedFile>(files: readonly File[]): File[] {
  return files
    .filter((file) => boardFileLayer(file.fileType) !== null)
    .sort(
      (a, b) =>
        boardFileTypeRank(a.fileType) - boardFileTypeRank(b.fileType) ||
        (a.layerNumber ?? 0) - (b.layerNumber ?? 0) ||
        (a.sha256 < b.sha256 ? -1 : a.sha256 > b.sha256 ? 1 : 0),
    );
}

/** The worker's layer for a drawn file and its text (Latin-1). */
export function jobLayer(
  file: { name: string; fileType: BoardFileType; layerNumber: number | null },
  gerber: string,
): RenderJobLayer {
  const { side, type } = boardFileLayer(file.fileType)!;
  return {
    filename: file.name,
    side,
    type,
    gerber,
    fileType: file.fileType,
    layerNumber: file.layerNumber,
  };
}
