// The coordinate format of a drill file and the numbers held back until it is known. Most drill
// files leave out the zero suppression, so numbers without a decimal point wait (at most
// DRILL_STASH_LIMIT lines) for a declaration, a comment hint or digits that settle it, and are
// then converted in place; a format node records what was used and where it came from.

import {
  BACKUP_UNITS,
  DEFAULT_DRILL_PLACES_INCH,
  DEFAULT_DRILL_PLACES_METRIC,
  DRILL_STASH_LIMIT,
} from '../constants.ts';
import type { ZeroSuppression } from '../options.ts';
import { fixedValue, zeroEvidence } from './coordinate-format.ts';
import type { DrillState } from './drill-state.ts';
import { prepareCoordinates } from './drill-units.ts';
import { type NumberWord, sign } from './drill-words.ts';
import type { DrillFormatNode, DrillFormatSource, DrillNode } from './syntax.ts';

export function setFileZero(state: DrillState, zero: ZeroSuppression, line: number): void {
  if (zero === 'T' && state.fileZero !== 'T' && !state.options.zero) {
    state.warn('trailing-zero-suppression', line, 'trailing zero suppression is deprecated');
  }
  state.fileZero = zero;
  resolvePending(state, 'file');
}

export function zeroSuppression(
  state: DrillState,
): { zero: ZeroSuppression; source: DrillFormatSource } | null {
  if (state.options.zero) return { zero: state.options.zero, source: 'options' };
  if (state.fileZero) return { zero: state.fileZero, source: 'file' };
  if (state.detectedZero) return { zero: state.detectedZero, source: 'detected' };
  if (state.assumedZero) return { zero: state.assumedZero, source: 'assumed' };
  return null;
}

export function coordinatePlaces(
  state: DrillState,
  line: number,
): { places: [number, number]; source: DrillFormatSource } {
  const { options } = state;
  if (options.places) return { places: [options.places[0], options.places[1]], source: 'options' };
  if (state.filePlaces) return { places: state.filePlaces, source: 'file' };
  const units = state.units ?? BACKUP_UNITS;
  const places = units === 'mm' ? DEFAULT_DRILL_PLACES_METRIC : DEFAULT_DRILL_PLACES_INCH;
  if (!state.placesWarned.has(units)) {
    state.placesWarned.add(units);
    state.warn(
      'places-missing',
      line,
      `places missing, so [${places.join(',')}] is assumed for ${units === 'mm' ? 'metric' : 'inch'} drill files`,
    );
  }
  return { places: [places[0], places[1]], source: 'assumed' };
}

/**
 * Adds a node holding coordinates: units and notation are settled first, then each number is
 * set (or held back until the format is known).
 */
export function addCoordinateNode(
  state: DrillState,
  node: DrillNode,
  numbers: [NumberWord | undefined, (value: number) => void][],
): void {
  prepareCoordinates(state, node.line);
  for (const [word, set] of numbers) if (word) assignNumber(state, word, node.line, set);
  state.nodes.push(node);
}

/** Sets a number into its node now, or holds it back until the zero suppression is known. */
export function assignNumber(
  state: DrillState,
  word: NumberWord,
  line: number,
  set: (value: number) => void,
): void {
  if (word.type === 'decimal') {
    set(word.value);
    return;
  }
  if (state.decimalFormat && !state.options.zero && !state.options.places) {
    set(Number(word.digits) * sign(word));
    return;
  }
  const zero = zeroSuppression(state);
  if (zero) {
    set(fixedValue(word, zero.zero, useFormat(state, zero.zero, zero.source, line)));
    return;
  }
  if (!state.pendingFormat) {
    const node: DrillFormatNode = {
      type: 'format',
      line,
      zero: 'L',
      places: [0, 0],
      zeroSource: 'assumed',
      placesSource: 'assumed',
    };
    state.nodes.push(node);
    state.pendingFormat = node;
  }
  state.pending.push({ number: word, line, set });
  if (state.lastPendingLine !== line) {
    state.lastPendingLine = line;
    state.pendingLines++;
  }
  const evidence = zeroEvidence(word);
  if (evidence) {
    state.detectedZero = evidence;
    resolvePending(state, 'detected');
  } else if (state.pendingLines >= DRILL_STASH_LIMIT) {
    resolvePending(state, 'assumed');
  }
}

/** The places for a coordinate on `line`, with a format node whenever the format changes. */
export function useFormat(
  state: DrillState,
  zero: ZeroSuppression,
  zeroSource: DrillFormatSource,
  line: number,
): [number, number] {
  const { places, source } = coordinatePlaces(state, line);
  const last = state.lastFormat;
  if (last && last.zero === zero && last.places[0] === places[0] && last.places[1] === places[1]) {
    return last.places;
  }
  state.lastFormat = { zero, places };
  state.nodes.push({ type: 'format', line, zero, places, zeroSource, placesSource: source });
  return places;
}

/** Converts the numbers held back, once the zero suppression is known or has to be assumed. */
export function resolvePending(state: DrillState, reason: 'file' | 'detected' | 'assumed'): void {
  const placeholder = state.pendingFormat;
  if (!placeholder) return;
  const first = state.pending[0]?.line ?? placeholder.line;
  let zero = zeroSuppression(state);
  if (!zero) {
    zero = { zero: 'L', source: 'assumed' };
    state.assumedZero = 'L';
    state.warn(
      'zero-suppression-missing',
      first,
      'zero suppression missing, so leading zero suppression is assumed',
    );
  } else if (reason === 'detected') {
    state.warn(
      'zero-suppression-missing',
      first,
      zero.zero === 'L'
        ? 'zero suppression missing, so leading zero suppression is assumed (the coordinates keep trailing zeros)'
        : 'zero suppression missing, so trailing zero suppression is assumed (the coordinates keep leading zeros)',
    );
  }
  const { places, source } = coordinatePlaces(state, first);
  placeholder.zero = zero.zero;
  placeholder.zeroSource = zero.source;
  placeholder.places = places;
  placeholder.placesSource = source;
  state.lastFormat = { zero: zero.zero, places };
  for (const item of state.pending) item.set(fixedValue(item.number, zero.zero, places));
  state.pending = [];
  state.pendingLines = 0;
  state.pendingFormat = null;
}
