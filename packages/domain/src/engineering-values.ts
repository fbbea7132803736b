// Engineering values as engineers write them in BOMs, part descriptions and search boxes:
// `4k7`, `4.7kΩ`, `100n`, `0.1µF`, `2p2`, `1R2`, `10uF 25V X7R`, `±5%`, `-40°C ~ +85°C`,
// `100mA@5V`. One parser serves the catalogue import, the parts search and the BOM, so a value
// typed anywhere means the same number everywhere. Numbers are kept in the base unit (Ω, F, H,
// V, A, W, Hz, s, °C, %); the text as written is kept beside them by the callers.
//
// Known mistakes of other parsers this one must not make (each has a test):
// - `10R` is 10 Ω, not 10 × 10^27 (R read as the SI prefix ronna; InvenTree #12063);
// - RKM notation (`4k7`, `1R2`, `2p2`, `0R`) is a value, not an error (InvenTree #12814);
// - `MOhm` is megaohm: prefixes are case-sensitive and never lower-cased (InvenTree #5135).

import { type Dielectric, parseDielectric } from './dielectrics.ts';
import {
  type BaseUnit,
  type EngineeringValue,
  QUANTITY_UNIT,
  type Quantity,
  quantityOfUnit,
} from './engineering-quantities.ts';
import { separateValueText, valueWord } from './value-text.ts';

// The values' shared vocabulary, their formatting, dielectrics and E series live beside this
// parser; this module still answers for all of them.
export * from './dielectrics.ts';
export * from './e-series.ts';
export * from './engineering-quantities.ts';
export * from './format-engineering-value.ts';

export type ParseOptions = {
  /** What the value measures when the text does not say (a resistor's value, a spec's unit). */
  quantity?: Quantity | undefined;
};

// Unit spellings, matched without regard to case except where case carries meaning (a lone
// `m`/`M` is a prefix, never a unit; `s` is seconds only in lower case).
const UNIT_SPELLINGS: ReadonlyArray<readonly [string, BaseUnit]> = [
  ['ohms', 'Ω'],
  ['ohm', 'Ω'],
  ['\u03a9', 'Ω'],
  ['\u03c9', 'Ω'],
  ['r', 'Ω'],
  ['f', 'F'],
  ['h', 'H'],
  ['v', 'V'],
  ['vdc', 'V'],
  ['vac', 'V'],
  ['a', 'A'],
  ['w', 'W'],
  ['hz', 'Hz'],
  ['°c', '°C'],
  ['℃', '°C'],
  ['degc', '°C'],
  ['%', '%'],
];

function unitOf(text: string): BaseUnit | undefined {
  if (text === 's' || text === 'sec') return 's';
  const lower = text.toLowerCase();
  return UNIT_SPELLINGS.find(([spelling]) => spelling === lower)?.[1];
}

// Case-sensitive SI prefixes, plus the upper-case spellings BOMs use where no clash exists
// (`K`, `U`, `N`, `P`). `M` is always mega; `m` is milli (but see the resistance rule below).
const PREFIX_EXPONENT: Readonly<Record<string, number>> = {
  f: -15,
  p: -12,
  P: -12,
  n: -9,
  N: -9,
  u: -6,
  U: -6,
  µ: -6,
  μ: -6,
  m: -3,
  k: 3,
  K: 3,
  M: 6,
  G: 9,
  T: 12,
};

// RKM letters (IEC 60062): the letter stands where the decimal point goes.
const RKM_EXPONENT: Readonly<Record<string, number>> = {
  ...PREFIX_EXPONENT,
  R: 0,
  r: 0,
};

const PREFIX_HINT: Readonly<Record<number, Quantity>> = {
  3: 'resistance',
  6: 'resistance',
  9: 'resistance',
  [-12]: 'capacitance',
  [-9]: 'capacitance',
  [-6]: 'capacitance',
};

/** A decimal number (or a fraction: `1/4`) times 10^exponent, without the noise of 4.7 * 1000. */
function scaled(digits: string, exponent: number): number {
  const fraction = /^([+-]?\d+)\/(\d+)$/.exec(digits);
  if (fraction) return Number(`${Number(fraction[1]) / Number(fraction[2])}e${exponent}`);
  return Number(`${digits}e${exponent}`);
}

function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2212\u2013]/g, '-') // minus sign, en dash
    .replace(/\u00b5/g, 'µ')
    .replace(/\u03bc/g, 'µ')
    .trim();
}

type Single = {
  value: number;
  unit: BaseUnit | null;
  quantity: Quantity | null;
  /** What the prefix alone suggests when nothing says what was measured (`4k7`, `100n`). */
  guess: Quantity | null;
};

const NUMBER = String.raw`[+-]?(?:\d+/\d+|\d+(?:\.\d+)?|\.\d+)`;
const STANDARD = new RegExp(`^(${NUMBER})\\s*(.*)$`);
const RKM = /^([+-]?\d{0,3})([RrpPnNuUµmkKMG])(\d{1,3})\s*([A-Za-zΩ°%]*)$/;

/** Reads one value with no range or condition: `4k7`, `100nF`, `1 MΩ`, `25V`, `-40°C`. */
function parseSingle(text: string, options: ParseOptions): Single | undefined {
  const rkm = RKM.exec(text);
  if (rkm) {
    const [, whole, letter, fraction, unitText] = rkm as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const unit = unitText === '' ? null : unitOf(unitText);
    if (unit === undefined) return undefined;
    if ((letter === 'R' || letter === 'r') && unit !== null && unit !== 'Ω') {
      return undefined;
    }
    const exponent = RKM_EXPONENT[letter]!;
    const digits = `${whole === '' || whole === '+' || whole === '-' ? `${whole}0` : whole}.${fraction}`;
    const quantity =
      unit !== null
        ? quantityOfUnit(unit)
        : letter === 'R' || letter === 'r'
          ? 'resistance'
          : (options.quantity ?? null);
    return {
      value: scaled(digits, exponent),
      unit: unit ?? (quantity ? QUANTITY_UNIT[quantity] : null),
      quantity,
      guess: quantity ?? PREFIX_HINT[exponent] ?? null,
    };
  }
  const match = STANDARD.exec(text);
  if (!match) return undefined;
  const digits = match[1]!;
  const rest = match[2]!.trim();
  const split = splitPrefixAndUnit(rest, options);
  if (!split) return undefined;
  const quantity = split.unit !== null ? quantityOfUnit(split.unit) : (options.quantity ?? null);
  return {
    value: scaled(digits, split.exponent),
    unit: split.unit ?? (quantity ? QUANTITY_UNIT[quantity] : null),
    quantity,
    guess: quantity ?? PREFIX_HINT[split.exponent] ?? null,
  };
}

function splitPrefixAndUnit(
  rest: string,
  options: ParseOptions,
): { exponent: number; unit: BaseUnit | null } | undefined {
  if (rest === '') return { exponent: 0, unit: null };
  const whole = unitOf(rest);
  if (whole) return { exponent: 0, unit: whole };
  // SPICE writes mega as MEG (any case), since its m is milli.
  if (/^meg/i.test(rest)) {
    const unitText = rest.slice(3);
    const unit = unitText === '' ? null : unitOf(unitText);
    return unit === undefined ? undefined : { exponent: 6, unit };
  }
  const prefix = rest.startsWith('da') ? undefined : rest[0]!;
  const exponent = prefix === undefined ? undefined : PREFIX_EXPONENT[prefix];
  if (exponent === undefined) return undefined;
  const unitText = rest.slice(1).trim();
  const unit = unitText === '' ? null : unitOf(unitText);
  if (unit === undefined) return undefined;
  // A bare `1m` on a resistor is how BOMs write 1 MΩ (milliohms are written `1mΩ` or `1mR`);
  // on capacitors and inductors `1m` is milli (1 mF, 1 mH exist).
  if (prefix === 'm' && unit === null && options.quantity === 'resistance') {
    return { exponent: 6, unit: null };
  }
  return { exponent, unit };
}

function withUnit(single: Single, unit: BaseUnit | null): Single {
  if (single.unit !== null || unit === null) return single;
  return { ...single, unit, quantity: quantityOfUnit(unit) };
}

function fromSingle(single: Single): EngineeringValue {
  return {
    kind: 'value',
    value: single.value,
    min: single.value,
    max: single.value,
    unit: single.unit,
    quantity: single.quantity,
  };
}

const RANGE_SEPARATOR = /\s*(?:~|～|…|\.\.\.?|\bto\b)\s*|\s+-\s+/i;

/**
 * Parses one written value. Returns undefined when the text is not a value (a part number, a
 * word): callers keep such text as written.
 */
export function parseEngineeringValue(
  input: string,
  options: ParseOptions = {},
): EngineeringValue | undefined {
  const text = normaliseText(input);
  if (text === '' || text.length > 64) return undefined;

  const at = text.split('@');
  if (at.length === 2) {
    const main = parseEngineeringValue(at[0]!, options);
    const condition = parseEngineeringValue(at[1]!);
    if (!main || !condition) return undefined;
    return { ...main, at: condition };
  }
  if (at.length > 2) return undefined;

  const tolerance = /^(?:±|\+\/-|\+-)\s*(.+)$/.exec(text);
  if (tolerance) {
    const single = parseSingle(tolerance[1]!, options);
    if (!single || single.value < 0) return undefined;
    return { ...fromSingle(single), kind: 'tolerance', min: -single.value, max: single.value };
  }
  // Asymmetric tolerance: +80/-20%.
  const asymmetric = /^\+\s*(\d+(?:\.\d+)?)\s*\/\s*-\s*(\d+(?:\.\d+)?)\s*%$/.exec(text);
  if (asymmetric) {
    const upper = Number(asymmetric[1]!);
    const lower = Number(asymmetric[2]!);
    return {
      kind: 'tolerance',
      value: Math.max(upper, lower),
      min: -lower,
      max: upper,
      unit: '%',
      quantity: 'ratio',
    };
  }

  const parts = text.split(RANGE_SEPARATOR);
  if (parts.length === 2 && parts[0] !== '' && parts[1] !== '') {
    const low = parseSingle(parts[0]!.trim(), options);
    const high = parseSingle(parts[1]!.trim(), options);
    if (!low || !high) return undefined;
    // `4.5~5.5V`: the unit written once applies to both ends.
    const lowWithUnit = withUnit(low, high.unit);
    const highWithUnit = withUnit(high, low.unit);
    if (lowWithUnit.unit !== highWithUnit.unit) return undefined;
    const min = Math.min(lowWithUnit.value, highWithUnit.value);
    const max = Math.max(lowWithUnit.value, highWithUnit.value);
    return {
      kind: 'range',
      value: min,
      min,
      max,
      unit: lowWithUnit.unit,
      quantity: lowWithUnit.quantity ?? highWithUnit.quantity,
    };
  }
  if (parts.length > 2) return undefined;

  const single = parseSingle(text, options);
  return single ? fromSingle(single) : undefined;
}

/**
 * What a unitless value most likely measures, from its prefix alone: `4k7` and `1M` are
 * resistances, `100n` and `2p2` capacitances. For search, where nothing else says.
 */
export function guessQuantity(input: string): Quantity | null {
  return parseSingle(normaliseText(input), {})?.guess ?? null;
}

export type ValueToken =
  | { type: 'value'; text: string; value: EngineeringValue }
  | { type: 'dielectric'; text: string; dielectric: Dielectric }
  | { type: 'word'; text: string };

/**
 * Splits free text such as `10uF 25V X7R` or `4k7 0603 1%` into values, dielectrics and the words
 * left over. `100 nF` (number and unit apart) and `-40°C ~ +85°C` (a spaced range) are one value.
 * A bare whole number (`0603`, `4700`) stays a word: it may be a package or a part number, and
 * callers decide.
 */
export function tokenizeValues(input: string): ValueToken[] {
  const text = separateValueText(normaliseText(input))
    .replace(/\s*(~|～|…)\s*/g, '$1')
    .replace(/(\d[^\s]*)\s+to\s+([+-]?\d)/gi, '$1~$2')
    .replace(/(±|\+\/-|\+-)\s+/g, '$1')
    .replace(/\s*@\s*/g, '@');
  const words = text.split(/[\s,;]+/).filter((word) => word !== '');
  const tokens: ValueToken[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const next = words[index + 1];
    if (/^[+-]?\d+(?:\.\d+)?$/.test(word) && next && isPrefixedUnit(next)) {
      const joined = `${word}${next}`;
      const value = parseEngineeringValue(joined);
      if (value) {
        tokens.push({ type: 'value', text: `${word} ${next}`, value });
        index += 1;
        continue;
      }
    }
    const dielectric = parseDielectric(word);
    if (dielectric) {
      tokens.push({ type: 'dielectric', text: word, dielectric });
      continue;
    }
    if (/^\d+$/.test(word)) {
      tokens.push({ type: 'word', text: word });
      continue;
    }
    const read = valueWord(word);
    const value = read ? parseEngineeringValue(read.text) : undefined;
    if (read && value && (value.unit !== null || guessQuantity(read.text) !== null)) {
      const quantity = value.quantity ?? guessQuantity(read.text);
      const typed = quantity
        ? { ...value, quantity, unit: value.unit ?? QUANTITY_UNIT[quantity] }
        : value;
      tokens.push({
        type: 'value',
        text: word,
        // `10V+`: at least 10 V, with no upper bound worth a number.
        value: read.atLeast
          ? { ...typed, kind: 'range', min: typed.value, max: typed.value * AT_LEAST_SPAN }
          : typed,
      });
      continue;
    }
    tokens.push({ type: 'word', text: word });
  }
  return tokens;
}

/** The top of an open-ended rating (`10V+`): a million times its floor. */
const AT_LEAST_SPAN = 1e6;

function isPrefixedUnit(text: string): boolean {
  return splitPrefixAndUnit(text, {})?.unit != null || /^meg$/i.test(text);
}
