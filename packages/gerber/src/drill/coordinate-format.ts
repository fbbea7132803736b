// Excellon coordinates written without a decimal point: how the digits become a number under a
// coordinate format, and what the digits themselves reveal about the zero suppression.

import type { ZeroSuppression } from '../options.ts';

/** The digits of a coordinate written without a decimal point. */
export interface FixedDigits {
  negative: boolean;
  digits: string;
}

/**
 * The value of fixed digits. With leading zeros omitted ('L') the digits end at the last decimal
 * place; with trailing zeros omitted ('T') they start at the first integer place.
 */
export function fixedValue(
  number: FixedDigits,
  zero: ZeroSuppression,
  places: readonly [number, number],
): number {
  const { digits } = number;
  const integer = Number(digits);
  // Dividing by a power of ten keeps exact decimals exact where multiplying by 10^-n would not.
  const shift = zero === 'L' ? places[1] : digits.length - places[0];
  const value = shift >= 0 ? integer / 10 ** shift : integer * 10 ** -shift;
  return number.negative ? -value : value;
}

/**
 * What one number proves about the zero suppression, or null when it proves nothing. Leading
 * zeros are only written when they are kept ('T' or none), trailing zeros only when they are kept
 * ('L' or none); when every digit is written both readings give the same value.
 */
export function zeroEvidence(number: FixedDigits): ZeroSuppression | null {
  const { digits } = number;
  if (digits.length < 2) return null;
  const leading = digits.charCodeAt(0) === 48;
  const trailing = digits.charCodeAt(digits.length - 1) === 48;
  if (leading && !trailing) return 'T';
  if (trailing) return 'L';
  return null;
}
