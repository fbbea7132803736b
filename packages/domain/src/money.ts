import { CURRENCIES, type CurrencyCode } from './currency.ts';

// Money is integer minor units (cents) with its currency. A price is shown in the three cart
// currencies at once (SPEC §9), so amounts travel as one record keyed by currency code.

export type Amounts = Record<CurrencyCode, number>;

export const CURRENCY_CODES: readonly CurrencyCode[] = CURRENCIES.map((currency) => currency.code);

/** Rounds a non-negative or negative amount of minor units half away from zero. */
export function roundMinor(value: number): number {
  const absolute = Math.abs(value);
  const fraction = absolute - Math.floor(absolute);
  // Near a half, cut to 15 significant digits first, so 0.5 that arithmetic left as
  // 0.49999999999999994 still rounds up (toPrecision is slow: only where it matters).
  const magnitude =
    Math.abs(fraction - 0.5) < 1e-6
      ? Math.round(Number(absolute.toPrecision(15)))
      : Math.round(absolute);
  return value < 0 ? -magnitude : magnitude;
}

/** `amount` minor units of the base currency in a currency `rate` times as large, to the cent. */
export function convertMinor(amount: number, rate: number): number {
  return roundMinor(amount * rate);
}

/** The same base amount in every currency at the given rates (units per one base unit). */
export function convertAmounts(amount: number, rates: Readonly<Record<CurrencyCode, number>>) {
  const converted = {} as Amounts;
  for (const code of CURRENCY_CODES) converted[code] = convertMinor(amount, rates[code]);
  return converted;
}

export function zeroAmounts(): Amounts {
  return { CAD: 0, USD: 0, EUR: 0 };
}

export function addAmounts(a: Amounts, b: Amounts): Amounts {
  return { CAD: a.CAD + b.CAD, USD: a.USD + b.USD, EUR: a.EUR + b.EUR };
}

export function scaleAmounts(amounts: Amounts, factor: number): Amounts {
  return {
    CAD: amounts.CAD * factor,
    USD: amounts.USD * factor,
    EUR: amounts.EUR * factor,
  };
}

/** Tax on an amount at `taxPercent` (SPEC §9: 13 % for Canadian companies), to the cent. */
export function taxOf(amount: number, taxPercent: number): number {
  return roundMinor((amount * taxPercent) / 100);
}

const SYMBOLS: Readonly<Record<CurrencyCode, string>> = { USD: 'US$', CAD: 'CA$', EUR: '€' };

/** "US$1,234.50", "CA$0.05", "€12.00": minor units shown with their currency, unambiguously. */
export function formatMoney(minor: number, currency: CurrencyCode): string {
  const sign = minor < 0 ? '−' : '';
  const cents = Math.abs(Math.round(minor));
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = String(cents % 100).padStart(2, '0');
  return `${sign}${SYMBOLS[currency]}${whole}.${fraction}`;
}

/** The currency code of a currency id (1 CAD, 2 USD, 3 EUR), or undefined. */
export function currencyCodeOf(currencyId: number): CurrencyCode | undefined {
  return CURRENCIES.find((currency) => currency.id === currencyId)?.code;
}

/** The three codes with `first` in front (the company's currency is shown first). */
export function currenciesFirst(first: CurrencyCode): CurrencyCode[] {
  return [first, ...CURRENCY_CODES.filter((code) => code !== first)];
}
