// Which CAD tool wrote a placement file, from its head (banners, header words) and its name:
// the format decides how the lines split into a table and what unit the positions default to.

import { normaliseHeader } from '../columns.ts';
import type { PlacementFormat } from './placement-file.ts';
import { splitWhitespaceHeader } from './placement-table.ts';
import { headOf } from './placement-units.ts';

export function detectFormat(lines: readonly string[], fileName: string): PlacementFormat | null {
  const head = headOf(lines);
  const joined = head.join('\n');
  if (/^\s*UUNITS\s*=/im.test(joined)) return 'allegro';
  if (head.filter((line) => (line.match(/!/g) ?? []).length >= 3).length >= 2) return 'allegro';
  if (/^#\s*PcbXY\b/im.test(joined)) return 'geda-pcbxy';
  if (/^###?\s*Footprint pos/im.test(joined) || /^##\s*Unit\s*=/im.test(joined)) return 'kicad-pos';
  if (/^#\s*Ref\s+Val\s+Package\s+PosX/im.test(joined)) return 'kicad-pos';
  if (/Altium Designer Pick and Place/i.test(joined)) {
    const header = head.find((line) => /designator/i.test(line)) ?? '';
    return header.includes('","') || /^"?Designator"?,/i.test(header)
      ? 'altium-csv'
      : 'altium-text';
  }
  if (/centroid_smd|centroid data for pc board/i.test(joined)) return 'eagle-centroid';
  if (/\.mn[tb]$/i.test(fileName)) return 'eagle-mountsmd';
  const headerLine = head.find((line) =>
    /designator|\bref\b|refdes|posx|mid x|center-x/i.test(line),
  );
  if (headerLine) {
    const delimited = /[,;\t]/.test(headerLine.replace(/"[^"]*"/g, ''));
    const cells = (delimited ? headerLine.split(/[,;\t]/) : splitWhitespaceHeader(headerLine)).map(
      (cell) => normaliseHeader(cell.replace(/"/g, '')).text,
    );
    const has = (name: string) => cells.includes(name);
    if (has('designator') && (has('mid x') || has('ref x')) && has('tb'))
      return delimited ? 'altium-csv' : 'altium-text';
    if (has('designator') && has('center x')) return delimited ? 'altium-csv' : 'altium-text';
    if (has('designator') && has('mid x') && has('layer')) return 'jlcpcb-cpl';
    if (has('ref') && has('posx') && has('posy')) return 'kicad-csv';
    if (has('refdes') && has('locationx')) return 'eagle-centroid';
  }
  // Eagle mountsmd without its extension: `name x y rotation value package`, no header.
  const data = head.filter((line) => line.trim() !== '');
  if (
    data.length >= 2 &&
    data.every((line) =>
      /^\s*[A-Za-z_][\w.#+-]*\s+-?[\d.]+\s+-?[\d.]+\s+-?[\d.]+(\s+\S+){0,2}\s*$/.test(line),
    )
  )
    return 'eagle-mountsmd';
  return null;
}
