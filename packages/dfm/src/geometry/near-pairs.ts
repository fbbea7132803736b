// Every pair of features that come within `search` mm of each other, found on a uniform grid of
// their edges: each edge is filed in the cells its bounds (grown by its radius and half the
// search distance) cover, and a pair is measured once, in the cell where their grown bounds
// first overlap. Time grows with the edges and their close neighbours, not with all pairs.

import { closestPoints, segmentSegmentClosest } from './distance.ts';
import type { Feature } from './feature.ts';

/** Called for each pair of edges within reach: the gap between the shapes, and where. */
export type PairVisitor = (a: number, b: number, gap: number, x: number, y: number) => void;

/** Whether a pair of features is of no interest (same feature, same net, wrong kinds). */
export type PairFilter = (a: number, b: number) => boolean;

const MAX_CELLS = 4_000_000;

/** Side of a grid cell: small enough that a cell of a dense board holds few edges. */
const CELL_MM = Number(
  (globalThis as { process?: { env: Record<string, string> } }).process?.env.DFM_CELL ?? 0.5,
);

interface Edges {
  count: number;
  x1: Float64Array;
  y1: Float64Array;
  x2: Float64Array;
  y2: Float64Array;
  feature: Int32Array;
  minX: Float64Array;
  minY: Float64Array;
  maxX: Float64Array;
  maxY: Float64Array;
}

function edgeCount(feature: Feature): number {
  const points = feature.points.length / 2;
  if (points <= 1) return 1;
  return feature.closed ? points : points - 1;
}

function edgesOf(features: readonly Feature[], grow: number): Edges {
  let count = 0;
  for (const feature of features) count += edgeCount(feature);
  const edges: Edges = {
    count,
    x1: new Float64Array(count),
    y1: new Float64Array(count),
    x2: new Float64Array(count),
    y2: new Float64Array(count),
    feature: new Int32Array(count),
    minX: new Float64Array(count),
    minY: new Float64Array(count),
    maxX: new Float64Array(count),
    maxY: new Float64Array(count),
  };
  let e = 0;
  features.forEach((feature, index) => {
    const { points } = feature;
    const n = points.length / 2;
    const last = n <= 1 ? 1 : feature.closed ? n : n - 1;
    const reach = feature.r + grow;
    for (let i = 0; i < last; i++) {
      const j = n <= 1 ? 0 : (i + 1) % n;
      const x1 = points[2 * i] as number;
      const y1 = points[2 * i + 1] as number;
      const x2 = points[2 * j] as number;
      const y2 = points[2 * j + 1] as number;
      edges.x1[e] = x1;
      edges.y1[e] = y1;
      edges.x2[e] = x2;
      edges.y2[e] = y2;
      edges.feature[e] = index;
      edges.minX[e] = Math.min(x1, x2) - reach;
      edges.minY[e] = Math.min(y1, y2) - reach;
      edges.maxX[e] = Math.max(x1, x2) + reach;
      edges.maxY[e] = Math.max(y1, y2) + reach;
      e++;
    }
  });
  return edges;
}

interface Grid {
  minX: number;
  minY: number;
  cell: number;
  columns: number;
  rows: number;
  /** Compressed rows: the edges of cell i are filed[starts[i] .. starts[i + 1]). */
  starts: Int32Array;
  filed: Int32Array;
}

function boundsOf(edges: Edges[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const set of edges) {
    for (let e = 0; e < set.count; e++) {
      minX = Math.min(minX, set.minX[e] as number);
      minY = Math.min(minY, set.minY[e] as number);
      maxX = Math.max(maxX, set.maxX[e] as number);
      maxY = Math.max(maxY, set.maxY[e] as number);
    }
  }
  return { minX, minY, maxX, maxY };
}

function gridOf(
  edges: Edges,
  area: { minX: number; minY: number; maxX: number; maxY: number },
): Grid {
  const { minX, minY, maxX, maxY } = area;
  let cell = CELL_MM;
  while (((maxX - minX) / cell + 1) * ((maxY - minY) / cell + 1) > MAX_CELLS) cell *= 2;
  const columns = Math.floor((maxX - minX) / cell) + 1;
  const rows = Math.floor((maxY - minY) / cell) + 1;
  const grid: Grid = {
    minX,
    minY,
    cell,
    columns,
    rows,
    starts: new Int32Array(columns * rows + 1),
    filed: new Int32Array(0),
  };
  // Two passes: count the edges of each cell, then file them.
  const { starts } = grid;
  for (let e = 0; e < edges.count; e++) {
    const c0 = columnOf(grid, edges.minX[e] as number);
    const c1 = columnOf(grid, edges.maxX[e] as number);
    const r0 = rowOf(grid, edges.minY[e] as number);
    const r1 = rowOf(grid, edges.maxY[e] as number);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const next = r * columns + c + 1;
        starts[next] = (starts[next] as number) + 1;
      }
    }
  }
  for (let i = 1; i < starts.length; i++)
    starts[i] = (starts[i] as number) + (starts[i - 1] as number);
  const filed = new Int32Array(starts[starts.length - 1] as number);
  const fill = starts.slice(0, columns * rows);
  // Filed from left to right, so each cell's list is sorted by left side: a sweep over it stops
  // at the first edge that starts right of the current one's end.
  const order = new Int32Array(edges.count);
  for (let e = 0; e < edges.count; e++) order[e] = e;
  order.sort((a, b) => (edges.minX[a] as number) - (edges.minX[b] as number));
  for (const e of order) {
    const c0 = columnOf(grid, edges.minX[e] as number);
    const c1 = columnOf(grid, edges.maxX[e] as number);
    const r0 = rowOf(grid, edges.minY[e] as number);
    const r1 = rowOf(grid, edges.maxY[e] as number);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const index = r * columns + c;
        filed[fill[index] as number] = e;
        fill[index] = (fill[index] as number) + 1;
      }
    }
  }
  grid.filed = filed;
  return grid;
}

function columnOf(grid: Grid, x: number): number {
  return Math.max(0, Math.min(grid.columns - 1, Math.floor((x - grid.minX) / grid.cell)));
}

function rowOf(grid: Grid, y: number): number {
  return Math.max(0, Math.min(grid.rows - 1, Math.floor((y - grid.minY) / grid.cell)));
}

/** Measures edge a of `as` against edge b of `bs` and visits them when within the search. */
function measure(
  as: Edges,
  a: number,
  featuresA: readonly Feature[],
  bs: Edges,
  b: number,
  featuresB: readonly Feature[],
  search: number,
  visit: PairVisitor,
): void {
  const fa = as.feature[a] as number;
  const fb = bs.feature[b] as number;
  const distance = segmentSegmentClosest(
    as.x1[a] as number,
    as.y1[a] as number,
    as.x2[a] as number,
    as.y2[a] as number,
    bs.x1[b] as number,
    bs.y1[b] as number,
    bs.x2[b] as number,
    bs.y2[b] as number,
  );
  const ra = (featuresA[fa] as Feature).r;
  const gap = distance - ra - (featuresB[fb] as Feature).r;
  if (gap > search) return;
  // The middle of the gap: from a's core towards b's, past a's radius and half the gap.
  const along = distance > 0 ? (ra + gap / 2) / distance : 0.5;
  const ax = closestPoints[0] as number;
  const ay = closestPoints[1] as number;
  const x = ax + ((closestPoints[2] as number) - ax) * along;
  const y = ay + ((closestPoints[3] as number) - ay) * along;
  visit(fa, fb, gap, x, y);
}

const overlapping = (as: Edges, a: number, bs: Edges, b: number) =>
  Math.max(as.minX[a] as number, bs.minX[b] as number) <=
    Math.min(as.maxX[a] as number, bs.maxX[b] as number) &&
  Math.max(as.minY[a] as number, bs.minY[b] as number) <=
    Math.min(as.maxY[a] as number, bs.maxY[b] as number);

/**
 * Visits every pair of edges of different features whose shapes come within `search` of each
 * other, unless `skip` refuses their features. The gap is the distance between the cores less
 * both radii (negative where the shapes overlap).
 */
export function visitNearPairs(
  features: readonly Feature[],
  search: number,
  skip: PairFilter,
  visit: PairVisitor,
): void {
  if (features.length < 2) return;
  const edges = edgesOf(features, search / 2);
  const grid = gridOf(edges, boundsOf([edges]));
  const { starts, filed, columns } = grid;
  for (let index = 0; index < columns * grid.rows; index++) {
    const start = starts[index] as number;
    const end = starts[index + 1] as number;
    if (end - start < 2) continue;
    const cellColumn = index % columns;
    const cellRow = (index - cellColumn) / columns;
    for (let i = start; i < end; i++) {
      const a = filed[i] as number;
      const fa = edges.feature[a] as number;
      const rightA = edges.maxX[a] as number;
      for (let j = i + 1; j < end; j++) {
        const b = filed[j] as number;
        if ((edges.minX[b] as number) > rightA) break;
        const fb = edges.feature[b] as number;
        if (fa === fb || !overlapping(edges, a, edges, b)) continue;
        // Measured once: in the cell holding the corner where the grown bounds start to overlap.
        const cornerX = Math.max(edges.minX[a] as number, edges.minX[b] as number);
        const cornerY = Math.max(edges.minY[a] as number, edges.minY[b] as number);
        if (columnOf(grid, cornerX) !== cellColumn || rowOf(grid, cornerY) !== cellRow) continue;
        if (skip(fa, fb)) continue;
        measure(edges, a, features, edges, b, features, search, visit);
      }
    }
  }
}

/**
 * Visits every pair of an edge of `probes` and an edge of `filedFeatures` within `search`: only
 * the second set is filed in the grid, so a few outline edges against a whole copper layer cost
 * little more than reading the copper once. `visit` gets (probe, filed feature, gap, x, y).
 */
export function visitNearPairsBetween(
  probes: readonly Feature[],
  filedFeatures: readonly Feature[],
  search: number,
  visit: PairVisitor,
): void {
  if (probes.length === 0 || filedFeatures.length === 0) return;
  const probeEdges = edgesOf(probes, search / 2);
  const filedEdges = edgesOf(filedFeatures, search / 2);
  const grid = gridOf(filedEdges, boundsOf([filedEdges]));
  const { starts, filed, columns } = grid;
  const area = boundsOf([filedEdges]);
  for (let a = 0; a < probeEdges.count; a++) {
    if ((probeEdges.maxX[a] as number) < area.minX || (probeEdges.minX[a] as number) > area.maxX)
      continue;
    if ((probeEdges.maxY[a] as number) < area.minY || (probeEdges.minY[a] as number) > area.maxY)
      continue;
    const c0 = columnOf(grid, probeEdges.minX[a] as number);
    const c1 = columnOf(grid, probeEdges.maxX[a] as number);
    const r0 = rowOf(grid, probeEdges.minY[a] as number);
    const r1 = rowOf(grid, probeEdges.maxY[a] as number);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const index = r * columns + c;
        for (let i = starts[index] as number; i < (starts[index + 1] as number); i++) {
          const b = filed[i] as number;
          if (!overlapping(probeEdges, a, filedEdges, b)) continue;
          const cornerX = Math.max(probeEdges.minX[a] as number, filedEdges.minX[b] as number);
          const cornerY = Math.max(probeEdges.minY[a] as number, filedEdges.minY[b] as number);
          if (columnOf(grid, cornerX) !== c || rowOf(grid, cornerY) !== r) continue;
          measure(probeEdges, a, probes, filedEdges, b, filedFeatures, search, visit);
        }
      }
    }
  }
}
