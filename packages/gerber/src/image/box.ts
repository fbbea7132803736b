// Bounding boxes. A mutable accumulator is used while plotting, a plain Box in the result.

import type { Box, Segment } from './types.ts';

export class BoxAccumulator {
  minX = Number.POSITIVE_INFINITY;
  minY = Number.POSITIVE_INFINITY;
  maxX = Number.NEGATIVE_INFINITY;
  maxY = Number.NEGATIVE_INFINITY;

  addPoint(x: number, y: number, margin = 0): void {
    if (x - margin < this.minX) this.minX = x - margin;
    if (y - margin < this.minY) this.minY = y - margin;
    if (x + margin > this.maxX) this.maxX = x + margin;
    if (y + margin > this.maxY) this.maxY = y + margin;
  }

  addBox(box: Box, dx = 0, dy = 0): void {
    if (box.minX + dx < this.minX) this.minX = box.minX + dx;
    if (box.minY + dy < this.minY) this.minY = box.minY + dy;
    if (box.maxX + dx > this.maxX) this.maxX = box.maxX + dx;
    if (box.maxY + dy > this.maxY) this.maxY = box.maxY + dy;
  }

  /** Adds a segment swept by a round tool of the given radius (`margin`). */
  addSegment(segment: Segment, margin: number): void {
    this.addPoint(segment.x1, segment.y1, margin);
    this.addPoint(segment.x2, segment.y2, margin);
    if (segment.type === 'arc') addArcExtremes(this, segment, margin);
  }

  /** Empties the accumulator for reuse. */
  clear(): void {
    this.minX = Number.POSITIVE_INFINITY;
    this.minY = Number.POSITIVE_INFINITY;
    this.maxX = Number.NEGATIVE_INFINITY;
    this.maxY = Number.NEGATIVE_INFINITY;
  }

  get empty(): boolean {
    return this.minX > this.maxX;
  }

  toBox(): Box | null {
    if (this.empty) return null;
    return { minX: this.minX, minY: this.minY, maxX: this.maxX, maxY: this.maxY };
  }
}

/** Adds the points where an arc crosses the axes of its circle (its extremes). */
function addArcExtremes(
  box: BoxAccumulator,
  arc: Extract<Segment, { type: 'arc' }>,
  margin: number,
): void {
  const { cx, cy, radius, sweep } = arc;
  if (Math.abs(sweep) >= 2 * Math.PI - 1e-12) {
    box.addPoint(cx - radius, cy - radius, margin);
    box.addPoint(cx + radius, cy + radius, margin);
    return;
  }
  const start = Math.atan2(arc.y1 - cy, arc.x1 - cx);
  const from = sweep >= 0 ? start : start + sweep;
  const to = from + Math.abs(sweep);
  // Quarter-turn angles k·π/2 within [from, to].
  for (let k = Math.ceil(from / (Math.PI / 2)); k * (Math.PI / 2) <= to; k++) {
    const quadrant = ((k % 4) + 4) % 4;
    const x = quadrant === 0 ? cx + radius : quadrant === 2 ? cx - radius : cx;
    const y = quadrant === 1 ? cy + radius : quadrant === 3 ? cy - radius : cy;
    box.addPoint(x, y, margin);
  }
}

/** The bounds of flat [x, y, x, y, ...] points; an empty list gives an inverted (infinite) box. */
export function pointsBox(points: readonly number[]): Box {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < points.length; index += 2) {
    const x = points[index] as number;
    const y = points[index + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;
}
