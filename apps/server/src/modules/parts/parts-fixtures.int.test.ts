import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type PartsSearchInput, SEARCH_COUNT_CAP, searchParts } from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { useTestServer } from '../../../test/test-server.ts';
import { readJlcpartsLine } from './import-formats.ts';

// The 62,188-part jlcparts sample (../shared/fixtures/parts, never copied into the project),
// imported as `npm run parts:import` does, then searched through HTTP. Expected counts come from
// the sample's own normalised numbers (its `key` projection), not from our value parser.

const FIXTURES =
  process.env.FIXTURES_DIR ??
  path.resolve(import.meta.dirname, '../../../../../../shared/fixtures');
const SAMPLE = path.join(FIXTURES, 'parts', 'jlcparts-slice.jsonl.gz');
const present = fs.existsSync(SAMPLE);
if (!present) console.log(`parts sample search tests skipped: ${SAMPLE} is absent`);

type Key = {
  resistance?: number;
  capacitance?: number;
  voltage?: number;
  tolerance_pct?: number;
  dielectric?: string;
};
type Sample = {
  lcsc: string;
  mpn: string;
  manufacturer: string;
  subcategory: string;
  package: string;
  stock: number;
  key: Key;
};

const near = (a: number | undefined, b: number) =>
  a !== undefined && Math.abs(a - b) <= Math.abs(b) * 1e-6;

describe.runIf(present)('parts search on the 62k-part jlcparts sample', () => {
  const server = useTestServer('pglite');
  let people: People;
  let samples: Sample[];
  let refused: Set<string>;
  const categoryOf = new Map<string, number | string>();

  beforeAll(async () => {
    const lines = zlib.gunzipSync(fs.readFileSync(SAMPLE)).toString('utf8').split('\n');
    samples = lines.filter((line) => line.trim()).map((line) => JSON.parse(line) as Sample);
    const records = lines
      .map((line, index) => readJlcpartsLine(line, index + 1))
      .flatMap((result) => (result && 'record' in result ? [result.record] : []));
    for (const record of records)
      categoryOf.set(record.source.replace('jlcparts:', ''), record.category);
    const summary = await server().services.catalogue.loadRecords(records);
    refused = new Set(summary.refused.map((entry) => entry.source.replace('jlcparts:', '')));
    // A second LCSC code of a part number adds a supplier code to that part (merged).
    expect(summary.added + (summary.merged ?? 0) + summary.refused.length).toBe(samples.length);
    people = await createPeople(server());
  }, 600_000);

  const loaded = () => samples.filter((sample) => !refused.has(sample.lcsc));
  const search = async (body: PartsSearchInput) => {
    const response = await server().call(searchParts, { token: people.acme.viewer.token, body });
    expect(response.status).toBe(200);
    return response.data;
  };
  const isChipResistor = (sample: Sample) => /resistor/i.test(sample.subcategory);
  const isMlcc = (sample: Sample) => /multilayer ceramic/i.test(sample.subcategory);

  it('4k7 0603 1% finds every 4.7 kΩ 1% resistor in 0603', async () => {
    const expected = loaded().filter(
      (sample) =>
        isChipResistor(sample) &&
        near(sample.key.resistance, 4700) &&
        sample.key.tolerance_pct === 1 &&
        sample.package === '0603',
    );
    expect(expected.length).toBeGreaterThan(0);
    const result = await search({ keyword: '4k7 0603 1%', perPage: 100 });
    expect(result.data.map((row) => row.part_number).sort()).toEqual(
      expected.map((sample) => sample.mpn).sort(),
    );
  });

  it('100n 50V X7R finds the 100 nF 50 V X7R capacitors', async () => {
    const expected = loaded().filter(
      (sample) =>
        isMlcc(sample) &&
        near(sample.key.capacitance, 1e-7) &&
        sample.key.voltage === 50 &&
        sample.key.dielectric === 'X7R',
    );
    expect(expected.length).toBeGreaterThan(10);
    const result = await search({ keyword: '100n 50V X7R', perPage: 200 });
    expect(result.totalAmount).toBe(expected.length);
  });

  it('a parametric capacitor search: 80-120 nF, at least 25 V, X7R, 0402', async () => {
    const expected = loaded().filter(
      (sample) =>
        isMlcc(sample) &&
        sample.key.capacitance !== undefined &&
        sample.key.capacitance >= 80e-9 * (1 - 1e-9) &&
        sample.key.capacitance <= 120e-9 * (1 + 1e-9) &&
        (sample.key.voltage ?? 0) >= 25 &&
        sample.key.dielectric === 'X7R' &&
        sample.package === '0402',
    );
    expect(expected.length).toBeGreaterThan(5);
    const result = await search({
      categories: [2],
      keyword: '0402',
      specs: [
        { specification_id: 4, mode: 'range', range: { from: '80n', to: '120n' } },
        { specification_id: 5, mode: 'gte', value: 25 },
        { specification_id: 6, value: 'X7R' },
      ],
      orderBy: { colID: 'price', dir: 'asc' },
      facets: true,
    });
    expect(result.totalAmount).toBe(expected.length);
    const perBrand = new Map<string, number>();
    for (const sample of expected) {
      perBrand.set(sample.manufacturer, (perBrand.get(sample.manufacturer) ?? 0) + 1);
    }
    expect(result.facets!.brands.reduce((sum, brand) => sum + brand.count, 0)).toBe(
      expected.length,
    );
    for (const brand of result.facets!.brands) expect(brand.count).toBe(perBrand.get(brand.name));
  });

  it('finds part numbers typed without dashes, in lower case', async () => {
    const target = loaded().find((sample) => /^[A-Z0-9]+-[A-Z0-9-]{4,}$/.test(sample.mpn))!;
    const typed = target.mpn.replace(/-/g, '').toLowerCase();
    const result = await search({ keyword: typed });
    expect(result.data.map((row) => row.part_number)).toContain(target.mpn);
  });

  it('hides parts out of stock when asked', async () => {
    const resistors = loaded().filter((sample) => categoryOf.get(sample.lcsc) === 1);
    const all = await search({ categories: [1] });
    const inStock = await search({ categories: [1], hideZeroQty: true });
    // Counting stops at SEARCH_COUNT_CAP: past it the total says "more than" that.
    const expectTotal = (result: { totalAmount: number; totalCapped: boolean }, n: number) =>
      expect(result).toMatchObject({
        totalAmount: Math.min(n, SEARCH_COUNT_CAP),
        totalCapped: n > SEARCH_COUNT_CAP,
      });
    const stocked = resistors.filter((sample) => sample.stock > 0).length;
    expect(stocked).toBeLessThan(resistors.length);
    expectTotal(all, resistors.length);
    expectTotal(inStock, stocked);
    for (const row of inStock.data) expect(row.qty.available).toBeGreaterThan(0);
  });
});
