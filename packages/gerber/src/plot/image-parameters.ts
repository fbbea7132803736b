// The older image parameters (AS, MI, SF, OF, RO on each object; IR, IO, IJ, IP on the finished
// image), applied as gerbv applies them, so that files from older CAD tools draw as they did.

import type { Justification } from '../gerber/syntax.ts';
import { rectContour } from '../image/geometry.ts';
import {
  compose,
  IDENTITY,
  isIdentity,
  rotationCosSin,
  type Transform,
  translation,
} from '../image/transform.ts';
import type { PlotState } from './plot-state.ts';

export function updateObjectTransform(state: PlotState): void {
  // As gerbv applies them: axis swap first, then mirroring, scaling, the offset and the
  // layer rotation (RO).
  const swap: Transform = state.swapAxes ? { a: 0, b: 1, c: 1, d: 0, e: 0, f: 0 } : IDENTITY;
  const mirror: Transform = {
    a: state.mirrorImage.a ? -1 : 1,
    b: 0,
    c: 0,
    d: state.mirrorImage.b ? -1 : 1,
    e: 0,
    f: 0,
  };
  const scale: Transform = {
    a: state.scaleFactor.a,
    b: 0,
    c: 0,
    d: state.scaleFactor.b,
    e: 0,
    f: 0,
  };
  const offset = translation(state.offset.a, state.offset.b);
  const { cos, sin } = rotationCosSin(state.layerRotation);
  const rotate: Transform = { a: cos, b: sin, c: -sin, d: cos, e: 0, f: 0 };
  state.objectT = compose(rotate, compose(offset, compose(scale, compose(mirror, swap))));
}

/** IR, IO, IJ and IP act on the finished image. */
export function applyImageParameters(state: PlotState): void {
  const box = state.builder.box.toBox();
  let t: Transform = IDENTITY;
  if (state.imageRotation !== 0) {
    const { cos, sin } = rotationCosSin(state.imageRotation);
    t = { a: cos, b: sin, c: -sin, d: cos, e: 0, f: 0 };
  }
  t = compose(translation(state.imageOffset.a, state.imageOffset.b), t);
  if (state.justify && box) {
    const rotated = state.scratchBuilder();
    rotated.addImage(state.builder.runs, t, false);
    const moved = rotated.box.toBox();
    if (moved) {
      // As gerbv does it: the lower end onto the axis (plus any offset), or, for a centred
      // axis, the image moved by half its size.
      const shift = (justification: Justification, min: number, max: number): number => {
        if (justification.type === 'centre') return (max - min) / 2;
        return justification.type === 'offset' ? justification.value - min : -min;
      };
      t = compose(
        translation(
          shift(state.justify.a, moved.minX, moved.maxX),
          shift(state.justify.b, moved.minY, moved.maxY),
        ),
        t,
      );
    }
  }
  if (!isIdentity(t) && box) {
    const image = state.scratchBuilder();
    image.addImage(state.builder.runs, t, false);
    state.builder = image;
  }
  if (state.negative) {
    const bounds = state.builder.box.toBox();
    const image = state.scratchBuilder();
    if (bounds) {
      image.addContour(
        'dark',
        rectContour(bounds.minX, bounds.minY, bounds.maxX - bounds.minX, bounds.maxY - bounds.minY),
      );
      image.addImage(state.builder.runs, IDENTITY, true);
    }
    state.builder = image;
  }
}
