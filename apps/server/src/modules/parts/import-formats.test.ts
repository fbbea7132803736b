import { describe, expect, it } from 'vitest';
import { readCsvRow, readJlcpartsLine } from './import-formats.ts';

const SPECS = new Map([
  ['resistance', 1],
  ['tolerance', 2],
  ['dielectric', 6],
]);

describe('jlcparts lines', () => {
  it('reads a chip resistor onto the Resistors tab with its specs, stock and prices', () => {
    const line = JSON.stringify({
      lcsc: 'C23162',
      mpn: '0603WAF4701T5E',
      manufacturer: 'UNI-ROYAL(Uniroyal Elec)',
      category: 'Resistors',
      subcategory: 'Chip Resistor - Surface Mount',
      package: '0603',
      description: '4.7kΩ ±1% 100mW',
      stock: 1200,
      price_breaks_usd: [
        { qFrom: 1, qTo: 99, price: 0.0021 },
        { qFrom: 100, qTo: null, price: 0.0012 },
      ],
      datasheet: 'https://example.com/ds.pdf',
      mount_hint: 'SMD',
      specs: [
        { name: 'Resistance', raw: '4.7kΩ' },
        { name: 'Tolerance', raw: '±1%' },
        { name: 'Features', raw: 'whatever' },
      ],
      key: {},
    });
    const result = readJlcpartsLine(line, 1);
    expect(result).toEqual({
      record: expect.objectContaining({
        source: 'jlcparts:C23162',
        partNumber: '0603WAF4701T5E',
        category: 1,
        packageName: '0603',
        mountType: 'SMD',
        specs: [
          { specificationId: 1, text: '4.7kΩ' },
          { specificationId: 2, text: '±1%' },
        ],
        stock: [{ locationId: 1, lot: 'import', qty: 1200, reserved: 0 }],
        priceBreaks: [
          { minQty: 1, unitPriceMinor: 0.21 },
          { minQty: 100, unitPriceMinor: 0.12 },
        ],
      }),
    });
  });

  it('gives diodes their type and MLCCs their dielectric', () => {
    const zener = readJlcpartsLine(
      JSON.stringify({ lcsc: 'C8062', mpn: 'BZT52C5V1', subcategory: 'Zener Diodes', specs: [] }),
      1,
    );
    expect(zener && 'record' in zener && zener.record.specs).toEqual([
      { specificationId: 16, text: 'Zener' },
    ]);
    const mlcc = readJlcpartsLine(
      JSON.stringify({
        lcsc: 'C14663',
        mpn: 'CC0603KRX7R9BB104',
        subcategory: 'Multilayer Ceramic Capacitors MLCC - SMD/SMT',
        key: { dielectric: 'X7R' },
      }),
      1,
    );
    expect(mlcc && 'record' in mlcc && mlcc.record).toMatchObject({
      category: 2,
      specs: [{ specificationId: 6, text: 'X7R' }],
    });
  });

  it('refuses lines it cannot use, saying why', () => {
    expect(readJlcpartsLine('{oops', 7)).toEqual({
      source: 'line 7',
      refused: 'not valid JSON',
      line: 7,
    });
    expect(readJlcpartsLine('{"lcsc":"C1"}', 8)).toEqual({
      source: 'jlcparts:C1',
      refused: 'no part number (mpn)',
      line: 8,
    });
    expect(readJlcpartsLine('   ', 9)).toBeUndefined();
  });
});

describe('CSV rows', () => {
  it('reads the documented columns and spec columns', () => {
    const result = readCsvRow(
      {
        part_number: 'RC0603FR-074K7L',
        manufacturer: 'Yageo',
        category: '1',
        package: '0603',
        stock: '12000',
        price_breaks: '1:0.0021;100:0.0012',
        Resistance: '4k7',
        Tolerance: '±1%',
      },
      2,
      SPECS,
    );
    expect(result).toEqual({
      record: expect.objectContaining({
        source: 'csv:Yageo:RC0603FR-074K7L',
        category: 1,
        specs: [
          { specificationId: 1, text: '4k7' },
          { specificationId: 2, text: '±1%' },
        ],
        stock: [{ locationId: 1, lot: 'import', qty: 12000, reserved: 0 }],
        priceBreaks: [
          { minQty: 1, unitPriceMinor: 0.21 },
          { minQty: 100, unitPriceMinor: 0.12 },
        ],
      }),
    });
  });

  it('refuses rows with bad values, naming the column', () => {
    const base = { part_number: 'X1', manufacturer: 'Acme' };
    expect(readCsvRow({ ...base, stock: 'lots' }, 3, SPECS)).toMatchObject({
      refused: 'stock must be a whole number, not "lots"',
    });
    expect(readCsvRow({ ...base, price_breaks: '1=0.1' }, 3, SPECS)).toMatchObject({
      refused: 'price_breaks must read like "1:0.12;100:0.08", not "1=0.1"',
    });
    expect(readCsvRow({ ...base, mount_type: 'SMT' }, 3, SPECS)).toMatchObject({
      refused: 'mount_type must be SMD or THT, not "SMT"',
    });
    expect(readCsvRow({ manufacturer: 'Acme' }, 4, SPECS)).toEqual({
      source: 'line 4',
      refused: 'part_number is empty',
      line: 4,
    });
  });
});
