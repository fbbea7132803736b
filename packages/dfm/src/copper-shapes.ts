// One copper layer as distinct copper shapes: features that touch (or lie inside one another)
// are one shape. One near-pair pass joins touching features and keeps the near misses, the
// candidates for clearance, then a point-in-polygon pass joins features lying inside others.

import { depthInside, type Feature } from './geometry/feature.ts';
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
}

export function copperLayer(
  name: string,
  side: CopperLayer['side'],
  features: Feature[],
  search: number,
): CopperLayer {
  const sets = new UnionFind(features.length);
  const nearMisses: NearMisses = { a: [], b: [], gap: [], x: [], y: [] };
  visitNearPairs(
    features,
    search,
    (a, b) => sets.find(a) === sets.find(b),
    (a, b, gap, x, y) => {
      if (gap <= TOUCH_MM) {
        sets.union(a, b);
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
      if (depthInside(holder, x, y) >= 0) sets.union(item, other);
    }
  });
  const shapeOf = new Int32Array(features.length);
  for (let i = 0; i < features.length; i++) shapeOf[i] = sets.find(i);
  return { name, side, features, shapeOf, index, nearMisses };
}

/** How deep (x, y) lies in the copper of the layer: the deepest feature holding it; ≤ 0: none. */
export function copperDepth(
  layer: CopperLayer,
  x: number,
  y: number,
): { depth: number; feature: number } {
  let best = { depth: -Infinity, feature: -1 };
  for (const item of layer.index.at(x, y)) {
    const depth = depthInside(layer.features[item] as Feature, x, y);
    if (depth > best.depth) best = { depth, feature: item };
  }
  return best;
}
