import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogueRecord } from './catalogue-record.ts';
import { type ReadResult, readJlcpartsLine } from './import-formats.ts';
import { guessFormat, type ImportFormat, readCatalogueFile } from './import-readers.ts';

// The catalogue readers of `npm run parts:import` on real catalogue files (../shared/fixtures,
// never copied into the project): what each reads, what it refuses and on which line.

const FIXTURES =
  process.env.FIXTURES_DIR ??
  path.resolve(import.meta.dirname, '../../../../../../shared/fixtures');
const CORPUS = path.join(FIXTURES, 'assembly-corpus');
const JLC_PARTS = path.join(CORPUS, 'atopile__atopile', 'jlc_parts.csv');
const BASIC_PARTS = path.join(CORPUS, 'atopile__atopile', 'Basic_Parts.csv');
const KICAD = path.join(CORPUS, 'git-plm__parts', 'g-res.csv');
const INVENTREE = path.join(CORPUS, 'inventree__demo-dataset', 'inventree_data.json');
const SLICE = path.join(FIXTURES, 'parts', 'jlcparts-slice.jsonl.gz');
const SPEC_IDS = new Map([
  ['resistance', 1],
  ['tolerance', 2],
  ['power', 3],
  ['capacitance', 4],
  ['voltage rating', 5],
]);

async function readAll(file: string, format?: ImportFormat) {
  const records: CatalogueRecord[] = [];
  const refused: Extract<ReadResult, { refused: string }>[] = [];
  const chosen = format ?? (await guessFormat(file))!;
  for await (const result of readCatalogueFile(file, chosen, { specIdsByName: SPEC_IDS })) {
    if ('record' in result) records.push(result.record);
    else refused.push(result);
  }
  return { records, refused };
}

/** The file's rows as the CSV parser reads them, for expectations made without our readers. */
function csvTable(file: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), {
    header: true,
    skipEmptyLines: 'greedy',
  }).data;
}

const present = [JLC_PARTS, BASIC_PARTS, KICAD, INVENTREE, SLICE].every((file) =>
  fs.existsSync(file),
);
if (!present) console.log(`catalogue reader tests skipped: fixtures under ${FIXTURES} absent`);

describe.runIf(present)('catalogue files as parts:import reads them', () => {
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-import-'));
  afterAll(() => fs.rmSync(temporary, { recursive: true, force: true }));

  it('tells the formats apart by name and header', async () => {
    expect(await guessFormat(JLC_PARTS)).toBe('lcsc');
    expect(await guessFormat(BASIC_PARTS)).toBe('lcsc');
    expect(await guessFormat(KICAD)).toBe('kicad');
    expect(await guessFormat(INVENTREE)).toBe('inventree');
    expect(await guessFormat(SLICE)).toBe('jlcparts');
  });

  it('reads the LCSC / JLCPCB table: every row a part with its LCSC code as supplier code', async () => {
    const rows = csvTable(JLC_PARTS);
    const { records, refused } = await readAll(JLC_PARTS);
    expect(refused).toEqual([]);
    expect(records).toHaveLength(rows.length);
    const first = records[0]!;
    expect(first).toMatchObject({
      source: 'jlcparts:C25792',
      partNumber: '0402WGF4702TCE',
      manufacturer: 'UNIROYAL ELEC',
      category: 1,
      packageName: '0402',
      stock: [{ qty: 104_812 }],
      priceBreaks: [{ minQty: 1, unitPriceMinor: 0.41 }],
      skus: [{ supplier: 'LCSC', sku: 'C25792' }],
      line: 2,
    });
    expect(first.specs).toEqual(
      expect.arrayContaining([
        { specificationId: 1, text: '47kΩ' },
        { specificationId: 2, text: '±1%' },
      ]),
    );
    const capacitor = records.find((record) => record.partNumber === 'CL21B334KBFNNNE')!;
    expect(capacitor.category).toBe(2);
    expect(capacitor.specs).toEqual(
      expect.arrayContaining([
        { specificationId: 4, text: '330nF' },
        { specificationId: 5, text: '50V' },
        { specificationId: 6, text: 'X7R' },
      ]),
    );
    // One part number under two LCSC codes: two records, merged into one part by the loader.
    const twice = records.filter((record) => record.partNumber === '0603WAF1804T5E');
    expect(twice.map((record) => record.skus![0]!.sku)).toHaveLength(2);
  });

  it('refuses a table row without a part number, naming its line', async () => {
    const rows = csvTable(BASIC_PARTS);
    const withoutNumber = rows.flatMap((row, index) =>
      ['', '-'].includes((row['MFR.Part #'] ?? '').trim()) ? [index + 2] : [],
    );
    expect(withoutNumber.length).toBeGreaterThan(0);
    const { records, refused } = await readAll(BASIC_PARTS);
    expect(refused.map((entry) => entry.line)).toEqual(withoutNumber);
    expect(refused[0]!.refused).toBe('no manufacturer part number (MFR.Part #)');
    expect(records.length + refused.length).toBe(rows.length);
    const mosfet = records.find((record) => record.partNumber === 'AO3401A')!;
    expect(mosfet.category).toBe(7);
    // The table's default tolerance on every row is not a MOSFET's spec.
    expect(mosfet.specs).toEqual([]);
  });

  it('reads the KiCad database library: IPN as key, package from the footprint, value columns as specs', async () => {
    const rows = csvTable(KICAD);
    const { records, refused } = await readAll(KICAD);
    expect(refused).toEqual([]);
    expect(records).toHaveLength(rows.length);
    expect(records[0]).toMatchObject({
      source: 'kicad:RES-0000-0000',
      partNumber: 'RC0603FR-070RL',
      manufacturer: 'Yageo',
      category: 1,
      packageName: '0603',
      line: 2,
    });
    expect(records[0]!.specs).toEqual([
      { specificationId: 1, text: '0Ω' },
      { specificationId: 3, text: '100mW' },
      { specificationId: 2, text: '1%' },
    ]);
    const packages = new Set(records.map((record) => record.packageName));
    expect([...packages]).toEqual(expect.arrayContaining(['0402', '0603', '1206', '2512']));
  });

  it('reads the InvenTree export: manufacturer parts with their supplier codes and USD price breaks', async () => {
    const fixtures = JSON.parse(fs.readFileSync(INVENTREE, 'utf8')) as {
      model: string;
      pk: number;
      fields: Record<string, unknown>;
    }[];
    const manufacturerParts = fixtures.filter((row) => row.model === 'company.manufacturerpart');
    const supplierParts = fixtures.filter((row) => row.model === 'company.supplierpart');
    const { records, refused } = await readAll(INVENTREE);
    expect(records).toHaveLength(manufacturerParts.length);
    const susumu = records.find((record) => record.partNumber === 'RR0510P-104-D')!;
    const itsSkus = supplierParts
      .filter((row) => row.fields.manufacturer_part === 1)
      .map((row) => row.fields.SKU);
    expect(susumu.skus!.map((sku) => sku.sku).sort()).toEqual([...itsSkus].sort());
    expect(susumu.skus).toContainEqual({ supplier: 'DigiKey', sku: 'RR05P100KDTR-ND' });
    expect(susumu.manufacturer).toBe('Susumu');
    expect(susumu.line).toBeGreaterThan(1);
    // Only USD breaks become prices, each quantity once, cheapest supplier first.
    const withPrices = records.filter((record) => record.priceBreaks.length > 0);
    expect(withPrices.length).toBeGreaterThan(0);
    for (const record of withPrices) {
      const quantities = record.priceBreaks.map((entry) => entry.minQty);
      expect(new Set(quantities).size).toBe(quantities.length);
    }
    // Supplier parts without a manufacturer part have no part number: refused, with the line.
    const orphans = supplierParts.filter(
      (row) =>
        row.fields.manufacturer_part === null &&
        !manufacturerParts.some((mp) => mp.fields.part === row.fields.part),
    );
    expect(refused).toHaveLength(orphans.length);
    for (const entry of refused) expect(entry.line).toBeGreaterThan(1);
  });

  it('reads the current jlcparts output: a header of field names, then arrays, with lookups beside', async () => {
    // The slice's first parts, written as the jlcparts database generator writes them now.
    const lines = zlib
      .gunzipSync(fs.readFileSync(SLICE))
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 200);
    const parts = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const lut = new Map<string, number>();
    const subcategories = new Map<string, number>();
    const indexOf = (map: Map<string, number>, key: string, offset = 0) => {
      if (!map.has(key)) map.set(key, map.size + offset);
      return map.get(key)!;
    };
    const rows = parts.map((part) => {
      const attributes = [
        [
          'Manufacturer',
          {
            primary: 'Manufacturer',
            values: { Manufacturer: [part.manufacturer, 'string'] },
          },
        ],
        [
          'Package',
          {
            primary: 'Package',
            values: { Package: [part.package, 'string'] },
          },
        ],
        ...(part.specs as { name: string; raw: string }[]).map((spec) => [spec.name, spec.raw]),
      ].map((attribute) => indexOf(lut, JSON.stringify(attribute)));
      return [
        part.lcsc,
        part.mpn,
        part.description,
        attributes,
        part.stock,
        indexOf(subcategories, JSON.stringify([part.subcategory, part.category, 'x']), 1),
        0,
        part.datasheet,
        part.price_breaks_usd,
        null,
        null,
      ];
    });
    const folder = path.join(temporary, 'jlcparts');
    fs.mkdirSync(folder);
    const schema = {
      lcsc: 0,
      mfr: 1,
      description: 2,
      attrsIdx: 3,
      stock: 4,
      subcategoryIdx: 5,
      joints: 6,
      datasheet: 7,
      price: 8,
      img: 9,
      url: 10,
    };
    const file = path.join(folder, 'components.jsonlines');
    fs.writeFileSync(file, [schema, ...rows].map((row) => JSON.stringify(row)).join('\n'));
    fs.writeFileSync(
      path.join(folder, 'attributes-lut.jsonlines.gz'),
      zlib.gzipSync([...lut.keys()].join('\n')),
    );
    fs.writeFileSync(
      path.join(folder, 'subcategories.jsonlines'),
      [
        JSON.stringify({ subcategory: 0, category: 1, sourcename: 2 }),
        ...subcategories.keys(),
      ].join('\n'),
    );
    const { records, refused } = await readAll(file);
    expect(refused).toEqual([]);
    const expected = lines.map((line, index) => readJlcpartsLine(line, index + 2)!);
    expect(records).toHaveLength(expected.length);
    records.forEach((record, index) => {
      const want = (expected[index] as { record: CatalogueRecord }).record;
      expect(record).toMatchObject({
        source: want.source,
        partNumber: want.partNumber,
        manufacturer: want.manufacturer,
        packageName: want.packageName,
        category: want.category,
        stock: want.stock,
        priceBreaks: want.priceBreaks,
        skus: want.skus,
        line: index + 2,
      });
    });
  });
});
