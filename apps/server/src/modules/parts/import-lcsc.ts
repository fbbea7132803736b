import { formatEngineeringValue, parseDielectric } from '@circuits/domain';
import type { CatalogueSpec } from './catalogue-record.ts';
import {
  categoryOf,
  IMPORT_LOCATION,
  type ReadResult,
  readJlcpartsObject,
  text,
} from './import-formats.ts';

// Readers of the LCSC / JLCPCB parts tables for `npm run parts:import`: the table as LCSC and
// JLCPCB publish it (a CSV with `LCSC Part #`, `MFR.Part #`, `Manufacturer`, `Package`, `Stock`,
// `Price (USD)`… as atopile's jlc_parts.csv and Basic_Parts.csv), and the current output of the
// jlcparts project (a header line of field names, then one JSON array a part, its attributes
// and sub-categories by index into the lookup files beside it). A part is keyed by its LCSC code,
// which becomes its LCSC supplier code.

const PREFIXED_UNIT = /^([kKmMuµnp]?)(Ω|ohms?|F|H|V|A|W)$/i;

/** A value and its column unit as the table gives them: `47` and `KΩ`, `15` and `pF`. */
function valueText(value: string, unit: string): string | undefined {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) return undefined;
  const match = PREFIXED_UNIT.exec(unit.trim());
  if (!match) return undefined;
  const prefix = match[1] === 'K' ? 'k' : match[1] === 'u' ? 'µ' : match[1]!;
  const symbol = /^ohm/i.test(match[2]!) ? 'Ω' : match[2]!;
  return `${number}${prefix}${symbol}`;
}

const DIELECTRIC_WORD = /\b(X7R|X5R|X7S|X6S|X8R|Y5V|Z5U|C0G|NP0|COG)\b/i;

/** One row of an LCSC / JLCPCB parts table (CSV). */
export function readLcscTableRow(row: Record<string, string>, line: number): ReadResult {
  const cell = (name: string) => (row[name] ?? '').trim();
  const lcsc = cell('LCSC Part #') || cell('LCSC Part') || cell('LCSC');
  const partNumber = cell('MFR.Part #') || cell('MFR.Part') || cell('MPN');
  const source = lcsc ? `jlcparts:${lcsc}` : `line ${line}`;
  if (!/^C\d+$/i.test(lcsc)) {
    return { source, refused: lcsc ? `"${lcsc}" is not an LCSC code` : 'no LCSC code', line };
  }
  if (partNumber === '' || partNumber === '-') {
    return { source, refused: 'no manufacturer part number (MFR.Part #)', line };
  }
  const description = cell('Description');
  const subcategory = cell('Category') || cell('Type') || cell('Second Category');
  const kind = cell('type').toLowerCase();
  let categoryId = categoryOf(cell('First Category'), subcategory);
  if (typeof categoryId === 'string') {
    if (kind === 'resistor') categoryId = 1;
    else if (kind === 'capacitor') categoryId = 2;
  }
  if (categoryId === '') categoryId = 'Other';
  const specs: CatalogueSpec[] = [];
  const value = cell('value');
  const unit = cell('unit');
  if (kind === 'resistor' || categoryId === 1) {
    const resistance =
      valueText(value, unit || 'Ω') ??
      (cell('value_in_ohms') ? valueText(cell('value_in_ohms'), 'Ω') : undefined);
    if (resistance) specs.push({ specificationId: 1, text: resistance });
  }
  if (kind === 'capacitor' || categoryId === 2) {
    const capacitance = unit
      ? valueText(value, unit)
      : Number.isFinite(Number(value)) && value !== ''
        ? formatEngineeringValue(Number(value), 'F')
        : undefined;
    if (capacitance) specs.push({ specificationId: 4, text: capacitance });
    if (cell('voltage') !== '' && Number.isFinite(Number(cell('voltage')))) {
      specs.push({ specificationId: 5, text: `${Number(cell('voltage'))}V` });
    }
    const dielectric =
      parseDielectric(cell('dielectric')) ?? DIELECTRIC_WORD.exec(description)?.[1];
    if (dielectric) specs.push({ specificationId: 6, text: parseDielectric(dielectric)! });
  }
  // The tables fill tolerance in on every row (5.0 on diodes too): it means something only on
  // resistors and capacitors.
  if ((kind === 'resistor' || kind === 'capacitor') && cell('tolerance') !== '') {
    const tolerance = Number(cell('tolerance'));
    if (Number.isFinite(tolerance) && tolerance > 0) {
      specs.push({ specificationId: 2, text: `±${tolerance}%` });
    }
  }
  const stock = Math.floor(Number(cell('Stock') || '0'));
  const price = Number(cell('Price (USD)') || cell('Price'));
  const datasheet = cell('Datasheet');
  return {
    record: {
      source,
      name: partNumber,
      partNumber,
      manufacturer: cell('Manufacturer') || 'Unknown',
      category: categoryId,
      packageName: cell('Package') || undefined,
      description,
      datasheet: /^https?:\/\//.test(datasheet) ? datasheet : undefined,
      specs,
      stock:
        Number.isFinite(stock) && stock > 0
          ? [{ locationId: IMPORT_LOCATION, lot: 'import', qty: stock, reserved: 0 }]
          : [],
      priceBreaks:
        Number.isFinite(price) && price > 0
          ? [{ minQty: 1, unitPriceMinor: Number((price * 100).toFixed(4)) }]
          : [],
      skus: [{ supplier: 'LCSC', sku: lcsc.toUpperCase() }],
      line,
    },
  };
}

/** Whether a CSV header is an LCSC / JLCPCB parts table's. */
export function isLcscTableHeader(header: readonly string[]): boolean {
  return header.some((name) => /^LCSC( Part #| Part)?$/i.test(name.trim()));
}

/** Field positions of a jlcparts components file, from its header line. */
export type JlcpartsSchema = ReadonlyMap<string, number>;

/**
 * The header line of a jlcparts components file: the field names as an array
 * (`["lcsc","mfr",…]`), as an object of positions (`{"lcsc":0,"mfr":1,…}`), or as `{schema: […]}`.
 */
export function readJlcpartsHeader(parsed: unknown): JlcpartsSchema | undefined {
  const names = (list: unknown[]) =>
    list.every((name) => typeof name === 'string')
      ? new Map((list as string[]).map((name, index) => [name, index]))
      : undefined;
  if (Array.isArray(parsed)) return names(parsed);
  if (parsed && typeof parsed === 'object') {
    const object = parsed as Record<string, unknown>;
    if (Array.isArray(object.schema)) return names(object.schema);
    const entries = Object.entries(object);
    if (entries.length > 0 && entries.every(([, index]) => Number.isInteger(index))) {
      return new Map(entries as [string, number][]);
    }
  }
  return undefined;
}

/** The lookup files beside a jlcparts components file, when there are any. */
export type JlcpartsLookups = {
  /** attributes-lut: line n is attribute n, `[name, value]`. */
  attributes?: readonly unknown[] | undefined;
  /** subcategories: line n is `[subcategory, category, sourcename]`. */
  subcategories?: readonly unknown[] | undefined;
};

const UNIT_SYMBOL: Readonly<Record<string, string>> = {
  resistance: 'Ω',
  capacitance: 'F',
  inductance: 'H',
  voltage: 'V',
  current: 'A',
  power: 'W',
  frequency: 'Hz',
};

/**
 * An attribute's value as text: jlcparts keeps `{format, primary, values: {name: [number,
 * unit]}}`; the primary value is written as an engineer would (`4.7kΩ`), a string as it is.
 */
function attributeText(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (!value || typeof value !== 'object') return undefined;
  const { primary, values } = value as { primary?: unknown; values?: Record<string, unknown> };
  if (!values || typeof values !== 'object') return undefined;
  const entry = values[typeof primary === 'string' ? primary : Object.keys(values)[0]!];
  if (!Array.isArray(entry)) return undefined;
  const [number, unit] = entry as [unknown, unknown];
  const symbol = typeof unit === 'string' ? UNIT_SYMBOL[unit] : undefined;
  if (typeof number === 'number' && symbol) {
    return formatEngineeringValue(number, symbol as Parameters<typeof formatEngineeringValue>[1]);
  }
  return number === null || number === undefined ? undefined : String(number);
}

/** Price breaks as jlcparts writes them: `[{qFrom, qTo, price}]` or `"1-9:0.01,10-99:0.008"`. */
function priceBreaksOf(price: unknown): { qFrom: number; price: number }[] {
  if (Array.isArray(price)) return price as { qFrom: number; price: number }[];
  if (typeof price !== 'string') return [];
  return price
    .split(',')
    .map((step) => /^(\d+)(?:-\d*)?:([\d.]+)$/.exec(step.trim()))
    .filter((match) => match !== null)
    .map((match) => ({ qFrom: Number(match[1]), price: Number(match[2]) }));
}

/** One component line (a JSON array) of a jlcparts components file. */
export function readJlcpartsRow(
  row: unknown[],
  schema: JlcpartsSchema,
  lookups: JlcpartsLookups,
  line: number,
): ReadResult {
  const field = (name: string) => {
    const index = schema.get(name);
    return index === undefined ? undefined : row[index];
  };
  const attributes: [string, unknown][] = [];
  const inline = field('attributes');
  if (inline && typeof inline === 'object' && !Array.isArray(inline)) {
    attributes.push(...Object.entries(inline as Record<string, unknown>));
  }
  const indices = field('attrsIdx') ?? field('attributes');
  if (Array.isArray(indices) && lookups.attributes) {
    for (const index of indices) {
      const entry = typeof index === 'number' ? lookups.attributes[index] : undefined;
      if (Array.isArray(entry) && typeof entry[0] === 'string') {
        attributes.push([entry[0], entry[1]]);
      }
    }
  }
  const attribute = (name: string) =>
    attributeText(attributes.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1]);
  let category = text(field('category'));
  let subcategory = text(field('subcategory'));
  const subcategoryIndex = field('subcategoryIdx');
  if (typeof subcategoryIndex === 'number' && lookups.subcategories) {
    const entry = lookups.subcategories[subcategoryIndex];
    if (Array.isArray(entry)) {
      subcategory ||= text(entry[0]);
      category ||= text(entry[1]);
    }
  }
  const lcscField = field('lcsc');
  const lcsc = typeof lcscField === 'number' ? `C${lcscField}` : text(lcscField);
  const stock = field('stock');
  return readJlcpartsObject(
    {
      lcsc,
      mpn: field('mfr') ?? field('mpn'),
      manufacturer: field('manufacturer') ?? attribute('Manufacturer'),
      category,
      subcategory,
      package: field('package') ?? attribute('Package'),
      description: field('description'),
      stock: typeof stock === 'number' ? stock : Number(stock ?? 0),
      price_breaks_usd: priceBreaksOf(field('price')),
      datasheet: field('datasheet'),
      specs: attributes
        .filter(([name]) => !/^(manufacturer|package|basic\/extended|status)$/i.test(name))
        .map(([name, value]) => ({ name, raw: attributeText(value) })),
    },
    line,
  );
}
