// What every family of the demo catalogue uses: the category and spec ids the migrations fix, the
// makers, the seeded random generator, decades of E-series values, and a part's draft.

import { type ESeries, eSeries } from '@circuits/domain';
import type {
  CatalogueManufacturer,
  CatalogueRecord,
  CatalogueSpec,
} from '../modules/parts/catalogue-record.ts';

export const CATEGORY = {
  resistors: 1,
  capacitors: 2,
  electrolytics: 4,
  inductors: 8,
  diodes: 5,
  transistors: 7,
  regulators: 11,
  microcontrollers: 19,
  connectors: 6,
} as const;

export const SPEC = {
  resistance: 1,
  tolerance: 2,
  power: 3,
  capacitance: 4,
  voltage: 5,
  dielectric: 6,
  inductance: 7,
  currentRating: 8,
  temperature: 9,
  tempco: 10,
  dcResistance: 11,
  capacitorType: 12,
  pins: 13,
  pitch: 14,
  clock: 15,
  diodeType: 16,
  reverseVoltage: 17,
  transistorType: 18,
  vds: 19,
  id: 20,
  rdsOn: 21,
  outputVoltage: 22,
  outputCurrent: 23,
  forwardCurrent: 24,
  forwardVoltage: 25,
  reverseLeakage: 26,
  zenerVoltage: 27,
  powerDissipation: 28,
  core: 29,
  flash: 30,
  ram: 31,
  regulatorType: 32,
  inputVoltage: 33,
  positions: 34,
  connectorType: 35,
  esr: 36,
} as const;

export const DEMO_MANUFACTURERS: CatalogueManufacturer[] = [
  { name: 'YAGEO', aliases: ['Yageo', 'Yageo Corporation'] },
  { name: 'UNI-ROYAL', aliases: ['Uniroyal', 'UNI-ROYAL(Uniroyal Elec)'] },
  { name: 'Vishay', aliases: ['Vishay Intertechnology', 'Vishay Intertech'] },
  { name: 'Murata', aliases: ['Murata Electronics', 'Murata Manufacturing'] },
  { name: 'Samsung Electro-Mechanics', aliases: ['SEMCO', 'Samsung'] },
  { name: 'KEMET', aliases: ['Kemet Corporation'] },
  { name: 'Panasonic', aliases: ['Panasonic Electronic Components'] },
  { name: 'Sunlord', aliases: ['Sunlord Electronics'] },
  { name: 'TDK', aliases: ['TDK Corporation'] },
  { name: 'Diodes Incorporated', aliases: ['Diodes Inc', 'DIODES'] },
  { name: 'Nexperia', aliases: ['NXP Semiconductors Standard Products'] },
  { name: 'NXP Semiconductors', aliases: ['NXP'] },
  { name: 'onsemi', aliases: ['ON Semiconductor', 'ON Semi'] },
  { name: 'Texas Instruments', aliases: ['TI', 'TI (Texas Instruments)'] },
  { name: 'STMicroelectronics', aliases: ['ST', 'STMicro'] },
  { name: 'Microchip Technology', aliases: ['Microchip', 'Microchip Tech', 'Atmel'] },
  { name: 'Espressif Systems', aliases: ['Espressif'] },
  { name: 'Raspberry Pi', aliases: ['Raspberry Pi Ltd'] },
  { name: 'Würth Elektronik', aliases: ['Wurth', 'Würth', 'Wurth Elektronik'] },
  { name: 'JST', aliases: ['JST Sales America', 'J.S.T. Mfg'] },
  { name: 'Amphenol', aliases: ['Amphenol ICC', 'Amphenol FCI'] },
];

/** A small deterministic generator (mulberry32): the same catalogue on every start. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function decadeValues(series: ESeries, fromExp: number, toExp: number): number[] {
  const values: number[] = [];
  for (let exponent = fromExp; exponent <= toExp; exponent += 1) {
    for (const mantissa of eSeries(series)) values.push(Number(`${mantissa}e${exponent}`));
  }
  return values;
}

/** Three-significant-digit code of a value in a base unit: 4700 → "472", 100e-12 pF → "101". */
export function threeDigitCode(value: number): string {
  // Below ten the R marks the decimal point: 2.2 → "2R2", 0.47 → "R47".
  if (value < 10) return value.toFixed(value < 1 ? 2 : 1).replace(/^0?\.|\./, 'R');
  const exponent = Math.floor(Math.log10(value)) - 1;
  const digits = Math.round(value / 10 ** exponent);
  return `${digits}${Math.max(exponent, 0)}`;
}

export type Draft = Omit<CatalogueRecord, 'stock' | 'priceBreaks'> & {
  /** USD cents for one piece; breaks are derived from it. */
  basePriceMinor: number;
};

export function spec(specificationId: number, text: string, value?: number): CatalogueSpec {
  return value === undefined ? { specificationId, text } : { specificationId, text, value };
}
