// The area a convex aperture covers when it is moved along a straight line.

import { convexHull, polygonContour } from '../image/hull.ts';
import type { Contour, Segment, Shape } from '../image/types.ts';

/** Outline points of a convex shape (arcs sampled), used to sweep it along a line. */
function convexOutline(shape: Shape): number[] {
  const points: number[] = [];
  for (const primitive of shape.primitives) {
    if (primitive.erase) continue;
    switch (primitive.type) {
      case 'circle':
        for (let k = 0; k < 32; k++) {
          const angle = (k * Math.PI) / 16;
          points.push(
            primitive.cx + primitive.r * Math.cos(angle),
            primitive.cy + primitive.r * Math.sin(angle),
          );
        }
        break;
      case 'rect': {
        const w = primitive.width / 2;
        const h = primitive.height / 2;
        const r = Math.min(primitive.cornerRadius, w, h);
        const corners = [
          [w - r, h - r],
          [-(w - r), h - r],
          [-(w - r), -(h - r)],
          [w - r, -(h - r)],
        ] as const;
        corners.forEach(([x, y], corner) => {
          if (r === 0) {
            points.push(primitive.cx + x, primitive.cy + y);
            return;
          }
          for (let k = 0; k <= 8; k++) {
            const angle = ((corner + k / 8) * Math.PI) / 2;
            points.push(
              primitive.cx + x + r * Math.cos(angle),
              primitive.cy + y + r * Math.sin(angle),
            );
          }
        });
        break;
      }
      case 'polygon':
        points.push(...primitive.points);
        break;
      case 'contour':
        for (const segment of primitive.segments) points.push(segment.x1, segment.y1);
        break;
    }
  }
  return points;
}

/** The area swept by a convex shape moved along a straight segment: the hull of both ends. */
export function sweptHull(shape: Shape, segment: Segment): Contour {
  const outline = convexOutline(shape);
  const points: number[] = [];
  for (let index = 0; index < outline.length; index += 2) {
    const x = outline[index] as number;
    const y = outline[index + 1] as number;
    points.push(x + segment.x1, y + segment.y1, x + segment.x2, y + segment.y2);
  }
  return polygonContour(convexHull(points));
}
