// X2 attributes (TF, TA, TO, TD): metadata about the file, apertures and objects, read in %...%
// and in G04 #@! comments. They draw nothing; layer identification reads the file function.

import { C_A, C_D, C_F, C_O, C_T } from './char-codes.ts';
import type { AttributeNode } from './syntax.ts';

/** Whether an attribute command (TF, TA, TO, TD) starts at `pos`. */
export function isAttributeAt(text: string, pos: number): boolean {
  if (text.charCodeAt(pos) !== C_T) return false;
  const kind = text.charCodeAt(pos + 1);
  return kind === C_F || kind === C_A || kind === C_O || kind === C_D;
}

/** TF/TA/TO/TD attributes: `.FileFunction,Copper,L1,Top`. */
export function attributeNode(block: string, line: number): AttributeNode | null {
  const command = block.slice(0, 2);
  const kind =
    command === 'TF'
      ? 'file'
      : command === 'TA'
        ? 'aperture'
        : command === 'TO'
          ? 'object'
          : command === 'TD'
            ? 'delete'
            : null;
  if (!kind) return null;
  let body = block.slice(2);
  if (body.endsWith('%')) body = body.slice(0, -1);
  if (body.endsWith('*')) body = body.slice(0, -1);
  const fields = body.split(',');
  return { type: 'attribute', line, kind, name: fields[0] ?? '', values: fields.slice(1) };
}
