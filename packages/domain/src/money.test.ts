import { describe, expect, it } from 'vitest';
import {
  convertAmounts,
  currenciesFirst,
  currencyCodeOf,
  formatMoney,
  roundMinor,
  taxOf,
} from './money.ts';
import { DEFAULT_PRICE_BOOK } from './price-book.ts';

describe('money', () => {
  it('rounds half away from zero, unfooled by binary noise', () => {
    expect(roundMinor(0.5)).toBe(1);
    expect(roundMinor(-0.5)).toBe(-1);
    expect(roundMinor(1.005 * 100)).toBe(101);
    expect(roundMinor(2.4999)).toBe(2);
  });

  it('converts an amount into the three currencies at the book rates', () => {
    expect(convertAmounts(1000, DEFAULT_PRICE_BOOK.rates)).toEqual({
      USD: 1000,
      CAD: 1380,
      EUR: 920,
    });
  });

  it('taxes at the company rate (SPEC §9: 13 % in Canada)', () => {
    expect(taxOf(10_000, 13)).toBe(1300);
    expect(taxOf(1_005, 13)).toBe(131);
    expect(taxOf(10_000, 0)).toBe(0);
  });

  it('formats minor units with their currency', () => {
    expect(formatMoney(123_450, 'USD')).toBe('US$1,234.50');
    expect(formatMoney(5, 'CAD')).toBe('CA$0.05');
    expect(formatMoney(-1200, 'EUR')).toBe('−€12.00');
  });

  it('names the currency of an id and puts the company currency first', () => {
    expect(currencyCodeOf(1)).toBe('CAD');
    expect(currencyCodeOf(2)).toBe('USD');
    expect(currencyCodeOf(3)).toBe('EUR');
    expect(currencyCodeOf(4)).toBeUndefined();
    expect(currenciesFirst('EUR')).toEqual(['EUR', 'CAD', 'USD']);
  });
});
