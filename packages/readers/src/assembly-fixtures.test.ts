// The BOM and the placements of one board, read by the two readers, name the same parts: what
// the cross-checks of the issue checker will stand on.

import { refDesignsMissingFrom } from '@circuits/domain';
import { fixturesDir, readBytes, report } from '@circuits/gerber/test-support';
import { describe, expect, it } from 'vitest';
import { readBom } from './bom/read-bom.ts';
import { readPlacements } from './placement/read-placements.ts';

const fixtures = fixturesDir();

function designators(bomPath: string, placementPath: string) {
  const bom = readBom(readBytes(`${fixtures}/${bomPath}`));
  const placements = readPlacements(readBytes(`${fixtures}/${placementPath}`));
  if (!bom.ok || !placements.ok) throw new Error('fixture unreadable');
  return {
    bom: bom.value.rows.flatMap((row) => row.refDesign.map((ref) => ref.refDesign)),
    placed: placements.value.placements.map((placement) => placement.refDesign),
  };
}

if (fixtures === null) {
  report('assembly fixture suite skipped: ../shared/fixtures not found (set FIXTURES_DIR)');
  it.skip('assembly fixtures (need ../shared/fixtures)', () => {});
} else {
  describe('BOM and placements of the same board', () => {
    it('limesdr-qpcie: every placement has a BOM line; only the battery and mechanical parts are not placed', () => {
      const { bom, placed } = designators(
        'assembly/limesdr-qpcie/LimeSDR-QPCIe_1v2_BOMr1.xls',
        'assembly/limesdr-qpcie/Pick Place for LimeSDR-QPCIe_1v2.txt',
      );
      expect(refDesignsMissingFrom(placed, bom)).toEqual([]);
      expect(refDesignsMissingFrom(bom, placed)).toEqual([
        'BATT2',
        ...[22, 23, 24, 25, 28, 29, 30, 31, 32, 33, 34, 35].map((n) => `MECH${n}`),
      ]);
    });

    it('limesdr-xtrx: the Altium BOM and pick-and-place list the same 495 designators', () => {
      const { bom, placed } = designators(
        'bom/altium_limesdr-xtrx-1v4_BOMr0.xlsx',
        'placement/altium-csv_limesdr-xtrx-1v4_pick-place.csv',
      );
      expect(bom).toHaveLength(495);
      expect(refDesignsMissingFrom(placed, bom)).toEqual([]);
      expect(refDesignsMissingFrom(bom, placed)).toEqual([]);
    });
  });
}
