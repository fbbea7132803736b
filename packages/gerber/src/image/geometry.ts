// Geometry helpers on segments and contours.

import type { ArcSegment, Contour, LineSegment, Segment } from './types.ts';

const TWO_PI = 2 * Math.PI;

export function line(x1: number, y1: number, x2: number, y2: number): LineSegment {
  return { type: 'line', x1, y1, x2, y2 };
}

/**
 * An arc from (x1, y1) around (cx, cy) by `sweep` radians (positive counter-clockwise). The end
 * point is computed, so it lies exactly on the circle.
 */
export function arcBySweep(
  x1: number,
  y1: number,
  cx: number,
  cy: number,
  sweep: number,
): ArcSegment {
  const radius = Math.hypot(x1 - cx, y1 - cy);
  const end = Math.atan2(y1 - cy, x1 - cx) + sweep;
  const full = Math.abs(sweep) >= TWO_PI - 1e-12;
  return {
    type: 'arc',
    x1,
    y1,
    x2: full ? x1 : cx + radius * Math.cos(end),
    y2: full ? y1 : cy + radius * Math.sin(end),
    cx,
    cy,
    radius,
    sweep,
  };
}

/** Twice the signed area under a segment (shoelace term plus the circular segment of an arc). */
function doubleAreaTerm(segment: Segment): number {
  const chord = segment.x1 * segment.y2 - segment.x2 * segment.y1;
  if (segment.type === 'line') return chord;
  const { radius, sweep } = segment;
  // Area between the chord and the arc: r²/2 (θ - sin θ), signed with the sweep.
  return chord + radius * radius * (sweep - Math.sin(sweep));
}

/** Signed area of a closed contour: positive when counter-clockwise. */
export function contourArea(contour: Contour): number {
  let sum = 0;
  for (const segment of contour) sum += doubleAreaTerm(segment);
  return sum / 2;
}

export function reverseSegment(segment: Segment): Segment {
  if (segment.type === 'line') return line(segment.x2, segment.y2, segment.x1, segment.y1);
  return {
    type: 'arc',
    x1: segment.x2,
    y1: segment.y2,
    x2: segment.x1,
    y2: segment.y1,
    cx: segment.cx,
    cy: segment.cy,
    radius: segment.radius,
    sweep: -segment.sweep,
  };
}

export function reverseContour(contour: Contour): Contour {
  const reversed: Contour = [];
  for (let index = contour.length - 1; index >= 0; index--) {
    reversed.push(reverseSegment(contour[index] as Segment));
  }
  return reversed;
}

/**
 * Turns a contour counter-clockwise by reversing it in place (for freshly made contours that
 * nothing else refers to: no new objects).
 */
export function makeCounterClockwise(contour: Contour): Contour {
  if (contourArea(contour) >= 0) return contour;
  contour.reverse();
  for (const segment of contour) {
    const { x1, y1 } = segment;
    segment.x1 = segment.x2;
    segment.y1 = segment.y2;
    segment.x2 = x1;
    segment.y2 = y1;
    if (segment.type === 'arc') segment.sweep = -segment.sweep;
  }
  return contour;
}

/** Signed area of a flat polygon [x0, y0, x1, y1, ...]. */
export function polygonArea(points: number[]): number {
  let sum = 0;
  const count = points.length;
  for (let index = 0; index < count; index += 2) {
    const next = (index + 2) % count;
    sum +=
      (points[index] as number) * (points[next + 1] as number) -
      (points[next] as number) * (points[index + 1] as number);
  }
  return sum / 2;
}

/** The flat polygon turned counter-clockwise if it was clockwise. */
export function counterClockwisePolygon(points: number[]): number[] {
  if (polygonArea(points) >= 0) return points;
  const reversed: number[] = [];
  for (let index = points.length - 2; index >= 0; index -= 2) {
    reversed.push(points[index] as number, points[index + 1] as number);
  }
  return reversed;
}

/** An axis-aligned rectangle as a counter-clockwise contour from its lower left corner. */
export function rectContour(x: number, y: number, width: number, height: number): Contour {
  return [
    line(x, y, x + width, y),
    line(x + width, y, x + width, y + height),
    line(x + width, y + height, x, y + height),
    line(x, y + height, x, y),
  ];
}
