// The operations of a data block (D01 interpolate, D02 move, D03 flash) under the graphics state:
// notation, interpolation mode, quadrant mode and the current aperture. Inside a region they add
// to its contour instead of drawing.

import { COORDINATE_I, COORDINATE_J, COORDINATE_X, COORDINATE_Y } from '../gerber/parse-gerber.ts';
import type { OperationCode } from '../gerber/syntax.ts';
import { line as lineSegment } from '../image/geometry.ts';
import { compose, translation } from '../image/transform.ts';
import type { PolarityRun, Segment } from '../image/types.ts';
import { currentShape } from './apertures.ts';
import { resolveArc } from './arc.ts';
import { emitContour, emitFlash, emitImage, emitSegment } from './output.ts';
import type { Aperture, PlotState } from './plot-state.ts';
import { closeContour } from './regions.ts';
import { sweptHull } from './sweep.ts';

/**
 * Arcs whose centre is further from one end than the other by more than this share are reported
 * as impossible; beyond ARC_MISMATCH_LINE they cannot be a rounding slip and become straight lines.
 */
const ARC_MISMATCH_WARNING = 0.1;
const ARC_MISMATCH_LINE = 0.5;

/** An arc's I or J: a block that leaves it out means 0. */
function offset(value: number): number {
  return Number.isNaN(value) ? 0 : value;
}

export function plotOperation(
  state: PlotState,
  line: number,
  given: OperationCode | null,
  coordinates: Float64Array,
): void {
  const givenX = coordinates[COORDINATE_X] as number;
  const givenY = coordinates[COORDINATE_Y] as number;
  let operation = given;
  if (operation === null) {
    operation = state.lastOperation;
    if (operation === null) {
      operation = 'move';
    } else if (!state.modalWarned) {
      state.modalWarned = true;
      state.warn(
        'deprecated',
        line,
        'coordinates without a D code use the previous one (deprecated)',
      );
    }
  }
  state.lastOperation = operation;
  const scale = state.unitScale;
  let x = state.x;
  let y = state.y;
  if (state.notation === 'I') {
    if (!Number.isNaN(givenX)) x += givenX * scale;
    if (!Number.isNaN(givenY)) y += givenY * scale;
  } else {
    if (!Number.isNaN(givenX)) x = givenX * scale;
    if (!Number.isNaN(givenY)) y = givenY * scale;
  }
  if (Math.abs(x) > state.maxCoordinate || Math.abs(y) > state.maxCoordinate) {
    state.warn('limit-reached', line, 'coordinate out of range; operation ignored');
    return;
  }
  const startX = state.x;
  const startY = state.y;
  state.x = x;
  state.y = y;
  if (state.budget.exhausted) return;

  if (state.region) {
    regionOperation(state, operation, line, coordinates, startX, startY, x, y);
    return;
  }
  if (operation === 'move') return;
  const aperture = state.aperture;
  if (!aperture) {
    if (state.apertureCode < 0) {
      state.warn('tool-not-defined', line, 'no aperture selected; operation ignored');
    }
    return;
  }
  if (operation === 'flash') {
    flash(state, aperture, x, y);
    return;
  }
  if (state.interpolation === 'linear') {
    stroke(state, aperture, lineSegment(startX, startY, x, y), line);
    return;
  }
  const arc = arcOf(state, line, coordinates, startX, startY, x, y);
  if (!arc) {
    stroke(state, aperture, lineSegment(startX, startY, x, y), line);
    return;
  }
  if (aperture.type !== 'circle') {
    state.warn(
      'arc-non-circular-tool',
      line,
      `arc with non-circular aperture D${aperture.code} ignored`,
    );
    return;
  }
  emitSegment(state, aperture.diameter * state.scaling, arc);
}

export function arcOf(
  state: PlotState,
  line: number,
  coordinates: Float64Array,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): Segment | null {
  const scale = state.unitScale;
  const result = resolveArc(
    x1,
    y1,
    x2,
    y2,
    offset(coordinates[COORDINATE_I] as number) * scale,
    offset(coordinates[COORDINATE_J] as number) * scale,
    state.interpolation === 'clockwise',
    state.singleQuadrant,
  );
  if (result && result.mismatch > ARC_MISMATCH_LINE) {
    state.warn(
      'arc-impossible',
      line,
      'arc impossible: its centre is much further from one end than the other; drawn as a straight line',
    );
    return null;
  }
  if (result && result.mismatch > ARC_MISMATCH_WARNING) {
    state.warn(
      'arc-impossible',
      line,
      'arc impossible: its centre is not equally far from both ends; drawn around the nearest possible centre',
    );
  }
  return result?.arc ?? null;
}

export function flash(state: PlotState, aperture: Aperture, x: number, y: number): void {
  if (aperture.type === 'block') {
    flashBlock(state, aperture.runs, x, y);
    return;
  }
  emitFlash(state, currentShape(state, aperture.shape), x, y);
}

export function flashBlock(state: PlotState, runs: PolarityRun[], x: number, y: number): void {
  const t = compose(translation(x, y), state.apertureT);
  emitImage(state, runs, t, state.polarity === 'clear');
}

export function stroke(state: PlotState, aperture: Aperture, segment: Segment, line: number): void {
  const zeroLength = segment.x1 === segment.x2 && segment.y1 === segment.y2;
  if (aperture.type === 'circle') {
    if (zeroLength) emitFlash(state, currentShape(state, aperture.shape), segment.x2, segment.y2);
    else emitSegment(state, aperture.diameter * state.scaling, segment);
    return;
  }
  if (aperture.type === 'block') {
    state.warn(
      'tool-not-strokable',
      line,
      `block aperture D${aperture.code} cannot draw lines; ignored`,
    );
    return;
  }
  if (zeroLength) {
    emitFlash(state, currentShape(state, aperture.shape), segment.x2, segment.y2);
    return;
  }
  if (aperture.type === 'macro') {
    state.warn(
      'tool-not-strokable',
      line,
      `macro aperture D${aperture.code} cannot draw lines; ignored`,
    );
    return;
  }
  if (!aperture.rectangle) {
    state.warn(
      'tool-not-strokable',
      line,
      `aperture D${aperture.code} is not a circle or rectangle; the line is drawn with its outline swept`,
    );
  }
  emitContour(state, sweptHull(currentShape(state, aperture.solid), segment));
}

export function regionOperation(
  state: PlotState,
  operation: OperationCode,
  line: number,
  coordinates: Float64Array,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): void {
  const region = state.region as NonNullable<typeof state.region>;
  if (operation === 'flash') {
    state.warn('flash-in-region', line, 'flash in region ignored');
    return;
  }
  if (operation === 'move') {
    closeContour(state);
    return;
  }
  if (state.interpolation === 'linear') {
    if (x1 !== x2 || y1 !== y2) region.current.push(lineSegment(x1, y1, x2, y2));
    return;
  }
  const arc = arcOf(state, line, coordinates, x1, y1, x2, y2);
  if (arc) region.current.push(arc);
  else if (x1 !== x2 || y1 !== y2) region.current.push(lineSegment(x1, y1, x2, y2));
}
