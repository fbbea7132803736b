import { describe, expect, it } from 'vitest';
import { filterPlacements, formatMm, NO_FILTER } from './placement-format.ts';

const placements = [
  { refDesign: 'R1', side: 'top' as const, confirmed: true, dnp: false, packageName: '0402' },
  { refDesign: 'C12', side: 'bottom' as const, confirmed: false, dnp: false, value: '100n' },
  { refDesign: 'U3', side: 'top' as const, confirmed: false, dnp: true, packageName: 'QFN-48' },
];

describe('filterPlacements', () => {
  it('keeps everything without a filter', () => {
    expect(filterPlacements(placements, NO_FILTER)).toHaveLength(3);
  });

  it('finds references, values and packages with spaces and case ignored', () => {
    expect(filterPlacements(placements, { ...NO_FILTER, text: 'c 12' })).toHaveLength(1);
    expect(filterPlacements(placements, { ...NO_FILTER, text: 'qfn' })[0]?.refDesign).toBe('U3');
    expect(filterPlacements(placements, { ...NO_FILTER, text: '100N' })[0]?.refDesign).toBe('C12');
  });

  it('filters by side and state; a do-not-populate part needs no confirmation', () => {
    expect(filterPlacements(placements, { ...NO_FILTER, side: 'top' })).toHaveLength(2);
    expect(
      filterPlacements(placements, { ...NO_FILTER, status: 'unconfirmed' }).map((p) => p.refDesign),
    ).toEqual(['C12']);
    expect(filterPlacements(placements, { ...NO_FILTER, status: 'dnp' })).toHaveLength(1);
  });
});

describe('formatMm', () => {
  it('writes two decimals', () => {
    expect(formatMm(1)).toBe('1.00');
    expect(formatMm(-12.3456)).toBe('-12.35');
  });
});
