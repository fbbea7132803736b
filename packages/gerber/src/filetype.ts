// Tells a Gerber file from an Excellon drill file by looking at its first characters.

import { FILETYPE_SCAN_LIMIT_SYNC } from './constants.ts';
import type { Filetype } from './options.ts';

// Gerber: extended commands, comments, or D01-D03 operations; all blocks end with '*'.
const GERBER_SIGNS =
  /(^|\*)\s*%(FS|MO|AD|AM|LP|TF|IP|IN)|^G0?4[ *#]|(^|[\d*])D0?[123]\*|^G0?[123][XYD][^\n]*\*/m;
// Excellon: the header, units, tool definitions or bare coordinates (maybe routed) without '*'.
const DRILL_SIGNS =
  /^(M48|M71|M72|INCH|METRIC|FMAT|;\s*FILE_FORMAT|;\s*FORMAT)|^T\d+\s*(C[\d.]+)?\s*$|^(G0?[0-3])?[XY][+-]?[\d.]+([XY][+-]?[\d.]+)?\s*$/m;

/**
 * The kind of file, judged from its first `limit` characters (SPEC §9: 65535 when streaming,
 * 6553500 when the whole text is at hand); null when it is neither.
 */
export function detectFiletype(text: string, limit = FILETYPE_SCAN_LIMIT_SYNC): Filetype | null {
  const head = text.length > limit ? text.slice(0, limit) : text;
  if (GERBER_SIGNS.test(head)) return 'gerber';
  if (DRILL_SIGNS.test(head)) return 'drill';
  return null;
}
