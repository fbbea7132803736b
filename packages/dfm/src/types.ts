// What the design-for-manufacture check answers: per check the smallest value measured and the
// places that fall short of the limits, each with the shapes involved.

import type { Box, FeatureKind } from './geometry/feature.ts';

export type { Box, FeatureKind } from './geometry/feature.ts';

export const DFM_CHECKS = [
  'track-width',
  'clearance',
  'annular-ring',
  'breakout',
  'drill-size',
  'slot-width',
  'hole-to-hole',
  'aspect-ratio',
  'copper-to-edge',
] as const;
export type DfmCheck = (typeof DFM_CHECKS)[number];

/** One of the shapes a finding is about, on its layer, in mm (y up, as in the files). */
export interface ShapeRef {
  kind: FeatureKind;
  layer: string;
  box: Box;
  /** Tracks, holes and slots: the tool's width. */
  width?: number;
}

export interface DfmFinding {
  check: DfmCheck;
  /** The layer measured (for holes: the drill layer, or the copper layer of a ring). */
  layer: string;
  /** mm (a ratio for aspect-ratio); lower is worse, but for aspect-ratio where higher is. */
  value: number;
  /** Where, in mm (y up, as in the files). */
  x: number;
  y: number;
  /** The shape measured, and for distances the other one. */
  shapes: ShapeRef[];
  /** What the value means when the number alone does not say (no copper around a hole). */
  detail?: string;
}

export interface DfmCheckResult {
  check: DfmCheck;
  /** The worst value measured anywhere (within the search distance for gaps); null: none. */
  worst: number | null;
  /** Places past the limit, worst first, at most MAX_FINDINGS_PER_CHECK of them. */
  findings: DfmFinding[];
  /** All places past the limit, listed or not. */
  count: number;
  /** The limit the findings were measured against. */
  limit: number;
}

export interface DfmReport {
  checks: DfmCheckResult[];
  /** What the check could not see (clear polarity, no outline, cut layers). */
  notes: string[];
  copperLayers: number;
  holes: number;
  /** The board thickness the aspect ratios were measured with, mm. */
  thicknessMm: number;
  ms: number;
}

/** Below these a place is a finding (above, for the aspect ratio). All in mm but the ratio. */
export interface DfmLimits {
  trackWidth: number;
  clearance: number;
  annularRing: number;
  drill: number;
  slotWidth: number;
  holeToHole: number;
  /** Board thickness over the smallest plated hole. */
  aspectRatio: number;
  copperToEdge: number;
}
