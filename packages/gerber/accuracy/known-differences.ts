// Layers where our render and gerbv's disagree by more than the threshold, each with the reason
// (gerbv lacks a feature, or renders it differently from the Gerber specification).

import type { LayerFile } from './fixtures.ts';

export const THRESHOLD_PERCENT = 1;

export interface KnownDifference {
  board: string;
  name: string;
  /** The disagreement measured when the reason was written; the suite allows a little more. */
  percent: number;
  reason: string;
}

export const KNOWN_DIFFERENCES: KnownDifference[] = [];

export function knownDifference(layer: Pick<LayerFile, 'board' | 'name'>): KnownDifference | null {
  return (
    KNOWN_DIFFERENCES.find((known) => known.board === layer.board && known.name === layer.name) ??
    null
  );
}
