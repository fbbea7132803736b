// Affine transforms of points, segments and shapes: x' = a·x + c·y + e, y' = b·x + d·y + f.
// Only similarity transforms (mirror, rotation, uniform scale, translation) keep arcs circular;
// those are the ones Gerber uses for apertures and blocks.

import { BoxAccumulator } from './box.ts';
import { counterClockwisePolygon, reverseContour } from './geometry.ts';
import type { Contour, Segment, Shape, ShapePrimitive } from './types.ts';

export interface Transform {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export const IDENTITY: Transform = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

export function translation(e: number, f: number): Transform {
  return { a: 1, b: 0, c: 0, d: 1, e, f };
}

/**
 * The aperture transform of Gerber's LM, LR and LS: mirror first, then rotate counter-clockwise
 * by `degrees`, then scale.
 */
export function apertureTransform(
  mirrorX: boolean,
  mirrorY: boolean,
  degrees: number,
  scale: number,
): Transform {
  const { cos, sin } = rotationCosSin(degrees);
  const mx = mirrorX ? -1 : 1;
  const my = mirrorY ? -1 : 1;
  return {
    a: scale * cos * mx,
    b: scale * sin * mx,
    c: -scale * sin * my,
    d: scale * cos * my,
    e: 0,
    f: 0,
  };
}

/** cos and sin of an angle in degrees, exact for multiples of 90°. */
export function rotationCosSin(degrees: number): { cos: number; sin: number } {
  const turn = ((degrees % 360) + 360) % 360;
  if (turn === 0) return { cos: 1, sin: 0 };
  if (turn === 90) return { cos: 0, sin: 1 };
  if (turn === 180) return { cos: -1, sin: 0 };
  if (turn === 270) return { cos: 0, sin: -1 };
  const radians = (turn * Math.PI) / 180;
  return { cos: Math.cos(radians), sin: Math.sin(radians) };
}

/** `outer` applied after `inner`. */
export function compose(outer: Transform, inner: Transform): Transform {
  return {
    a: outer.a * inner.a + outer.c * inner.b,
    b: outer.b * inner.a + outer.d * inner.b,
    c: outer.a * inner.c + outer.c * inner.d,
    d: outer.b * inner.c + outer.d * inner.d,
    e: outer.a * inner.e + outer.c * inner.f + outer.e,
    f: outer.b * inner.e + outer.d * inner.f + outer.f,
  };
}

export function isIdentity(t: Transform): boolean {
  return t.a === 1 && t.b === 0 && t.c === 0 && t.d === 1 && t.e === 0 && t.f === 0;
}

export function isTranslation(t: Transform): boolean {
  return t.a === 1 && t.b === 0 && t.c === 0 && t.d === 1;
}

export function determinant(t: Transform): number {
  return t.a * t.d - t.b * t.c;
}

/** Scale factor of lengths under a similarity transform. */
export function lengthScale(t: Transform): number {
  return Math.sqrt(Math.abs(determinant(t)));
}

export function transformSegment(t: Transform, segment: Segment): Segment {
  const x1 = t.a * segment.x1 + t.c * segment.y1 + t.e;
  const y1 = t.b * segment.x1 + t.d * segment.y1 + t.f;
  const x2 = t.a * segment.x2 + t.c * segment.y2 + t.e;
  const y2 = t.b * segment.x2 + t.d * segment.y2 + t.f;
  if (segment.type === 'line') return { type: 'line', x1, y1, x2, y2 };
  return {
    type: 'arc',
    x1,
    y1,
    x2,
    y2,
    cx: t.a * segment.cx + t.c * segment.cy + t.e,
    cy: t.b * segment.cx + t.d * segment.cy + t.f,
    radius: segment.radius * lengthScale(t),
    sweep: determinant(t) < 0 ? -segment.sweep : segment.sweep,
  };
}

/** Transforms a contour, keeping it counter-clockwise. */
export function transformContour(t: Transform, contour: Contour): Contour {
  const moved = contour.map((segment) => transformSegment(t, segment));
  return determinant(t) < 0 ? reverseContour(moved) : moved;
}

function transformPolygon(t: Transform, points: number[]): number[] {
  return counterClockwisePolygon(transformPoints(t, points));
}

/** True when the transform maps axis-aligned rectangles to axis-aligned rectangles. */
function keepsAxes(t: Transform): boolean {
  return (t.b === 0 && t.c === 0) || (t.a === 0 && t.d === 0);
}

function transformPrimitive(t: Transform, primitive: ShapePrimitive): ShapePrimitive {
  const { erase } = primitive;
  if (!isSimilarity(t)) {
    // Circles and arcs would turn into ellipses: draw them as polygons.
    return { type: 'polygon', erase, points: transformPolygon(t, primitivePoints(primitive)) };
  }
  switch (primitive.type) {
    case 'circle':
      return {
        type: 'circle',
        erase,
        cx: t.a * primitive.cx + t.c * primitive.cy + t.e,
        cy: t.b * primitive.cx + t.d * primitive.cy + t.f,
        r: primitive.r * lengthScale(t),
      };
    case 'rect': {
      const { cx, cy, width, height, cornerRadius } = primitive;
      if (keepsAxes(t)) {
        const swap = t.a === 0;
        const scale = lengthScale(t);
        return {
          type: 'rect',
          erase,
          cx: t.a * cx + t.c * cy + t.e,
          cy: t.b * cx + t.d * cy + t.f,
          width: (swap ? height : width) * scale,
          height: (swap ? width : height) * scale,
          cornerRadius: cornerRadius * scale,
        };
      }
      if (cornerRadius > 0) {
        return {
          type: 'contour',
          erase,
          segments: transformContour(t, roundedRectContour(cx, cy, width, height, cornerRadius)),
        };
      }
      const w = width / 2;
      const h = height / 2;
      return {
        type: 'polygon',
        erase,
        points: transformPolygon(t, [
          cx - w,
          cy - h,
          cx + w,
          cy - h,
          cx + w,
          cy + h,
          cx - w,
          cy + h,
        ]),
      };
    }
    case 'polygon':
      return { type: 'polygon', erase, points: transformPolygon(t, primitive.points) };
    case 'contour':
      return { type: 'contour', erase, segments: transformContour(t, primitive.segments) };
  }
}

/** The outline of a primitive as a polygon, arcs sampled. */
function primitivePoints(primitive: ShapePrimitive): number[] {
  switch (primitive.type) {
    case 'circle':
      return circlePoints(primitive.cx, primitive.cy, primitive.r);
    case 'rect': {
      const { cx, cy, width, height, cornerRadius } = primitive;
      return contourPoints(roundedRectContour(cx, cy, width, height, cornerRadius));
    }
    case 'polygon':
      return primitive.points;
    case 'contour':
      return contourPoints(primitive.segments);
  }
}

/** The vertices of a closed contour, arcs sampled, without repeating the start. */
export function contourPoints(contour: Contour): number[] {
  const points: number[] = [];
  for (const segment of contour) {
    const sampled = segmentPoints(segment);
    points.push(...sampled.slice(0, sampled.length - 2));
  }
  return points;
}

/** A rectangle with rounded corners as a counter-clockwise contour. */
export function roundedRectContour(
  cx: number,
  cy: number,
  width: number,
  height: number,
  radius: number,
): Contour {
  const r = Math.min(radius, width / 2, height / 2);
  const left = cx - width / 2;
  const right = cx + width / 2;
  const bottom = cy - height / 2;
  const top = cy + height / 2;
  const quarter = Math.PI / 2;
  const contour: Contour = [];
  const arc = (x1: number, y1: number, x2: number, y2: number, ccx: number, ccy: number): void => {
    contour.push({ type: 'arc', x1, y1, x2, y2, cx: ccx, cy: ccy, radius: r, sweep: quarter });
  };
  const edge = (x1: number, y1: number, x2: number, y2: number): void => {
    if (x1 !== x2 || y1 !== y2) contour.push({ type: 'line', x1, y1, x2, y2 });
  };
  edge(left + r, bottom, right - r, bottom);
  arc(right - r, bottom, right, bottom + r, right - r, bottom + r);
  edge(right, bottom + r, right, top - r);
  arc(right, top - r, right - r, top, right - r, top - r);
  edge(right - r, top, left + r, top);
  arc(left + r, top, left, top - r, left + r, top - r);
  edge(left, top - r, left, bottom + r);
  arc(left, bottom + r, left + r, bottom, left + r, bottom + r);
  return contour;
}

/** Bounds of a list of primitives (erase primitives included: they never reach further). */
export function primitivesBox(primitives: ShapePrimitive[]): Shape['box'] {
  const box = new BoxAccumulator();
  for (const primitive of primitives) {
    if (primitive.erase) continue;
    switch (primitive.type) {
      case 'circle':
        box.addPoint(primitive.cx, primitive.cy, primitive.r);
        break;
      case 'rect':
        box.addPoint(primitive.cx - primitive.width / 2, primitive.cy - primitive.height / 2);
        box.addPoint(primitive.cx + primitive.width / 2, primitive.cy + primitive.height / 2);
        break;
      case 'polygon':
        for (let index = 0; index < primitive.points.length; index += 2) {
          box.addPoint(primitive.points[index] as number, primitive.points[index + 1] as number);
        }
        break;
      case 'contour':
        for (const segment of primitive.segments) box.addSegment(segment, 0);
        break;
    }
  }
  return box.toBox();
}

export function makeShape(primitives: ShapePrimitive[]): Shape {
  return { primitives, box: primitivesBox(primitives) };
}

/** Transforms a shape about its flash point. */
export function transformShape(t: Transform, shape: Shape): Shape {
  return makeShape(shape.primitives.map((primitive) => transformPrimitive(t, primitive)));
}

/** True when the transform keeps circles circular (rotation, mirror, uniform scale). */
export function isSimilarity(t: Transform): boolean {
  const tolerance =
    1e-12 * Math.max(1, Math.abs(t.a) + Math.abs(t.b) + Math.abs(t.c) + Math.abs(t.d));
  return (
    Math.abs(t.a * t.a + t.b * t.b - (t.c * t.c + t.d * t.d)) <= tolerance &&
    Math.abs(t.a * t.c + t.b * t.d) <= tolerance
  );
}

/** Points along a segment (arcs in steps of at most 5°), start and end included. */
export function segmentPoints(segment: Segment): number[] {
  if (segment.type === 'line') return [segment.x1, segment.y1, segment.x2, segment.y2];
  const steps = Math.max(1, Math.ceil(Math.abs(segment.sweep) / ((5 * Math.PI) / 180)));
  const start = Math.atan2(segment.y1 - segment.cy, segment.x1 - segment.cx);
  const points = [segment.x1, segment.y1];
  for (let step = 1; step < steps; step++) {
    const angle = start + (segment.sweep * step) / steps;
    points.push(
      segment.cx + segment.radius * Math.cos(angle),
      segment.cy + segment.radius * Math.sin(angle),
    );
  }
  points.push(segment.x2, segment.y2);
  return points;
}

/** A circle as a polygon of 72 vertices. */
export function circlePoints(cx: number, cy: number, r: number): number[] {
  const points: number[] = [];
  for (let k = 0; k < 72; k++) {
    const angle = (k * Math.PI) / 36;
    points.push(cx + r * Math.cos(angle), cy + r * Math.sin(angle));
  }
  return points;
}

/** Applies any affine transform to flat points. */
export function transformPoints(t: Transform, points: number[]): number[] {
  const moved: number[] = new Array(points.length);
  for (let index = 0; index < points.length; index += 2) {
    const x = points[index] as number;
    const y = points[index + 1] as number;
    moved[index] = t.a * x + t.c * y + t.e;
    moved[index + 1] = t.b * x + t.d * y + t.f;
  }
  return moved;
}
