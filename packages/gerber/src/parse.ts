// parse(text): the first stage. Detects the kind of file (unless the options say) and parses it.

import { parseDrill } from './drill/parse-drill.ts';
import { GerberError } from './errors.ts';
import { parseGerber } from './gerber/parse-gerber.ts';
import {
  FiletypeError,
  sniffFiletype,
  UNKNOWN_FILETYPE_MESSAGE,
} from './identify/sniff-filetype.ts';
import { type Filetype, type ParseOptions, validateOptions } from './options.ts';
import type { LayerTree } from './plot/plot.ts';

/** A file that cannot be parsed at all (not a Gerber or drill file). */
export interface ParseFailure {
  type: 'error';
  error: GerberError;
}

/**
 * Parses a Gerber or drill file. Invalid options throw a GerberError; problems in the file become
 * warnings in the tree, and a file of an unknown kind gives a ParseFailure.
 */
export function parse(text: string, options?: ParseOptions): LayerTree | ParseFailure {
  const valid = validateOptions(options);
  const filetype = valid.filetype ?? sniffOrNull(text);
  if (filetype === 'gerber') return parseGerber(text, valid);
  if (filetype === 'drill') return parseDrill(text, valid);
  return { type: 'error', error: new GerberError('unknown-filetype', UNKNOWN_FILETYPE_MESSAGE) };
}

/** The whole text is at hand, so the detection may scan the synchronous-mode length. */
function sniffOrNull(text: string): Filetype | null {
  try {
    return sniffFiletype(text, { sync: true });
  } catch (error) {
    if (error instanceof FiletypeError) return null;
    throw error;
  }
}
