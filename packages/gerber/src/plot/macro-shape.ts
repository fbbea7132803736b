// Aperture macros evaluated into shapes: primitives 1 (circle), 20/2 (vector line), 21 (centre
// line), 22 (lower-left line, deprecated), 4 (outline), 5 (polygon), 6 (moiré, deprecated) and
// 7 (thermal). Rotations turn a primitive about the macro origin.

import { LIMITS } from '../constants.ts';
import { evaluateMacroExpression } from '../gerber/macro-expression.ts';
import type { ApertureMacroNode } from '../gerber/syntax.ts';
import { arcBySweep, counterClockwisePolygon, line } from '../image/geometry.ts';
import { apertureTransform, makeShape, transformContour } from '../image/transform.ts';
import type { Contour, Shape, ShapePrimitive } from '../image/types.ts';
import { regularPolygon } from './aperture-shape.ts';

/** Work left for macro evaluation over a whole file, shared by all its macro apertures. */
export interface MacroBudget {
  remaining: number;
}

/** Modifiers each primitive needs (the optional trailing rotation of primitive 1 not counted). */
const REQUIRED_MODIFIERS: Record<number, number> = {
  1: 4,
  2: 7,
  20: 7,
  21: 6,
  22: 6,
  4: 5,
  5: 6,
  6: 9,
  7: 6,
};

export function macroShape(
  macro: ApertureMacroNode,
  params: number[],
  scale: number,
  budget: MacroBudget,
  warn: (message: string) => void,
): Shape {
  const variables = new Map<number, number>();
  params.forEach((value, index) => {
    variables.set(index + 1, value);
  });
  const primitives: ShapePrimitive[] = [];
  for (const block of macro.blocks) {
    if (--budget.remaining < 0) {
      warn(`macro ${macro.name}: evaluation limit reached, rest of the macro ignored`);
      break;
    }
    if (block.type === 'assignment') {
      variables.set(block.index, evaluateMacroExpression(block.value, variables));
      continue;
    }
    const required = REQUIRED_MODIFIERS[block.code];
    if (required === undefined) {
      warn(`macro ${macro.name}: unknown primitive ${block.code} ignored`);
      continue;
    }
    const values = block.modifiers.map((modifier) => {
      const value = evaluateMacroExpression(modifier, variables);
      return Number.isFinite(value) ? value : 0;
    });
    if (values.length < required) {
      warn(
        `macro ${macro.name}: primitive ${block.code} has ${values.length} of ${required} modifiers, missing ones taken as 0`,
      );
      while (values.length < required) values.push(0);
    }
    addPrimitive(block.code, values, scale, primitives, budget, (message) =>
      warn(`macro ${macro.name}: ${message}`),
    );
  }
  return makeShape(primitives);
}

function value(values: number[], index: number): number {
  return values[index] ?? 0;
}

/** Turns flat points counter-clockwise about the macro origin. */
function rotatePoints(points: number[], degrees: number): number[] {
  if (degrees === 0) return points;
  const t = apertureTransform(false, false, degrees, 1);
  const rotated: number[] = [];
  for (let index = 0; index < points.length; index += 2) {
    const x = points[index] as number;
    const y = points[index + 1] as number;
    rotated.push(t.a * x + t.c * y, t.b * x + t.d * y);
  }
  return rotated;
}

/** Adds a polygon turned about the macro origin, counter-clockwise. */
function pushPolygon(
  out: ShapePrimitive[],
  erase: boolean,
  points: number[],
  degrees: number,
): void {
  out.push({
    type: 'polygon',
    erase,
    points: counterClockwisePolygon(rotatePoints(points, degrees)),
  });
}

function rectPoints(left: number, bottom: number, width: number, height: number): number[] {
  return [left, bottom, left + width, bottom, left + width, bottom + height, left, bottom + height];
}

function addPrimitive(
  code: number,
  values: number[],
  scale: number,
  out: ShapePrimitive[],
  budget: MacroBudget,
  warn: (message: string) => void,
): void {
  const exposure = value(values, 0);
  const erase = exposure === 0;
  const s = (index: number): number => value(values, index) * scale;
  switch (code) {
    case 1: {
      const diameter = Math.abs(s(1));
      if (diameter === 0) return;
      const [cx, cy] = rotatePoints([s(2), s(3)], value(values, 4)) as [number, number];
      out.push({ type: 'circle', erase, cx, cy, r: diameter / 2 });
      return;
    }
    case 2:
    case 20: {
      const width = Math.abs(s(1));
      const x1 = s(2);
      const y1 = s(3);
      const x2 = s(4);
      const y2 = s(5);
      const length = Math.hypot(x2 - x1, y2 - y1);
      if (width === 0 || length === 0) return;
      const nx = (-(y2 - y1) / length) * (width / 2);
      const ny = ((x2 - x1) / length) * (width / 2);
      const points = [x1 - nx, y1 - ny, x2 - nx, y2 - ny, x2 + nx, y2 + ny, x1 + nx, y1 + ny];
      pushPolygon(out, erase, points, value(values, 6));
      return;
    }
    case 21:
    case 22: {
      const width = Math.abs(s(1));
      const height = Math.abs(s(2));
      if (width === 0 || height === 0) return;
      const left = code === 21 ? s(3) - width / 2 : s(3);
      const bottom = code === 21 ? s(4) - height / 2 : s(4);
      const rotation = value(values, 5);
      if (rotation === 0) {
        out.push({
          type: 'rect',
          erase,
          cx: left + width / 2,
          cy: bottom + height / 2,
          width,
          height,
          cornerRadius: 0,
        });
      } else {
        pushPolygon(out, erase, rectPoints(left, bottom, width, height), rotation);
      }
      return;
    }
    case 4: {
      const count = Math.round(value(values, 1));
      if (count < 1 || count > LIMITS.maxOutlineVertices) {
        warn(`outline with ${count} vertices ignored`);
        return;
      }
      budget.remaining -= count;
      const needed = 2 + 2 * (count + 1) + 1;
      if (values.length < needed) {
        warn(`outline with ${count} vertices has too few coordinates; missing ones taken as 0`);
      }
      const points: number[] = [];
      for (let k = 0; k <= count; k++) points.push(s(2 + 2 * k), s(3 + 2 * k));
      // The last vertex repeats the first.
      const lastX = points[points.length - 2];
      const lastY = points[points.length - 1];
      if (lastX === points[0] && lastY === points[1]) points.length -= 2;
      if (points.length < 6) return;
      pushPolygon(out, erase, points, value(values, 2 + 2 * (count + 1)));
      return;
    }
    case 5: {
      const vertices = Math.round(value(values, 1));
      const diameter = Math.abs(s(4));
      if (vertices < 3 || vertices > LIMITS.maxOutlineVertices) {
        warn(`polygon with ${vertices} vertices ignored`);
        return;
      }
      budget.remaining -= vertices;
      if (diameter === 0) return;
      pushPolygon(out, erase, regularPolygon(s(2), s(3), diameter, vertices, 0), value(values, 5));
      return;
    }
    case 6:
      addMoire(values, scale, out, budget, warn);
      return;
    case 7:
      addThermal(values, scale, out, warn);
      return;
  }
}

/** Moiré (6): concentric rings and a cross hair; exposure is always on. */
function addMoire(
  values: number[],
  scale: number,
  out: ShapePrimitive[],
  budget: MacroBudget,
  warn: (message: string) => void,
): void {
  const [cx, cy, outer, thickness, gap, maxRings, crossThickness, crossLength, rotation] =
    values.map((v, index) => (index === 5 || index === 8 ? v : v * scale)) as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
  const rings = Math.min(Math.round(maxRings), LIMITS.maxMoireRings);
  if (maxRings > LIMITS.maxMoireRings) warn(`moiré with ${maxRings} rings cut to ${rings}`);
  budget.remaining -= rings;
  const t = apertureTransform(false, false, rotation, 1);
  const place = (x: number, y: number): [number, number] => [t.a * x + t.c * y, t.b * x + t.d * y];
  let radius = outer / 2;
  for (let ring = 0; ring < rings && radius > 0 && thickness > 0; ring++) {
    const [x, y] = place(cx, cy);
    out.push({ type: 'circle', erase: false, cx: x, cy: y, r: radius });
    const inner = radius - thickness;
    if (inner > 0) out.push({ type: 'circle', erase: true, cx: x, cy: y, r: inner });
    radius = inner - gap;
  }
  if (crossThickness > 0 && crossLength > 0) {
    for (const [w, h] of [
      [crossLength, crossThickness],
      [crossThickness, crossLength],
    ] as const) {
      pushPolygon(out, false, rectPoints(cx - w / 2, cy - h / 2, w, h), rotation);
    }
  }
}

/** Thermal (7): a ring cut by a cross of `gap` width into four pieces; exposure always on. */
function addThermal(
  values: number[],
  scale: number,
  out: ShapePrimitive[],
  warn: (message: string) => void,
): void {
  const cx = value(values, 0) * scale;
  const cy = value(values, 1) * scale;
  const outerR = (value(values, 2) * scale) / 2;
  const innerR = Math.max(0, (value(values, 3) * scale) / 2);
  const halfGap = Math.max(0, (value(values, 4) * scale) / 2);
  const rotation = value(values, 5);
  if (outerR <= innerR) {
    warn('thermal with an inner diameter not smaller than the outer one ignored');
    return;
  }
  if (halfGap * Math.SQRT2 >= outerR) return;
  const piece = thermalQuarter(outerR, innerR, halfGap);
  for (let quarter = 0; quarter < 4; quarter++) {
    // Place the first-quadrant piece at the centre, turn it into its quadrant, then apply the
    // primitive's rotation about the macro origin.
    const turn = apertureTransform(false, false, rotation + 90 * quarter, 1);
    const offset = apertureTransform(false, false, rotation, 1);
    const t = {
      ...turn,
      e: offset.a * cx + offset.c * cy,
      f: offset.b * cx + offset.d * cy,
    };
    out.push({ type: 'contour', erase: false, segments: transformContour(t, piece) });
  }
}

/** The first-quadrant piece of a thermal centred on the origin. */
function thermalQuarter(outerR: number, innerR: number, halfGap: number): Contour {
  const outerX = Math.sqrt(outerR * outerR - halfGap * halfGap);
  const contour: Contour = [];
  const outerStart = Math.atan2(halfGap, outerX);
  const outerSweep = Math.PI / 2 - 2 * outerStart;
  const outer = arcBySweep(outerX, halfGap, 0, 0, outerSweep);
  contour.push(outer);
  if (innerR > halfGap) {
    const innerX = Math.sqrt(innerR * innerR - halfGap * halfGap);
    const innerStart = Math.atan2(innerX, halfGap);
    contour.push(line(outer.x2, outer.y2, halfGap, innerX));
    const inner = arcBySweep(halfGap, innerX, 0, 0, -(innerStart - Math.atan2(halfGap, innerX)));
    contour.push(inner);
    contour.push(line(inner.x2, inner.y2, outer.x1, outer.y1));
  } else {
    contour.push(line(outer.x2, outer.y2, halfGap, halfGap));
    contour.push(line(halfGap, halfGap, outer.x1, outer.y1));
  }
  return contour;
}
