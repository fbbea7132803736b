// The body of a drill file: holes, rout moves and arcs (G00-G03, G05), G85 slots, G93 zero set,
// Rnn repeats of the last hole and M02 repeats of a recorded pattern.

import type { DrillState } from './drill-state.ts';
import { setNotation } from './drill-units.ts';
import {
  type CoordinateLetter,
  type NumberWord,
  onlyXY,
  readCoordinates,
  readUnsigned,
} from './drill-words.ts';
import { addCoordinateNode } from './held-coordinates.ts';
import type {
  DrillCoordinateNode,
  DrillPatternNode,
  DrillRepeatNode,
  DrillSlotNode,
  DrillZeroSetNode,
} from './syntax.ts';

/** G codes and coordinates: holes, rout moves, G85 slots, G93 zero set. */
export function motionBlock(state: DrillState): void {
  const { block } = state;
  const line = state.line;
  let zeroSet = false;
  let slotStart: Map<CoordinateLetter, NumberWord> | null = null;
  let words = new Map<CoordinateLetter, NumberWord>();
  while (state.pos < block.length) {
    const letter = block.charCodeAt(state.pos);
    if (letter === 71) {
      // G
      state.pos++;
      const code = readUnsigned(state);
      if (code === 85) {
        slotStart = words;
        words = new Map();
      } else if (code === 93) {
        zeroSet = true;
      } else if (!motionGCode(state, code, line)) {
        return;
      }
      continue;
    }
    const read = readCoordinates(state);
    if (read === null) {
      state.unrecognised();
      return;
    }
    for (const [key, value] of read) words.set(key, value);
    if (state.pos < block.length && block.charCodeAt(state.pos) !== 71) {
      state.unrecognised();
      return;
    }
  }
  if (zeroSet) {
    zeroSetBlock(state, words, line);
  } else if (slotStart) {
    slotBlock(state, slotStart, words, line);
  } else if (words.size > 0) {
    coordinateBlock(state, words, line);
  }
}

/** Handles a G code; false (with a warning) when it is not supported. */
export function motionGCode(state: DrillState, code: number, line: number): boolean {
  switch (code) {
    case 0:
      state.nodes.push({ type: 'mode', line, mode: 'move' });
      return true;
    case 1:
      state.nodes.push({ type: 'mode', line, mode: 'linear' });
      return true;
    case 2:
      state.nodes.push({ type: 'mode', line, mode: 'clockwise' });
      return true;
    case 3:
      state.nodes.push({ type: 'mode', line, mode: 'counterclockwise' });
      return true;
    case 5:
    case 81:
      state.nodes.push({ type: 'mode', line, mode: 'drill' });
      return true;
    case 90:
    case 91:
      setNotation(state, code === 90 ? 'A' : 'I', line);
      return true;
    case 40:
    case 41:
    case 42:
      // Cutter compensation: the rout path is drawn as programmed.
      return true;
    default:
      state.unrecognised();
      return false;
  }
}

export function coordinateBlock(
  state: DrillState,
  words: Map<CoordinateLetter, NumberWord>,
  line: number,
): void {
  const node: DrillCoordinateNode = {
    type: 'coordinate',
    line,
    x: undefined,
    y: undefined,
    i: undefined,
    j: undefined,
    radius: undefined,
  };
  addCoordinateNode(
    state,
    node,
    [...words].map(([key, word]) => [word, (value: number) => (node[key] = value)]),
  );
}

export function slotBlock(
  state: DrillState,
  start: Map<CoordinateLetter, NumberWord>,
  end: Map<CoordinateLetter, NumberWord>,
  line: number,
): void {
  if (end.size === 0 || !onlyXY(start) || !onlyXY(end)) {
    state.unrecognised();
    return;
  }
  const node: DrillSlotNode = {
    type: 'slot',
    line,
    x1: undefined,
    y1: undefined,
    x2: undefined,
    y2: undefined,
  };
  addCoordinateNode(state, node, [
    [start.get('x'), (x) => (node.x1 = x)],
    [start.get('y'), (y) => (node.y1 = y)],
    [end.get('x'), (x) => (node.x2 = x)],
    [end.get('y'), (y) => (node.y2 = y)],
  ]);
}

export function zeroSetBlock(
  state: DrillState,
  words: Map<CoordinateLetter, NumberWord>,
  line: number,
): void {
  const node: DrillZeroSetNode = { type: 'zeroSet', line, x: 0, y: 0 };
  addCoordinateNode(state, node, [
    [words.get('x'), (x) => (node.x = x)],
    [words.get('y'), (y) => (node.y = y)],
  ]);
}

/** Rnn[X..][Y..]: repeat the last hole. */
export function repeatBlock(state: DrillState): void {
  const line = state.line;
  state.pos++;
  const start = state.pos;
  const count = readUnsigned(state);
  if (count < 0 || state.pos - start > 9) {
    state.unrecognised();
    return;
  }
  const words = readCoordinates(state);
  if (!onlyXY(words) || state.pos < state.block.length) {
    state.unrecognised();
    return;
  }
  const node: DrillRepeatNode = { type: 'repeat', line, count, dx: 0, dy: 0 };
  addCoordinateNode(state, node, [
    [words.get('x'), (dx) => (node.dx = dx)],
    [words.get('y'), (dy) => (node.dy = dy)],
  ]);
}

/** M02X..Y..: the recorded pattern again, moved by (x, y). */
export function patternRepeatBlock(state: DrillState): void {
  const line = state.line;
  const words = readCoordinates(state);
  // Without an offset, or with the mirroring variants (M02XYM70, M80, M90): not supported.
  if (!onlyXY(words) || words.size === 0 || state.pos < state.block.length) {
    state.unrecognised();
    return;
  }
  const node: DrillPatternNode = {
    type: 'pattern',
    line,
    command: 'repeat',
    x: undefined,
    y: undefined,
  };
  addCoordinateNode(state, node, [
    [words.get('x'), (x) => (node.x = x)],
    [words.get('y'), (y) => (node.y = y)],
  ]);
}
