// parse(text): the first stage. Detects the kind of file (unless the options say) and parses it.

import { parseDrill } from './drill/parse-drill.ts';
import { GerberError } from './errors.ts';
import { parseGerber } from './gerber/parse-gerber.ts';
import { detectFiletype, UNKNOWN_FILETYPE_MESSAGE } from './identify/sniff-filetype.ts';
import type { LayerImage } from './image/types.ts';
import { type ParseOptions, validateOptions } from './options.ts';
import { type LayerTree, plot } from './plot/plot.ts';
import { parsePlotGerber } from './plot/plot-gerber.ts';

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
  const filetype = valid.filetype ?? detectFiletype(text, { sync: true });
  if (filetype === 'gerber') return parseGerber(text, valid);
  if (filetype === 'drill') return parseDrill(text, valid);
  return { type: 'error', error: new GerberError('unknown-filetype', UNKNOWN_FILETYPE_MESSAGE) };
}

/**
 * parse() and plot() in one: the same image, but a Gerber file is plotted while it is read, without
 * keeping its syntax tree (most of the garbage a large file makes).
 */
export function parseAndPlot(
  text: string,
  options?: ParseOptions,
  /** Elements the image may hold, at most LIMITS.maxImageElements (a board's remaining budget). */
  maxElements?: number,
): LayerImage | ParseFailure {
  const valid = validateOptions(options);
  const filetype = valid.filetype ?? detectFiletype(text, { sync: true });
  if (filetype === 'gerber') return parsePlotGerber(text, valid, maxElements);
  const tree = parse(text, filetype ? { ...valid, filetype } : valid);
  return tree.type === 'error' ? tree : plot(tree, maxElements);
}
