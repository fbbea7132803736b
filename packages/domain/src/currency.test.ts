import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  companyPricingForCountry,
  DEFAULT_CURRENCY_ID,
  taxBasisOf,
} from './currency.ts';

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

describe('taxBasisOf', () => {
  it('names the country and the rule that gave the tax rate', () => {
    expect(taxBasisOf('ca', 13)).toEqual({
      countryCode: 'CA',
      rule: '13 % Ontario HST: the company address is in Canada (CA)',
    });
    expect(taxBasisOf('US', 0)).toEqual({
      countryCode: 'US',
      rule: 'No sales tax: the company address is in US; tax applies in Canada only',
    });
  });

  it('says so when the rate is not the one of the country', () => {
    expect(taxBasisOf('US', 5)).toEqual({ countryCode: 'US', rule: '5 % set for the company' });
    expect(taxBasisOf(null, 0)).toEqual({
      countryCode: null,
      rule: '0 % set for the company, which has no address',
    });
  });
});
