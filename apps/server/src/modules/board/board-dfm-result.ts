import type { DfmResult } from '@circuits/contracts';
import {
  atThickness,
  classifyBoard,
  DEFAULT_LIMITS,
  type DfmReport,
  fabLimits,
  LIMIT_OF,
} from '@circuits/dfm';
import type { BoardSettings, DfmIssueInput } from '@circuits/domain';
import { DFM_STORED_BUILD } from './board-dfm.ts';

// The stored check of a board (board-dfm.ts) read for the board's settings: its layer count,
// outer copper weight and thickness decide the class it needs.

export function dfmBuild(report: DfmReport | null, settings: BoardSettings): DfmResult['build'] {
  return {
    layers: settings.numberLayers ?? Math.max(1, report?.copperLayers ?? 2),
    copperOz: settings.outerCooper ?? DFM_STORED_BUILD.copperOz,
    thicknessMm: settings.boardThickness ?? DFM_STORED_BUILD.thicknessMm,
  };
}

export function presentDfm(
  found: { hash: string | null; report: DfmReport | null },
  settings: BoardSettings,
): DfmResult {
  const build = dfmBuild(found.report, settings);
  if (!found.report) {
    return {
      hash: found.hash,
      status: found.hash === null ? 'no-board' : 'failed',
      build,
      verdict: null,
      reasons: [],
      checks: [],
      notes: [],
    };
  }
  const report = atThickness(found.report, build.thicknessMm);
  const fabClass = classifyBoard(report, build);
  return {
    hash: found.hash,
    status: 'checked',
    build,
    verdict: fabClass.verdict,
    reasons: fabClass.reasons,
    checks: report.checks,
    notes: report.notes,
  };
}

/** The issue checker's DFM entries: one per check the board fails in the standard class. */
export function dfmIssues(result: DfmResult): DfmIssueInput[] {
  const standard = fabLimits('standard', result.build) ?? DEFAULT_LIMITS;
  return result.reasons.map((reason) => {
    const checked = result.checks.find((entry) => entry.check === reason.check);
    return {
      check: reason.check,
      count: checked?.count ?? 0,
      worst: reason.value,
      limit: standard[LIMIT_OF[reason.check]],
      fabClass: reason.fabClass === 'advanced' ? 'advanced' : null,
    };
  });
}
