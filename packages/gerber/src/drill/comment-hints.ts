// What CAD tools write into Excellon comments that changes how the file must be read: the
// coordinate format (KiCad, Altium, Mentor), tool sizes (Allegro files without a header) and
// plating (Altium sections, X2 attributes, Allegro tool lists).

import type { Units } from '../image/types.ts';
import type { Notation, ZeroSuppression } from '../options.ts';

export type CommentHint =
  | {
      type: 'format';
      places: [number, number] | null;
      /** Coordinates carry their decimal point; one written without it is a whole number. */
      decimal: boolean;
      zero: ZeroSuppression | null;
      units: Units | null;
      notation: Notation | null;
    }
  | { type: 'tool'; code: number; diameter: number; units: Units; plated: boolean | null }
  | { type: 'plating'; scope: 'file' | 'section' | 'nextTool'; plated: boolean };

// `; FORMAT={2:4/ absolute / inch / keep zeros}` or `{-:-/ absolute / metric / decimal}`.
const KICAD_FORMAT =
  /^;\s*FORMAT\s*=\s*\{\s*([\d-]+)\s*:\s*([\d-]+)\s*\/\s*(\w+)\s*\/\s*(\w+)\s*\/([^}]*)\}/i;
// `;FILE_FORMAT=2:4`.
const ALTIUM_FORMAT = /^;\s*FILE_FORMAT\s*=\s*(\d+)\s*:\s*(\d+)/i;
// `; Format  : 3.3 / Absolute / MM / Leading`.
const MENTOR_FORMAT =
  /^;\s*Format\s*:\s*(\d+)\.(\d+)\s*\/\s*(Absolute|Incremental)\s*\/\s*(MM|INCH|IN)\b(?:\s*\/\s*(Leading|Trailing)\b)?/i;
// `;T01 Holesize 1. = 8.000000 Tolerance = +3.000000/-3.000000 PLATED MILS Quantity = 1873`.
const ALLEGRO_HOLESIZE = /^;\s*T(\d{1,9})\s+Holesize\s+[\d.]+\s*=\s*(\d*\.?\d+)(.*)$/i;
const ALLEGRO_PLATING = /\b(NON_PLATED|PLATED)\b/i;
const ALLEGRO_UNITS = /\b(MILS?|MM|INCH(?:ES)?)\b/i;
const SECTION_PLATING = /^;\s*TYPE\s*=\s*(PLATED|NON_PLATED)\b/i;
const X2_FILE_PLATING = /^;\s*#@!\s*TF\.FileFunction,(Plated|NonPlated)\b/i;
const X2_TOOL_PLATING = /^;\s*#@!\s*TA\.AperFunction,(Plated|NonPlated)\b/i;

/** Format places are single digits, as in the parser options. */
function places(integer: string, decimal: string): [number, number] | null {
  const a = Number(integer);
  const b = Number(decimal);
  return Number.isInteger(a) && Number.isInteger(b) && a <= 9 && b <= 9 && a + b > 0
    ? [a, b]
    : null;
}

function kicadHint(match: RegExpExecArray): CommentHint {
  const [, integer = '', decimal = '', notation = '', units = '', zeros = ''] = match;
  const suppression = zeros.toLowerCase();
  return {
    type: 'format',
    places: places(integer, decimal),
    // "keep zeros" writes every digit, so either reading gives the same numbers.
    zero: suppression.includes('trailing')
      ? 'T'
      : suppression.includes('leading') || suppression.includes('keep')
        ? 'L'
        : null,
    units: /^metric$/i.test(units) ? 'mm' : /^inch$/i.test(units) ? 'in' : null,
    notation: /^absolute$/i.test(notation) ? 'A' : /^incremental$/i.test(notation) ? 'I' : null,
    decimal: suppression.includes('decimal'),
  };
}

function mentorHint(match: RegExpExecArray): CommentHint {
  const [, integer = '', decimal = '', notation = '', units = '', zeros] = match;
  return {
    type: 'format',
    places: places(integer, decimal),
    zero: zeros === undefined ? null : /^leading$/i.test(zeros) ? 'L' : 'T',
    units: /^mm$/i.test(units) ? 'mm' : 'in',
    notation: /^absolute$/i.test(notation) ? 'A' : 'I',
    decimal: false,
  };
}

function allegroTool(match: RegExpExecArray): CommentHint | null {
  const [, code = '', size = '', rest = ''] = match;
  const unit = ALLEGRO_UNITS.exec(rest)?.[1]?.toUpperCase() ?? 'MILS';
  const plating = ALLEGRO_PLATING.exec(rest)?.[1]?.toUpperCase();
  const value = Number(size);
  if (!Number.isFinite(value)) return null;
  const inMils = unit.startsWith('MIL');
  return {
    type: 'tool',
    code: Number(code),
    diameter: inMils ? value / 1000 : value,
    units: unit === 'MM' ? 'mm' : 'in',
    plated: plating === undefined ? null : plating === 'PLATED',
  };
}

/** Reads a comment line (starting with ';'); null when it says nothing the parser needs. */
export function readCommentHint(comment: string): CommentHint | null {
  let match = KICAD_FORMAT.exec(comment);
  if (match) return kicadHint(match);
  match = ALTIUM_FORMAT.exec(comment);
  if (match) {
    const format = places(match[1] ?? '', match[2] ?? '');
    return format
      ? { type: 'format', places: format, zero: null, units: null, notation: null, decimal: false }
      : null;
  }
  match = MENTOR_FORMAT.exec(comment);
  if (match) return mentorHint(match);
  match = ALLEGRO_HOLESIZE.exec(comment);
  if (match) return allegroTool(match);
  match = SECTION_PLATING.exec(comment);
  if (match) return { type: 'plating', scope: 'section', plated: /^plated$/i.test(match[1] ?? '') };
  match = X2_FILE_PLATING.exec(comment);
  if (match) return { type: 'plating', scope: 'file', plated: /^plated$/i.test(match[1] ?? '') };
  match = X2_TOOL_PLATING.exec(comment);
  if (match) {
    return { type: 'plating', scope: 'nextTool', plated: /^plated$/i.test(match[1] ?? '') };
  }
  return null;
}
