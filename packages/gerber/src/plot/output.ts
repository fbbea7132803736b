// Where the plotted objects go: into the current image builder (the layer, or the block or step
// and repeat being recorded), through the object transform of the older image parameters when
// the file sets any, and measured for an open knockout.

import { compose, isIdentity, type Transform } from '../image/transform.ts';
import type { Contour, PolarityRun, Segment, Shape } from '../image/types.ts';
import { measureKnockout } from './knockout.ts';
import type { PlotState } from './plot-state.ts';

export function emitFlash(state: PlotState, shape: Shape, x: number, y: number): void {
  if (state.knockout) measureKnockout(state, shape.box, x, y);
  if (isIdentity(state.objectT)) {
    state.builder.addFlash(state.polarity, shape, x, y);
    return;
  }
  state.builder.addImage(
    [{ polarity: state.polarity, graphics: [{ type: 'flash', shape, positions: [x, y] }] }],
    state.objectT,
    false,
  );
}

export function emitSegment(state: PlotState, width: number, segment: Segment): void {
  if (state.knockout) state.knockout.box.addSegment(segment, width / 2);
  if (isIdentity(state.objectT)) {
    state.builder.addSegment(state.polarity, width, segment);
    return;
  }
  state.builder.addImage(
    [{ polarity: state.polarity, graphics: [{ type: 'stroke', width, segments: [segment] }] }],
    state.objectT,
    false,
  );
}

export function emitContour(state: PlotState, contour: Contour): void {
  if (state.knockout) for (const segment of contour) state.knockout.box.addSegment(segment, 0);
  if (isIdentity(state.objectT)) {
    state.builder.addContour(state.polarity, contour);
    return;
  }
  state.builder.addImage(
    [{ polarity: state.polarity, graphics: [{ type: 'region', contours: [contour] }] }],
    state.objectT,
    false,
  );
}

export function emitImage(
  state: PlotState,
  runs: PolarityRun[],
  t: Transform,
  invert: boolean,
): void {
  const full = isIdentity(state.objectT) ? t : compose(state.objectT, t);
  if (state.knockout) {
    const probe = state.scratchBuilder();
    probe.addImage(runs, full, false);
    const box = probe.box.toBox();
    if (box) state.knockout.box.addBox(box);
  }
  state.builder.addImage(runs, full, invert);
}
