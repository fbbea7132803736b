// Gathers each check's worst value and its findings, keeping the worst MAX_FINDINGS_PER_CHECK.

import type { Feature } from './geometry/feature.ts';
import {
  DFM_CHECKS,
  type DfmCheck,
  type DfmCheckResult,
  type DfmFinding,
  type DfmLimits,
  type ShapeRef,
} from './types.ts';

export const MAX_FINDINGS_PER_CHECK = 200;

/** Which limit each check is measured against. */
export const LIMIT_OF: Record<DfmCheck, keyof DfmLimits> = {
  'track-width': 'trackWidth',
  clearance: 'clearance',
  'annular-ring': 'annularRing',
  breakout: 'annularRing',
  'drill-size': 'drill',
  'slot-width': 'slotWidth',
  'hole-to-hole': 'holeToHole',
  'aspect-ratio': 'aspectRatio',
  'copper-to-edge': 'copperToEdge',
};

/** Higher is worse only for the aspect ratio. */
export const higherIsWorse = (check: DfmCheck) => check === 'aspect-ratio';

export function shapeRef(feature: Feature, layer: string): ShapeRef {
  const { minX, minY, maxX, maxY } = feature.box;
  const ref: ShapeRef = { kind: feature.kind, layer, box: { minX, minY, maxX, maxY } };
  if (feature.width !== undefined) ref.width = feature.width;
  return ref;
}

export class Collector {
  private readonly results = new Map<DfmCheck, DfmCheckResult>();

  constructor(limits: DfmLimits) {
    for (const check of DFM_CHECKS) {
      this.results.set(check, {
        check,
        worst: null,
        findings: [],
        count: 0,
        limit: limits[LIMIT_OF[check]],
      });
    }
  }

  /** A value measured somewhere: it may be the worst, and past the limit it is a finding. */
  measure(check: DfmCheck, value: number): boolean {
    const result = this.results.get(check) as DfmCheckResult;
    const worse = higherIsWorse(check)
      ? result.worst === null || value > result.worst
      : result.worst === null || value < result.worst;
    if (worse) result.worst = value;
    return higherIsWorse(check) ? value > result.limit : value < result.limit;
  }

  /** Records a finding (call after `measure` said the value is past the limit). */
  find(finding: DfmFinding): void {
    const result = this.results.get(finding.check) as DfmCheckResult;
    result.count++;
    result.findings.push(finding);
    if (result.findings.length > 2 * MAX_FINDINGS_PER_CHECK) this.trim(result);
  }

  private trim(result: DfmCheckResult): void {
    const sign = higherIsWorse(result.check) ? -1 : 1;
    result.findings.sort((a, b) => sign * (a.value - b.value));
    result.findings.length = Math.min(result.findings.length, MAX_FINDINGS_PER_CHECK);
  }

  done(): DfmCheckResult[] {
    const out: DfmCheckResult[] = [];
    for (const result of this.results.values()) {
      this.trim(result);
      out.push(result);
    }
    return out;
  }
}
