import { createHash } from 'node:crypto';
import type { BoardFileType } from '@circuits/domain';

/**
 * What a board render depends on (SPEC §9): each drawn file, the colours of the settings, and
 * the files the engine reads beside the layers (NC drill parameters change where holes land).
 */
export type StampInput = {
  layers: readonly {
    sha256: string;
    fileType: BoardFileType;
    layerNumber: number | null;
    /** A file drawn as the type guessed for it (no type chosen yet). */
    guessed?: boolean;
    drawnAs?: BoardFileType;
  }[];
  colors: { copperFinish: string; mask: string; silk: string };
  /** Content hashes of the engine's other inputs; absent or empty for most boards. */
  inputs?: readonly string[];
};

// Bumped when the stored render's format or the renderer's output changes, so old renders are
// not served for new requests.
const STAMP_VERSION = 'board-render-v2';

/**
 * The render cache key: SHA-256 over the files' content hashes with their layer assignments and
 * the finishing, mask and silk colours. The order the files are listed in does not matter.
 */
export function boardStamp(input: StampInput): string {
  const layers = input.layers
    .map((layer) =>
      // A guess drawn counts with what it is drawn as; a board without guesses keeps its stamp.
      layer.guessed
        ? [layer.sha256, layer.fileType, layer.layerNumber, `guessed ${layer.drawnAs}`]
        : [layer.sha256, layer.fileType, layer.layerNumber],
    )
    .sort((a, b) => compareText(a.join('|'), b.join('|')));
  const { copperFinish, mask, silk } = input.colors;
  const inputs = [...(input.inputs ?? [])].sort(compareText);
  // A board without such files keeps the stamp it always had (and its cached render).
  const canonical = JSON.stringify(
    inputs.length === 0
      ? [STAMP_VERSION, layers, [copperFinish, mask, silk]]
      : [STAMP_VERSION, layers, [copperFinish, mask, silk], inputs],
  );
  return createHash('sha256').update(canonical).digest('hex');
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
