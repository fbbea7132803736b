// Currency ids are part of the public API (SPEC §9 names them by id), so they are fixed here and
// seeded with exactly these ids. SPEC §9: a Canadian company address gives currency id 1 and a
// French one id 3, everyone else id 2; prices are quoted in USD, CAD and EUR with USD as default.
// The only reading consistent with both is 1 = CAD, 2 = USD (the default), 3 = EUR.
export const CURRENCIES = [
  { id: 1, code: 'CAD' },
  { id: 2, code: 'USD' },
  { id: 3, code: 'EUR' },
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];

export const DEFAULT_CURRENCY_ID = 2;

export type CompanyPricing = { currencyId: number; taxPercent: number };

const PRICING_BY_COUNTRY: Readonly<Record<string, CompanyPricing>> = {
  // Ontario HST; the only tax the SPEC names.
  CA: { currencyId: 1, taxPercent: 13 },
  FR: { currencyId: 3, taxPercent: 0 },
};

const DEFAULT_PRICING: CompanyPricing = { currencyId: DEFAULT_CURRENCY_ID, taxPercent: 0 };

/** The currency and tax a company gets when its address is in `countryCode` (ISO alpha-2). */
export function companyPricingForCountry(countryCode: string): CompanyPricing {
  return PRICING_BY_COUNTRY[countryCode.toUpperCase()] ?? DEFAULT_PRICING;
}

/**
 * What made an order's tax rate, recorded with the order and printed on its documents: the
 * country of the company address when the order was placed, and the rule for that country.
 */
export type TaxBasis = { countryCode: string | null; rule: string };

export function taxBasisOf(countryCode: string | null, taxPercent: number): TaxBasis {
  const country = countryCode?.toUpperCase() ?? null;
  if (country === null) {
    return { countryCode: null, rule: `${taxPercent} % set for the company, which has no address` };
  }
  const byCountry = companyPricingForCountry(country).taxPercent;
  if (byCountry !== taxPercent) {
    return { countryCode: country, rule: `${taxPercent} % set for the company` };
  }
  return {
    countryCode: country,
    rule:
      country === 'CA'
        ? `${taxPercent} % Ontario HST: the company address is in Canada (CA)`
        : `No sales tax: the company address is in ${country}; tax applies in Canada only`,
  };
}

export function isCurrencyId(id: number): boolean {
  return CURRENCIES.some((currency) => currency.id === id);
}
