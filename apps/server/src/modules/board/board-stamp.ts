import { createHash } from 'node:crypto';
import type { BoardFileType } from '@circuits/domain';

/** What a board render depends on (SPEC §9): each drawn file and the colours of the settings. */
export type StampInput = {
  layers: readonly { sha256: string; fileType: BoardFileType; layerNumber: number | null }[];
  colors: { copperFinish: string; mask: string; silk: string };
};

// Bumped when the stored render's format or the renderer's output changes, so old renders are
// not served for new requests.
const STAMP_VERSION = 'board-render-v1';

/**
 * The render cache key: SHA-256 over the files' content hashes with their layer assignments and
 * the finishing, mask and silk colours. The order the files are listed in does not matter.
 */
export function boardStamp(input: StampInput): string {
  const layers = input.layers
    .map((layer) => [layer.sha256, layer.fileType, layer.layerNumber] as const)
    .sort((a, b) => compareText(a.join('|'), b.join('|')));
  const { copperFinish, mask, silk } = input.colors;
  const canonical = JSON.stringify([STAMP_VERSION, layers, [copperFinish, mask, silk]]);
  return createHash('sha256').update(canonical).digest('hex');
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
