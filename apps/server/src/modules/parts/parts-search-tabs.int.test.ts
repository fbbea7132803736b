import { type PartsSearchInput, searchParts } from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import {
  CATEGORY,
  DEMO_MANUFACTURERS,
  demoCatalogue,
  demoPackages,
} from '../../seed/demo-catalogue.ts';
import { commonParts } from '../../seed/demo-catalogue-common.ts';

// The keyword searches the whole catalogue (no category) and the facets count its parts per
// category, so the page's tabs can say where they are; categories without a tab (Sensors,
// Crystals) are found the same way; values carry units beyond R, C and L (16MHz, 1/10W).

const COMMON = new Set(commonParts().map((draft) => draft.source));
const RECORDS = demoCatalogue().filter(
  (record) =>
    COMMON.has(record.source) ||
    ((record.category === CATEGORY.resistors || record.category === CATEGORY.capacitors) &&
      record.packageName === '0603'),
);

describe.each(databaseKinds())('the keyword across categories on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;

  beforeAll(async () => {
    people = await createPeople(server());
    await server().services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
    await server().services.catalogue.loadPackages(demoPackages());
    const summary = await server().services.catalogue.loadRecords(RECORDS);
    expect(summary.refused).toEqual([]);
  }, 240_000);

  const search = async (body: PartsSearchInput) => {
    const response = await server().call(searchParts, { token: people.acme.viewer.token, body });
    expect(response.status).toBe(200);
    return response.data;
  };

  it('finds 4k7 0603 1% from no tab, and counts it on the Resistors tab only', async () => {
    const expected = RECORDS.filter(
      (record) =>
        record.category === CATEGORY.resistors &&
        record.specs.some((spec) => spec.specificationId === 1 && spec.text === '4k7') &&
        record.specs.some((spec) => spec.specificationId === 2 && spec.text === '±1%'),
    );
    expect(expected.length).toBeGreaterThan(0);
    const all = await search({ keyword: '4k7 0603 1%', facets: true });
    expect(all.totalAmount).toBe(expected.length);
    expect(all.facets!.categories).toEqual([{ id: CATEGORY.resistors, count: expected.length }]);
    expect(all.facets!.complete.categories).toBe(true);
    // On the Capacitors tab: nothing there, and the counts say where the parts are.
    const capacitors = await search({
      keyword: '4k7 0603 1%',
      categories: [CATEGORY.capacitors],
      facets: true,
    });
    expect(capacitors.totalAmount).toBe(0);
    expect(capacitors.facets!.categories).toEqual(all.facets!.categories);
  });

  it('reaches categories without a tab: LM75 in Sensors, crystal 16MHz in Crystals', async () => {
    const sensors = await search({ keyword: 'LM75', facets: true });
    expect(sensors.totalAmount).toBeGreaterThanOrEqual(2);
    expect(sensors.data.every((row) => row.category?.name === 'Sensors')).toBe(true);
    const crystals = await search({ keyword: 'crystal 16MHz' });
    const sixteen = RECORDS.filter(
      (record) =>
        record.category === 'Crystals' && record.specs.some((spec) => spec.text === '16MHz'),
    );
    expect(crystals.totalAmount).toBe(sixteen.length);
    expect(crystals.data.map((row) => row.part_number).sort()).toEqual(
      sixteen.map((record) => record.partNumber).sort(),
    );
  });

  it('reads power in the keyword: 0603 1/10W finds the 0603 resistors of 1/10 W', async () => {
    const expected = RECORDS.filter(
      (record) =>
        record.packageName === '0603' &&
        record.specs.some((spec) => spec.specificationId === 3 && spec.text === '1/10W'),
    );
    expect(expected.length).toBeGreaterThan(100);
    const found = await search({ keyword: '0603 1/10W', categories: [CATEGORY.resistors] });
    expect(found.totalAmount).toBe(Math.min(expected.length, 1000));
  });
});
