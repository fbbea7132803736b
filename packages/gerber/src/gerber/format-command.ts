// FS, the format statement: zero suppression, notation and the digits of X and Y. Files that
// leave parts out are read as most CAD tools meant them, with a warning for each assumption.

import { DEFAULT_GERBER_PLACES } from '../constants.ts';
import type { ZeroSuppression } from '../options.ts';
import { C_0 } from './char-codes.ts';
import type { CommandReader } from './command-reader.ts';
import { coordinateFormat } from './coordinate-format.ts';
import type { FormatNode } from './syntax.ts';

/** FS: reads the format, warns of what it lacks and sets it for the coordinates that follow. */
export function formatCommand(reader: CommandReader, body: string, line: number): void {
  let zero: ZeroSuppression | null = null;
  let notation: 'A' | 'I' | null = null;
  let xPlaces: [number, number] | null = null;
  let yPlaces: [number, number] | null = null;
  let pos = 0;
  const first = body[0];
  if (first === 'L' || first === 'T') {
    zero = first;
    pos++;
  } else if (first === 'D') {
    // Explicit decimal points: coordinates carry their own '.', read whatever is left as leading.
    zero = 'L';
    pos++;
  }
  const next = body[pos];
  if (next === 'A' || next === 'I') {
    notation = next;
    pos++;
  }
  while (pos < body.length) {
    const letter = body[pos];
    const a = body.charCodeAt(pos + 1) - C_0;
    const b = body.charCodeAt(pos + 2) - C_0;
    if ((letter === 'X' || letter === 'Y') && a >= 0 && a <= 9 && b >= 0 && b <= 9) {
      if (letter === 'X') xPlaces = [a, b];
      else yPlaces = [a, b];
      pos += 3;
    } else if (
      (letter === 'N' || letter === 'G' || letter === 'D' || letter === 'M') &&
      a >= 0 &&
      a <= 9
    ) {
      pos += 2;
    } else {
      reader.warn('invalid-value', line, `unexpected '${body.slice(pos)}' in format ignored`);
      break;
    }
  }
  if (!xPlaces && !yPlaces) {
    reader.warn('invalid-value', line, `format without coordinate digits, so [2,4] is assumed`);
  }
  if (zero === null) {
    reader.warn(
      'zero-suppression-missing',
      line,
      'zero suppression missing, so leading zero suppression is assumed',
    );
  } else if (zero === 'T') {
    reader.warn('trailing-zero-suppression', line, 'trailing zero suppression is deprecated');
  }
  const x = xPlaces ?? yPlaces ?? [DEFAULT_GERBER_PLACES[0], DEFAULT_GERBER_PLACES[1]];
  const y = yPlaces ?? x;
  const override = reader.options.places;
  const node: FormatNode = {
    type: 'format',
    line,
    zero: reader.options.zero ?? zero,
    xPlaces: override ? [override[0], override[1]] : x,
    yPlaces: override ? [override[0], override[1]] : y,
  };
  reader.setFormat(coordinateFormat(node.zero ?? 'L', node.xPlaces, node.yPlaces));
  reader.emit(node);
  if (notation) reader.notation(notation, line);
}
