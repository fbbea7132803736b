// Which side of the board a placement is on: the words CAD tools write in a side or layer column,
// and what a file's name or extension (.mnt/.mnb) says when there is no column.

import type { PlacementSide, SideSource } from './placement-file.ts';

const TOP_WORDS = new Set([
  'top',
  't',
  'toplayer',
  'top layer',
  'front',
  'f',
  'f.cu',
  'component',
  'comp',
  'tp',
  '1',
  'no',
  'n',
  'false',
  'top side',
  'primary',
]);
const BOTTOM_WORDS = new Set([
  'bottom',
  'b',
  'bot',
  'bottomlayer',
  'bottom layer',
  'back',
  'b.cu',
  'solder',
  'bottom side',
  'm',
  'mirror',
  'mirrored',
  'yes',
  'y',
  'true',
  '2',
  'secondary',
  'bo',
]);

export function parseSide(text: string): PlacementSide | null {
  const word = text.trim().toLowerCase();
  if (TOP_WORDS.has(word)) return 'top';
  if (BOTTOM_WORDS.has(word)) return 'bottom';
  if (/^top/.test(word)) return 'top';
  if (/^bot/.test(word)) return 'bottom';
  return null;
}

export function sideFromFileName(
  fileName: string,
): { side: PlacementSide; source: SideSource; detail: string } | null {
  const name = fileName.split(/[\\/]/).pop() ?? '';
  if (/\.mnt$/i.test(name))
    return { side: 'top', source: 'extension', detail: `${name}: .mnt is the top side` };
  if (/\.mnb$/i.test(name))
    return { side: 'bottom', source: 'extension', detail: `${name}: .mnb is the bottom side` };
  const stem = name.toLowerCase().replace(/\.[^.]*$/, '');
  if (/(^|[^a-z])(bottom|bot|back|b_cu|solder)([^a-z]|$)/.test(stem))
    return { side: 'bottom', source: 'file-name', detail: `the file name "${name}" says bottom` };
  if (/(^|[^a-z])(top|front|f_cu)([^a-z]|$)/.test(stem))
    return { side: 'top', source: 'file-name', detail: `the file name "${name}" says top` };
  return null;
}
