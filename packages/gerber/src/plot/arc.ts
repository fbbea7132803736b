// Arc centres. Files often give centres that are slightly off (rounded I/J); the arc is drawn
// around the nearest point that is the same distance from both ends.

import type { ArcSegment } from '../image/types.ts';

const TWO_PI = 2 * Math.PI;
const QUARTER_TOLERANCE = 1e-3;

export interface ArcResult {
  arc: ArcSegment;
  /** Relative difference of the distances from the given centre to the two ends. */
  mismatch: number;
}

/** Angle from a to b turning in the given direction, in (0, 2π]. */
function turn(from: number, to: number, clockwise: boolean): number {
  let delta = clockwise ? from - to : to - from;
  delta %= TWO_PI;
  if (delta <= 0) delta += TWO_PI;
  return delta;
}

function samePoint(ax: number, ay: number, bx: number, by: number, scale: number): boolean {
  return Math.abs(ax - bx) <= scale * 1e-9 && Math.abs(ay - by) <= scale * 1e-9;
}

/**
 * Builds the arc from (x1, y1) to (x2, y2). In multi-quadrant mode the centre is (x1 + i, y1 + j)
 * and equal ends make a full circle; in single-quadrant mode I and J are unsigned and the centre is
 * the candidate that gives an arc of at most 90°. Returns null when there is no arc to draw (no
 * centre offset, zero radius): the caller draws a straight line instead.
 */
export function resolveArc(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  i: number,
  j: number,
  clockwise: boolean,
  singleQuadrant: boolean,
): ArcResult | null {
  // Without a centre offset (I and J both 0 or missing) there is no arc: draw a straight line.
  if (i === 0 && j === 0) return null;
  const scale = Math.max(Math.abs(x1), Math.abs(y1), Math.abs(x2), Math.abs(y2), 1);
  const closed = samePoint(x1, y1, x2, y2, scale);
  let cx: number;
  let cy: number;
  if (singleQuadrant) {
    if (closed) return null;
    let best: { cx: number; cy: number; score: number } | null = null;
    for (const [si, sj] of [
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
    ] as const) {
      const ccx = x1 + si * Math.abs(i);
      const ccy = y1 + sj * Math.abs(j);
      const r1 = Math.hypot(x1 - ccx, y1 - ccy);
      const r2 = Math.hypot(x2 - ccx, y2 - ccy);
      const sweep = turn(Math.atan2(y1 - ccy, x1 - ccx), Math.atan2(y2 - ccy, x2 - ccx), clockwise);
      // Prefer arcs within a quadrant, then the closest radii.
      const score = Math.abs(r1 - r2) + (sweep > Math.PI / 2 + QUARTER_TOLERANCE ? 1e12 : 0);
      if (!best || score < best.score) best = { cx: ccx, cy: ccy, score };
    }
    cx = (best as { cx: number }).cx;
    cy = (best as { cy: number }).cy;
  } else {
    cx = x1 + i;
    cy = y1 + j;
  }

  const r1 = Math.hypot(x1 - cx, y1 - cy);
  const r2 = Math.hypot(x2 - cx, y2 - cy);
  const mismatch = Math.abs(r1 - r2) / Math.max(r1, r2, Number.MIN_VALUE);
  if (!closed) {
    // Move the centre onto the perpendicular bisector of the chord.
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    const chord = Math.hypot(x2 - x1, y2 - y1);
    const nx = -(y2 - y1) / chord;
    const ny = (x2 - x1) / chord;
    const along = (cx - mx) * nx + (cy - my) * ny;
    cx = mx + along * nx;
    cy = my + along * ny;
  }
  const radius = Math.hypot(x1 - cx, y1 - cy);
  if (radius === 0 || !Number.isFinite(radius)) return null;
  const sweep = closed
    ? TWO_PI
    : turn(Math.atan2(y1 - cy, x1 - cx), Math.atan2(y2 - cy, x2 - cx), clockwise);
  return {
    arc: {
      type: 'arc',
      x1,
      y1,
      x2: closed ? x1 : x2,
      y2: closed ? y1 : y2,
      cx,
      cy,
      radius,
      sweep: clockwise ? -sweep : sweep,
    },
    mismatch,
  };
}
