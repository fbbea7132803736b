// Step and repeat (SR): the block between two SR commands recorded once and drawn at every place,
// within the limits of copies and elements, with a warning that says exactly what was left out.

import { LIMITS } from '../constants.ts';
import type { GerberNode } from '../gerber/syntax.ts';
import { drawnElementsOfRuns } from '../image/repeats.ts';
import { IDENTITY, translation } from '../image/transform.ts';
import { ImageBuilder } from './image-builder.ts';
import type { PlotState, Recording } from './plot-state.ts';
import { closeRegion } from './regions.ts';

const count = (value: number) => value.toLocaleString('en-US');

export function beginStepRepeat(
  state: PlotState,
  node: Extract<GerberNode, { type: 'stepRepeat' }>,
): void {
  state.recordings.push({
    type: 'stepRepeat',
    line: node.line,
    builder: new ImageBuilder(state.budget),
    x: node.x,
    y: node.y,
    i: node.i * state.unitScale,
    j: node.j * state.unitScale,
  });
  state.builder = (state.recordings[state.recordings.length - 1] as Recording).builder;
}

/**
 * Closes the innermost recording if it is a step and repeat; false when there is none. The block
 * is held once and drawn at every place when its copies cannot reach into each other's clear
 * parts (a block of dark alone, or copies apart); otherwise each copy is drawn in turn. At most
 * LIMITS.maxStepRepeatCopies copies, and as many as the drawn budget holds; the rest is said.
 */
export function endStepRepeat(state: PlotState, _line: number): boolean {
  const recording = state.recordings[state.recordings.length - 1];
  if (recording?.type !== 'stepRepeat') return false;
  closeRegion(state);
  state.recordings.pop();
  state.builder = state.parentBuilder();
  const { runs } = recording.builder;
  const box = recording.builder.box.toBox();
  if (!box || runs.length === 0) return true;
  const wanted = recording.x * recording.y;
  const copies = Math.min(wanted, LIMITS.maxStepRepeatCopies);
  if (copies < wanted) {
    state.warn(
      'limit-reached',
      recording.line,
      `step and repeat of ${count(recording.x)} × ${count(recording.y)} copies: the first ${count(copies)} are drawn (a step and repeat draws at most ${count(LIMITS.maxStepRepeatCopies)})`,
    );
  }
  const offsets: number[] = [];
  for (let row = 0; row < recording.y && offsets.length < 2 * copies; row++) {
    for (let column = 0; column < recording.x && offsets.length < 2 * copies; column++) {
      offsets.push(column * recording.i, row * recording.j);
    }
  }
  const apart =
    (recording.x <= 1 || Math.abs(recording.i) >= box.maxX - box.minX) &&
    (recording.y <= 1 || Math.abs(recording.j) >= box.maxY - box.minY);
  if (apart || runs.every((run) => run.polarity === 'dark')) {
    state.builder.addRepeat(runs, offsets, box, recording.line);
    return true;
  }
  // The block itself is the first copy, drawn where it was recorded.
  state.builder.addImage(runs, IDENTITY, false);
  let drawn = 1;
  for (let index = 2; index < offsets.length && !state.budget.exhausted; index += 2) {
    const shift = translation(offsets[index] as number, offsets[index + 1] as number);
    state.builder.addImage(runs, shift, false);
    if (!state.budget.exhausted) drawn++;
  }
  if (drawn < copies) {
    state.budget.cutRepeats.push({
      line: recording.line,
      wanted: copies,
      drawn,
      each: drawnElementsOfRuns(runs),
      held: true,
    });
  }
  return true;
}

/** Exactly what each step and repeat cut short did not draw, one warning per step and repeat. */
export function warnCutRepeats(state: PlotState): void {
  const byLine = Map.groupBy(state.budget.cutRepeats, (cut) => cut.line);
  for (const [line, cuts] of byLine) {
    const wanted = cuts.reduce((sum, cut) => sum + cut.wanted, 0);
    const drawn = cuts.reduce((sum, cut) => sum + cut.drawn, 0);
    const each = Math.max(...cuts.map((cut) => cut.each));
    const times = cuts.length > 1 ? ` (placed ${count(cuts.length)} times by block flashes)` : '';
    const why = cuts.some((cut) => cut.held)
      ? `its copies, drawn one by one since its clear parts reach into each other, fill the ${count(state.maxElements)} flashes, lines and edges a layer may hold`
      : `a layer draws at most ${count(LIMITS.maxDrawnElements)} flashes, lines and edges, copies counted`;
    state.warn(
      'limit-reached',
      line,
      `step and repeat of ${count(wanted)} copies${times}, each drawing ${count(each)} flashes, lines and edges: ${count(drawn)} copies are drawn and ${count(wanted - drawn)} are not; ${why}`,
    );
  }
}
