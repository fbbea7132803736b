// What a board house can make, as data: the limits of its standard and advanced classes, by
// copper weight and layer count. The values are typical of quick-turn board houses' published
// capabilities (not one house's). They are the one place for these rules: the manufacturing
// capabilities table (packages/domain) says what boards are built, not how fine their layout.

import type { DfmLimits } from './types.ts';

export const FAB_CLASSES = ['standard', 'advanced'] as const;
export type FabClass = (typeof FAB_CLASSES)[number];

export interface BoardBuild {
  /** Copper layers. */
  layers: number;
  copperOz: number;
}

/** Track and space by copper weight: thicker copper is etched wider. */
const TRACK_SPACE: Record<FabClass, { upToOz: number; track: number; space: number }[]> = {
  standard: [
    { upToOz: 1, track: 0.127, space: 0.127 },
    { upToOz: 2, track: 0.2, space: 0.2 },
    { upToOz: 3, track: 0.3, space: 0.3 },
  ],
  advanced: [
    { upToOz: 1, track: 0.075, space: 0.075 },
    { upToOz: 2, track: 0.15, space: 0.15 },
    { upToOz: 3, track: 0.25, space: 0.25 },
  ],
};

/** The rest, by layer count: more layers, thicker boards, more registration to allow for. */
const HOLES_AND_EDGE: Record<
  FabClass,
  { upToLayers: number; limits: Omit<DfmLimits, 'trackWidth' | 'clearance'> }[]
> = {
  standard: [
    {
      upToLayers: 2,
      limits: {
        drill: 0.3,
        annularRing: 0.15,
        slotWidth: 0.8,
        holeToHole: 0.3,
        aspectRatio: 8,
        copperToEdge: 0.3,
      },
    },
    {
      upToLayers: 8,
      limits: {
        drill: 0.2,
        annularRing: 0.125,
        slotWidth: 0.8,
        holeToHole: 0.3,
        aspectRatio: 8,
        copperToEdge: 0.3,
      },
    },
    {
      upToLayers: Infinity,
      limits: {
        drill: 0.25,
        annularRing: 0.15,
        slotWidth: 0.8,
        holeToHole: 0.3,
        aspectRatio: 10,
        copperToEdge: 0.3,
      },
    },
  ],
  advanced: [
    {
      upToLayers: 2,
      limits: {
        drill: 0.15,
        annularRing: 0.075,
        slotWidth: 0.5,
        holeToHole: 0.2,
        aspectRatio: 10,
        copperToEdge: 0.2,
      },
    },
    {
      upToLayers: 8,
      limits: {
        drill: 0.15,
        annularRing: 0.05,
        slotWidth: 0.5,
        holeToHole: 0.2,
        aspectRatio: 12,
        copperToEdge: 0.2,
      },
    },
    {
      upToLayers: Infinity,
      limits: {
        drill: 0.15,
        annularRing: 0.05,
        slotWidth: 0.5,
        holeToHole: 0.2,
        aspectRatio: 16,
        copperToEdge: 0.2,
      },
    },
  ],
};

/** Heavier copper than any row of the table: nothing is offered. */
export const MAX_COPPER_OZ = 3;

/** The limits of a class for a board's layer count and copper weight; null when not offered. */
export function fabLimits(fabClass: FabClass, build: BoardBuild): DfmLimits | null {
  const copper = TRACK_SPACE[fabClass].find((row) => build.copperOz <= row.upToOz);
  const rest = HOLES_AND_EDGE[fabClass].find((row) => build.layers <= row.upToLayers);
  if (!copper || !rest) return null;
  return { trackWidth: copper.track, clearance: copper.space, ...rest.limits };
}
