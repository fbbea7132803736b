import { type ESeries, eSeries, formatEngineeringValue, formatRkm } from '@circuits/domain';
import type {
  CatalogueManufacturer,
  CataloguePackage,
  CatalogueRecord,
  CatalogueSpec,
} from '../modules/parts/catalogue-record.ts';
import { commonParts } from './demo-catalogue-common.ts';
import { demoLcscCodes } from './demo-lcsc-codes.ts';

// The demo catalogue seeded at first start: generated here, deterministically (the same parts,
// stock and prices on every machine), so no third-party catalogue data ships with Circuits.
// Chip resistors and MLCCs are real part numbers, made by their makers' ordering-code rules
// (Yageo RC and CC, UNI-ROYAL, Vishay CRCW, Murata GRM, Samsung CL), and the common ICs,
// transistors, diodes, regulators and connectors an engineer types (LM358, ATMEGA328P-AU, BSS138,
// AMS1117-3.3, ESP32-WROOM-32…) are real parts (demo-catalogue-common.ts). The other generated
// families keep the shape of real part numbers. Stock and prices are made up.

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

type Outline = { lengthMm: number; widthMm: number };

function pkg(
  pkgName: string,
  aliases: string[],
  outline: Outline,
  mountType: 'SMD' | 'THT',
  numOfPins: number,
  categoryIds: number[],
): CataloguePackage {
  return {
    pkgName,
    aliases,
    minXMm: -outline.lengthMm / 2,
    maxXMm: outline.lengthMm / 2,
    minYMm: -outline.widthMm / 2,
    maxYMm: outline.widthMm / 2,
    mountType,
    numOfPins,
    categoryIds,
  };
}

const CHIP_SIZES: [string, string, number, number][] = [
  ['0201', '0603', 0.6, 0.3],
  ['0402', '1005', 1.0, 0.5],
  ['0603', '1608', 1.6, 0.8],
  ['0805', '2012', 2.0, 1.25],
  ['1206', '3216', 3.2, 1.6],
  ['1210', '3225', 3.2, 2.5],
  ['2010', '5025', 5.0, 2.5],
  ['2512', '6332', 6.4, 3.2],
];

/**
 * The names CAD libraries give a chip footprint of one size (also added to existing catalogues
 * by migration 0030): KiCad `C_0402_1005Metric`, Altium `CAP0402`/`RES0402`, Eagle `C0603`,
 * EasyEDA `R0603`/`0603_C`, IPC-7351 `CAPC1005` (its height suffix is dropped when read). Staff
 * edit them as package aliases; the metric size alone (`1005`) stays out, since `0603` is a
 * metric and an imperial size at once.
 */
export function chipFootprintAliases(imperial: string, metric: string): string[] {
  return [
    `${metric} metric`,
    `${metric}Metric`,
    ...['R', 'C', 'L'].map((kind) => `${kind}_${imperial}_${metric}Metric`),
    ...['CAP', 'RES', 'IND', 'C', 'R', 'L'].map((prefix) => `${prefix}${imperial}`),
    ...['C', 'R', 'L'].map((kind) => `${imperial}_${kind}`),
    ...['CAPC', 'RESC', 'INDC'].map((prefix) => `${prefix}${metric}`),
  ];
}

function chipPackages(): CataloguePackage[] {
  return CHIP_SIZES.map(([imperial, metric, length, width]) =>
    pkg(
      imperial,
      chipFootprintAliases(imperial, metric),
      { lengthMm: length, widthMm: width },
      'SMD',
      2,
      [CATEGORY.resistors, CATEGORY.capacitors, CATEGORY.inductors],
    ),
  );
}

const PIN_HEADER_POSITIONS = [2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 40];

export function demoPackages(): CataloguePackage[] {
  const { diodes, transistors, regulators, microcontrollers, connectors, electrolytics } = CATEGORY;
  const list: CataloguePackage[] = [
    ...chipPackages(),
    pkg('SOD-523', ['SC-79'], { lengthMm: 1.2, widthMm: 0.8 }, 'SMD', 2, [diodes]),
    pkg('SOD-323', ['SC-76'], { lengthMm: 1.7, widthMm: 1.25 }, 'SMD', 2, [diodes]),
    pkg('SOD-123', [], { lengthMm: 2.7, widthMm: 1.6 }, 'SMD', 2, [diodes]),
    pkg('SMA', ['DO-214AC'], { lengthMm: 4.3, widthMm: 2.6 }, 'SMD', 2, [diodes]),
    pkg('SMB', ['DO-214AA'], { lengthMm: 4.6, widthMm: 3.6 }, 'SMD', 2, [diodes]),
    pkg('SMC', ['DO-214AB'], { lengthMm: 6.9, widthMm: 5.9 }, 'SMD', 2, [diodes]),
    pkg('DO-41', ['DO-204AL'], { lengthMm: 5.2, widthMm: 2.7 }, 'THT', 2, [diodes]),
    pkg('LED 3mm', ['T-1'], { lengthMm: 3.8, widthMm: 3.8 }, 'THT', 2, [diodes]),
    pkg('SOT-23', ['TO-236', 'SOT-23-3'], { lengthMm: 2.9, widthMm: 1.3 }, 'SMD', 3, [
      diodes,
      transistors,
      regulators,
    ]),
    pkg('SOT-23-5', ['SC-74A', 'SOT-25', 'SOT23-5'], { lengthMm: 2.9, widthMm: 1.6 }, 'SMD', 5, [
      regulators,
    ]),
    pkg('SOT-89', ['SOT-89-3'], { lengthMm: 4.5, widthMm: 2.5 }, 'SMD', 3, [
      transistors,
      regulators,
    ]),
    pkg('SOT-223', ['SOT-223-3', 'TO-261'], { lengthMm: 6.5, widthMm: 3.5 }, 'SMD', 4, [
      transistors,
      regulators,
    ]),
    pkg('TO-252', ['DPAK'], { lengthMm: 6.6, widthMm: 6.1 }, 'SMD', 3, [transistors, regulators]),
    pkg('TO-220', ['TO-220-3'], { lengthMm: 10.0, widthMm: 4.5 }, 'THT', 3, [
      transistors,
      regulators,
    ]),
    pkg(
      'SOIC-8',
      ['SOP-8', 'SO-8', 'SOIC-8_3.9x4.9mm_P1.27mm'],
      { lengthMm: 4.9, widthMm: 3.9 },
      'SMD',
      8,
      [transistors, regulators, microcontrollers],
    ),
    pkg('TSSOP-20', ['TSSOP20'], { lengthMm: 6.5, widthMm: 4.4 }, 'SMD', 20, [microcontrollers]),
    pkg('QFN-32', ['QFN-32-EP(5x5)', 'VQFN-32'], { lengthMm: 5, widthMm: 5 }, 'SMD', 32, [
      microcontrollers,
    ]),
    pkg('QFN-56', ['QFN-56-EP(7x7)'], { lengthMm: 7, widthMm: 7 }, 'SMD', 56, [microcontrollers]),
    pkg('LQFP-32', ['LQFP32'], { lengthMm: 7, widthMm: 7 }, 'SMD', 32, [microcontrollers]),
    pkg('LQFP-48', ['LQFP48'], { lengthMm: 7, widthMm: 7 }, 'SMD', 48, [microcontrollers]),
    pkg('LQFP-64', ['LQFP64'], { lengthMm: 10, widthMm: 10 }, 'SMD', 64, [microcontrollers]),
    pkg('LQFP-100', ['LQFP100'], { lengthMm: 14, widthMm: 14 }, 'SMD', 100, [microcontrollers]),
    pkg('Case A', ['3216-18', 'EIA 3216'], { lengthMm: 3.2, widthMm: 1.6 }, 'SMD', 2, [
      electrolytics,
    ]),
    pkg('Case B', ['3528-21', 'EIA 3528'], { lengthMm: 3.5, widthMm: 2.8 }, 'SMD', 2, [
      electrolytics,
    ]),
    pkg('Case C', ['6032-28', 'EIA 6032'], { lengthMm: 6.0, widthMm: 3.2 }, 'SMD', 2, [
      electrolytics,
    ]),
    pkg('SMD 5x5.4', ['CAP-SMD 5x5.4'], { lengthMm: 5.3, widthMm: 5.3 }, 'SMD', 2, [electrolytics]),
    pkg('SMD 6.3x7.7', ['CAP-SMD 6.3x7.7'], { lengthMm: 6.6, widthMm: 6.6 }, 'SMD', 2, [
      electrolytics,
    ]),
    pkg('SMD 8x10', ['CAP-SMD 8x10'], { lengthMm: 8.3, widthMm: 8.3 }, 'SMD', 2, [electrolytics]),
    pkg('Radial 5x11', ['CP_Radial_D5.0mm_P2.00mm'], { lengthMm: 5, widthMm: 5 }, 'THT', 2, [
      electrolytics,
    ]),
    pkg('Radial 8x12', ['CP_Radial_D8.0mm_P3.50mm'], { lengthMm: 8, widthMm: 8 }, 'THT', 2, [
      electrolytics,
    ]),
    pkg('Radial 10x16', ['CP_Radial_D10.0mm_P5.00mm'], { lengthMm: 10, widthMm: 10 }, 'THT', 2, [
      electrolytics,
    ]),
    pkg('SMD 4x4', ['IND-SMD 4x4'], { lengthMm: 4, widthMm: 4 }, 'SMD', 2, [CATEGORY.inductors]),
    pkg('SMD 5x5', ['IND-SMD 5x5'], { lengthMm: 5, widthMm: 5 }, 'SMD', 2, [CATEGORY.inductors]),
    pkg('SMD 6x6', ['IND-SMD 6x6'], { lengthMm: 6, widthMm: 6 }, 'SMD', 2, [CATEGORY.inductors]),
    pkg('USB-C 16P', ['USB-C-SMD_16P'], { lengthMm: 8.9, widthMm: 7.3 }, 'SMD', 16, [connectors]),
    pkg('Micro-USB 5P', ['MICRO-USB-SMD_5P'], { lengthMm: 7.5, widthMm: 5.0 }, 'SMD', 5, [
      connectors,
    ]),
  ];
  for (const positions of PIN_HEADER_POSITIONS) {
    const count = String(positions).padStart(2, '0');
    list.push(
      pkg(
        `PinHeader 1x${count} P2.54mm`,
        [`PinHeader_1x${count}_P2.54mm_Vertical`, `PinHeader_1x${count}_P2.54mm`],
        { lengthMm: 2.54 * positions, widthMm: 2.54 },
        'THT',
        positions,
        [connectors],
      ),
      pkg(
        `PinHeader 2x${count} P2.54mm`,
        [`PinHeader_2x${count}_P2.54mm_Vertical`],
        { lengthMm: 2.54 * positions, widthMm: 5.08 },
        'THT',
        positions * 2,
        [connectors],
      ),
    );
  }
  for (let positions = 2; positions <= 12; positions += 1) {
    const count = String(positions).padStart(2, '0');
    list.push(
      pkg(
        `JST PH 1x${count} P2.00mm`,
        [`JST_PH_B${positions}B-PH-K_1x${count}_P2.00mm_Vertical`],
        { lengthMm: 2 * positions + 1.9, widthMm: 4.5 },
        'THT',
        positions,
        [connectors],
      ),
      pkg(
        `JST XH 1x${count} P2.50mm`,
        [`JST_XH_B${positions}B-XH-A_1x${count}_P2.50mm_Vertical`],
        { lengthMm: 2.5 * positions + 2.4, widthMm: 5.75 },
        'THT',
        positions,
        [connectors],
      ),
    );
  }
  return list;
}

/** A small deterministic generator (mulberry32): the same catalogue on every start. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function decadeValues(series: ESeries, fromExp: number, toExp: number): number[] {
  const values: number[] = [];
  for (let exponent = fromExp; exponent <= toExp; exponent += 1) {
    for (const mantissa of eSeries(series)) values.push(Number(`${mantissa}e${exponent}`));
  }
  return values;
}

/** Three-significant-digit code of a value in a base unit: 4700 → "472", 100e-12 pF → "101". */
function threeDigitCode(value: number): string {
  // Below ten the R marks the decimal point: 2.2 → "2R2", 0.47 → "R47".
  if (value < 10) return value.toFixed(value < 1 ? 2 : 1).replace(/^0?\.|\./, 'R');
  const exponent = Math.floor(Math.log10(value)) - 1;
  const digits = Math.round(value / 10 ** exponent);
  return `${digits}${Math.max(exponent, 0)}`;
}

type Draft = Omit<CatalogueRecord, 'stock' | 'priceBreaks'> & {
  /** USD cents for one piece; breaks are derived from it. */
  basePriceMinor: number;
};

function spec(specificationId: number, text: string, value?: number): CatalogueSpec {
  return value === undefined ? { specificationId, text } : { specificationId, text, value };
}

type ResistorCode = (size: string, ohms: number, tolerance: 1 | 5) => string;

/** Yageo RC: RC0603FR-074K7L (size, tolerance F/J, paper tape, 7" reel, RKM value, L). */
const yageoResistor: ResistorCode = (size, ohms, tolerance) =>
  `RC${size}${tolerance === 1 ? 'F' : 'J'}R-07${formatRkm(ohms).toUpperCase()}L`;

/** Significant digits and the power of ten after them: 4700 in 3 digits → "470", 1. */
function digitsAndExponent(ohms: number, digits: number): [string, number] {
  const exponent = Math.floor(Math.log10(ohms)) - (digits - 1);
  return [String(Math.round(ohms / 10 ** exponent)).padStart(digits, '0'), exponent];
}

/**
 * UNI-ROYAL (UniOhm) thick film: 0603WAF4701T5E — size, series (WG 0402, WA 0603, W8 0805, W4
 * 1206…), F with four digits (1 %) or J with 0 and three (5 %), packaging (TCE 0402, T5E).
 */
const uniroyalResistor: ResistorCode = (size, ohms, tolerance) => {
  const series: Record<string, string> = {
    '0201': 'WH',
    '0402': 'WG',
    '0603': 'WA',
    '0805': 'W8',
    '1206': 'W4',
    '1210': 'W2',
    '2010': 'W5',
    '2512': 'W1',
  };
  const packing = size === '0402' || size === '0201' ? 'TCE' : 'T5E';
  let code: string;
  if (ohms < 10 || (tolerance === 1 && ohms < 100)) {
    // Below the digits' range the R marks the decimal point: 4R70, 47R5, 04R7.
    code = ohms.toFixed(ohms < 10 && tolerance === 1 ? 2 : 1).replace('.', 'R');
    code = code.padStart(4, '0').slice(-4);
  } else {
    const [digits, exponent] = digitsAndExponent(ohms, tolerance === 1 ? 3 : 2);
    code = tolerance === 1 ? `${digits}${exponent}` : `0${digits}${exponent}`;
  }
  return `${size}${series[size]}${tolerance === 1 ? 'F' : 'J'}${code}${packing}`;
};

/** Vishay CRCW e3: CRCW060310K0FKEA — size, value in four characters, tolerance, TCR, EA. */
const vishayResistor: ResistorCode = (size, ohms, tolerance) => {
  const [unit, scale] = ohms >= 1e6 ? ['M', 1e6] : ohms >= 1e3 ? ['K', 1e3] : ['R', 1];
  const scaled = ohms / scale;
  const [whole, fraction = ''] = String(Number(scaled.toPrecision(3))).split('.');
  const value = `${whole}${unit}${fraction}`.padEnd(4, '0').slice(0, 4);
  return `CRCW${size}${value}${tolerance === 1 ? 'FKEA' : 'JNEA'}`;
};

function resistors(): Draft[] {
  const drafts: Draft[] = [];
  const powers: Record<string, string> = {
    '0201': '1/20W',
    '0402': '1/16W',
    '0603': '1/10W',
    '0805': '1/8W',
    '1206': '1/4W',
    '1210': '1/2W',
    '2010': '3/4W',
    '2512': '1W',
  };
  const makers: [string, ResistorCode][] = [
    ['YAGEO', yageoResistor],
    ['UNI-ROYAL', uniroyalResistor],
    ['Vishay', vishayResistor],
  ];
  const add = (size: string, ohms: number, tolerance: 1 | 5, maker: [string, ResistorCode]) => {
    const partNumber = maker[1](size, ohms, tolerance);
    const value = formatEngineeringValue(ohms, 'Ω');
    drafts.push({
      source: `demo:${partNumber}`,
      name: `${value} ±${tolerance}% ${size} resistor`,
      partNumber,
      manufacturer: maker[0],
      category: CATEGORY.resistors,
      packageName: size,
      mountType: 'SMD',
      description: `Thick film chip resistor ${value} ±${tolerance}% ${powers[size]} ${size} ±100ppm/°C`,
      specs: [
        spec(SPEC.resistance, formatRkm(ohms)),
        spec(SPEC.tolerance, `±${tolerance}%`),
        spec(SPEC.power, powers[size]!),
        spec(SPEC.tempco, '±100ppm/°C'),
        spec(SPEC.temperature, '-55°C~+155°C'),
      ],
      basePriceMinor: tolerance === 1 ? 0.18 : 0.12,
    });
  };
  const e24 = decadeValues('E24', 0, 6);
  const e96 = decadeValues('E96', 1, 5);
  for (const [size] of CHIP_SIZES) {
    for (const maker of makers.slice(0, size === '0402' || size === '0603' ? 3 : 2)) {
      for (const ohms of e24) add(size, ohms, 5, maker);
      for (const ohms of e24) add(size, ohms, 1, maker);
      if (['0402', '0603', '0805'].includes(size)) {
        for (const ohms of e96) if (!e24.includes(ohms)) add(size, ohms, 1, maker);
      }
    }
    drafts.push({
      source: `demo:RC${size}JR-070RL`,
      name: `0Ω jumper ${size}`,
      partNumber: `RC${size}JR-070RL`,
      manufacturer: 'YAGEO',
      category: CATEGORY.resistors,
      packageName: size,
      mountType: 'SMD',
      description: `Zero ohm jumper ${size}`,
      specs: [spec(SPEC.resistance, '0R'), spec(SPEC.power, powers[size]!)],
      basePriceMinor: 0.1,
    });
  }
  return drafts;
}

const MLCC_VOLTAGES = [6.3, 10, 16, 25, 50, 100];
const MLCC_MAX_FARADS: Record<string, number> = {
  '0201': 1e-6,
  '0402': 10e-6,
  '0603': 22e-6,
  '0805': 47e-6,
  '1206': 100e-6,
  '1210': 100e-6,
};

type MlccCode = (size: string, farads: number, volts: number, dielectric: string) => string;

/** Picofarad code: 100 nF → "104", 4.7 pF → "4R7". */
const pfCode = (farads: number) => threeDigitCode(Number((farads * 1e12).toPrecision(3)));

/**
 * Murata GRM: GRM155R71C104KA88D — size (03 0201, 15 0402, 18 0603, 21 0805, 31 1206, 32 1210),
 * thickness, dielectric (5C C0G, R7 X7R, R6 X5R), voltage (0J 1A 1C 1E 1H 2A), value, tolerance
 * (J 5 %, K 10 %), individual code.
 */
const murataMlcc: MlccCode = (size, farads, volts, dielectric) => {
  const sizes: Record<string, [string, string]> = {
    '0201': ['03', '3'],
    '0402': ['15', '5'],
    '0603': ['18', '8'],
    '0805': ['21', 'B'],
    '1206': ['31', 'M'],
    '1210': ['32', 'M'],
  };
  const [code, thickness] = sizes[size]!;
  const kind = dielectric === 'C0G' ? '5C' : dielectric === 'X7R' ? 'R7' : 'R6';
  const voltage = MURATA_VOLTS[volts]!;
  const tolerance = dielectric === 'C0G' ? 'J' : 'K';
  const individual = size === '0402' && dielectric !== 'C0G' ? 'A88D' : 'A01D';
  return `GRM${code}${thickness}${kind}${voltage}${pfCode(farads)}${tolerance}${individual}`;
};
const MURATA_VOLTS: Record<number, string> = {
  6.3: '0J',
  10: '1A',
  16: '1C',
  25: '1E',
  50: '1H',
  100: '2A',
};

/**
 * Samsung CL: CL05B104KO5NNNC — size (03 05 10 21 31 32), dielectric (C C0G, B X7R, A X5R),
 * value, tolerance, voltage (Q 6.3 P 10 O 16 A 25 B 50 C 100), thickness, NNNC.
 */
const samsungMlcc: MlccCode = (size, farads, volts, dielectric) => {
  const sizes: Record<string, [string, string]> = {
    '0201': ['03', '3'],
    '0402': ['05', '5'],
    '0603': ['10', '8'],
    '0805': ['21', 'F'],
    '1206': ['31', 'F'],
    '1210': ['32', 'F'],
  };
  const voltages: Record<number, string> = {
    6.3: 'Q',
    10: 'P',
    16: 'O',
    25: 'A',
    50: 'B',
    100: 'C',
  };
  const [code, thickness] = sizes[size]!;
  const kind = dielectric === 'C0G' ? 'C' : dielectric === 'X7R' ? 'B' : 'A';
  const tolerance = dielectric === 'C0G' ? 'J' : 'K';
  return `CL${code}${kind}${pfCode(farads)}${tolerance}${voltages[volts]}${thickness}NNNC`;
};

/**
 * Yageo CC: CC0402KRX7R7BB104 — size, tolerance, paper reel, dielectric (NPO X7R X5R),
 * voltage (5 6.3 V, 6 10 V, 7 16 V, 8 25 V, 9 50 V, 0 100 V), BB (BN for NPO), value.
 */
const yageoMlcc: MlccCode = (size, farads, volts, dielectric) => {
  const voltages: Record<number, string> = {
    6.3: '5',
    10: '6',
    16: '7',
    25: '8',
    50: '9',
    100: '0',
  };
  const npo = dielectric === 'C0G';
  return `CC${size}${npo ? 'J' : 'K'}R${npo ? 'NPO' : dielectric}${voltages[volts]}${npo ? 'BN' : 'BB'}${pfCode(farads)}`;
};

function capacitors(): Draft[] {
  const drafts: Draft[] = [];
  const makers: [string, MlccCode][] = [
    ['Murata', murataMlcc],
    ['Samsung Electro-Mechanics', samsungMlcc],
    ['YAGEO', yageoMlcc],
  ];
  const values = decadeValues('E12', -12, -5).filter((farads) => farads <= 100e-6);
  for (const [size] of CHIP_SIZES.slice(0, 6)) {
    for (const farads of values) {
      if (farads > MLCC_MAX_FARADS[size]!) continue;
      const dielectrics = farads <= 1e-9 ? ['C0G'] : farads <= 4.7e-6 ? ['X7R', 'X5R'] : ['X5R'];
      for (const dielectric of dielectrics) {
        // Bigger values come in lower voltages only.
        const maxVoltage = farads >= 10e-6 ? 16 : farads >= 1e-6 ? 25 : farads >= 100e-9 ? 50 : 100;
        for (const volts of MLCC_VOLTAGES) {
          if (volts > maxVoltage) continue;
          if (dielectric === 'C0G' && volts < 50) continue;
          for (const maker of makers) {
            const partNumber = maker[1](size, farads, volts, dielectric);
            const value = formatEngineeringValue(farads, 'F');
            drafts.push({
              source: `demo:${partNumber}`,
              name: `${value} ${volts}V ${dielectric} ${size}`,
              partNumber,
              manufacturer: maker[0],
              category: CATEGORY.capacitors,
              packageName: size,
              mountType: 'SMD',
              description: `MLCC ${value} ${volts}V ${dielectric === 'C0G' ? 'C0G (NP0)' : dielectric} ±10% ${size}`,
              specs: [
                spec(SPEC.capacitance, value),
                spec(SPEC.voltage, `${volts}V`),
                spec(SPEC.dielectric, dielectric),
                spec(SPEC.tolerance, dielectric === 'C0G' ? '±5%' : '±10%'),
                spec(SPEC.temperature, dielectric === 'X5R' ? '-55°C~+85°C' : '-55°C~+125°C'),
              ],
              basePriceMinor: 0.2 + farads * 1e5 + volts / 100,
            });
          }
        }
      }
    }
  }
  return drafts;
}

function electrolytics(): Draft[] {
  const drafts: Draft[] = [];
  const values = decadeValues('E6', -6, -3).filter((farads) => farads <= 2200e-6);
  const voltages = [6.3, 10, 16, 25, 35, 50, 63];
  const kinds: { type: string; prefix: string; maker: string; packages: string[] }[] = [
    {
      type: 'Aluminium electrolytic',
      prefix: 'EEE',
      maker: 'Panasonic',
      packages: ['SMD 5x5.4', 'SMD 6.3x7.7', 'SMD 8x10'],
    },
    {
      type: 'Aluminium electrolytic',
      prefix: 'ECA',
      maker: 'Panasonic',
      packages: ['Radial 5x11', 'Radial 8x12', 'Radial 10x16'],
    },
    { type: 'Tantalum', prefix: 'T491', maker: 'KEMET', packages: ['Case A', 'Case B', 'Case C'] },
    {
      type: 'Aluminium polymer',
      prefix: 'PCV',
      maker: 'Panasonic',
      packages: ['SMD 5x5.4', 'SMD 6.3x7.7', 'SMD 8x10'],
    },
  ];
  for (const kind of kinds) {
    for (const farads of values) {
      for (const volts of voltages) {
        if (kind.type === 'Tantalum' && (volts > 35 || farads > 470e-6)) continue;
        const energy = farads * volts * volts;
        const index = energy < 2e-3 ? 0 : energy < 3e-2 ? 1 : 2;
        if (energy > 0.4) continue;
        const packageName = kind.packages[index]!;
        const code = threeDigitCode(farads * 1e6);
        const partNumber = `${kind.prefix}${code}M${String(volts).replace('.', 'R')}${index}`;
        const value = formatEngineeringValue(farads, 'F');
        drafts.push({
          source: `demo:${partNumber}`,
          name: `${value} ${volts}V ${kind.type.toLowerCase()}`,
          partNumber,
          manufacturer: kind.maker,
          category: CATEGORY.electrolytics,
          packageName,
          mountType: packageName.startsWith('Radial') ? 'THT' : 'SMD',
          description: `${kind.type} capacitor ${value} ${volts}V ±20% ${packageName}`,
          specs: [
            spec(SPEC.capacitance, value),
            spec(SPEC.voltage, `${volts}V`),
            spec(SPEC.capacitorType, kind.type),
            spec(SPEC.tolerance, '±20%'),
            spec(SPEC.esr, kind.type === 'Aluminium electrolytic' ? '300mΩ' : '40mΩ'),
            spec(SPEC.temperature, '-55°C~+105°C'),
          ],
          basePriceMinor: 4 + farads * 5000 + volts / 10,
        });
      }
    }
  }
  return drafts;
}

function inductors(): Draft[] {
  const drafts: Draft[] = [];
  const values = decadeValues('E12', -7, -4);
  const families: { prefix: string; maker: string; packageName: string; maxHenry: number }[] = [
    { prefix: 'MLZ1608', maker: 'TDK', packageName: '0603', maxHenry: 10e-6 },
    { prefix: 'MLZ2012', maker: 'TDK', packageName: '0805', maxHenry: 47e-6 },
    { prefix: 'SWPA4030S', maker: 'Sunlord', packageName: 'SMD 4x4', maxHenry: 220e-6 },
    { prefix: 'WE-LQS5020', maker: 'Würth Elektronik', packageName: 'SMD 5x5', maxHenry: 470e-6 },
    { prefix: 'SWPA6045S', maker: 'Sunlord', packageName: 'SMD 6x6', maxHenry: 1e-3 },
  ];
  for (const family of families) {
    for (const henry of values) {
      if (henry > family.maxHenry) continue;
      for (const tolerance of [20, 30]) {
        const code = threeDigitCode(henry * 1e6);
        const partNumber = `${family.prefix}${code}${tolerance === 20 ? 'M' : 'N'}T`;
        const value = formatEngineeringValue(henry, 'H');
        const amps = Math.max(0.05, Number((0.9 / Math.sqrt(henry * 1e5)).toFixed(2)));
        drafts.push({
          source: `demo:${partNumber}`,
          name: `${value} ${family.packageName} inductor`,
          partNumber,
          manufacturer: family.maker,
          category: CATEGORY.inductors,
          packageName: family.packageName,
          mountType: 'SMD',
          description: `Power inductor ${value} ±${tolerance}% ${amps}A ${family.packageName}`,
          specs: [
            spec(SPEC.inductance, value),
            spec(SPEC.currentRating, `${amps}A`),
            spec(SPEC.dcResistance, formatEngineeringValue(henry * 4000, 'Ω')),
            spec(SPEC.tolerance, `±${tolerance}%`),
          ],
          basePriceMinor: 3 + henry * 2e4,
        });
      }
    }
  }
  return drafts;
}

function diodes(): Draft[] {
  const drafts: Draft[] = [];
  const add = (draft: Omit<Draft, 'category' | 'mountType'> & { mountType?: 'SMD' | 'THT' }) =>
    drafts.push({ category: CATEGORY.diodes, mountType: 'SMD', ...draft });
  // Zener: E24 voltages 2.4 V to 47 V in three packages and two power ratings.
  const zenerVoltages = decadeValues('E24', 0, 1).filter((volts) => volts >= 2.4 && volts <= 47);
  for (const [packageName, prefix, watts] of [
    ['SOT-23', 'BZX84C', '300mW'],
    ['SOD-123', 'MMSZ', '500mW'],
    ['SOD-323', 'BZT52C', '200mW'],
    ['SMA', 'SMAZ', '1W'],
  ] as const) {
    for (const volts of zenerVoltages) {
      const partNumber = `${prefix}${String(volts).replace('.', 'V')}`;
      add({
        source: `demo:${partNumber}-${packageName}`,
        name: `Zener ${volts}V ${watts} ${packageName}`,
        partNumber,
        manufacturer: 'Nexperia',
        packageName,
        description: `Zener diode ${volts}V ±5% ${watts} ${packageName}`,
        specs: [
          spec(SPEC.diodeType, 'Zener'),
          spec(SPEC.zenerVoltage, `${volts}V`),
          spec(SPEC.powerDissipation, watts),
          spec(SPEC.reverseLeakage, '1µA'),
          spec(SPEC.forwardVoltage, '900mV'),
        ],
        basePriceMinor: 1.2,
      });
    }
  }
  // TVS: SMAJ/SMBJ stand-off voltages.
  const standOff = [5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24];
  for (const family of ['SMAJ', 'SMBJ', 'SMCJ'] as const) {
    for (const volts of [...standOff, 26, 28, 30, 33, 36, 40, 43, 45, 48, 51, 54, 58, 60]) {
      for (const suffix of ['A', 'CA']) {
        const partNumber = `${family}${volts}${suffix}`;
        add({
          source: `demo:${partNumber}`,
          name: `TVS ${volts}V ${suffix === 'CA' ? 'bidirectional' : 'unidirectional'}`,
          partNumber,
          manufacturer: 'Vishay',
          packageName: family.slice(0, 3),
          description: `TVS diode ${volts}V stand-off ${family === 'SMAJ' ? '400W' : family === 'SMBJ' ? '600W' : '1500W'} ${suffix === 'CA' ? 'bidirectional' : 'unidirectional'}`,
          specs: [
            spec(SPEC.diodeType, 'TVS'),
            spec(SPEC.reverseVoltage, `${volts}V`),
            spec(
              SPEC.powerDissipation,
              family === 'SMAJ' ? '400W' : family === 'SMBJ' ? '600W' : '1500W',
            ),
            spec(SPEC.reverseLeakage, '5µA'),
          ],
          basePriceMinor: 4,
        });
      }
    }
  }
  // Schottky, rectifier, fast recovery: current × voltage families.
  const families: {
    type: string;
    prefix: string;
    packages: string[];
    currents: number[];
    voltages: number[];
    vf: string;
  }[] = [
    {
      type: 'Schottky',
      prefix: 'SS',
      packages: ['SMA', 'SMB', 'SMC', 'SOD-123'],
      currents: [1, 2, 3, 5],
      voltages: [20, 30, 40, 50, 60, 100, 150, 200],
      vf: '550mV',
    },
    {
      type: 'Rectifier',
      prefix: 'GS',
      packages: ['SMA', 'SMB', 'DO-41'],
      currents: [1, 2, 3],
      voltages: [50, 100, 200, 400, 600, 800, 1000],
      vf: '1.1V',
    },
    {
      type: 'Fast recovery',
      prefix: 'RS',
      packages: ['SMA', 'SMB', 'DO-41'],
      currents: [1, 2, 3],
      voltages: [50, 100, 200, 400, 600, 800, 1000],
      vf: '1.3V',
    },
    {
      type: 'Bridge rectifier',
      prefix: 'MB',
      packages: ['SMB'],
      currents: [0.5, 1, 2],
      voltages: [100, 200, 400, 600, 800, 1000],
      vf: '1V',
    },
  ];
  for (const family of families) {
    for (const packageName of family.packages) {
      for (const amps of family.currents) {
        for (const volts of family.voltages) {
          const partNumber = `${family.prefix}${String(amps).replace('.', '')}${volts / 10}-${packageName.replace(/\W/g, '')}`;
          add({
            source: `demo:${partNumber}`,
            name: `${family.type} ${amps}A ${volts}V ${packageName}`,
            partNumber,
            manufacturer: family.type === 'Schottky' ? 'Diodes Incorporated' : 'onsemi',
            packageName,
            mountType: packageName === 'DO-41' ? 'THT' : 'SMD',
            description: `${family.type} diode ${amps}A ${volts}V Vf ${family.vf} ${packageName}`,
            specs: [
              spec(SPEC.diodeType, family.type),
              spec(SPEC.reverseVoltage, `${volts}V`),
              spec(SPEC.forwardCurrent, `${amps}A`),
              spec(SPEC.forwardVoltage, `${family.vf}@${amps}A`),
              spec(SPEC.reverseLeakage, family.type === 'Schottky' ? '500µA' : '5µA'),
            ],
            basePriceMinor: 1.5 + amps * 2,
          });
        }
      }
    }
  }
  for (const [packageName, prefix] of [
    ['SOD-123', '1N4148W'],
    ['SOD-323', '1N4148WS'],
    ['SOD-523', '1N4148WT'],
    ['SOT-23', 'BAV99'],
    ['DO-41', '1N4148'],
  ] as const) {
    add({
      source: `demo:${prefix}`,
      name: `Switching diode ${packageName}`,
      partNumber: prefix,
      manufacturer: 'onsemi',
      packageName,
      mountType: packageName === 'DO-41' ? 'THT' : 'SMD',
      description: `Small signal switching diode 100V 150mA 4ns ${packageName}`,
      specs: [
        spec(SPEC.diodeType, 'Switching'),
        spec(SPEC.reverseVoltage, '100V'),
        spec(SPEC.forwardCurrent, '150mA'),
        spec(SPEC.forwardVoltage, '1V@50mA'),
      ],
      basePriceMinor: 0.8,
    });
  }
  const colours: [string, string][] = [
    ['Red', '2V'],
    ['Green', '3V'],
    ['Blue', '3.1V'],
    ['Yellow', '2.1V'],
    ['White', '3.2V'],
    ['Orange', '2V'],
    ['Amber', '2.1V'],
  ];
  for (const [colour, vf] of colours) {
    for (const packageName of ['0402', '0603', '0805', '1206', 'LED 3mm']) {
      for (const brightness of ['standard', 'high brightness']) {
        const partNumber = `LED-${packageName.replace(/\W/g, '')}-${colour.toUpperCase()}${brightness === 'standard' ? '' : '-HB'}`;
        add({
          source: `demo:${partNumber}`,
          name: `${colour} LED ${packageName}${brightness === 'standard' ? '' : ' high brightness'}`,
          partNumber,
          manufacturer: 'Würth Elektronik',
          packageName,
          mountType: packageName === 'LED 3mm' ? 'THT' : 'SMD',
          description: `${colour} LED ${brightness} ${vf} 20mA ${packageName}`,
          specs: [
            spec(SPEC.diodeType, 'LED'),
            spec(SPEC.forwardVoltage, `${vf}@20mA`),
            spec(SPEC.forwardCurrent, '20mA'),
          ],
          basePriceMinor: brightness === 'standard' ? 1 : 2.5,
        });
      }
    }
  }
  return drafts;
}

function transistors(): Draft[] {
  const drafts: Draft[] = [];
  const types: { type: string; prefix: string; maker: string }[] = [
    { type: 'NPN', prefix: 'MMBT', maker: 'onsemi' },
    { type: 'PNP', prefix: 'MMBTP', maker: 'onsemi' },
    { type: 'N-channel MOSFET', prefix: 'NX', maker: 'Nexperia' },
    { type: 'P-channel MOSFET', prefix: 'PX', maker: 'Nexperia' },
  ];
  const packagesByType = ['SOT-23', 'SOT-89', 'SOT-223', 'TO-252', 'SOIC-8', 'TO-220'];
  const voltages = [20, 30, 40, 60, 80, 100, 150, 200];
  const currents = [0.2, 0.5, 1, 2, 4, 8, 15, 30, 60];
  for (const { type, prefix, maker } of types) {
    const mosfet = type.includes('MOSFET');
    for (const [index, packageName] of packagesByType.entries()) {
      for (const volts of voltages) {
        for (const amps of currents.slice(index, index + 4)) {
          const partNumber = `${prefix}${volts}${String(amps).replace('.', 'A')}${packageName.replace(/\W/g, '')}`;
          const rds = formatEngineeringValue(Number((0.5 / amps).toPrecision(2)), 'Ω');
          drafts.push({
            source: `demo:${partNumber}`,
            name: `${type} ${volts}V ${amps}A ${packageName}`,
            partNumber,
            manufacturer: maker,
            category: CATEGORY.transistors,
            packageName,
            mountType: packageName === 'TO-220' ? 'THT' : 'SMD',
            description: `${type} transistor ${volts}V ${amps}A ${mosfet ? `Rds(on) ${rds}` : 'hFE 100-300'} ${packageName}`,
            specs: [
              spec(SPEC.transistorType, type),
              spec(SPEC.vds, `${volts}V`),
              spec(SPEC.id, `${amps}A`),
              ...(mosfet ? [spec(SPEC.rdsOn, rds)] : []),
              spec(SPEC.powerDissipation, `${Math.min(100, 0.3 * (index + 1) ** 2)}W`),
            ],
            basePriceMinor: 2 + amps * 1.5 + volts / 50,
          });
        }
      }
    }
  }
  return drafts;
}

function regulators(): Draft[] {
  const drafts: Draft[] = [];
  const outputs = [0.8, 1.0, 1.2, 1.5, 1.8, 2.5, 2.8, 3.0, 3.3, 5.0, 9.0, 12.0];
  const ldo: [string, string, number, string, string][] = [
    ['SOT-23-5', 'TLV7', 0.3, 'Texas Instruments', '1.4V~6V'],
    ['SOT-23', 'XC62', 0.2, 'Microchip Technology', '2V~6V'],
    ['SOT-89', 'LP29', 0.5, 'Texas Instruments', '2.5V~16V'],
    ['SOT-223', 'AMS11', 1, 'Diodes Incorporated', '4.5V~15V'],
    ['TO-252', 'LM11', 1.5, 'STMicroelectronics', '4.5V~20V'],
    ['TO-220', 'L78', 1.5, 'STMicroelectronics', '7V~35V'],
  ];
  for (const [packageName, prefix, amps, maker, input] of ldo) {
    for (const volts of outputs) {
      for (const grade of ['C', 'I']) {
        const partNumber = `${prefix}${String(volts.toFixed(1)).replace('.', '')}${grade}-${packageName.replace(/\W/g, '')}`;
        drafts.push({
          source: `demo:${partNumber}`,
          name: `LDO ${volts}V ${amps}A ${packageName}`,
          partNumber,
          manufacturer: maker,
          category: CATEGORY.regulators,
          packageName,
          mountType: packageName === 'TO-220' ? 'THT' : 'SMD',
          description: `Low dropout linear regulator ${volts}V ${amps * 1000}mA input ${input} ${grade === 'C' ? 'commercial' : 'industrial'} ${packageName}`,
          specs: [
            spec(SPEC.regulatorType, 'LDO'),
            spec(SPEC.outputVoltage, `${volts}V`),
            spec(SPEC.outputCurrent, `${amps}A`),
            spec(SPEC.inputVoltage, input),
            spec(SPEC.temperature, grade === 'C' ? '0°C~+70°C' : '-40°C~+85°C'),
          ],
          basePriceMinor: 8 + amps * 10,
        });
      }
    }
  }
  const switchers: [string, string, string][] = [
    ['Buck', 'TPS54', '4.5V~28V'],
    ['Buck', 'MP23', '4.5V~24V'],
    ['Boost', 'TPS61', '0.9V~5.5V'],
    ['Buck-boost', 'TPS63', '1.8V~5.5V'],
  ];
  for (const [type, prefix, input] of switchers) {
    for (const amps of [0.5, 1, 2, 3, 5]) {
      for (const packageName of ['SOT-23-5', 'SOIC-8', 'QFN-32']) {
        for (const fixed of ['ADJ', '3V3', '5V0']) {
          const partNumber = `${prefix}${amps * 10}${fixed}-${packageName.replace(/\W/g, '')}`;
          const volts = fixed === 'ADJ' ? '0.8V~15V' : fixed === '3V3' ? '3.3V' : '5V';
          drafts.push({
            source: `demo:${partNumber}`,
            name: `${type} converter ${amps}A ${fixed === 'ADJ' ? 'adjustable' : volts}`,
            partNumber,
            manufacturer: 'Texas Instruments',
            category: CATEGORY.regulators,
            packageName,
            mountType: 'SMD',
            description: `${type} DC-DC converter ${amps}A output ${volts} input ${input} ${packageName}`,
            specs: [
              spec(SPEC.regulatorType, type),
              spec(SPEC.outputVoltage, volts),
              spec(SPEC.outputCurrent, `${amps}A`),
              spec(SPEC.inputVoltage, input),
            ],
            basePriceMinor: 40 + amps * 20,
          });
        }
      }
    }
  }
  return drafts;
}

function microcontrollers(): Draft[] {
  const drafts: Draft[] = [];
  const families: {
    prefix: string;
    maker: string;
    core: string;
    clock: number;
    packages: [string, string][];
    flashKb: number[];
  }[] = [
    {
      prefix: 'STM32F030',
      maker: 'STMicroelectronics',
      core: 'ARM Cortex-M0+',
      clock: 48,
      packages: [
        ['TSSOP-20', 'F'],
        ['LQFP-32', 'K'],
        ['LQFP-48', 'C'],
        ['LQFP-64', 'R'],
      ],
      flashKb: [16, 32, 64, 128, 256],
    },
    {
      prefix: 'STM32F103',
      maker: 'STMicroelectronics',
      core: 'ARM Cortex-M3',
      clock: 72,
      packages: [
        ['LQFP-48', 'C'],
        ['LQFP-64', 'R'],
        ['LQFP-100', 'V'],
        ['QFN-32', 'T'],
      ],
      flashKb: [32, 64, 128, 256, 512],
    },
    {
      prefix: 'STM32F411',
      maker: 'STMicroelectronics',
      core: 'ARM Cortex-M4',
      clock: 100,
      packages: [
        ['LQFP-48', 'C'],
        ['LQFP-64', 'R'],
        ['LQFP-100', 'V'],
      ],
      flashKb: [256, 512],
    },
    {
      prefix: 'ATSAMD21',
      maker: 'Microchip Technology',
      core: 'ARM Cortex-M0+',
      clock: 48,
      packages: [
        ['QFN-32', 'E'],
        ['LQFP-48', 'G'],
        ['LQFP-64', 'J'],
      ],
      flashKb: [32, 64, 128, 256],
    },
    {
      prefix: 'ATMEGA',
      maker: 'Microchip Technology',
      core: 'AVR',
      clock: 20,
      packages: [
        ['TSSOP-20', 'X'],
        ['QFN-32', 'MU'],
        ['LQFP-32', 'AU'],
      ],
      flashKb: [8, 16, 32, 64, 128],
    },
    {
      prefix: 'ESP32-C3',
      maker: 'Espressif Systems',
      core: 'RISC-V',
      clock: 160,
      packages: [['QFN-32', 'FN']],
      flashKb: [0, 4096],
    },
    {
      prefix: 'ESP32-S3',
      maker: 'Espressif Systems',
      core: 'Xtensa',
      clock: 240,
      packages: [['QFN-56', 'R']],
      flashKb: [0, 4096, 8192],
    },
    {
      prefix: 'RP2040',
      maker: 'Raspberry Pi',
      core: 'ARM Cortex-M0+',
      clock: 133,
      packages: [['QFN-56', '']],
      flashKb: [0],
    },
  ];
  for (const family of families) {
    for (const [packageName, pin] of family.packages) {
      for (const flash of family.flashKb) {
        for (const grade of ['6', '7']) {
          const partNumber =
            family.prefix === 'RP2040'
              ? `RP2040${grade === '6' ? '' : '-I'}`
              : `${family.prefix}${pin}${flash >= 1024 ? `${flash / 1024}M` : flash}T${grade}`;
          const ramKb = Math.max(4, Math.min(512, flash / 4 || 264));
          drafts.push({
            source: `demo:${partNumber}-${packageName}`,
            name: `${family.prefix} ${family.core} ${flash}KB ${packageName}`,
            partNumber,
            manufacturer: family.maker,
            category: CATEGORY.microcontrollers,
            packageName,
            mountType: 'SMD',
            description: `${family.core} microcontroller ${family.clock}MHz ${flash}KB flash ${ramKb}KB RAM ${packageName} ${grade === '6' ? '-40°C~+85°C' : '-40°C~+105°C'}`,
            specs: [
              spec(SPEC.core, family.core),
              spec(SPEC.clock, `${family.clock}MHz`),
              spec(SPEC.flash, `${flash}KB`, flash * 1024),
              spec(SPEC.ram, `${ramKb}KB`, ramKb * 1024),
              spec(
                SPEC.pins,
                packageName.replace(/\D+/g, ''),
                Number(packageName.replace(/\D+/g, '')),
              ),
            ],
            basePriceMinor: 60 + flash / 4,
          });
        }
      }
    }
  }
  return drafts;
}

function connectors(): Draft[] {
  const drafts: Draft[] = [];
  for (const positions of PIN_HEADER_POSITIONS) {
    const count = String(positions).padStart(2, '0');
    for (const rows of [1, 2]) {
      for (const [type, code] of [
        ['Pin header', 'PH'],
        ['Female header', 'FH'],
      ] as const) {
        for (const plating of ['G', 'T']) {
          const partNumber = `${code}${rows}x${count}-254${plating}`;
          const packageName = `PinHeader ${rows}x${count} P2.54mm`;
          drafts.push({
            source: `demo:${partNumber}`,
            name: `${type} ${rows}x${positions} 2.54mm`,
            partNumber,
            manufacturer: 'Amphenol',
            category: CATEGORY.connectors,
            packageName,
            mountType: 'THT',
            description: `${type} ${rows} row ${positions * rows} positions 2.54mm pitch ${plating === 'G' ? 'gold' : 'tin'} plated`,
            specs: [
              spec(SPEC.connectorType, type),
              spec(SPEC.positions, String(positions * rows), positions * rows),
              spec(SPEC.pitch, '2.54mm', 2.54),
              spec(SPEC.currentRating, '3A'),
            ],
            basePriceMinor: 5 + positions * rows * 0.8,
          });
        }
      }
    }
  }
  for (let positions = 2; positions <= 12; positions += 1) {
    const count = String(positions).padStart(2, '0');
    for (const [type, series, pitch] of [
      ['JST PH', 'PH', 2],
      ['JST XH', 'XH', 2.5],
    ] as const) {
      for (const variant of ['B', 'S']) {
        const partNumber = `${variant}${positions}B-${series}-${variant === 'B' ? 'K' : 'SM4'}`;
        drafts.push({
          source: `demo:${partNumber}`,
          name: `${type} ${positions} positions ${variant === 'B' ? 'vertical' : 'side entry'}`,
          partNumber,
          manufacturer: 'JST',
          category: CATEGORY.connectors,
          packageName: `${type} 1x${count} P${pitch.toFixed(2)}mm`,
          mountType: 'THT',
          description: `${type} wire-to-board header ${positions} positions ${pitch}mm pitch`,
          specs: [
            spec(SPEC.connectorType, type),
            spec(SPEC.positions, String(positions), positions),
            spec(SPEC.pitch, `${pitch}mm`, pitch),
            spec(SPEC.currentRating, pitch === 2 ? '2A' : '3A'),
          ],
          basePriceMinor: 6 + positions,
        });
      }
    }
  }
  for (const [type, packageName, pins] of [
    ['USB-C', 'USB-C 16P', 16],
    ['USB Micro-B', 'Micro-USB 5P', 5],
  ] as const) {
    for (const variant of ['A', 'B', 'C', 'D']) {
      const partNumber = `${type === 'USB-C' ? 'USB4105' : 'USB3075'}-GF-${variant}`;
      drafts.push({
        source: `demo:${partNumber}`,
        name: `${type} receptacle ${variant}`,
        partNumber,
        manufacturer: 'Amphenol',
        category: CATEGORY.connectors,
        packageName,
        mountType: 'SMD',
        description: `${type} receptacle ${pins} pins SMD`,
        specs: [
          spec(SPEC.connectorType, type),
          spec(SPEC.positions, String(pins), pins),
          spec(SPEC.currentRating, type === 'USB-C' ? '5A' : '1.8A'),
        ],
        basePriceMinor: 35,
      });
    }
  }
  return drafts;
}

/**
 * Parts of the demo board (seed/sample-board.ts) whose numbers the generators above do not make:
 * its temperature sensor and its two capacitors as the board's BOM names them.
 */
function boardParts(): Draft[] {
  const capacitor = (partNumber: string, value: string, volts: number, dielectric: string) => ({
    source: `demo:${partNumber}`,
    name: `${value} ${volts}V ${dielectric} 0805`,
    partNumber,
    manufacturer: 'Samsung Electro-Mechanics',
    category: CATEGORY.capacitors,
    packageName: '0805',
    mountType: 'SMD' as const,
    description: `MLCC ${value} ${volts}V ${dielectric} ±10% 0805`,
    specs: [
      spec(SPEC.capacitance, value),
      spec(SPEC.voltage, `${volts}V`),
      spec(SPEC.dielectric, dielectric),
      spec(SPEC.tolerance, '±10%'),
    ],
    basePriceMinor: dielectric === 'X7R' ? 0.4 : 1.6,
  });
  return [
    {
      source: 'demo:LM75BD',
      name: 'LM75B digital temperature sensor, I2C, SO-8',
      partNumber: 'LM75BD',
      manufacturer: 'NXP Semiconductors',
      category: 'Sensors',
      packageName: 'SOIC-8',
      mountType: 'SMD',
      description:
        'Digital temperature sensor and thermal watchdog, I2C, ±2°C, -55°C to +125°C, SO-8',
      specs: [spec(SPEC.temperature, '-55°C~+125°C')],
      basePriceMinor: 48,
    },
    capacitor('CL21B104KBCNNNC', '100nF', 50, 'X7R'),
    capacitor('CL21A106KAYNNNE', '10uF', 25, 'X5R'),
  ];
}

const BREAK_QUANTITIES = [1, 10, 100, 1000, 5000];
const BOARD_SEED = 20_261_129;
const CATALOGUE_SEED = 20_261_126;
const COMMON_SEED = 20_261_207;
const BREAK_FACTORS = [1, 0.8, 0.55, 0.35, 0.28];

/**
 * The demo catalogue: the demo board's own parts, then parts of the nine tab categories, with
 * stock and price breaks. The board's parts come first: they are loaded before the demo board's
 * BOM is read at first start, and the catalogue's last part marks the whole load as done.
 */
export function demoCatalogue(): CatalogueRecord[] {
  return withLcscCodes([
    ...withStockAndPrices(boardParts(), BOARD_SEED),
    ...withStockAndPrices(commonParts(), COMMON_SEED),
    ...withStockAndPrices(
      [
        ...resistors(),
        ...capacitors(),
        ...electrolytics(),
        ...inductors(),
        ...diodes(),
        ...transistors(),
        ...regulators(),
        ...microcontrollers(),
        ...connectors(),
      ],
      CATALOGUE_SEED,
    ),
  ]);
}

/** The parts LCSC sells carry LCSC's order code (C1525 finds CL05B104KO5NNNC). */
function withLcscCodes(records: CatalogueRecord[]): CatalogueRecord[] {
  const lcsc = demoLcscCodes();
  return records.map((record) => {
    const codes = lcsc.get(record.partNumber.toUpperCase());
    return codes ? { ...record, skus: codes.map((sku) => ({ supplier: 'LCSC', sku })) } : record;
  });
}

/**
 * The records of the demo board's parts and of the resistors with these part numbers, as
 * demoCatalogue() makes them (the generated parts start with the resistors, so their stock and
 * prices come out the same), without generating the rest: the first start loads these before it
 * reads the demo board's BOM.
 */
export function demoBoardRecords(partNumbers: ReadonlySet<string>): CatalogueRecord[] {
  return withLcscCodes(
    [
      ...withStockAndPrices(boardParts(), BOARD_SEED),
      ...withStockAndPrices(resistors(), CATALOGUE_SEED),
    ].filter((record) => partNumbers.has(record.partNumber)),
  );
}

function withStockAndPrices(drafts: readonly Draft[], seed: number): CatalogueRecord[] {
  const next = random(seed);
  return drafts.map(({ basePriceMinor, ...draft }) => {
    const locations = next() < 0.5 ? [1, 2] : [1, 2, 3];
    // About one part in ten is out of stock, so hiding zero quantities shows a difference.
    const outOfStock = next() < 0.1;
    const stock = locations.map((locationId, index) => {
      const qty = outOfStock ? 0 : Math.floor(next() ** 2 * (index === 0 ? 50_000 : 8_000));
      return {
        locationId,
        lot: `L${2600 + Math.floor(next() * 90)}`,
        qty,
        reserved: Math.floor(qty * next() * 0.2),
      };
    });
    const jitter = 0.85 + next() * 0.3;
    const priceBreaks = BREAK_QUANTITIES.map((minQty, index) => ({
      minQty,
      unitPriceMinor: Math.max(
        0.01,
        Number((basePriceMinor * jitter * BREAK_FACTORS[index]!).toFixed(4)),
      ),
    }));
    return {
      ...draft,
      datasheet: `https://datasheets.circuits.example/${encodeURIComponent(draft.partNumber)}.pdf`,
      stock,
      priceBreaks,
    };
  });
}
