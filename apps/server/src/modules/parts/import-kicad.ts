import type { CatalogueSpec } from './catalogue-record.ts';
import type { ReadResult } from './import-formats.ts';

// Reader of a KiCad database-library table (the CSV behind a `.kicad_dbl`, as GitPLM keeps it:
// `IPN, MPN, Manufacturer, Description, Symbol, Footprint, <value columns>, Datasheet`) for
// `npm run parts:import`. The internal part number (IPN) keys the part; the value columns named
// like a specification (`Resistance`, `Power`, `Tolerance`, `Capacitance`…) give its specs.

/** Whether a CSV header is a KiCad database library's: an MPN, a symbol and a footprint. */
export function isKicadLibraryHeader(header: readonly string[]): boolean {
  const names = new Set(header.map((name) => name.trim().toLowerCase()));
  return names.has('mpn') && names.has('symbol') && names.has('footprint');
}

/** The tab of a part by its KiCad symbol (`Device:R_US`) or its IPN's class (`RES-0001-0002`). */
function categoryOf(symbol: string, ipn: string): number | string {
  const name = symbol.split(':').pop() ?? '';
  const ipnClass = ipn.split('-')[0]?.toUpperCase() ?? '';
  if (/^R(_|$)/.test(name) || ipnClass === 'RES') return 1;
  if (/^C_Polarized|^CP(_|$)/.test(name)) return 4;
  if (/^C(_|$)/.test(name) || ipnClass === 'CAP') return 2;
  if (/^L(_|$)/.test(name) || ipnClass === 'IND') return 8;
  if (/^(D|LED)(_|$)/.test(name) || ipnClass === 'DIO') return 5;
  if (/^Q_/.test(name)) return 7;
  if (/^Conn/.test(name) || ipnClass === 'CON') return 6;
  return 'Other';
}

/** The package of a KiCad footprint: the size code of a chip (`R_0603_1608Metric` → 0603). */
function packageOf(footprint: string): string | undefined {
  const first = footprint.split(';')[0]?.trim() ?? '';
  const name = first.split(':').pop() ?? '';
  if (name === '') return undefined;
  const chip = /^[A-Z]+_(0\d0\d|0201|1\d\d\d|2\d\d\d)_/.exec(name);
  return chip ? chip[1] : name;
}

const VOLTAGE_RATED = 5;

/** Value columns KiCad libraries name otherwise than our specifications. */
const COLUMN_SPEC: Readonly<Record<string, number>> = {
  voltage: 5,
  current: 8,
  'rated current': 8,
};

/** One row of a KiCad database-library CSV. */
export function readKicadLibraryRow(
  row: Record<string, string>,
  line: number,
  specIdByName: ReadonlyMap<string, number>,
): ReadResult {
  const cell = (name: string) => {
    const key = Object.keys(row).find((column) => column.trim().toLowerCase() === name);
    return key === undefined ? '' : (row[key] ?? '').trim();
  };
  const ipn = cell('ipn');
  const partNumber = cell('mpn');
  const manufacturer = cell('manufacturer');
  const source = ipn ? `kicad:${ipn}` : partNumber ? `kicad:${manufacturer}:${partNumber}` : '';
  if (partNumber === '') return { source: source || `line ${line}`, refused: 'MPN is empty', line };
  if (manufacturer === '') return { source, refused: 'Manufacturer is empty', line };
  const category = categoryOf(cell('symbol'), ipn);
  const specs: CatalogueSpec[] = [];
  for (const [column, value] of Object.entries(row)) {
    const name = column.trim().toLowerCase();
    const id = specIdByName.get(name) ?? COLUMN_SPEC[name];
    if (id === undefined || value.trim() === '') continue;
    // A resistor's voltage is its limiting voltage, not a capacitor's rating.
    if (id === VOLTAGE_RATED && category !== 2 && category !== 4) continue;
    // A bare number in the Resistance column is ohms, as KiCad's value field writes it.
    const written = value.trim();
    specs.push({
      specificationId: id,
      text: id === 1 && /^\d+(\.\d+)?[kKmM]?$/.test(written) ? `${written}Ω` : written,
    });
  }
  const datasheet = cell('datasheet');
  return {
    record: {
      source,
      name: partNumber,
      partNumber,
      manufacturer,
      category,
      packageName: packageOf(cell('footprint')),
      description: cell('description') || cell('value'),
      datasheet: /^https?:\/\//.test(datasheet) ? datasheet : undefined,
      specs,
      stock: [],
      priceBreaks: [],
      line,
    },
  };
}
