// Parser options (SPEC §5): overrides for what a file states, or fails to state, about itself.

import { GerberError } from './errors.ts';
import type { Filetype } from './identify/layer-types.ts';
import type { Units } from './image/types.ts';

export type { Filetype };
export type ZeroSuppression = 'L' | 'T';
export type Notation = 'A' | 'I';

export interface ParseOptions {
  /** Integer and decimal digits of coordinates, e.g. [2, 4]. */
  places?: readonly [number, number];
  /** Zero suppression of coordinates: leading ('L') or trailing ('T') zeros omitted. */
  zero?: ZeroSuppression;
  /** Parse as this kind of file instead of detecting it. */
  filetype?: Filetype;
  /** Units of the file, overriding what it says. */
  units?: Units;
  /** Absolute ('A') or incremental ('I') coordinates, overriding what the file says. */
  notation?: Notation;
}

const OPTION_NAMES = new Set(['places', 'zero', 'filetype', 'units', 'notation']);
const MAX_PLACES = 9;

function invalid(message: string): GerberError {
  return new GerberError('invalid-options', message);
}

/** Checks options from an untrusted caller; throws a GerberError naming the first bad one. */
export function validateOptions(options: unknown): ParseOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw invalid('options must be an object');
  }
  const record = options as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if (!OPTION_NAMES.has(name)) throw invalid(`unknown option '${name}'`);
  }
  const { places, zero, filetype, units, notation } = record;
  const valid: ParseOptions = {};
  if (places !== undefined) {
    if (
      !Array.isArray(places) ||
      places.length !== 2 ||
      !places.every((n) => Number.isInteger(n) && n >= 0 && n <= MAX_PLACES)
    ) {
      throw invalid(`places must be two whole numbers from 0 to ${MAX_PLACES}, e.g. [2, 4]`);
    }
    valid.places = [places[0] as number, places[1] as number];
  }
  if (zero !== undefined) {
    if (zero !== 'L' && zero !== 'T') throw invalid("zero must be 'L' or 'T'");
    valid.zero = zero;
  }
  if (filetype !== undefined) {
    if (filetype !== 'gerber' && filetype !== 'drill') {
      throw invalid("filetype must be 'gerber' or 'drill'");
    }
    valid.filetype = filetype;
  }
  if (units !== undefined) {
    if (units !== 'in' && units !== 'mm') throw invalid("units must be 'in' or 'mm'");
    valid.units = units;
  }
  if (notation !== undefined) {
    if (notation !== 'A' && notation !== 'I') throw invalid("notation must be 'A' or 'I'");
    valid.notation = notation;
  }
  return valid;
}
