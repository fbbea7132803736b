// Passive families of the demo catalogue: chip resistors and MLCCs by their makers' ordering-code
// rules, electrolytics and inductors.

import { formatEngineeringValue, formatRkm } from '@circuits/domain';
import {
  CATEGORY,
  type Draft,
  decadeValues,
  SPEC,
  spec,
  threeDigitCode,
} from './demo-catalogue-basics.ts';
import { CHIP_SIZES } from './demo-packages.ts';

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

export function resistors(): Draft[] {
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

export function capacitors(): Draft[] {
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

export function electrolytics(): Draft[] {
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

export function inductors(): Draft[] {
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
