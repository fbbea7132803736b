// Apertures: the standard and macro apertures an AD defines, and their shapes under the current
// LM/LR/LS (mirroring, rotation, scaling), cached per shape since a file flashes the same pad
// thousands of times under the same transform.

import type { GerberNode } from '../gerber/syntax.ts';
import { apertureTransform, isIdentity, transformShape } from '../image/transform.ts';
import type { Shape } from '../image/types.ts';
import { StandardAperture } from './aperture-shape.ts';
import { macroShape } from './macro-shape.ts';
import type { Aperture, PlotState } from './plot-state.ts';

export function defineAperture(
  state: PlotState,
  node: Extract<GerberNode, { type: 'apertureDefinition' }>,
): void {
  const { code, template, line } = node;
  if (state.apertures.has(code)) {
    state.warn('invalid-value', line, `aperture D${code} defined again; the new one is used`);
  }
  let aperture: Aperture;
  if (template.type === 'macro') {
    const macro = state.macros.get(template.name);
    if (!macro) {
      state.warn(
        'tool-not-defined',
        line,
        `aperture D${code} uses undefined macro ${template.name}`,
      );
      return;
    }
    const shape = macroShape(
      macro,
      template.params,
      state.unitScale,
      state.macroBudget,
      (message) => state.warn('invalid-value', line, message),
    );
    aperture = { type: 'macro', code, shape };
  } else {
    aperture = new StandardAperture(code, template, state.unitScale);
  }
  state.apertures.set(code, aperture);
  if (state.apertureCode === code) state.aperture = aperture;
}

export function updateApertureTransform(state: PlotState): void {
  state.apertureT = apertureTransform(state.mirrorX, state.mirrorY, state.rotation, state.scaling);
}

/** The aperture's shape under the current LM/LR/LS. */
export function currentShape(state: PlotState, shape: Shape): Shape {
  const t = state.apertureT;
  if (isIdentity(t)) return shape;
  const key = `${t.a},${t.b},${t.c},${t.d}`;
  const cached = state.transformedShapes.get(shape);
  if (cached && cached.key === key) return cached.shape;
  const transformed = transformShape(t, shape);
  state.transformedShapes.set(shape, { key, shape: transformed });
  return transformed;
}
