// Whether a flash shape with holes can be drawn as one path: erase primitives drawn backwards in a
// non-zero fill open holes only where each lies inside the primitive just before it and touches
// no earlier one (an aperture with a hole); other shapes need masks.

import { boxesOverlap, pointsBox } from '../image/box.ts';
import type { Box, ShapePrimitive } from '../image/types.ts';

/**
 * True when drawing erase primitives backwards in a non-zero fill gives the right shape: each
 * erase primitive lies inside the primitive just before it and touches no earlier one (an
 * aperture with a hole).
 */
export function windingExpressible(primitives: ShapePrimitive[]): boolean {
  for (let index = 0; index < primitives.length; index++) {
    const hole = primitives[index] as ShapePrimitive;
    if (!hole.erase) continue;
    const outer = primitives[index - 1];
    if (!outer || outer.erase || !contains(outer, hole)) return false;
    const holeBox = primitiveBox(hole);
    for (let earlier = 0; earlier < index - 1; earlier++) {
      if (boxesOverlap(primitiveBox(primitives[earlier] as ShapePrimitive), holeBox)) return false;
    }
  }
  return true;
}

function primitiveBox(primitive: ShapePrimitive): Box {
  switch (primitive.type) {
    case 'circle':
      return {
        minX: primitive.cx - primitive.r,
        minY: primitive.cy - primitive.r,
        maxX: primitive.cx + primitive.r,
        maxY: primitive.cy + primitive.r,
      };
    case 'rect':
      return {
        minX: primitive.cx - primitive.width / 2,
        minY: primitive.cy - primitive.height / 2,
        maxX: primitive.cx + primitive.width / 2,
        maxY: primitive.cy + primitive.height / 2,
      };
    case 'polygon':
      return pointsBox(primitive.points);
    case 'contour': {
      let minX = Number.POSITIVE_INFINITY;
      let minY = Number.POSITIVE_INFINITY;
      let maxX = Number.NEGATIVE_INFINITY;
      let maxY = Number.NEGATIVE_INFINITY;
      for (const segment of primitive.segments) {
        const r = segment.type === 'arc' ? segment.radius : 0;
        const cx = segment.type === 'arc' ? segment.cx : segment.x1;
        const cy = segment.type === 'arc' ? segment.cy : segment.y1;
        minX = Math.min(minX, segment.x1, segment.x2, cx - r);
        maxX = Math.max(maxX, segment.x1, segment.x2, cx + r);
        minY = Math.min(minY, segment.y1, segment.y2, cy - r);
        maxY = Math.max(maxY, segment.y1, segment.y2, cy + r);
      }
      return { minX, minY, maxX, maxY };
    }
  }
}

/** Points a hole must keep inside its outer primitive (circles checked by distance instead). */
function holeCorners(hole: ShapePrimitive): [number, number][] | null {
  if (hole.type === 'rect') {
    const w = hole.width / 2;
    const h = hole.height / 2;
    return [
      [hole.cx - w, hole.cy - h],
      [hole.cx + w, hole.cy - h],
      [hole.cx + w, hole.cy + h],
      [hole.cx - w, hole.cy + h],
    ];
  }
  if (hole.type === 'polygon') {
    const corners: [number, number][] = [];
    for (let index = 0; index < hole.points.length; index += 2) {
      corners.push([hole.points[index] as number, hole.points[index + 1] as number]);
    }
    return corners;
  }
  return null;
}

/** Whether `hole` lies inside `outer` (conservative: false when unsure). */
function contains(outer: ShapePrimitive, hole: ShapePrimitive): boolean {
  const corners = holeCorners(hole);
  if (hole.type === 'contour') return false;
  switch (outer.type) {
    case 'circle': {
      if (hole.type === 'circle') {
        return Math.hypot(hole.cx - outer.cx, hole.cy - outer.cy) + hole.r <= outer.r;
      }
      return (corners ?? []).every(([x, y]) => Math.hypot(x - outer.cx, y - outer.cy) <= outer.r);
    }
    case 'rect': {
      const halfW = outer.width / 2;
      const halfH = outer.height / 2;
      const r = Math.min(outer.cornerRadius, halfW, halfH);
      // Inside a rounded rectangle: within distance r of its inner rectangle.
      const distanceToCore = (x: number, y: number): number => {
        const dx = Math.max(Math.abs(x - outer.cx) - (halfW - r), 0);
        const dy = Math.max(Math.abs(y - outer.cy) - (halfH - r), 0);
        return Math.hypot(dx, dy);
      };
      if (hole.type === 'circle') {
        // Shrunk by the hole radius, the rectangle keeps rounded corners only if r > hole.r.
        if (hole.r <= r) return distanceToCore(hole.cx, hole.cy) <= r - hole.r;
        return (
          Math.abs(hole.cx - outer.cx) <= halfW - hole.r &&
          Math.abs(hole.cy - outer.cy) <= halfH - hole.r
        );
      }
      return (corners ?? []).every(([x, y]) => distanceToCore(x, y) <= r);
    }
    case 'polygon': {
      // Regular and macro polygons: convex ones only.
      if (!isConvex(outer.points)) return false;
      if (hole.type === 'circle') return insideConvex(outer.points, hole.cx, hole.cy, hole.r);
      return (corners ?? []).every(([x, y]) => insideConvex(outer.points, x, y, 0));
    }
    case 'contour':
      return false;
  }
}

function isConvex(points: number[]): boolean {
  const count = points.length / 2;
  let sign = 0;
  for (let k = 0; k < count; k++) {
    const ax = points[2 * k] as number;
    const ay = points[2 * k + 1] as number;
    const bx = points[(2 * k + 2) % points.length] as number;
    const by = points[(2 * k + 3) % points.length] as number;
    const cx = points[(2 * k + 4) % points.length] as number;
    const cy = points[(2 * k + 5) % points.length] as number;
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (cross !== 0) {
      if (sign !== 0 && Math.sign(cross) !== sign) return false;
      sign = Math.sign(cross);
    }
  }
  return true;
}

/** Whether a disc of radius r at (x, y) lies inside a counter-clockwise convex polygon. */
function insideConvex(points: number[], x: number, y: number, r: number): boolean {
  const count = points.length / 2;
  for (let k = 0; k < count; k++) {
    const ax = points[2 * k] as number;
    const ay = points[2 * k + 1] as number;
    const bx = points[(2 * k + 2) % points.length] as number;
    const by = points[(2 * k + 3) % points.length] as number;
    const length = Math.hypot(bx - ax, by - ay);
    if (length === 0) continue;
    // Signed distance to the left of edge a→b (inside for a counter-clockwise polygon).
    const distance = ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / length;
    if (distance < r) return false;
  }
  return true;
}
