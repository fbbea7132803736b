import { describe, expect, it } from 'vitest';
import {
  duplicateRefDesigns,
  isSameRefDesign,
  refDesignKey,
  refDesignsMissingFrom,
} from './ref-designators.ts';

describe('reference designators (SPEC §5: comparison ignores spaces and case)', () => {
  it('compares without spaces and case', () => {
    expect(refDesignKey(' r 1\t')).toBe('R1');
    expect(isSameRefDesign('r1', 'R1')).toBe(true);
    expect(isSameRefDesign('U 12', 'u12')).toBe(true);
    expect(isSameRefDesign('R1', 'R10')).toBe(false);
    expect(isSameRefDesign('R1', 'R-1')).toBe(false);
  });

  it('finds duplicates once each, as first written', () => {
    expect(duplicateRefDesigns(['R1', 'C1', 'r1', 'R 1', 'C2', ' c1 ', 'U1'])).toEqual([
      'R1',
      'C1',
    ]);
    expect(duplicateRefDesigns(['R1', 'R2'])).toEqual([]);
    expect(duplicateRefDesigns(['', ' ', 'R1'])).toEqual([]);
  });

  it('finds designators missing from another list', () => {
    expect(refDesignsMissingFrom(['R1', 'r2', 'C1', 'R2 '], ['r1', 'c 1'])).toEqual(['r2']);
    expect(refDesignsMissingFrom(['R1', ''], [])).toEqual(['R1']);
    expect(refDesignsMissingFrom([], ['R1'])).toEqual([]);
  });
});
