import { listParts, type PartsSearchInput, searchParts } from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import {
  CATEGORY,
  DEMO_MANUFACTURERS,
  demoCatalogue,
  demoPackages,
} from '../../seed/demo-catalogue.ts';

// A search counts at most PARTS_SEARCH_COUNT_CAP matches (1,000 by default; 200 here, over the
// demo diodes and connectors) and then says "more than": totalCapped, facets marked incomplete.
const CAP = 200;
const RECORDS = demoCatalogue().filter(
  (record) => record.category === CATEGORY.diodes || record.category === CATEGORY.connectors,
);
const DIODES = RECORDS.filter((record) => record.category === CATEGORY.diodes);

describe.each(databaseKinds())('a parts search past its count cap on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { PARTS_SEARCH_COUNT_CAP: String(CAP), LIMIT_WRITES_PER_USER: '2/1h' },
  });
  let people: People;

  beforeAll(async () => {
    people = await createPeople(server());
    await server().services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
    await server().services.catalogue.loadPackages(demoPackages());
    await server().services.catalogue.loadRecords(RECORDS);
  }, 180_000);

  const search = async (body: PartsSearchInput) => {
    const response = await server().call(searchParts, { token: people.acme.viewer.token, body });
    expect(response.status).toBe(200);
    return response.data;
  };

  it('answers "more than the cap" for a broad search, and still serves pages past it', async () => {
    expect(DIODES.length).toBeGreaterThan(CAP * 2);
    const first = await search({ categories: [CATEGORY.diodes] });
    expect(first).toMatchObject({ totalAmount: CAP, totalCapped: true, totalPages: 7 });
    expect(first.data).toHaveLength(30);
    // Rows 271-300: past the cap, in the same order as the first page.
    const later = await search({ categories: [CATEGORY.diodes], page: 10, perPage: 30 });
    expect(later).toMatchObject({ totalAmount: CAP, totalCapped: true });
    expect(later.data).toHaveLength(30);
    expect(later.data[0]!.id).toBeGreaterThan(first.data.at(-1)!.id);
    // Past the last part: an empty page.
    const beyond = await search({ categories: [CATEGORY.diodes], page: 100, perPage: 30 });
    expect(beyond.data).toEqual([]);
  });

  it('counts exactly up to the cap', async () => {
    const narrow = await search({ categories: [CATEGORY.diodes], keyword: 'zener' });
    const zeners = DIODES.filter((record) =>
      `${record.name} ${record.description}`.toLowerCase().includes('zener'),
    );
    expect(zeners.length).toBeGreaterThan(0);
    expect(zeners.length).toBeLessThanOrEqual(CAP);
    expect(narrow).toMatchObject({
      totalAmount: zeners.length,
      totalCapped: false,
      totalPages: Math.ceil(zeners.length / 30),
    });
  });

  it('marks facet counts past the cap as lower bounds, and counts exactly below it', async () => {
    const broad = await search({ categories: [CATEGORY.diodes], facets: true });
    expect(broad.facets!.complete.brands).toBe(false);
    expect(broad.facets!.complete.packages).toBe(false);
    const perBrand = new Map<string, number>();
    for (const record of DIODES) {
      perBrand.set(record.manufacturer, (perBrand.get(record.manufacturer) ?? 0) + 1);
    }
    for (const brand of broad.facets!.brands) {
      expect(brand.count).toBeLessThanOrEqual(perBrand.get(brand.name)!);
    }
    const counted = broad.facets!.brands.reduce((sum, brand) => sum + brand.count, 0);
    expect(counted).toBeGreaterThan(CAP);
    expect(counted).toBeLessThanOrEqual(CAP + 1);

    const zener = await search({ categories: [CATEGORY.diodes], keyword: 'zener', facets: true });
    expect(zener.facets!.complete).toEqual({
      brands: true,
      packages: true,
      categories: true,
      optionsIncomplete: [],
    });
    // The tabs' counts: every zener is a diode.
    expect(zener.facets!.categories).toEqual([{ id: CATEGORY.diodes, count: zener.totalAmount }]);
    const zeners = DIODES.filter((record) =>
      `${record.name} ${record.description}`.toLowerCase().includes('zener'),
    );
    const zenerBrands = new Map<string, number>();
    for (const record of zeners) {
      zenerBrands.set(record.manufacturer, (zenerBrands.get(record.manufacturer) ?? 0) + 1);
    }
    expect(
      Object.fromEntries(zener.facets!.brands.map((brand) => [brand.name, brand.count])),
    ).toEqual(Object.fromEntries(zenerBrands));
  });

  it('the catalogue list keeps counting every part for its pagination', async () => {
    const response = await server().call(listParts, {
      token: people.acme.viewer.token,
      query: { category_id: CATEGORY.diodes, perPage: 30 },
    });
    expect(response.status).toBe(200);
    expect(response.data.totalAmount).toBe(DIODES.length);
  });

  it('searches are reads: they do not spend the write allowance', async () => {
    // LIMIT_WRITES_PER_USER is 2 an hour here, and every test above searched more often.
    for (let round = 0; round < 3; round += 1) {
      await search({ keyword: 'zener' });
    }
  });
});
