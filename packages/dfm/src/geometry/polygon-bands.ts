// Large polygons (copper pours of thousands of points) cut into horizontal bands, each listing
// the edges that reach into it, so that asking whether a point is inside, or how far it is from
// the edges, reads a few edges instead of all of them.

import { pointSegmentDistance } from './distance.ts';

/** Below this many points a polygon is read whole. */
export const BANDED_FROM = 48;

export interface Bands {
  minY: number;
  height: number;
  /** Per band, the indices (point index × 2) of the edges reaching into it. */
  edges: Int32Array[];
}

const cache = new WeakMap<readonly number[], Bands>();

function build(points: readonly number[]): Bands {
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 1; i < points.length; i += 2) {
    minY = Math.min(minY, points[i] as number);
    maxY = Math.max(maxY, points[i] as number);
  }
  const count = Math.max(1, Math.min(4096, Math.ceil(points.length / 2 / 8)));
  const height = (maxY - minY) / count || 1;
  const lists: number[][] = Array.from({ length: count }, () => []);
  const band = (y: number) => Math.min(count - 1, Math.max(0, Math.floor((y - minY) / height)));
  for (let i = 0; i < points.length; i += 2) {
    const j = (i + 2) % points.length;
    const y1 = points[i + 1] as number;
    const y2 = points[j + 1] as number;
    for (let b = band(Math.min(y1, y2)); b <= band(Math.max(y1, y2)); b++) lists[b]?.push(i);
  }
  return { minY, height, edges: lists.map((list) => Int32Array.from(list)) };
}

export function bandsOf(points: readonly number[]): Bands {
  let bands = cache.get(points);
  if (!bands) {
    bands = build(points);
    cache.set(points, bands);
  }
  return bands;
}

/** Even-odd inside test reading only the edges of the point's band. */
export function insideBanded(px: number, py: number, points: readonly number[]): boolean {
  const bands = bandsOf(points);
  const b = Math.floor((py - bands.minY) / bands.height);
  const list = bands.edges[b];
  if (!list) return false;
  let inside = false;
  for (const i of list) {
    const j = (i + 2) % points.length;
    const xi = points[i] as number;
    const yi = points[i + 1] as number;
    const xj = points[j] as number;
    const yj = points[j + 1] as number;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance to the nearest edge, reading bands outwards from the point's until none can be nearer. */
export function edgeDistanceBanded(px: number, py: number, points: readonly number[]): number {
  const bands = bandsOf(points);
  const count = bands.edges.length;
  const home = Math.min(count - 1, Math.max(0, Math.floor((py - bands.minY) / bands.height)));
  let best = Infinity;
  const read = (b: number) => {
    for (const i of bands.edges[b] as Int32Array) {
      const j = (i + 2) % points.length;
      const d = pointSegmentDistance(
        px,
        py,
        points[i] as number,
        points[i + 1] as number,
        points[j] as number,
        points[j + 1] as number,
      );
      if (d < best) best = d;
    }
  };
  read(home);
  for (let step = 1; step < count; step++) {
    // Band home ± step starts at least (step − 1) band heights away from the point.
    const reach = Math.max(0, (step - 1) * bands.height);
    if (reach > best) break;
    if (home - step >= 0) read(home - step);
    if (home + step < count) read(home + step);
  }
  return best;
}

/** Whether an edge lies within `reach` of the point, reading only the bands that reach could touch. */
export function edgeWithinBanded(
  px: number,
  py: number,
  points: readonly number[],
  reach: number,
): boolean {
  const bands = bandsOf(points);
  const count = bands.edges.length;
  const first = Math.max(0, Math.floor((py - reach - bands.minY) / bands.height));
  const last = Math.min(count - 1, Math.floor((py + reach - bands.minY) / bands.height));
  for (let b = first; b <= last; b++) {
    for (const i of bands.edges[b] as Int32Array) {
      const j = (i + 2) % points.length;
      const d = pointSegmentDistance(
        px,
        py,
        points[i] as number,
        points[i + 1] as number,
        points[j] as number,
        points[j + 1] as number,
      );
      if (d <= reach) return true;
    }
  }
  return false;
}
