// Units and notation of a drill file. Many files state neither, or state their units only after
// defining tools, so the units may be assumed (from a comment hint or the backup units) and then
// replaced while nothing but tool sizes depends on them.

import { BACKUP_NOTATION, BACKUP_UNITS, LIMITS, MM_PER_INCH } from '../constants.ts';
import type { Units } from '../image/types.ts';
import type { Notation } from '../options.ts';
import type { Warning } from '../warnings.ts';
import type { DrillState } from './drill-state.ts';
import type { DrillUnitsNode } from './syntax.ts';

export function setUnits(state: DrillState, units: Units, line: number): void {
  const chosen = state.options.units ?? units;
  const assumed = state.assumedUnits;
  state.assumedUnits = null;
  if (assumed && !assumed.converted && !state.coordinatesSeen) {
    assumed.node.units = chosen;
    const index = assumed.warning ? state.warnings.indexOf(assumed.warning) : -1;
    if (index >= 0) state.warnings.splice(index, 1);
    state.units = chosen;
    return;
  }
  if (chosen === state.units) return;
  state.units = chosen;
  state.nodes.push({ type: 'units', line, units: chosen });
}

export function setNotation(state: DrillState, notation: Notation, line: number): void {
  state.notationSet = true;
  state.nodes.push({ type: 'notation', line, notation: state.options.notation ?? notation });
}

/** The units in effect, settling on a comment hint or the backup units when none were set. */
export function ensureUnits(state: DrillState, line: number): Units {
  if (state.units) return state.units;
  const units = state.unitsHint ?? BACKUP_UNITS;
  const count = state.warnings.length;
  if (!state.unitsHint) {
    state.warn('units-missing', line, `units not set, so the backup units (${units}) are used`);
  }
  const node: DrillUnitsNode = { type: 'units', line, units };
  state.nodes.push(node);
  state.units = units;
  state.assumedUnits = {
    node,
    warning: state.warnings.length > count ? (state.warnings[count] as Warning) : null,
    converted: false,
  };
  return units;
}

/** Units and notation must be settled before the first coordinate node. */
export function prepareCoordinates(state: DrillState, line: number): void {
  ensureUnits(state, line);
  state.coordinatesSeen = true;
  if (state.notationSet) return;
  const notation = state.notationHint ?? BACKUP_NOTATION;
  if (!state.notationHint) {
    state.warn(
      'notation-missing',
      line,
      'notation not set, so the backup notation (absolute) is used',
    );
  }
  setNotation(state, notation, line);
}

/** The largest length accepted, in the units in effect. */
export function maxLength(state: DrillState): number {
  return (state.units ?? BACKUP_UNITS) === 'mm'
    ? LIMITS.maxCoordinateMm
    : LIMITS.maxCoordinateMm / MM_PER_INCH;
}
