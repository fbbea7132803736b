// Allegro writes drill files without a header ("indefinite" format) and states their coordinate
// format only in a sidecar, nc_param.txt. This reads that sidecar into parser options, so the
// caller can pass them for the drill and rout files of the same upload.

import type { ParseOptions } from '../options.ts';

const MAX_PLACES = 9;

function placesValue(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,2}$/.test(value)) return null;
  const number = Number(value);
  return number <= MAX_PLACES ? number : null;
}

/**
 * Parser options from an Allegro NC parameter file (`nc_param.txt`, or `nc_route_param.txt` for
 * rout files): INTEGER-PLACES and DECIMAL-PLACES, OUTPUT-UNITS, COORDINATES and the
 * SUPPRESS-LEAD-ZEROES / SUPPRESS-TRAIL-ZEROES switches. Parameters it does not state are left
 * out; a text that states none gives {}.
 */
export function parseDrillParams(text: string): ParseOptions {
  const values = new Map<string, string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const match = /^\s*([A-Z][A-Z_-]*)\s+(\S+)/i.exec(line);
    if (match?.[1] && match[2]) values.set(match[1].toUpperCase(), match[2].toUpperCase());
  }
  const options: ParseOptions = {};
  const integer = placesValue(values.get('INTEGER-PLACES'));
  const decimal = placesValue(values.get('DECIMAL-PLACES'));
  if (integer !== null && decimal !== null && integer + decimal > 0) {
    options.places = [integer, decimal];
  }
  const units = values.get('OUTPUT-UNITS');
  if (units === 'ENGLISH' || units === 'INCH' || units === 'INCHES') options.units = 'in';
  else if (units === 'METRIC' || units === 'MM' || units === 'MILLIMETERS') options.units = 'mm';
  const coordinates = values.get('COORDINATES');
  if (coordinates === 'ABSOLUTE') options.notation = 'A';
  else if (coordinates === 'INCREMENTAL') options.notation = 'I';
  const lead = values.get('SUPPRESS-LEAD-ZEROES');
  const trail = values.get('SUPPRESS-TRAIL-ZEROES');
  if (trail === 'YES' && lead !== 'YES') options.zero = 'T';
  // With no suppression every digit is written, and reading from the right is then exact.
  else if (lead === 'YES' || (lead === 'NO' && trail === 'NO')) options.zero = 'L';
  return options;
}
