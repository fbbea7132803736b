import type { CatalogueRecord, CatalogueSpec } from './catalogue-record.ts';

// Readers of catalogue files for `npm run parts:import`: the jlcparts JSON-lines format and our
// documented CSV (docs/parts-import.md). Each turns one line or row into a catalogue record, or
// says why it cannot.

export type ReadResult =
  | { record: CatalogueRecord }
  | { refused: string; source: string; line?: number | undefined };

/** Where imported stock is kept: the main warehouse (location 1). */
export const IMPORT_LOCATION = 1;

// Tab categories (ids fixed by the migration) by the category and sub-category names jlcparts
// uses; its duplicate taxonomies land on one tab. Anything else keeps its sub-category's name.
const TAB_BY_SUBCATEGORY: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(aluminum electrolytic|tantalum|polymer)/i, 4],
  [/multilayer ceramic|mlcc/i, 2],
  [/resistor/i, 1],
  [/^(power inductors|inductors \(smd\)|through hole inductors|inductors)/i, 8],
  [/diode|tvs|esd and surge|light emitting|led indication|bridge rectifier/i, 5],
  [/bjt|mosfet|transistor/i, 7],
  [/linear voltage regulators|ldo|dc-dc converter/i, 11],
  [/microcontroller/i, 19],
];

const CONNECTOR_CATEGORY = /^connectors?$/i;

export function categoryOf(category: string, subcategory: string): number | string {
  if (CONNECTOR_CATEGORY.test(category)) return 6;
  for (const [pattern, id] of TAB_BY_SUBCATEGORY) if (pattern.test(subcategory)) return id;
  return subcategory || category;
}

// jlcparts spec names (lower-cased) → our specification ids.
export const SPEC_BY_NAME: Readonly<Record<string, number>> = {
  resistance: 1,
  tolerance: 2,
  power: 3,
  'power(watts)': 3,
  capacitance: 4,
  'voltage rated': 5,
  'rated voltage': 5,
  'allowable voltage': 5,
  'temperature coefficient': 10,
  inductance: 7,
  'rated current': 8,
  'current rating': 8,
  'operating temperature': 9,
  'operating temperature range': 9,
  'dc resistance': 11,
  'dc resistance (dcr)': 11,
  'voltage - dc reverse (vr) (max)': 17,
  'reverse voltage (vr)': 17,
  'reverse stand-off voltage (vrwm)': 17,
  'drain to source voltage': 19,
  'collector-emitter breakdown voltage (vceo)': 19,
  'continuous drain current (id)': 20,
  'current - collector(ic)': 20,
  'rds(on)': 21,
  'output voltage': 22,
  'output current': 23,
  'rectified current': 24,
  'forward current': 24,
  'average rectified current (io)': 24,
  'voltage - forward (vf) (max) @ if': 25,
  'voltage - forward(vf)': 25,
  'forward voltage (vf@if)': 25,
  'reverse leakage current (ir)': 26,
  'reverse leakage current': 26,
  'zener voltage (nom)': 27,
  'zener voltage (range)': 27,
  'power dissipation (pd)': 28,
  'power dissipation': 28,
  'equivalent series resistance': 36,
  'equivalent series resistance (esr)': 36,
  'cpu core': 29,
  'cpu maximum speed': 15,
  'number of pins': 34,
  pitch: 14,
};

export function diodeType(subcategory: string, description: string): string | undefined {
  if (/zener/i.test(subcategory)) return 'Zener';
  if (/schottky/i.test(subcategory)) return 'Schottky';
  if (/tvs|esd/i.test(subcategory)) return 'TVS';
  if (/switching/i.test(subcategory)) return 'Switching';
  if (/bridge/i.test(subcategory)) return 'Bridge rectifier';
  if (/fast recovery|high efficiency/i.test(subcategory)) return 'Fast recovery';
  if (/led|light emitting/i.test(subcategory)) return 'LED';
  if (/general purpose|rectifier/i.test(subcategory)) return 'Rectifier';
  return /schottky/i.test(description) ? 'Schottky' : undefined;
}

export function transistorType(subcategory: string, text: string): string | undefined {
  if (/mosfet/i.test(subcategory)) {
    if (/p-?channel|\bp-?mos/i.test(text)) return 'P-channel MOSFET';
    return 'N-channel MOSFET';
  }
  if (/bjt|bipolar/i.test(subcategory)) {
    if (/\bpnp\b/i.test(text)) return 'PNP';
    if (/\bnpn\b/i.test(text)) return 'NPN';
  }
  return undefined;
}

export function regulatorType(subcategory: string, text: string): string | undefined {
  if (/ldo|linear/i.test(subcategory)) return 'LDO';
  if (/buck-boost/i.test(text)) return 'Buck-boost';
  if (/boost|step-up/i.test(text)) return 'Boost';
  if (/buck|step-down/i.test(text)) return 'Buck';
  return undefined;
}

export function capacitorType(subcategory: string): string | undefined {
  if (/tantalum/i.test(subcategory)) return 'Tantalum';
  if (/polymer/i.test(subcategory)) return 'Aluminium polymer';
  if (/aluminum/i.test(subcategory)) return 'Aluminium electrolytic';
  return undefined;
}

type JlcSpec = { name?: unknown; raw?: unknown; value?: unknown };

export type JlcRecord = {
  lcsc?: unknown;
  mpn?: unknown;
  manufacturer?: unknown;
  category?: unknown;
  subcategory?: unknown;
  package?: unknown;
  description?: unknown;
  stock?: unknown;
  price_breaks_usd?: unknown;
  datasheet?: unknown;
  mount_hint?: unknown;
  specs?: unknown;
  key?: { dielectric?: unknown } | undefined;
};

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** One line of a jlcparts JSON-lines file. */
export function readJlcpartsLine(line: string, lineNumber: number): ReadResult | undefined {
  if (line.trim() === '') return undefined;
  let parsed: JlcRecord;
  try {
    parsed = JSON.parse(line) as JlcRecord;
  } catch {
    return { source: `line ${lineNumber}`, refused: 'not valid JSON', line: lineNumber };
  }
  return readJlcpartsObject(parsed, lineNumber);
}

/** One part as jlcparts describes it (a line of the JSON-lines extraction, or a read row). */
export function readJlcpartsObject(parsed: JlcRecord, lineNumber: number): ReadResult {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      source: `line ${lineNumber}`,
      refused: 'not a part (a JSON object)',
      line: lineNumber,
    };
  }
  const lcsc = text(parsed.lcsc);
  const source = lcsc ? `jlcparts:${lcsc}` : `line ${lineNumber}`;
  const partNumber = text(parsed.mpn);
  if (!lcsc) return { source, refused: 'no lcsc code', line: lineNumber };
  if (!partNumber) return { source, refused: 'no part number (mpn)', line: lineNumber };
  const category = text(parsed.category);
  const subcategory = text(parsed.subcategory);
  const description = text(parsed.description);
  const categoryId = categoryOf(category, subcategory);
  const specs: CatalogueSpec[] = [];
  const named = (id: number, value: string | undefined) => {
    if (value) specs.push({ specificationId: id, text: value });
  };
  if (categoryId === 5) named(16, diodeType(subcategory, description));
  if (categoryId === 7) named(18, transistorType(subcategory, description));
  if (categoryId === 11) named(32, regulatorType(subcategory, description));
  if (categoryId === 4) named(12, capacitorType(subcategory));
  if (categoryId === 2 && typeof parsed.key?.dielectric === 'string') {
    named(6, parsed.key.dielectric);
  }
  for (const spec of Array.isArray(parsed.specs) ? (parsed.specs as JlcSpec[]) : []) {
    const id = SPEC_BY_NAME[text(spec.name).toLowerCase()];
    const raw = text(spec.raw);
    if (id === undefined || raw === '' || raw === '-') continue;
    // Zener voltage is only a diode's; voltage ratings only a capacitor's.
    if (id === 5 && categoryId !== 2 && categoryId !== 4) continue;
    specs.push({ specificationId: id, text: raw });
  }
  const stock = Number(parsed.stock);
  const breaks = Array.isArray(parsed.price_breaks_usd)
    ? (parsed.price_breaks_usd as { qFrom?: unknown; price?: unknown }[])
    : [];
  const priceBreaks = breaks
    .map((entry) => ({ minQty: Number(entry.qFrom), usd: Number(entry.price) }))
    .filter((entry) => Number.isInteger(entry.minQty) && entry.minQty >= 1 && entry.usd >= 0)
    .map((entry) => ({
      minQty: entry.minQty,
      unitPriceMinor: Number((entry.usd * 100).toFixed(4)),
    }));
  const mount = text(parsed.mount_hint);
  const datasheet = text(parsed.datasheet);
  return {
    record: {
      source,
      name: partNumber,
      partNumber,
      manufacturer: text(parsed.manufacturer) || 'Unknown',
      category: categoryId,
      packageName: text(parsed.package) || undefined,
      mountType: mount === 'THT' ? 'THT' : mount === 'SMD' ? 'SMD' : undefined,
      description,
      datasheet: /^https?:\/\//.test(datasheet) ? datasheet : undefined,
      specs,
      stock:
        Number.isFinite(stock) && stock >= 0
          ? [{ locationId: IMPORT_LOCATION, lot: 'import', qty: Math.floor(stock), reserved: 0 }]
          : [],
      priceBreaks,
      skus: [{ supplier: 'LCSC', sku: lcsc }],
      line: lineNumber,
    },
  };
}

/** The columns of the documented CSV format (docs/parts-import.md). */
export const CSV_COLUMNS = [
  'source',
  'part_number',
  'manufacturer',
  'name',
  'category',
  'package',
  'mount_type',
  'description',
  'datasheet',
  'image',
  'stock',
  'price_breaks',
] as const;

/**
 * One row of the documented CSV. Columns named like a specification (`Resistance`,
 * `Capacitance`, `Dielectric`…) give that spec's value as written.
 */
export function readCsvRow(
  row: Record<string, string>,
  rowNumber: number,
  specIdByName: ReadonlyMap<string, number>,
): ReadResult {
  const value = (column: string) => (row[column] ?? '').trim();
  const partNumber = value('part_number');
  const manufacturer = value('manufacturer');
  const source = value('source')
    ? `csv:${value('source')}`
    : partNumber && manufacturer
      ? `csv:${manufacturer}:${partNumber}`
      : `line ${rowNumber}`;
  const line = rowNumber;
  if (!partNumber) return { source, refused: 'part_number is empty', line };
  if (!manufacturer) return { source, refused: 'manufacturer is empty', line };
  const mount = value('mount_type').toUpperCase();
  if (mount !== '' && mount !== 'SMD' && mount !== 'THT') {
    return {
      source,
      refused: `mount_type must be SMD or THT, not "${value('mount_type')}"`,
      line,
    };
  }
  const stockText = value('stock');
  const stock = stockText === '' ? 0 : Number(stockText);
  if (!Number.isInteger(stock) || stock < 0) {
    return { source, refused: `stock must be a whole number, not "${stockText}"`, line };
  }
  const priceBreaks: CatalogueRecord['priceBreaks'] = [];
  for (const entry of value('price_breaks')
    .split(';')
    .filter((part) => part.trim() !== '')) {
    const [qty, usd] = entry.split(':').map((part) => Number(part.trim()));
    if (!Number.isInteger(qty) || qty! < 1 || !Number.isFinite(usd) || usd! < 0) {
      return {
        source,
        refused: `price_breaks must read like "1:0.12;100:0.08", not "${entry}"`,
        line,
      };
    }
    priceBreaks.push({ minQty: qty!, unitPriceMinor: Number((usd! * 100).toFixed(4)) });
  }
  const specs: CatalogueSpec[] = [];
  for (const [column, cell] of Object.entries(row)) {
    const id = specIdByName.get(column.trim().toLowerCase());
    if (id !== undefined && cell.trim() !== '') specs.push({ specificationId: id, text: cell });
  }
  const category = value('category');
  return {
    record: {
      source,
      name: value('name') || partNumber,
      partNumber,
      manufacturer,
      category: /^\d+$/.test(category) ? Number(category) : category,
      packageName: value('package') || undefined,
      mountType: mount === '' ? undefined : (mount as 'SMD' | 'THT'),
      description: value('description'),
      datasheet: value('datasheet') || undefined,
      image: value('image') || undefined,
      specs,
      stock:
        stock > 0 ? [{ locationId: IMPORT_LOCATION, lot: 'import', qty: stock, reserved: 0 }] : [],
      priceBreaks,
      line,
    },
  };
}
