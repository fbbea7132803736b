import { describe, expect, it } from 'vitest';
import { isOfferedNumber, isOfferedText, offeredOption } from './offered-options.ts';

describe('offered options', () => {
  it('matches text exactly', () => {
    expect(offeredOption(['None', 'Round'] as const, 'Round')).toBe('Round');
    expect(offeredOption(['None', 'Round'] as const, 'round')).toBeNull();
    expect(offeredOption(['None'] as const, null)).toBeNull();
    expect(isOfferedText(['FR4'], 'FR4')).toBe(true);
    expect(isOfferedText(['FR4'], ' FR4')).toBe(false);
    expect(isOfferedText(['FR4'], undefined)).toBe(false);
  });

  it('matches numbers within floating-point noise only', () => {
    expect(isOfferedNumber([1.6], 1.4 + 0.2)).toBe(true);
    expect(isOfferedNumber([1.6], 1.61)).toBe(false);
    expect(isOfferedNumber([1.6], Number.NaN)).toBe(false);
    expect(isOfferedNumber([1.6], null)).toBe(false);
    expect(isOfferedNumber([], 1.6)).toBe(false);
  });
});
