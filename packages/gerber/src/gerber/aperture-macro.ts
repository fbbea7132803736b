// The blocks of an aperture macro (AM): primitives with their modifiers, variable assignments and
// comments. The expressions are parsed here once; the plotter evaluates them for each AD that
// uses the macro.

import { C_COMMA, C_SPACE } from './char-codes.ts';
import type { CommandReader } from './command-reader.ts';
import { parseMacroExpression } from './macro-expression.ts';
import { isDigit } from './read-number.ts';
import type { MacroBlock } from './syntax.ts';

/** One block inside an AM, added to `blocks`; a bad one is left out with a warning. */
export function macroBlock(
  reader: CommandReader,
  block: string,
  line: number,
  blocks: MacroBlock[],
): void {
  if (block.startsWith('0')) {
    const next = block.charCodeAt(1);
    // "0 text": a comment inside the macro.
    if (block.length === 1 || next === C_SPACE || next === C_COMMA || !isDigit(next)) return;
  }
  if (block.startsWith('$')) {
    const equals = block.indexOf('=');
    const index = Number(block.slice(1, equals));
    if (equals < 0 || !Number.isInteger(index)) {
      reader.warn('invalid-value', line, `bad macro variable assignment '${block}' ignored`);
      return;
    }
    const parsed = parseMacroExpression(block.slice(equals + 1));
    if (parsed.type === 'error') {
      reader.warn('invalid-value', line, `bad macro expression '${block}': ${parsed.message}`);
      return;
    }
    blocks.push({ type: 'assignment', line, index, value: parsed.expression });
    return;
  }
  const fields = block.split(',');
  const code = Number(fields[0]);
  if (!Number.isInteger(code)) {
    reader.warn('invalid-value', line, `bad macro primitive '${block.slice(0, 40)}' ignored`);
    return;
  }
  const modifiers = [];
  for (let index = 1; index < fields.length; index++) {
    const field = (fields[index] as string).trim();
    if (field.length === 0) continue;
    const parsed = parseMacroExpression(field);
    if (parsed.type === 'error') {
      reader.warn(
        'invalid-value',
        line,
        `bad macro expression '${field.slice(0, 40)}': ${parsed.message}`,
      );
      return;
    }
    modifiers.push(parsed.expression);
  }
  blocks.push({ type: 'primitive', line, code, modifiers });
}
