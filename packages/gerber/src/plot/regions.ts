// Regions (G36/G37): contours collected from the operations between the two codes, each closed
// and turned counter-clockwise, and drawn as filled areas when the region ends.

import { line as lineSegment, makeCounterClockwise } from '../image/geometry.ts';
import type { Contour, Segment } from '../image/types.ts';
import { emitContour } from './output.ts';
import type { PlotState } from './plot-state.ts';

export function closeContour(state: PlotState): void {
  const region = state.region;
  if (!region || region.current.length === 0) return;
  const contour = region.current;
  region.current = [];
  const first = contour[0] as Segment;
  const last = contour[contour.length - 1] as Segment;
  if (first.x1 !== last.x2 || first.y1 !== last.y2) {
    contour.push(lineSegment(last.x2, last.y2, first.x1, first.y1));
  }
  region.contours.push(makeCounterClockwise(contour));
}

export function closeRegion(state: PlotState): void {
  if (!state.region) return;
  closeContour(state);
  const { contours } = state.region;
  state.region = null;
  for (let index = 0; index < contours.length; index++) {
    emitContour(state, contours[index] as Contour);
  }
}
