// The words identification uses to tell the user what a file is and why: layers as a person
// names them, and the CAD tools whose conventions a name follows.

import type { Verdict } from './evidence.ts';
import type { AuxiliaryKind, CadFlavour } from './layer-types.ts';

const CAD_NAMES: Readonly<Record<CadFlavour, string>> = {
  kicad: 'KiCad',
  altium: 'Altium',
  allegro: 'Cadence Allegro',
  eagle: 'EAGLE',
  'eagle-legacy': 'EAGLE (classic CAM extensions)',
  'eagle-oshpark': 'EAGLE (OSH Park CAM job)',
  'eagle-pcbng': 'EAGLE (PCBNG CAM job)',
  'geda-pcb': 'gEDA PCB',
  orcad: 'OrCAD',
  diptrace: 'DipTrace',
};

export function cadName(cad: CadFlavour | null): string {
  return cad === null ? 'common' : CAD_NAMES[cad];
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  copper: 'copper',
  soldermask: 'solder mask',
  silkscreen: 'silkscreen',
  solderpaste: 'solder paste',
};

const AUXILIARY_WORDS: Readonly<Record<AuxiliaryKind, string>> = {
  job: 'a Gerber job file',
  'drill-parameters': 'the NC drill parameters',
  report: 'a report',
  'bill-of-materials': 'a bill of materials',
  placement: 'a placement file',
  other: 'not a board layer',
};

/** A verdict as a person says it: `top copper`, `bottom solder mask`, `the board outline`. */
export function verdictWords(verdict: Verdict): string {
  const { type, side } = verdict;
  if (type === null) return verdict.auxiliary ? AUXILIARY_WORDS[verdict.auxiliary] : 'unknown';
  if (type === 'drill') {
    const plating =
      verdict.plating === 'plated'
        ? 'plated '
        : verdict.plating === 'non-plated'
          ? 'non-plated '
          : '';
    return `a ${plating}drill file`;
  }
  if (type === 'outline') return verdict.rout ? 'a rout program (board edge)' : 'the board outline';
  if (type === 'drawing') return 'a drawing';
  const what = TYPE_WORDS[type] ?? type;
  if (side === 'inner') return `inner ${what}`;
  return side === 'top' || side === 'bottom' ? `${side} ${what}` : `${what} (side not named)`;
}
