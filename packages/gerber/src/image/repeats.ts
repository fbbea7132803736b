// Walking an image's graphics with their copies: a repeat graphic holds one part and the offsets
// it is drawn at, so what an image draws (its drawn elements, its geometry) is the part's times its
// copies, while what it holds is the part once.

import type { Graphic, PolarityRun } from './types.ts';

/** Elements one graphic holds: flash positions, segments, region edges (a repeat's part once). */
export function heldElements(graphics: readonly Graphic[]): number {
  let count = 0;
  for (const graphic of graphics) {
    if (graphic.type === 'flash') count += graphic.positions.length / 2;
    else if (graphic.type === 'stroke') count += graphic.segments.length;
    else if (graphic.type === 'region') {
      for (const contour of graphic.contours) count += contour.length;
    } else count += heldElements(graphic.graphics);
  }
  return count;
}

/** Elements graphics draw, every copy counted (may exceed what a number holds exactly: a bound). */
export function drawnElements(graphics: readonly Graphic[]): number {
  let count = 0;
  for (const graphic of graphics) {
    if (graphic.type === 'repeat') {
      count += (graphic.offsets.length / 2) * drawnElements(graphic.graphics);
    } else count += heldElements([graphic]);
  }
  return count;
}

/** Elements the runs of an image draw, every copy counted. */
export function drawnElementsOfRuns(runs: readonly PolarityRun[]): number {
  let count = 0;
  for (const run of runs) count += drawnElements(run.graphics);
  return count;
}

/** A flash, stroke or region graphic and where one of its copies is drawn. */
export type PlacedGraphic = {
  graphic: Exclude<Graphic, { type: 'repeat' }>;
  dx: number;
  dy: number;
};

/**
 * Visits every flash, stroke and region graphic of `graphics` once per copy (repeats unrolled,
 * nested ones too), with the offset of the copy, until `limit` element have been visited; answers
 * whether every copy was visited. For readers of geometry (outline loops, copper samples) that
 * need each copy where it lies.
 */
export function forEachCopy(
  graphics: readonly Graphic[],
  visit: (placed: PlacedGraphic) => void,
  limit = Number.POSITIVE_INFINITY,
): boolean {
  let budget = limit;
  const walk = (list: readonly Graphic[], dx: number, dy: number): boolean => {
    for (const graphic of list) {
      if (graphic.type !== 'repeat') {
        budget -= heldElements([graphic]);
        if (budget < 0) return false;
        visit({ graphic, dx, dy });
        continue;
      }
      const { offsets } = graphic;
      for (let index = 0; index + 1 < offsets.length; index += 2) {
        if (
          !walk(
            graphic.graphics,
            dx + (offsets[index] as number),
            dy + (offsets[index + 1] as number),
          )
        ) {
          return false;
        }
      }
    }
    return true;
  };
  return walk(graphics, 0, 0);
}
