// The board's shape as renderBoard measures it, in board units, and the unit conversions the
// measures share.

import { MM_PER_INCH } from '../constants.ts';
import type { Box, Units } from '../image/types.ts';
import type { ShapePath } from './stack-up.ts';

/** Where the board's shape and size came from. */
export type BoardShapeSource = 'outline' | 'copper-extent' | 'none';

export interface Shape {
  source: BoardShapeSource;
  /** From the copper, without a frame drawn around the board on it. */
  framed?: boolean;
  /** In board units. */
  box: Box | null;
  path: ShapePath | null;
  /** Size to report, in board units (a rout path runs outside the board edge). */
  width: number;
  length: number;
}

/** Board units per unit of `from`. */
export function scaleBetween(from: Units, to: Units): number {
  if (from === to) return 1;
  return from === 'in' ? MM_PER_INCH : 1 / MM_PER_INCH;
}

export function scaledBox(box: Box, scale: number): Box {
  return {
    minX: box.minX * scale,
    minY: box.minY * scale,
    maxX: box.maxX * scale,
    maxY: box.maxY * scale,
  };
}
