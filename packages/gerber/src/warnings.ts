// Warnings: problems in a file that the parser or plotter worked around. A warning never stops
// the work; it names the problem and the 1-based source line it came from.

import { LIMITS } from './constants.ts';

export type WarningCode =
  // The warnings of the product specification (SPEC §8).
  | 'unrecognised-block'
  | 'zero-suppression-missing'
  | 'trailing-zero-suppression'
  | 'places-missing'
  | 'units-missing'
  | 'notation-missing'
  | 'tool-not-defined'
  | 'arc-impossible'
  | 'flash-in-region'
  | 'tool-not-strokable'
  | 'arc-non-circular-tool'
  | 'after-end'
  // Further problems worth telling the user about.
  | 'deprecated'
  | 'invalid-value'
  | 'limit-reached'
  | 'region-error'
  | 'end-missing';

export interface Warning {
  code: WarningCode;
  /** 1-based line of the file the problem is on. */
  line: number;
  message: string;
}

export function warning(code: WarningCode, line: number, message: string): Warning {
  return { code, line, message };
}

/**
 * Adds a warning to a file's list unless it holds LIMITS.maxWarnings already (a damaged file
 * could otherwise warn on every line); false when it was left out.
 */
export function addWarning(list: Warning[], item: Warning): boolean {
  if (list.length >= LIMITS.maxWarnings) return false;
  list.push(item);
  return true;
}

/** The last warning of a file whose list was full: how many more were left out. */
export function warningsLeftOut(count: number, line: number): Warning {
  return warning('limit-reached', line, `${count} more warnings were not listed`);
}
