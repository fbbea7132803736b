// Arcs to polylines for measuring: chords within ARC_TOLERANCE_MM of the true arc, so a gap or a
// width measured on them is within that of the exact one.

import type { Segment } from '@circuits/gerber';

/** Largest distance between an arc and the chords that replace it. */
export const ARC_TOLERANCE_MM = 0.0002;
const MAX_CHORDS = 720;

/** Chords for an arc of `radius` (mm) sweeping `sweep` radians. */
export function chordCount(radius: number, sweep: number): number {
  if (!(radius > ARC_TOLERANCE_MM)) return 1;
  const step = 2 * Math.acos(1 - ARC_TOLERANCE_MM / radius);
  return Math.min(MAX_CHORDS, Math.max(1, Math.ceil(Math.abs(sweep) / step)));
}

/**
 * Appends the points of a segment after its start (which the caller has already written) to
 * `out`, scaled by `scale` and moved by (dx, dy).
 */
export function appendSegment(
  out: number[],
  segment: Segment,
  scale: number,
  dx: number,
  dy: number,
): void {
  if (segment.type === 'line') {
    out.push((segment.x2 + dx) * scale, (segment.y2 + dy) * scale);
    return;
  }
  const start = Math.atan2(segment.y1 - segment.cy, segment.x1 - segment.cx);
  const chords = chordCount(segment.radius * scale, segment.sweep);
  for (let i = 1; i < chords; i++) {
    const angle = start + (segment.sweep * i) / chords;
    out.push(
      (segment.cx + segment.radius * Math.cos(angle) + dx) * scale,
      (segment.cy + segment.radius * Math.sin(angle) + dy) * scale,
    );
  }
  out.push((segment.x2 + dx) * scale, (segment.y2 + dy) * scale);
}

/** A closed contour as a polygon of flat points (the closing point left out). */
export function contourPoints(
  segments: readonly Segment[],
  scale: number,
  dx: number,
  dy: number,
): number[] {
  const first = segments[0];
  if (!first) return [];
  const out: number[] = [(first.x1 + dx) * scale, (first.y1 + dy) * scale];
  for (const segment of segments) appendSegment(out, segment, scale, dx, dy);
  const n = out.length;
  if (n >= 4 && out[0] === out[n - 2] && out[1] === out[n - 1]) out.length = n - 2;
  return out;
}
