// The image parameters of older Gerber (IP, IR, IO, OF, SF, MI, AS, RO, IJ, KO, IN, LN, IC),
// deprecated since 2013 but still in files from older CAD tools. They apply to the whole image,
// so the plotter acts on them when the file ends.

import type { CommandReader } from './command-reader.ts';
import { letterValues } from './read-number.ts';
import type { Justification, KnockoutNode } from './syntax.ts';

/** Reads an image parameter command; false when `command` is not one. */
export function imageParameter(
  reader: CommandReader,
  command: string,
  body: string,
  block: string,
  line: number,
): boolean {
  switch (command) {
    case 'IP':
      if (body === 'POS' || body === 'NEG') {
        reader.emit({
          type: 'imagePolarity',
          line,
          polarity: body === 'POS' ? 'positive' : 'negative',
        });
      } else reader.warn('invalid-value', line, `unknown image polarity '${block}' ignored`);
      return true;
    case 'RO': {
      const degrees = Number(body);
      if (body.length > 0 && Number.isFinite(degrees)) {
        reader.emit({ type: 'layerRotation', line, degrees });
      } else reader.warn('invalid-value', line, `bad layer rotation '${block}' ignored`);
      return true;
    }
    case 'IR': {
      const degrees = Number(body);
      if ([0, 90, 180, 270].includes(degrees) && body.length > 0) {
        reader.emit({ type: 'imageRotation', line, degrees });
      } else reader.warn('invalid-value', line, `bad image rotation '${block}' ignored`);
      return true;
    }
    case 'OF':
    case 'IO':
    case 'SF': {
      const fallback = command === 'SF' ? 1 : 0;
      const values = letterValues(body);
      const a = values.get('A') ?? fallback;
      const b = values.get('B') ?? fallback;
      if (!Number.isFinite(a) || !Number.isFinite(b)) {
        reader.warn('invalid-value', line, `bad values in '${block}' ignored`);
      } else if (command === 'SF') {
        reader.emit({ type: 'scaleFactor', line, a, b });
      } else {
        reader.emit({ type: 'offset', line, command, a, b });
      }
      return true;
    }
    case 'MI': {
      const values = letterValues(body);
      reader.emit({
        type: 'mirrorImage',
        line,
        a: (values.get('A') ?? 0) === 1,
        b: (values.get('B') ?? 0) === 1,
      });
      return true;
    }
    case 'AS':
      if (body === 'AXBY' || body === 'AYBX') {
        reader.emit({ type: 'axisSelect', line, swap: body === 'AYBX' });
      } else reader.warn('invalid-value', line, `unknown axis select '${block}' ignored`);
      return true;
    case 'IJ':
      reader.emit({
        type: 'imageJustify',
        line,
        a: justification(body, 'A'),
        b: justification(body, 'B'),
      });
      return true;
    case 'KO':
      reader.emit(knockoutNode(body, line));
      return true;
    case 'IN':
    case 'LN':
      reader.emit({ type: 'name', line, command, name: body });
      return true;
    case 'IC':
      // Input code (ASCII/EBCDIC): only ASCII exists in practice.
      return true;
    default:
      return false;
  }
}

/** One axis of IJ; an axis the command leaves out is justified to its lower end. */
function justification(body: string, axis: 'A' | 'B'): Justification {
  const start = body.indexOf(axis);
  if (start < 0) return { type: 'lower' };
  const rest = body.slice(start + 1);
  if (rest.startsWith('L')) return { type: 'lower' };
  if (rest.startsWith('C')) return { type: 'centre' };
  const match = /^[+-]?[0-9.]+/.exec(rest);
  return match ? { type: 'offset', value: Number(match[0]) } : { type: 'lower' };
}

function knockoutNode(body: string, line: number): KnockoutNode {
  const first = body[0];
  const polarity = first === 'C' ? 'clear' : first === 'D' ? 'dark' : null;
  const values = letterValues(polarity ? body.slice(1) : body);
  const x = values.get('X');
  const y = values.get('Y');
  const width = values.get('I');
  const height = values.get('J');
  const box =
    x !== undefined && y !== undefined && width !== undefined && height !== undefined
      ? { x, y, width, height }
      : null;
  return { type: 'knockout', line, polarity, box, border: values.get('K') ?? null };
}
