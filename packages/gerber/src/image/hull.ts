// Convex hulls, for the area a convex aperture sweeps along a straight line.

import { line } from './geometry.ts';
import type { Contour } from './types.ts';

/** Counter-clockwise convex hull of flat points [x0, y0, ...] (monotone chain). */
export function convexHull(points: number[]): number[] {
  const order: number[] = [];
  for (let index = 0; index < points.length; index += 2) order.push(index);
  order.sort(
    (p, q) =>
      (points[p] as number) - (points[q] as number) ||
      (points[p + 1] as number) - (points[q + 1] as number),
  );
  const cross = (o: number, a: number, b: number): number =>
    ((points[a] as number) - (points[o] as number)) *
      ((points[b + 1] as number) - (points[o + 1] as number)) -
    ((points[a + 1] as number) - (points[o + 1] as number)) *
      ((points[b] as number) - (points[o] as number));
  const chain = (indices: number[]): number[] => {
    const out: number[] = [];
    for (const p of indices) {
      while (
        out.length >= 2 &&
        cross(out[out.length - 2] as number, out[out.length - 1] as number, p) <= 0
      ) {
        out.pop();
      }
      out.push(p);
    }
    out.pop();
    return out;
  };
  const hull = chain(order).concat(chain([...order].reverse()));
  const result: number[] = [];
  for (const index of hull) result.push(points[index] as number, points[index + 1] as number);
  return result;
}

/** A closed contour of straight lines through flat points. */
export function polygonContour(points: number[]): Contour {
  const contour: Contour = [];
  const count = points.length / 2;
  for (let k = 0; k < count; k++) {
    const next = (k + 1) % count;
    contour.push(
      line(
        points[2 * k] as number,
        points[2 * k + 1] as number,
        points[2 * next] as number,
        points[2 * next + 1] as number,
      ),
    );
  }
  return contour;
}
