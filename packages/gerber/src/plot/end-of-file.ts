// The end of a file: what it left open is closed (regions, step and repeats, block apertures,
// knockouts) with a warning, the limits reached are said, and the image parameters applied.

import { LIMITS } from '../constants.ts';
import { applyImageParameters } from './image-parameters.ts';
import { endKnockout } from './knockout.ts';
import type { PlotState, Recording } from './plot-state.ts';
import { closeRegion } from './regions.ts';
import { endStepRepeat, warnCutRepeats } from './step-repeat.ts';

export function finishFile(state: PlotState): void {
  const { lastLine } = state;
  if (state.region) {
    state.warn(
      'region-error',
      state.region.line,
      'region (G36) not closed by G37; closed at the end',
    );
    closeRegion(state);
  }
  while (state.recordings.length > 0) {
    const recording = state.recordings[state.recordings.length - 1] as Recording;
    if (recording.type === 'stepRepeat') {
      endStepRepeat(state, lastLine);
    } else {
      state.warn(
        'invalid-value',
        recording.line,
        `block aperture D${recording.code} not closed; ignored`,
      );
      state.recordings.pop();
      state.builder = state.parentBuilder();
    }
  }
  endKnockout(state);
  if (!state.ended && state.nodeCount > 0) {
    state.warn('end-missing', lastLine, 'file ends without M02');
  }
  warnCutRepeats(state);
  if (state.budget.heldExhausted && state.budget.cutRepeats.length === 0) {
    state.warn(
      'limit-reached',
      lastLine,
      `image larger than ${state.maxElements} elements; the rest was not drawn`,
    );
  }
  if (state.budget.outOfRange) {
    state.warn(
      'limit-reached',
      lastLine,
      `objects reaching beyond ±${LIMITS.maxCoordinateMm} mm were not drawn`,
    );
  }
  applyImageParameters(state);
}
