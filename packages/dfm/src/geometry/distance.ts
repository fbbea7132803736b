// Distances between the cores of copper shapes: points, segments and closed polygons, in mm.
// A shape is its core grown by a radius (a track is a segment grown by half its width), so the
// gap between two shapes is the distance between their cores minus both radii.

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Distance from (px, py) to the segment (x1, y1)-(x2, y2). */
export function pointSegmentDistance(
  px: number,
  py: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : clamp01(((px - x1) * dx + (py - y1) * dy) / lengthSquared);
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

/**
 * Where the last `segmentSegmentClosest` found the closest points: [ax, ay, bx, by]. One shared
 * scratch array, so the hot loop of the near-pair search allocates nothing.
 */
export const closestPoints = new Float64Array(4);

/** Writes into `out` at `offset` the point of the segment nearest (px, py); answers the distance squared. */
function nearestOnSegment(
  px: number,
  py: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  out: Float64Array,
  offset: number,
): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : clamp01(((px - x1) * dx + (py - y1) * dy) / lengthSquared);
  const x = x1 + t * dx;
  const y = y1 + t * dy;
  out[offset] = x;
  out[offset + 1] = y;
  return (px - x) * (px - x) + (py - y) * (py - y);
}

const candidate = new Float64Array(2);

/**
 * The distance between segments a and b, 0 where they cross; the closest points go to
 * `closestPoints`. Segments that do not cross are closest at an end of one of them.
 */
export function segmentSegmentClosest(
  ax1: number,
  ay1: number,
  ax2: number,
  ay2: number,
  bx1: number,
  by1: number,
  bx2: number,
  by2: number,
): number {
  const rx = ax2 - ax1;
  const ry = ay2 - ay1;
  const sx = bx2 - bx1;
  const sy = by2 - by1;
  const denominator = rx * sy - ry * sx;
  if (denominator !== 0) {
    const qx = bx1 - ax1;
    const qy = by1 - ay1;
    const t = (qx * sy - qy * sx) / denominator;
    const u = (qx * ry - qy * rx) / denominator;
    if (t >= 0 && t <= 1 && u >= 0 && u <= 1) {
      closestPoints[0] = closestPoints[2] = ax1 + t * rx;
      closestPoints[1] = closestPoints[3] = ay1 + t * ry;
      return 0;
    }
  }
  const out = closestPoints;
  let best = nearestOnSegment(ax1, ay1, bx1, by1, bx2, by2, out, 2);
  out[0] = ax1;
  out[1] = ay1;
  let d = nearestOnSegment(ax2, ay2, bx1, by1, bx2, by2, candidate, 0);
  if (d < best) {
    best = d;
    out[0] = ax2;
    out[1] = ay2;
    out[2] = candidate[0] as number;
    out[3] = candidate[1] as number;
  }
  d = nearestOnSegment(bx1, by1, ax1, ay1, ax2, ay2, candidate, 0);
  if (d < best) {
    best = d;
    out[0] = candidate[0] as number;
    out[1] = candidate[1] as number;
    out[2] = bx1;
    out[3] = by1;
  }
  d = nearestOnSegment(bx2, by2, ax1, ay1, ax2, ay2, candidate, 0);
  if (d < best) {
    best = d;
    out[0] = candidate[0] as number;
    out[1] = candidate[1] as number;
    out[2] = bx2;
    out[3] = by2;
  }
  return Math.sqrt(best);
}

/** Whether (px, py) lies inside the closed polygon of flat points (even-odd rule). */
export function pointInPolygon(px: number, py: number, points: readonly number[]): boolean {
  let inside = false;
  const count = points.length;
  for (let i = 0, j = count - 2; i < count; j = i, i += 2) {
    const xi = points[i] as number;
    const yi = points[i + 1] as number;
    const xj = points[j] as number;
    const yj = points[j + 1] as number;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from (px, py) to the edges of a polygon or polyline of flat points. */
export function pointPathDistance(
  px: number,
  py: number,
  points: readonly number[],
  closed: boolean,
): number {
  if (points.length === 2)
    return Math.hypot(px - (points[0] as number), py - (points[1] as number));
  let best = Infinity;
  const last = closed ? points.length : points.length - 2;
  for (let i = 0; i < last; i += 2) {
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
  return best;
}
