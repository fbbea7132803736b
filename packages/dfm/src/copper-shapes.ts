// One copper layer as distinct copper shapes: features that touch (or lie inside one another)
// are one shape. One near-pair pass joins touching features and keeps the near misses, the
// candidates for clearance, then a point-in-polygon pass joins features lying inside others.

import { depthInside, type Feature, holds } from './geometry/feature.ts';
import { visitNearPairs } from './geometry/near-pairs.ts';
import { PointIndex } from './geometry/point-index.ts';
import { UnionFind } from './geometry/union-find.ts';

/** Shapes closer than this (mm) are taken as touching: the files' rounding, not a gap. */
export const TOUCH_MM = 0.0001;

/** Pairs of features with a gap, as parallel lists. */
export interface NearMisses {
  a: number[];
  b: number[];
  gap: number[];
  x: number[];
  y: number[];
}

export interface CopperLayer {
  name: string;
  side: 'top' | 'bottom' | 'inner';
  features: Feature[];
  /** The copper shape of each feature (the smallest feature index of the shape). */
  shapeOf: Int32Array;
  /** Which features may hold a point. */
  index: PointIndex;
  /** Features of (then) different shapes with a gap up to the search distance between them. */
  nearMisses: NearMisses;
  /** Whether copper of a run is cut away at a point by a later clear shape. */
  cutAt: (x: number, y: number, run: number) => boolean;
}

/** Whether copper drawn in run `run` is cut away at (x, y) by a clear shape drawn after it. */
function cutter(clear: readonly Feature[]): (x: number, y: number, run: number) => boolean {
  if (clear.length === 0) return () => false;
  const index = new PointIndex(clear);
  return (x, y, run) =>
    index.some(x, y, (item) => {
      const shape = clear[item] as Feature;
      return (shape.run ?? 0) > run && holds(shape, x, y, TOUCH_MM);
    });
}

const runOf = (feature: Feature) => feature.run ?? 0;

export function copperLayer(
  name: string,
  side: CopperLayer['side'],
  features: Feature[],
  search: number,
  clear: readonly Feature[] = [],
): CopperLayer {
  const sets = new UnionFind(features.length);
  const nearMisses: NearMisses = { a: [], b: [], gap: [], x: [], y: [] };
  const cutAt = cutter(clear);
  const earlierRun = (a: number, b: number) =>
    Math.min(runOf(features[a] as Feature), runOf(features[b] as Feature));
  visitNearPairs(
    features,
    search,
    (a, b) => sets.find(a) === sets.find(b),
    (a, b, gap, x, y) => {
      if (gap <= TOUCH_MM) {
        // Shapes that meet where a later clear shape cut the earlier one away do not touch.
        if (!cutAt(x, y, earlierRun(a, b))) sets.union(a, b);
        return;
      }
      nearMisses.a.push(a);
      nearMisses.b.push(b);
      nearMisses.gap.push(gap);
      nearMisses.x.push(x);
      nearMisses.y.push(y);
    },
  );
  const index = new PointIndex(features);
  // A feature wholly inside a closed one (a pad in a pour) touches none of its edges.
  features.forEach((feature, item) => {
    const x = feature.points[0] as number;
    const y = feature.points[1] as number;
    for (const other of index.at(x, y)) {
      if (other === item) continue;
      const holder = features[other] as Feature;
      if (!holder.closed || sets.find(other) === sets.find(item)) continue;
      if (holds(holder, x, y, 0) && !cutAt(x, y, earlierRun(item, other))) {
        sets.union(item, other);
      }
    }
  });
  clearedGaps(features, clear, index, nearMisses);
  const shapeOf = new Int32Array(features.length);
  for (let i = 0; i < features.length; i++) shapeOf[i] = sets.find(i);
  return { name, side, features, shapeOf, index, nearMisses, cutAt };
}

/**
 * The gaps clear shapes leave: copper drawn inside a clear shape (a pad in its clearance
 * cut-out) is as far from the copper the clear shape cut (the pour) as its outline is from the
 * clear shape's. Measured at the shape's core points: exact for a pad or track centred in its
 * cut-out, the usual case.
 */
function clearedGaps(
  features: readonly Feature[],
  clear: readonly Feature[],
  index: PointIndex,
  out: NearMisses,
): void {
  for (const cut of clear) {
    const cx = cut.points[0] as number;
    const cy = cut.points[1] as number;
    const here = index.at(cx, cy);
    const cutAway = here.find((item) => {
      const feature = features[item] as Feature;
      return runOf(feature) < runOf(cut) && holds(feature, cx, cy, 0);
    });
    if (cutAway === undefined) continue;
    for (const item of here) {
      const inside = features[item] as Feature;
      if (runOf(inside) <= runOf(cut)) continue;
      let gap = Infinity;
      let at = 0;
      for (let i = 0; i < inside.points.length; i += 2) {
        const depth = depthInside(cut, inside.points[i] as number, inside.points[i + 1] as number);
        if (depth - inside.r < gap) {
          gap = depth - inside.r;
          at = i;
        }
      }
      if (!(gap > TOUCH_MM)) continue;
      out.a.push(item);
      out.b.push(cutAway);
      out.gap.push(gap);
      out.x.push(inside.points[at] as number);
      out.y.push(inside.points[at + 1] as number);
    }
  }
}

/** How deep (x, y) lies in the copper of the layer: the deepest feature holding it; ≤ 0: none. */
export function copperDepth(
  layer: CopperLayer,
  x: number,
  y: number,
): { depth: number; feature: number } {
  let best = { depth: -Infinity, feature: -1 };
  for (const item of layer.index.at(x, y)) {
    const feature = layer.features[item] as Feature;
    if (layer.cutAt(x, y, runOf(feature))) continue;
    const depth = depthInside(feature, x, y);
    if (depth > best.depth) best = { depth, feature: item };
  }
  return best;
}
