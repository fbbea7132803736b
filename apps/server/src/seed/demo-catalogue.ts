import type { CatalogueRecord } from '../modules/parts/catalogue-record.ts';
import { CATEGORY, type Draft, random, SPEC, spec } from './demo-catalogue-basics.ts';
import { commonParts } from './demo-catalogue-common.ts';
import { demoLcscCodes } from './demo-lcsc-codes.ts';
import { connectors, microcontrollers } from './demo-mcus-connectors.ts';
import { capacitors, electrolytics, inductors, resistors } from './demo-passives.ts';
import { diodes, regulators, transistors } from './demo-semiconductors.ts';

// The demo catalogue seeded at first start: generated here, deterministically (the same parts,
// stock and prices on every machine), so no third-party catalogue data ships with Circuits.
// Chip resistors and MLCCs are real part numbers, made by their makers' ordering-code rules
// (Yageo RC and CC, UNI-ROYAL, Vishay CRCW, Murata GRM, Samsung CL), and the common ICs,
// transistors, diodes, regulators and connectors an engineer types (LM358, ATMEGA328P-AU, BSS138,
// AMS1117-3.3, ESP32-WROOM-32…) are real parts (demo-catalogue-common.ts). The other generated
// families keep the shape of real part numbers. Stock and prices are made up. Each family is made
// in its own file (demo-passives.ts, demo-semiconductors.ts, demo-mcus-connectors.ts); this one
// puts them together in a fixed order and gives every part its stock and prices.

export { CATEGORY, DEMO_MANUFACTURERS, SPEC } from './demo-catalogue-basics.ts';
export { chipFootprintAliases, demoPackages } from './demo-packages.ts';

/**
 * Parts of the demo board (seed/sample-board.ts) whose numbers the family generators do not make:
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
