// A stored report read for another board thickness: only the aspect ratios depend on it, and
// they scale with it (thickness over diameter).

import type { DfmReport } from './types.ts';

/**
 * The report as if measured on a board `thicknessMm` thick. The aspect ratio's worst value and
 * listed findings scale; a thicker board may push holes past the limit that the stored list
 * (made at the stored thickness) does not hold, so `count` is a lower bound then.
 */
export function atThickness(report: DfmReport, thicknessMm: number): DfmReport {
  if (!(thicknessMm > 0) || thicknessMm === report.thicknessMm) return report;
  const factor = thicknessMm / report.thicknessMm;
  return {
    ...report,
    thicknessMm,
    checks: report.checks.map((result) => {
      if (result.check !== 'aspect-ratio') return result;
      const findings = result.findings
        .map((finding) => ({ ...finding, value: finding.value * factor }))
        .filter((finding) => finding.value > result.limit);
      return {
        ...result,
        worst: result.worst === null ? null : result.worst * factor,
        findings,
        count: factor < 1 ? findings.length : Math.max(result.count, findings.length),
      };
    }),
  };
}
