// The limits findings are measured against when the caller gives none: a common standard class
// of board houses (fab-classes.ts holds the classes and their sources).

import type { DfmLimits } from './types.ts';

export const DEFAULT_LIMITS: DfmLimits = {
  trackWidth: 0.127,
  clearance: 0.127,
  annularRing: 0.125,
  drill: 0.2,
  slotWidth: 0.5,
  holeToHole: 0.25,
  aspectRatio: 8,
  copperToEdge: 0.25,
};

/** Board thickness assumed when the caller gives none (the usual FR-4 board). */
export const DEFAULT_THICKNESS_MM = 1.6;

/** Gaps are measured up to this (mm) beyond the limit, so the worst gap is known even when clean. */
export const GAP_SEARCH_MM = 0.3;
