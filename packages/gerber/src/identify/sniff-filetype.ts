import type { Filetype } from './layer-types.ts';
import { headLines } from './text-lines.ts';

/** SPEC §9: filetype detection scans at most this many characters... */
export const FILETYPE_SCAN_LIMIT = 65535;
/** ...and this many when the whole file is parsed synchronously. */
export const FILETYPE_SCAN_LIMIT_SYNC = 6553500;

export const UNKNOWN_FILETYPE_MESSAGE = 'unable to determine filetype';

export class FiletypeError extends Error {
  readonly code = 'UNKNOWN_FILETYPE';
  override readonly name = 'FiletypeError';

  constructor() {
    super(UNKNOWN_FILETYPE_MESSAGE);
  }
}

export interface SniffOptions {
  /** Synchronous (whole-file) parsing may look further into the file. */
  sync?: boolean;
}

// Extended (parameter) commands only Gerber has, RS-274X and deprecated ones alike.
const GERBER_PARAMETER =
  /^%(?:FS|MO|AD|AM|AB|SR|TF|TA|TO|TD|LP|LM|LR|LS|IP|IN|LN|OF|SF|AS|IR|MI|IJ|IC|IF|KO)/;
// A Gerber word block: G/D/M codes or coordinates, terminated by '*'.
const GERBER_BLOCK = /^(?:G\d+|D\d+|M0?[0-2]|N\d+|[XYIJ][+-]?\d)[^*]*\*/;

// Excellon header and program words. Excellon has no '*' block terminator.
const DRILL_HEADER = /^(?:M48|INCH|METRIC|FMAT|ICI|VER|DETECT|ATC|AFS|BLKD|SBK|TCST|RUT)\b/;
const DRILL_TOOL_DEFINITION = /^T\d+(?:[FSBHZ][\d.]+)*C[\d.]+/;
const DRILL_PROGRAM_CODE = /^(?:M(?:15|16|17|30|71|72|95)|G93)\b/;
const COORDINATES = '(?:[XY][+-]?[\\d.]+)+';
// Lines that are Excellon-shaped but prove little alone: tool selections, bare coordinates
// (with a G85 slot), repeats and rout/mode G codes.
const DRILL_WEAK_LINE = new RegExp(
  `^(?:${[
    'T\\d+',
    `(?:G\\d+)?${COORDINATES}(?:G85${COORDINATES})?`,
    `R\\d+${COORDINATES}`,
    'G(?:0[0-5]|40|85|90|91)',
  ].join('|')})$`,
);

type LineVerdict = Filetype | 'drill-weak' | null;

function classifyLine(line: string): LineVerdict {
  if (line.startsWith(';')) return 'drill';
  if (line.startsWith('%')) return GERBER_PARAMETER.test(line) ? 'gerber' : null;
  if (line.includes('*')) return GERBER_BLOCK.test(line) ? 'gerber' : null;
  if (
    DRILL_HEADER.test(line) ||
    DRILL_TOOL_DEFINITION.test(line) ||
    DRILL_PROGRAM_CODE.test(line)
  ) {
    return 'drill';
  }
  return DRILL_WEAK_LINE.test(line) ? 'drill-weak' : null;
}

/**
 * Tells Gerber from Excellon by the first line only one of them can contain, looking at most at
 * FILETYPE_SCAN_LIMIT characters (FILETYPE_SCAN_LIMIT_SYNC with `sync`). A file that shows only
 * bare drill coordinates and tool selections is taken as drill. Throws FiletypeError
 * ('unable to determine filetype') for anything else: empty, binary or unrelated text.
 */
export function sniffFiletype(content: string, options: SniffOptions = {}): Filetype {
  const limit = options.sync ? FILETYPE_SCAN_LIMIT_SYNC : FILETYPE_SCAN_LIMIT;

  let sawDrillLine = false;
  for (const line of headLines(content, limit)) {
    // Binary data (archives, images, PDF streams) is neither format.
    if (line.includes('\u0000')) throw new FiletypeError();
    const verdict = classifyLine(line);
    if (verdict === 'gerber' || verdict === 'drill') return verdict;
    if (verdict === 'drill-weak') sawDrillLine = true;
  }
  if (sawDrillLine) return 'drill';
  throw new FiletypeError();
}

/** sniffFiletype for callers that treat "neither format" as an answer rather than an error. */
export function detectFiletype(content: string, options: SniffOptions = {}): Filetype | null {
  try {
    return sniffFiletype(content, options);
  } catch (error) {
    if (error instanceof FiletypeError) return null;
    throw error;
  }
}
