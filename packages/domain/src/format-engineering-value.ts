// Writes engineering values back the way engineers read them: `4.7kΩ`, `100nF`, `4k7` (RKM for
// resistances), ranges and tolerances, so a parsed value shows as it would be typed.

import type { BaseUnit, EngineeringValue } from './engineering-quantities.ts';

const FORMAT_PREFIXES: ReadonlyArray<readonly [number, string]> = [
  [12, 'T'],
  [9, 'G'],
  [6, 'M'],
  [3, 'k'],
  [0, ''],
  [-3, 'm'],
  [-6, 'µ'],
  [-9, 'n'],
  [-12, 'p'],
  [-15, 'f'],
];

/** Rounds to 12 significant digits and drops trailing zeros: 4.7000000000000002 → "4.7". */
function plainNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}

function engineeringParts(value: number): { mantissa: string; prefix: string } {
  if (value === 0) return { mantissa: '0', prefix: '' };
  const magnitude = Math.abs(value);
  for (const [exponent, prefix] of FORMAT_PREFIXES) {
    const mantissa = Number((value / 10 ** exponent).toPrecision(12));
    if (magnitude >= 10 ** exponent * 0.9999999999 && Math.abs(mantissa) < 1000) {
      return { mantissa: plainNumber(mantissa), prefix };
    }
  }
  return { mantissa: plainNumber(value / 1e-15), prefix: 'f' };
}

/** `4700, 'Ω'` → "4.7kΩ"; `1e-7, 'F'` → "100nF"; units without prefixes (°C, %) as is. */
export function formatEngineeringValue(value: number, unit: BaseUnit | null): string {
  if (unit === '°C' || unit === '%') return `${plainNumber(value)}${unit}`;
  const { mantissa, prefix } = engineeringParts(value);
  return `${mantissa}${prefix}${unit ?? ''}`;
}

/** RKM notation (IEC 60062) for resistances: 4700 → "4k7", 1.2 → "1R2", 100 → "100R". */
export function formatRkm(value: number): string {
  // Below one ohm the R stands in the decimal point (0R1), since a bare m would be read as mega.
  if (value > 0 && value < 1) return plainNumber(value).replace('.', 'R');
  const { mantissa, prefix } = engineeringParts(value);
  const letter = prefix === '' ? 'R' : prefix === 'µ' ? 'u' : prefix;
  const [whole, fraction] = mantissa.split('.');
  return fraction ? `${whole}${letter}${fraction}` : `${whole}${letter}`;
}

/** A value as a range or tolerance is written: "-40°C~85°C", "±5%". */
export function formatValue(value: EngineeringValue): string {
  if (value.kind === 'range') {
    return `${formatEngineeringValue(value.min, value.unit)}~${formatEngineeringValue(value.max, value.unit)}`;
  }
  if (value.kind === 'tolerance') return `±${formatEngineeringValue(value.value, value.unit)}`;
  const main = formatEngineeringValue(value.value, value.unit);
  return value.at ? `${main}@${formatValue(value.at)}` : main;
}
