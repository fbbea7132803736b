// What gerbv must be told to draw some drill files right, and the options our parser gets for
// them, as a user of either would set them. gerbv reads the format of most Excellon files itself;
// where it cannot (no header, no zero suppression it understands, or a format comment it
// misreads) it gets the format through a project file.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ParseOptions, parseDrillParams } from '../src/index.ts';

/** How gerbv must be told the format: its project attributes. */
export interface GerbvFormat {
  units: 'inch' | 'mm';
  zeros: 'none' | 'leading' | 'trailing';
  /** Integer digits. */
  digits: number;
}

export interface GerbvHelp {
  /** Format set through a project file (autodetect off). */
  format?: GerbvFormat;
  /** Give gerbv a copy of the file without its ;FILE_FORMAT comment. */
  withoutFileFormat?: true;
  /** Give gerbv the tool sizes of the Allegro Holesize comments as a tools file (-t). */
  holesizeTools?: true;
  why: string;
}

// Given a ;FILE_FORMAT comment, gerbv 2.9.6 reads the digits from the right (as if leading zeros
// were omitted) even where LZ says trailing zeros are omitted: with `;FILE_FORMAT=2:4` and
// `INCH,LZ`, `Y02815` lands at 0.2815 in instead of 2.815 in.
const FILE_FORMAT_WITH_LZ = 'gerbv reads ;FILE_FORMAT with LZ digits from the right, so it is';

/** Files whose format gerbv cannot read from the file itself, by file name. */
const GERBV_HELP: Record<string, GerbvHelp> = {
  'MinnowMax_RevA1_NCDRILL.drl': {
    format: { units: 'inch', zeros: 'none', digits: 5 },
    holesizeTools: true,
    why: 'No header: gerbv is told the nc_param.txt format (3.5 inch) and the Holesize tools.',
  },
  'MinnowMax_RevA1_NCROUTE.rou': {
    format: { units: 'inch', zeros: 'none', digits: 5 },
    why: 'No header: gerbv is told the nc_param.txt format (3.5 inch).',
  },
  'test-drill-trailing-zero-suppression.exc': {
    format: { units: 'mm', zeros: 'trailing', digits: 3 },
    why: 'No zero suppression stated: gerbv is told trailing, 3 integer digits, mm.',
  },
  'pic18f14k50.txt': {
    withoutFileFormat: true,
    why: `${FILE_FORMAT_WITH_LZ} given the file without that comment.`,
  },
  'LimeSDR-QPCIe_1v2-RoundHoles.TXT': {
    format: { units: 'mm', zeros: 'trailing', digits: 4 },
    why: `${FILE_FORMAT_WITH_LZ} told mm, trailing zeros omitted, 4 integer digits.`,
  },
  'LimeSDR-QPCIe_1v2-SlotHoles.TXT': {
    format: { units: 'mm', zeros: 'trailing', digits: 4 },
    why: `${FILE_FORMAT_WITH_LZ} told mm, trailing zeros omitted, 4 integer digits.`,
  },
};

export function gerbvHelp(path: string): GerbvHelp | null {
  return GERBV_HELP[path.slice(path.lastIndexOf('/') + 1)] ?? null;
}

/** Our parser's options for a drill file: the format of an Allegro nc_param.txt beside it. */
export function drillOptions(path: string): ParseOptions {
  const params = join(dirname(path), 'nc_param.txt');
  return existsSync(params) ? parseDrillParams(readFileSync(params, 'latin1')) : {};
}

/** A gerbv project file that sets the format of one layer. */
export function gerbvProject(file: string, format: GerbvFormat): string {
  const zeros = { none: 0, leading: 1, trailing: 2 }[format.zeros];
  return (
    `(gerbv-file-version! "2.0A")(define-layer! 0 (cons 'filename "${file}")` +
    `(cons 'attribs (list (list 'autodetect 'Boolean 0) (list 'zero_suppression 'Enum ${zeros})` +
    ` (list 'units 'Enum ${format.units === 'inch' ? 0 : 1}) (list 'digits 'Integer ${format.digits})))` +
    `(cons 'color #(0 0 0)))`
  );
}

/** gerbv's tools file: one `Tnn diameter-in-inches` line per Allegro Holesize comment. */
export function holesizeTools(text: string): string {
  const tools = [...text.matchAll(/^;T(\d+)\s+Holesize\s+\S+\s*=\s*([\d.]+)/gm)];
  return tools.map(([, code, mils]) => `T${code} ${Number(mils) / 1000}`).join('\n');
}
