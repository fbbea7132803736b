// Block apertures (AB): a part of the image recorded under a D code and flashed like a pad. The
// graphics state of the block does not leak out: it is restored when the block ends.

import { LIMITS } from '../constants.ts';
import { updateApertureTransform } from './apertures.ts';
import { ImageBuilder } from './image-builder.ts';
import type { PlotState } from './plot-state.ts';
import { closeRegion } from './regions.ts';

export function beginBlock(state: PlotState, code: number, line: number): void {
  const depth = state.recordings.filter((recording) => recording.type === 'block').length;
  const builder = new ImageBuilder(state.budget);
  if (depth >= LIMITS.maxBlockDepth) {
    state.warn('limit-reached', line, `block apertures nested deeper than ${LIMITS.maxBlockDepth}`);
  }
  state.recordings.push({
    type: 'block',
    code,
    line,
    builder,
    saved: {
      polarity: state.polarity,
      mirrorX: state.mirrorX,
      mirrorY: state.mirrorY,
      rotation: state.rotation,
      scaling: state.scaling,
      x: state.x,
      y: state.y,
    },
  });
  state.builder = builder;
}

export function endBlock(state: PlotState, line: number): void {
  const recording = state.recordings[state.recordings.length - 1];
  if (recording?.type !== 'block') {
    state.warn('invalid-value', line, 'AB end without a block aperture ignored');
    return;
  }
  closeRegion(state);
  state.recordings.pop();
  state.builder = state.parentBuilder();
  const depth = state.recordings.filter((r) => r.type === 'block').length;
  if (depth < LIMITS.maxBlockDepth) {
    state.apertures.set(recording.code, {
      type: 'block',
      code: recording.code,
      runs: recording.builder.runs,
    });
    if (state.apertureCode === recording.code) {
      state.aperture = state.apertures.get(recording.code) ?? null;
    }
  }
  const { saved } = recording;
  state.polarity = saved.polarity;
  state.mirrorX = saved.mirrorX;
  state.mirrorY = saved.mirrorY;
  state.rotation = saved.rotation;
  state.scaling = saved.scaling;
  updateApertureTransform(state);
  state.x = saved.x;
  state.y = saved.y;
}
