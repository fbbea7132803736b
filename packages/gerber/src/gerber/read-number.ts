// Numbers in Gerber text, read from the character codes: coordinates, aperture sizes and the
// letter/number pairs of the older commands. Reading a number allocates nothing, since a large
// file holds millions of them.

// Character codes as constants of this module, not imported: the scanning loops run on every
// digit of a file, and V8 folds a module's own constants into them (see parse-gerber.ts).
const C_PLUS = 43;
const C_MINUS = 45;
const C_DOT = 46;
const C_0 = 48;
const C_9 = 57;

const POW10: number[] = [];
for (let n = 0; n <= 40; n++) POW10.push(10 ** n);

export function pow10(n: number): number {
  return n >= 0 && n <= 40 ? (POW10[n] as number) : 10 ** n;
}

export function isDigit(c: number): boolean {
  return c >= C_0 && c <= C_9;
}

/** Reads `A1.5B-2` style letter/number pairs. */
export function letterValues(body: string): Map<string, number> {
  const values = new Map<string, number>();
  const pattern = /([A-Z])([+-]?[0-9.]*)/g;
  for (const match of body.matchAll(pattern)) {
    const text = match[2] as string;
    values.set(match[1] as string, text.length === 0 ? Number.NaN : Number(text));
  }
  return values;
}

/** What scanDecimal read last: one object for every number, so reading allocates nothing. */
export const scannedDecimal = { negative: false, whole: 0, digits: 0, fraction: -1 };

/**
 * Reads a sign, digits and one decimal point from text[start, end) into scannedDecimal: `whole`
 * holds the first `maxDigits` digits as an integer, `fraction` how many of them follow the point
 * (-1 without one). Returns where the number ends.
 */
export function scanDecimal(text: string, start: number, end: number, maxDigits: number): number {
  let pos = start;
  let c = text.charCodeAt(pos);
  const negative = c === C_MINUS;
  if (negative || c === C_PLUS) pos++;
  let whole = 0;
  let digits = 0;
  let fraction = -1;
  for (; pos < end; pos++) {
    c = text.charCodeAt(pos);
    if (c >= C_0 && c <= C_9) {
      if (digits < maxDigits) {
        whole = whole * 10 + (c - C_0);
        digits++;
        if (fraction >= 0) fraction++;
      }
    } else if (c === C_DOT && fraction < 0) {
      fraction = 0;
    } else break;
  }
  scannedDecimal.negative = negative;
  scannedDecimal.whole = whole;
  scannedDecimal.digits = digits;
  scannedDecimal.fraction = fraction;
  return pos;
}

/**
 * The value of what scanDecimal read last, as Number() reads the same text: the same double,
 * since up to 15 digits and the power of ten are exact and one division rounds correctly. NaN
 * without digits or with more than 15 (Number() must read those).
 */
export function scannedValue(): number {
  const { negative, whole, digits, fraction } = scannedDecimal;
  if (digits === 0 || digits > 15) return Number.NaN;
  const value = fraction > 0 ? whole / pow10(fraction) : whole;
  return negative ? -value : value;
}

/**
 * The number in text[start, end): plain decimals (`-1.25`, `.5`, `3.`) are read from the
 * character codes, anything else as Number() reads it.
 */
export function decimalIn(text: string, start: number, end: number): number {
  const stop = scanDecimal(text, start, end, 16);
  const value = stop < end ? Number.NaN : scannedValue();
  return Number.isNaN(value) ? Number(text.slice(start, end)) : value;
}
