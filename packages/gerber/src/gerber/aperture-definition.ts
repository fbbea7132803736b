// Aperture definitions (AD): the standard templates (circle, rectangle, obround, polygon, with an
// optional hole) and references to macros. Most extended commands of a file are ADs, so their
// parameters are read where they stand in the text, without copying the block.

import { isTrimmed } from '../identify/text-lines.ts';
import { C_A, C_COMMA, C_CR, C_D, C_LF, C_LOWER_X, C_X } from './char-codes.ts';
import type { CommandReader } from './command-reader.ts';
import { decimalIn, isDigit, scanDecimal, scannedValue } from './read-number.ts';
import type { ApertureHole, ApertureTemplate } from './syntax.ts';

/**
 * The aperture definition in source[start, end): `D<code><template>[,<params>]`, emitted as a node
 * or left out with a warning.
 */
export function apertureDefinition(
  reader: CommandReader,
  source: string,
  start: number,
  end: number,
  line: number,
): void {
  let pos = source.charCodeAt(start) === C_D ? start + 1 : start;
  const codeStart = pos;
  while (pos < end && isDigit(source.charCodeAt(pos))) pos++;
  const code = decimalIn(source, codeStart, pos);
  if (pos === codeStart || code < 10) {
    const shown = source.slice(start, Math.min(end, start + 40));
    reader.warn('invalid-value', line, `bad aperture definition 'AD${shown}' ignored`);
    return;
  }
  // Searched within the block only: source may be the whole file.
  let comma = pos;
  while (comma < end && source.charCodeAt(comma) !== C_COMMA) comma++;
  const name = source.slice(pos, comma).trim();
  const params = apertureParams(source, comma < end ? comma + 1 : end, end);
  if (!params) {
    reader.warn('invalid-value', line, `bad parameters in aperture D${code} ignored`);
    return;
  }
  const maxParams = maxStandardParams(name);
  if (params.length > maxParams) {
    reader.warn('invalid-value', line, `aperture D${code}: extra parameters ignored`);
    params.length = maxParams;
  }
  const template = apertureTemplate(name, params);
  if (typeof template === 'string') {
    reader.warn('invalid-value', line, `aperture D${code}: ${template}`);
    return;
  }
  reader.emit({ type: 'apertureDefinition', line, code, template });
}

function isParamSeparator(c: number): boolean {
  return c === C_X || c === C_LOWER_X;
}

/**
 * The X-separated numbers of an aperture definition in source[start, end); null if one is bad.
 * Each field is read as decimalIn reads it, in one pass where it is a plain decimal.
 */
function apertureParams(source: string, start: number, end: number): number[] | null {
  const params: number[] = [];
  if (start >= end) return params;
  let fieldStart = start;
  for (;;) {
    const stop = scanDecimal(source, fieldStart, end, 16);
    const fieldRead = stop === end || isParamSeparator(source.charCodeAt(stop));
    let value = fieldRead ? scannedValue() : Number.NaN;
    // A sign at the very end takes scanDecimal one character past it.
    let fieldEnd = Math.min(stop, end);
    if (Number.isNaN(value)) {
      while (fieldEnd < end && !isParamSeparator(source.charCodeAt(fieldEnd))) fieldEnd++;
      value = Number(source.slice(fieldStart, fieldEnd));
      if (!Number.isFinite(value)) return null;
    }
    params.push(value);
    if (fieldEnd >= end) return params;
    fieldStart = fieldEnd + 1;
  }
}

/** Parameters a template takes, hole included: standard ones have a limit, macros none. */
function maxStandardParams(name: string): number {
  switch (name) {
    case 'C':
      return 3;
    case 'R':
    case 'O':
      return 4;
    case 'P':
      return 5;
    default:
      return Number.POSITIVE_INFINITY;
  }
}

function hole(params: number[], from: number): ApertureHole | null | string {
  const count = params.length - from;
  if (count <= 0) return null;
  const [a, b] = [params[from] as number, params[from + 1]];
  if (count === 1) return { type: 'circle', diameter: a };
  if (count === 2) return { type: 'rectangle', width: a, height: b as number };
  return 'too many parameters';
}

/** Builds a standard template (C, R, O, P) or a macro reference; a string explains a bad one. */
function apertureTemplate(name: string, params: number[]): ApertureTemplate | string {
  if (name.length === 1 && 'CROP'.includes(name) && params.some((value) => value < 0)) {
    if (name !== 'P' || params[2] === undefined || params.slice(0, 2).some((v) => v < 0)) {
      return 'negative size ignored';
    }
  }
  switch (name) {
    case 'C': {
      if (params.length < 1) return 'circle without a diameter ignored';
      const h = hole(params, 1);
      if (typeof h === 'string') return `circle: ${h}`;
      return { type: 'circle', diameter: params[0] as number, hole: h };
    }
    case 'R':
    case 'O': {
      if (params.length < 2)
        return `${name === 'R' ? 'rectangle' : 'obround'} without a size ignored`;
      const h = hole(params, 2);
      if (typeof h === 'string') return `${name}: ${h}`;
      return {
        type: name === 'R' ? 'rectangle' : 'obround',
        width: params[0] as number,
        height: params[1] as number,
        hole: h,
      };
    }
    case 'P': {
      const vertices = params[1];
      if (params.length < 2 || vertices === undefined || !Number.isInteger(vertices)) {
        return 'polygon without a diameter and vertex count ignored';
      }
      if (vertices < 3 || vertices > 12) return `polygon with ${vertices} vertices ignored`;
      const h = hole(params, 3);
      if (typeof h === 'string') return `polygon: ${h}`;
      return {
        type: 'polygon',
        diameter: params[0] as number,
        vertices,
        rotation: params[2] ?? 0,
        hole: h,
      };
    }
    default:
      if (name.length === 0) return 'template missing';
      return { type: 'macro', name, params };
  }
}

/**
 * Whether text[start, end) is an AD command as stripLineBreaks would leave it: no line break
 * inside and no white space at either end.
 */
export function isPlainApertureDefinition(text: string, start: number, end: number): boolean {
  if (text.charCodeAt(start) !== C_A || text.charCodeAt(start + 1) !== C_D) return false;
  if (end <= start + 2 || isTrimmed(text.charCodeAt(end - 1))) return false;
  for (let pos = start + 2; pos < end; pos++) {
    const c = text.charCodeAt(pos);
    if (c === C_LF || c === C_CR) return false;
  }
  return true;
}
