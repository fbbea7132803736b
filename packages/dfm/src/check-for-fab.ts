// The check as the quote needs it: measured against the standard class of the board's build
// (so every finding is a place that needs more than standard), then classed.

import { checkBoard, type DfmLayer } from './check-board.ts';
import { classifyBoard, type FabClassResult } from './classify.ts';
import { type BoardBuild, fabLimits } from './fab-classes.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import type { DfmReport } from './types.ts';

export interface FabCheck {
  report: DfmReport;
  fabClass: FabClassResult;
}

export function checkBoardForFab(
  layers: readonly DfmLayer[],
  build: BoardBuild & { thicknessMm?: number },
): FabCheck {
  const limits = fabLimits('standard', build) ?? DEFAULT_LIMITS;
  const report = checkBoard(layers, {
    limits,
    ...(build.thicknessMm === undefined ? {} : { boardThicknessMm: build.thicknessMm }),
  });
  return { report, fabClass: classifyBoard(report, build) };
}
