import { checkBoardForFab, type DfmLayer, type DfmReport } from '@circuits/dfm';

// The design-for-manufacture check as a render worker runs it, after the render, on the plotted
// layers: measured against the standard class of the board's copper layer count at 1 oz and
// 1.6 mm, the defaults. The report is stored with the render (board_renders.dfm): its worst
// values let the board be classed later for any copper weight and thickness the settings choose
// (board-dfm-result.ts); its findings are the places that need more than that standard class.

export const DFM_STORED_BUILD = { copperOz: 1, thicknessMm: 1.6 } as const;

/** The report; null when the check failed (the render is kept all the same). */
export function boardDfm(layers: readonly DfmLayer[], copperLayers: number): DfmReport | null {
  try {
    return checkBoardForFab(layers, { layers: Math.max(1, copperLayers), ...DFM_STORED_BUILD })
      .report;
  } catch {
    return null;
  }
}
