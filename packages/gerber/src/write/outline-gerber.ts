// A rectangular board outline (optionally with rounded corners) written as a Gerber RS-274X file,
// for boards uploaded without one. Pure: the caller stores the text.

import type { Units } from '../image/types.ts';

export interface OutlineSize {
  /** Along X. */
  width: number;
  /** Along Y. */
  length: number;
  /** Corner radius; 0 for square corners. */
  radius?: number;
  units: Units;
}

export type OutlineField = 'width' | 'length' | 'radius';

/** Largest side accepted, in mm: a metre is beyond any panel a fab takes. */
export const MAX_OUTLINE_SIDE_MM = 1000;

/** Width of the drawn edge line, in mm (and its inch equivalent): thin, as CAD tools draw it. */
const EDGE_LINE_MM = 0.1;
const DECIMALS = 6;
const MM_PER_INCH = 25.4;

function formatLength(value: number, units: Units): string {
  return `${Number(value.toFixed(units === 'mm' ? 4 : 5))} ${units}`;
}

/**
 * What is wrong with an outline's size, one message per field; empty when it can be drawn.
 * Sides must be positive and at most MAX_OUTLINE_SIDE_MM; the corner radius at most half the
 * shorter side (the corners would overlap beyond that).
 */
export function checkOutlineSize(size: OutlineSize): { field: OutlineField; message: string }[] {
  const problems: { field: OutlineField; message: string }[] = [];
  const maxSide = size.units === 'mm' ? MAX_OUTLINE_SIDE_MM : MAX_OUTLINE_SIDE_MM / MM_PER_INCH;
  const sides = [
    ['width', 'Width', size.width],
    ['length', 'Length', size.length],
  ] as const;
  for (const [field, label, value] of sides) {
    if (!Number.isFinite(value) || value <= 0) {
      problems.push({ field, message: `${label} must be greater than 0` });
    } else if (value > maxSide) {
      problems.push({
        field,
        message: `${label} must be at most ${formatLength(maxSide, size.units)}`,
      });
    }
  }
  const radius = size.radius ?? 0;
  if (!Number.isFinite(radius) || radius < 0) {
    problems.push({ field: 'radius', message: 'Corner radius must be 0 or more' });
  } else if (problems.length === 0 && radius > Math.min(size.width, size.length) / 2) {
    const limit = Math.min(size.width, size.length) / 2;
    problems.push({
      field: 'radius',
      message: `Corner radius must be at most half the shorter side (${formatLength(limit, size.units)})`,
    });
  }
  return problems;
}

/** Coordinates in format 4.6 without a decimal point (leading zeros omitted). */
function coordinate(value: number): string {
  return String(Math.round(value * 10 ** DECIMALS));
}

function point(x: number, y: number): string {
  return `X${coordinate(x)}Y${coordinate(y)}`;
}

/**
 * The outline as Gerber text: the board edge drawn counter-clockwise from the bottom-left corner
 * (0, 0) with a thin round aperture, corners as quarter arcs (G75 multi-quadrant, G03) when
 * `radius` > 0. The edge's centre line is exactly `width` × `length`. Throws a RangeError naming
 * the first problem of checkOutlineSize.
 */
export function writeOutlineGerber(size: OutlineSize): string {
  const [problem] = checkOutlineSize(size);
  if (problem) throw new RangeError(problem.message);
  const { width: w, length: l, units } = size;
  const r = size.radius ?? 0;
  const lineWidth = units === 'mm' ? EDGE_LINE_MM : EDGE_LINE_MM / MM_PER_INCH;
  const arc = (x: number, y: number, i: number, j: number) =>
    `G03${point(x, y)}I${coordinate(i)}J${coordinate(j)}D01*`;
  const edge =
    r > 0
      ? [
          `${point(r, 0)}D02*`,
          `G01${point(w - r, 0)}D01*`,
          arc(w, r, 0, r),
          `G01${point(w, l - r)}D01*`,
          arc(w - r, l, -r, 0),
          `G01${point(r, l)}D01*`,
          arc(0, l - r, 0, -r),
          `G01${point(0, r)}D01*`,
          arc(r, 0, r, 0),
        ]
      : [
          `${point(0, 0)}D02*`,
          `G01${point(w, 0)}D01*`,
          `${point(w, l)}D01*`,
          `${point(0, l)}D01*`,
          `${point(0, 0)}D01*`,
        ];
  return [
    `G04 Board outline ${formatLength(w, units)} x ${formatLength(l, units)}${r > 0 ? `, corner radius ${formatLength(r, units)}` : ''}*`,
    '%TF.FileFunction,Profile,NP*%',
    `%FSLAX4${DECIMALS}Y4${DECIMALS}*%`,
    `%MO${units === 'mm' ? 'MM' : 'IN'}*%`,
    '%LPD*%',
    `%ADD10C,${Number(lineWidth.toFixed(6))}*%`,
    'G75*',
    'D10*',
    ...edge,
    'M02*',
    '',
  ].join('\n');
}
