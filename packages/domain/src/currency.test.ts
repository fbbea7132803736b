import { describe, expect, it } from 'vitest';
import { CURRENCIES, companyPricingForCountry, DEFAULT_CURRENCY_ID } from './currency.ts';

describe('companyPricingForCountry (SPEC §9)', () => {
  it('gives Canadian companies currency 1 (CAD) with 13 % tax', () => {
    expect(companyPricingForCountry('CA')).toEqual({ currencyId: 1, taxPercent: 13 });
  });

  it('gives French companies currency 3 (EUR) without tax', () => {
    expect(companyPricingForCountry('FR')).toEqual({ currencyId: 3, taxPercent: 0 });
  });

  it('gives every other country currency 2 (USD), the default', () => {
    for (const code of ['US', 'DE', 'GB', 'JP']) {
      expect(companyPricingForCountry(code)).toEqual({ currencyId: 2, taxPercent: 0 });
    }
    expect(DEFAULT_CURRENCY_ID).toBe(2);
  });

  it('accepts lower-case codes', () => {
    expect(companyPricingForCountry('ca').currencyId).toBe(1);
  });

  it('maps the ids to the currency codes the cart prices in', () => {
    expect(CURRENCIES.map((currency) => `${currency.id}:${currency.code}`)).toEqual([
      '1:CAD',
      '2:USD',
      '3:EUR',
    ]);
  });
});
