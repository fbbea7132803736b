// The words of an Excellon block: sequence numbers, coordinates (X, Y, I, J and A, the arc
// radius), and numbers with or without a decimal point. A number without one is kept as its
// digits, since its value depends on a coordinate format that may not be known yet.

import { LIMITS } from '../constants.ts';
import type { FixedDigits } from './coordinate-format.ts';
import type { DrillState } from './drill-state.ts';

const C_PLUS = 43;
const C_MINUS = 45;
const C_DOT = 46;
const C_0 = 48;
const C_9 = 57;
export const C_A = 65;
export const C_Z = 90;

/** Header and machine commands that change nothing in the image. */
export const IGNORED_COMMAND =
  /^(?:FMAT|VER|DETECT|ATC|AFS|BLKD|SBK|TCST|OSTOP|RUT|CP|PCR|NCSL|LZ|TZ)\b/;
/** A number read from the text: a decimal value, or digits that need the coordinate format. */
export type NumberWord = { type: 'decimal'; value: number } | ({ type: 'fixed' } & FixedDigits);

export type CoordinateLetter = 'x' | 'y' | 'i' | 'j' | 'radius';

/** Sequence numbers (Nnn) and the block-delete mark (/) before a command change nothing. */
export function skipPrefixes(state: DrillState): void {
  const { block } = state;
  for (;;) {
    const c = block.charCodeAt(state.pos);
    if (c === 78 && isDigit(block.charCodeAt(state.pos + 1))) {
      state.pos++;
      readUnsigned(state);
    } else if (c === 47 || c === 32 || c === 9) {
      state.pos++;
    } else return;
  }
}

/**
 * Reads X, Y, I, J and A (arc radius) words, skipping feed and speed words, up to the end of
 * the block or the next G code. Null when something else is in the way.
 */
export function readCoordinates(state: DrillState): Map<CoordinateLetter, NumberWord> | null {
  const { block } = state;
  const words = new Map<CoordinateLetter, NumberWord>();
  while (state.pos < block.length) {
    const letter = block.charCodeAt(state.pos);
    if (letter === 32 || letter === 9) {
      state.pos++;
      continue;
    }
    const key = coordinateKey(letter);
    if (key === null && letter !== 70 && letter !== 83) break; // F and S are skipped
    state.pos++;
    const value = readNumber(state);
    if (value === null) return null;
    if (key) words.set(key, value);
  }
  return words;
}

/** Reads a signed number at pos; null without digits or with too many of them. */
export function readNumber(state: DrillState): NumberWord | null {
  const { block } = state;
  let pos = state.pos;
  let negative = false;
  let c = block.charCodeAt(pos);
  if (c === C_PLUS || c === C_MINUS) {
    negative = c === C_MINUS;
    pos++;
  }
  const start = pos;
  let digits = 0;
  let dot = -1;
  while (pos < block.length) {
    c = block.charCodeAt(pos);
    if (isDigit(c)) digits++;
    else if (c === C_DOT && dot < 0) dot = pos;
    else break;
    pos++;
  }
  state.pos = pos;
  if (digits === 0 || digits > LIMITS.maxNumberDigits) return null;
  if (dot >= 0) {
    const value = Number(block.slice(start, pos));
    return { type: 'decimal', value: negative ? -value : value };
  }
  return { type: 'fixed', negative, digits: block.slice(start, pos) };
}

/** Reads an unsigned integer at pos (a G, M, T or R number); -1 without digits or with more than 9. */
export function readUnsigned(state: DrillState): number {
  const { block } = state;
  let pos = state.pos;
  let value = 0;
  while (pos < block.length) {
    const c = block.charCodeAt(pos);
    if (!isDigit(c)) break;
    if (pos - state.pos < 9) value = value * 10 + (c - C_0);
    pos++;
  }
  const read = pos - state.pos;
  state.pos = pos;
  return read === 0 || read > 9 ? -1 : value;
}

/** Words of a block that only moves (repeat steps, slot ends, offsets): X and Y, nothing else. */
export function onlyXY(
  words: Map<CoordinateLetter, NumberWord> | null,
): words is Map<CoordinateLetter, NumberWord> {
  return words !== null && !words.has('i') && !words.has('j') && !words.has('radius');
}

export function isDigit(c: number): boolean {
  return c >= C_0 && c <= C_9;
}

export function sign(word: { negative: boolean }): number {
  return word.negative ? -1 : 1;
}

export function coordinateKey(letter: number): CoordinateLetter | null {
  switch (letter) {
    case 88:
      return 'x';
    case 89:
      return 'y';
    case 73:
      return 'i';
    case 74:
      return 'j';
    case 65:
      return 'radius';
    default:
      return null;
  }
}
