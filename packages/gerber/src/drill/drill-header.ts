// The header of a drill file: comments (which may hint at the format, tools and plating), the
// INCH/METRIC command with its zero and places, and tool definitions (Tn with C, its diameter).

import { MM_PER_INCH } from '../constants.ts';
import type { Units } from '../image/types.ts';
import { readCommentHint } from './comment-hints.ts';
import { motionBlock } from './drill-holes.ts';
import type { DrillState } from './drill-state.ts';
import { ensureUnits, maxLength, setUnits } from './drill-units.ts';
import {
  C_A,
  C_Z,
  IGNORED_COMMAND,
  isDigit,
  readNumber,
  readUnsigned,
  sign,
} from './drill-words.ts';
import { setFileZero } from './held-coordinates.ts';

export function commentBlock(state: DrillState, block: string): void {
  const line = state.line;
  state.nodes.push({ type: 'comment', line, text: block.slice(1).trim() });
  const hint = readCommentHint(block);
  if (!hint) return;
  switch (hint.type) {
    case 'format':
      if (hint.places) state.filePlaces = hint.places;
      if (hint.units) state.unitsHint = hint.units;
      if (hint.notation) state.notationHint = hint.notation;
      if (hint.zero) setFileZero(state, hint.zero, line);
      if (hint.decimal) state.decimalFormat = true;
      return;
    case 'tool': {
      const units = ensureUnits(state, line);
      // Sizes with their own unit no longer follow a later change of the assumed units.
      if (state.assumedUnits) state.assumedUnits.converted = true;
      const scale = hint.units === units ? 1 : units === 'mm' ? MM_PER_INCH : 1 / MM_PER_INCH;
      defineTool(state, hint.code, hint.diameter * scale, hint.plated, line);
      return;
    }
    case 'plating':
      if (hint.scope === 'nextTool') state.nextToolPlated = hint.plated;
      else state.nodes.push({ type: 'plating', line, scope: hint.scope, plated: hint.plated });
      return;
  }
}

/** INCH or METRIC, with optional LZ/TZ and a zero pattern such as 000.000. */
export function unitsCommand(state: DrillState, units: Units, parameters: string): void {
  const line = state.line;
  setUnits(state, units, line);
  for (const raw of parameters.split(',')) {
    const token = raw.trim();
    if (token === '') continue;
    if (token === 'LZ') setFileZero(state, 'T', line);
    else if (token === 'TZ') setFileZero(state, 'L', line);
    else if (/^0*\.0*$/.test(token) && token.length > 1) {
      const dot = token.indexOf('.');
      state.filePlaces = [Math.min(dot, 9), Math.min(token.length - dot - 1, 9)];
    } else
      state.warn('invalid-value', line, `unknown units parameter '${token.slice(0, 20)}' ignored`);
  }
}

/** Tn with optional parameters (C diameter, F feed, S speed...), maybe followed by a move. */
export function toolBlock(state: DrillState): void {
  const { block } = state;
  const line = state.line;
  state.pos++;
  if (state.pos >= block.length || !isDigit(block.charCodeAt(state.pos))) {
    if (!IGNORED_COMMAND.test(block.slice(state.pos - 1))) state.unrecognised();
    return;
  }
  const start = state.pos;
  const code = readUnsigned(state);
  if (state.pos - start > 9) {
    state.warn(
      'invalid-value',
      line,
      `tool number '${block.slice(start, start + 12)}' too long; ignored`,
    );
    return;
  }
  let diameter: number | null = null;
  while (state.pos < block.length) {
    const letter = block.charCodeAt(state.pos);
    if (letter === 32 || letter === 9) {
      state.pos++;
      continue;
    }
    if (letter === 88 || letter === 89 || letter === 71) break; // X, Y, G: a move follows
    if (letter < C_A || letter > C_Z) {
      state.unrecognised();
      return;
    }
    state.pos++;
    const value = readNumber(state);
    if (value === null) {
      state.unrecognised();
      return;
    }
    if (letter === 67) {
      // C
      diameter = value.type === 'decimal' ? value.value : Number(value.digits) * sign(value);
    }
  }
  if (diameter !== null) {
    ensureUnits(state, line);
    defineTool(state, code, diameter, state.nextToolPlated, line);
    state.nextToolPlated = null;
    // A definition in the body (files without a header) also selects the tool.
    if (!state.inHeader) state.nodes.push({ type: 'toolChange', line, code });
  } else {
    state.nodes.push({ type: 'toolChange', line, code });
  }
  if (state.pos < block.length) motionBlock(state);
}

export function defineTool(
  state: DrillState,
  code: number,
  diameter: number,
  plated: boolean | null,
  line: number,
): void {
  if (!Number.isFinite(diameter) || diameter <= 0 || diameter > maxLength(state)) {
    state.warn('invalid-value', line, `tool T${code} has an invalid diameter; definition ignored`);
    return;
  }
  state.nodes.push({ type: 'toolDefinition', line, code, diameter, plated });
}
