// Which class of the board house a checked board needs: within standard, within advanced (with
// the reasons), or it cannot be made (with the findings that stop it).

import { higherIsWorse, LIMIT_OF } from './collector.ts';
import { type BoardBuild, type FabClass, fabLimits } from './fab-classes.ts';
import type { DfmCheck, DfmFinding, DfmLimits, DfmReport } from './types.ts';

/**
 * Values this close to a limit pass it: the files' own precision (an inch drill file of four
 * decimals rounds a diameter by up to 1.3 µm), well under what a board house can hold.
 */
export const CLASS_TOLERANCE_MM = 0.002;

export type FabVerdict = 'standard' | 'advanced' | 'cannot-be-made';

export interface ClassReason {
  check: DfmCheck;
  value: number;
  /** The class it needs, or null when no class makes it. */
  fabClass: FabClass | null;
  /** "0.09 mm track: advanced class". */
  text: string;
}

export interface FabClassResult {
  verdict: FabVerdict;
  /** Why not standard: one reason per check that needs more. */
  reasons: ClassReason[];
  /** When it cannot be made: the findings no class makes. */
  blocking: DfmFinding[];
}

const NOUN: Record<DfmCheck, string> = {
  'track-width': 'track',
  clearance: 'clearance',
  'annular-ring': 'annular ring',
  breakout: 'hole breaking out of its pad',
  'drill-size': 'drill',
  'slot-width': 'slot',
  'hole-to-hole': 'hole to hole',
  'aspect-ratio': 'aspect ratio',
  'copper-to-edge': 'copper to edge',
};

function valueText(check: DfmCheck, value: number): string {
  if (check === 'aspect-ratio') return `${value.toFixed(1)}:1 ${NOUN[check]}`;
  if (check === 'breakout') return `${NOUN[check]}`;
  return `${Number(value.toFixed(3))} mm ${NOUN[check]}`;
}

function passes(check: DfmCheck, value: number, limits: DfmLimits | null): boolean {
  if (!limits) return false;
  if (check === 'breakout') return false;
  const limit = limits[LIMIT_OF[check]];
  const tolerance = check === 'aspect-ratio' ? 0.01 : CLASS_TOLERANCE_MM;
  return higherIsWorse(check) ? value <= limit + tolerance : value >= limit - tolerance;
}

/**
 * The class a board needs. Each check's worst value decides: within the standard class's limit,
 * else the advanced class's, else it cannot be made. A hole breaking out of its pad is never
 * made.
 */
export function classifyBoard(report: DfmReport, build: BoardBuild): FabClassResult {
  const standard = fabLimits('standard', build);
  const advanced = fabLimits('advanced', build);
  const reasons: ClassReason[] = [];
  const blocking: DfmFinding[] = [];
  for (const result of report.checks) {
    const { check, worst } = result;
    if (worst === null || (check !== 'breakout' && passes(check, worst, standard))) continue;
    if (check === 'breakout' && result.count === 0) continue;
    if (passes(check, worst, advanced)) {
      reasons.push({
        check,
        value: worst,
        fabClass: 'advanced',
        text: `${valueText(check, worst)}: advanced class`,
      });
      continue;
    }
    reasons.push({
      check,
      value: worst,
      fabClass: null,
      text: `${valueText(check, worst)}: beyond the advanced class`,
    });
    blocking.push(...result.findings.filter((finding) => !passes(check, finding.value, advanced)));
  }
  const verdict: FabVerdict = reasons.some((reason) => reason.fabClass === null)
    ? 'cannot-be-made'
    : reasons.length > 0
      ? 'advanced'
      : 'standard';
  return { verdict, reasons, blocking };
}
