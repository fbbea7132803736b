// The extended commands (%...%) of current Gerber: format and units, apertures, the graphics
// state of LP/LM/LR/LS, step and repeat, block apertures and attributes. The older image
// parameters are read by image-parameters.ts; what neither knows is reported.

import { apertureDefinition } from './aperture-definition.ts';
import { attributeNode } from './attributes.ts';
import type { CommandReader } from './command-reader.ts';
import { formatCommand } from './format-command.ts';
import { imageParameter } from './image-parameters.ts';
import { letterValues } from './read-number.ts';

/** One block of a %...% section (other than AM and its blocks), with line breaks taken out. */
export function extendedCommand(reader: CommandReader, block: string, line: number): void {
  const command = block.slice(0, 2);
  const body = block.slice(2);
  switch (command) {
    case 'FS':
      formatCommand(reader, body, line);
      return;
    case 'MO':
      if (body === 'IN' || body === 'MM') reader.units(body === 'IN' ? 'in' : 'mm', line);
      else reader.warn('invalid-value', line, `unknown units '${block}' ignored`);
      return;
    case 'AD':
      apertureDefinition(reader, body, 0, body.length, line);
      return;
    case 'LP':
      if (body === 'D' || body === 'C') {
        reader.emit({ type: 'polarity', line, polarity: body === 'D' ? 'dark' : 'clear' });
      } else reader.warn('invalid-value', line, `unknown polarity '${block}' ignored`);
      return;
    case 'LM':
      if (body === 'N' || body === 'X' || body === 'Y' || body === 'XY') {
        reader.emit({
          type: 'mirroring',
          line,
          mirrorX: body.includes('X'),
          mirrorY: body.includes('Y'),
        });
      } else reader.warn('invalid-value', line, `unknown mirroring '${block}' ignored`);
      return;
    case 'LR':
    case 'LS': {
      const value = Number(body);
      if (body.length === 0 || !Number.isFinite(value)) {
        reader.warn('invalid-value', line, `bad value in '${block}' ignored`);
      } else if (command === 'LR') {
        reader.emit({ type: 'rotation', line, degrees: value });
      } else {
        reader.emit({ type: 'scaling', line, factor: value });
      }
      return;
    }
    case 'SR':
      stepRepeat(reader, body, line);
      return;
    case 'AB':
      if (body.length === 0) {
        reader.emit({ type: 'blockEnd', line });
      } else {
        const code = body.startsWith('D') ? Number(body.slice(1)) : Number.NaN;
        if (Number.isInteger(code) && code >= 10) {
          reader.emit({ type: 'blockBegin', line, code });
        } else reader.warn('invalid-value', line, `bad block aperture '${block}' ignored`);
      }
      return;
    case 'TF':
    case 'TA':
    case 'TO':
    case 'TD': {
      const node = attributeNode(block, line);
      if (node) reader.emit(node);
      return;
    }
    default:
      if (!imageParameter(reader, command, body, block, line)) {
        reader.warn(
          'unrecognised-block',
          line,
          `unrecognised block '${block.slice(0, 40)}' ignored`,
        );
      }
  }
}

/** SR with its repeats and steps opens a step and repeat; SR alone closes it. */
function stepRepeat(reader: CommandReader, body: string, line: number): void {
  if (body.length === 0) {
    reader.emit({ type: 'stepRepeatEnd', line });
    return;
  }
  const values = letterValues(body);
  const x = values.get('X') ?? 1;
  const y = values.get('Y') ?? 1;
  const i = values.get('I') ?? 0;
  const j = values.get('J') ?? 0;
  if (
    !Number.isInteger(x) ||
    !Number.isInteger(y) ||
    x < 1 ||
    y < 1 ||
    !Number.isFinite(i) ||
    !Number.isFinite(j)
  ) {
    reader.warn('invalid-value', line, `bad step and repeat 'SR${body}' ignored`);
    return;
  }
  reader.emit({ type: 'stepRepeat', line, x, y, i, j });
}
