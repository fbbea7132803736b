// The unit a placement file's positions are in: stated in its head, written on the values, or
// guessed from how the positions spread when the file says nothing.

import { type PlacementUnit, parsePlacementUnit } from '@circuits/domain';
import type { PlacementFile } from './placement-file.ts';

/** Boards are at most this many millimetres across; beyond it a coordinate is in mils. */
const MAX_BOARD_MM = 1500;

const UNIT_STATEMENTS: [RegExp, string][] = [
  [/UUNITS\s*=\s*(MILS?|MM|INCH(?:ES)?|MILLIMETERS?)/i, 'UUNITS'],
  [/Units used:\s*(mm|mils?|inch(?:es)?|in)\b/i, 'Units used'],
  [/##\s*Unit\s*=\s*(mm|inch(?:es)?|mils?|in)\b/i, '## Unit'],
  [/X,\s*Y\s+in\s+(mils?|mm|inch(?:es)?)\b/i, 'X,Y in'],
  [/Measurements are in\s+(inch(?:es)?|mm|millimet(?:er|re)s|mils?)\b/i, 'Measurements are in'],
  [/\bunits?\s*[:=]\s*(mm|mils?|inch(?:es)?|in|millimet(?:er|re)s)\b/i, 'Units'],
  [/\bin\s+(millimet(?:er|re)s|inches|mils)\b/i, 'in'],
];

/** Lines of the head a format or unit is looked for in, and how much of each. */
const HEAD_LINES = 60;
const HEAD_LINE_CHARS = 1000;

/**
 * The head of a file, each line cut to HEAD_LINE_CHARS: what a format or unit statement is
 * looked for in. The patterns below are tried on every head line; cut, no line can make them
 * slow, however long the file's lines are.
 */
export function headOf(lines: readonly string[]): string[] {
  return lines
    .slice(0, HEAD_LINES)
    .map((line) => (line.length > HEAD_LINE_CHARS ? line.slice(0, HEAD_LINE_CHARS) : line));
}

export function unitStatedIn(
  lines: readonly string[],
): { unit: PlacementUnit; line: number; text: string } | null {
  const head = headOf(lines);
  for (let i = 0; i < head.length; i += 1) {
    const line = head[i]!;
    // Statements live in comments and banners, not in data rows.
    if (/^\s*[A-Za-z_][\w.#+-]*\s*[,;\t ]\s*[-\d.]/.test(line) && !/^\s*#/.test(line)) continue;
    for (const [pattern] of UNIT_STATEMENTS) {
      const match = pattern.exec(line);
      if (!match) continue;
      const word = match[1]!.toLowerCase();
      const unit = parsePlacementUnit(word);
      if (unit) return { unit, line: i + 1, text: line.trim() };
    }
  }
  return null;
}

const LENGTH = /^([-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[-+]?\d+)?)\s*(mm|mils?|in|inch|inches|")?$/i;

export function parseLength(text: string): { value: number; unit: PlacementUnit | null } | null {
  const match = LENGTH.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]!.replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return { value, unit: match[2] ? parsePlacementUnit(match[2]) : null };
}

/**
 * The unit of positions a file does not state. Millimetres unless the parts would be packed
 * tighter than any board allows (more than two per square millimetre: the positions are inches)
 * or the board would be wider than MAX_BOARD_MM (they are mils).
 */
export function guessUnit(points: readonly (readonly [number, number])[]): PlacementFile['units'] {
  // Loops, not Math.max(...list): a list of 100,000 arguments overflows the call stack.
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let extent = Number.NEGATIVE_INFINITY;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    extent = Math.max(extent, Math.abs(x), Math.abs(y));
  }
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const areaMm = (spanX + 1) * (spanY + 1);
  const round = (n: number) => Math.round(n * 100) / 100;
  if (extent > MAX_BOARD_MM)
    return {
      unit: 'mil',
      source: 'guessed',
      detail: `taken as mils: in millimetres the positions would reach ${round(extent)} mm`,
    };
  if (points.length >= 10 && points.length / areaMm > 2)
    return {
      unit: 'inch',
      source: 'guessed',
      detail: `taken as inches: in millimetres ${points.length} parts would sit within ${round(spanX)} × ${round(spanY)} mm`,
    };
  return {
    unit: 'mm',
    source: 'guessed',
    detail: 'taken as millimetres, the positions fit a board in them',
  };
}
