import {
  addCategory,
  addManufacturer,
  addPart,
  addPartSpec,
  addSpec,
  addSpecCategory,
  addSpecOption,
  addSpecUnit,
  allBrands,
  allCategories,
  confirmManufacturer,
  deleteManufacturer,
  deletePart,
  filterParts,
  findQtyLocs,
  getCapacitanceOptions,
  getDielectricOptions,
  getDiodeTypesOptions,
  getPackages,
  getPart,
  getResistanceOptions,
  getSpec,
  getVoltageOptions,
  listParts,
  listSpecCategories,
  listSpecs,
  listSpecUnits,
  miniBrands,
  type PartsSearchInput,
  partsQty,
  removePartSpec,
  searchParts,
  specsOptions,
  updateCategory,
  updateManufacturer,
  updatePackage,
  updatePart,
  updatePartSpec,
  updateSpecCategory,
  updateSpecUnit,
} from '@circuits/contracts';
import { parseEngineeringValue } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, type TestServer, useTestServer } from '../../../test/test-server.ts';
import {
  CATEGORY,
  DEMO_MANUFACTURERS,
  demoCatalogue,
  demoPackages,
  SPEC,
} from '../../seed/demo-catalogue.ts';
import type { CatalogueRecord } from './catalogue-record.ts';

// A slice of the generated demo catalogue: every 0603 and 0402 resistor and capacitor, the
// diodes and the connectors (about 7,000 parts), loaded as at first start.
const RECORDS = demoCatalogue().filter(
  (record) =>
    ((record.category === CATEGORY.resistors || record.category === CATEGORY.capacitors) &&
      (record.packageName === '0603' || record.packageName === '0402')) ||
    record.category === CATEGORY.diodes ||
    record.category === CATEGORY.connectors,
);

const specText = (record: CatalogueRecord, id: number) =>
  record.specs.find((spec) => spec.specificationId === id)?.text;
const specNumber = (record: CatalogueRecord, id: number) => {
  const text = specText(record, id);
  return text === undefined ? undefined : parseEngineeringValue(text)?.value;
};
const near = (a: number | undefined, b: number) =>
  a !== undefined && Math.abs(a - b) <= Math.abs(b) * 1e-9;
const available = (record: CatalogueRecord) =>
  record.stock.reduce((sum, lot) => sum + lot.qty - lot.reserved, 0);

async function loadSlice(server: TestServer) {
  await server.services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
  await server.services.catalogue.loadPackages(demoPackages());
  const summary = await server.services.catalogue.loadRecords(RECORDS);
  expect(summary).toEqual({ added: RECORDS.length, updated: 0, refused: [] });
}

describe.each(databaseKinds())('parts API on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;

  beforeAll(async () => {
    people = await createPeople(server());
    await loadSlice(server());
  }, 180_000);

  const search = (token: string, body: PartsSearchInput) =>
    server().call(searchParts, { token, body });

  describe('POST /api/parts/search', () => {
    it('reads values in the keyword: 4k7 0603 1% finds the 4.7 kΩ 0603 1% resistors', async () => {
      const expected = RECORDS.filter(
        (record) =>
          record.category === CATEGORY.resistors &&
          record.packageName === '0603' &&
          near(specNumber(record, SPEC.resistance), 4700) &&
          specText(record, SPEC.tolerance) === '±1%',
      );
      expect(expected.length).toBeGreaterThan(0);
      const response = await search(people.acme.viewer.token, {
        keyword: '4k7 0603 1%',
        perPage: 50,
      });
      expect(response.status).toBe(200);
      expect(response.data.totalAmount).toBe(expected.length);
      expect(response.data.data.map((row) => row.part_number).sort()).toEqual(
        expected.map((record) => record.partNumber).sort(),
      );
      // 4700, 4.7k and 4K7 mean the same value.
      for (const keyword of ['4.7k 0603 1%', '4K7 0603 ±1%', '4.7kΩ 1608Metric 1%']) {
        const again = await search(people.acme.viewer.token, { keyword });
        expect(again.data.totalAmount, keyword).toBe(expected.length);
      }
    });

    it('finds 100n 50V X7R capacitors', async () => {
      const expected = RECORDS.filter(
        (record) =>
          near(specNumber(record, SPEC.capacitance), 1e-7) &&
          near(specNumber(record, SPEC.voltage), 50) &&
          specText(record, SPEC.dielectric) === 'X7R',
      );
      expect(expected.length).toBeGreaterThan(1);
      const response = await search(people.acme.viewer.token, { keyword: '100n 50V X7R' });
      expect(response.data.totalAmount).toBe(expected.length);
      for (const row of response.data.data) {
        expect(row.short_specs.map((spec) => spec.value)).toEqual(
          expect.arrayContaining(['100nF', '50V', 'X7R']),
        );
      }
    });

    it('matches part numbers typed without dashes or in another case', async () => {
      const target = RECORDS.find((record) => record.partNumber.includes('-'))!;
      const typed = target.partNumber.replace(/-/g, '').toLowerCase();
      const response = await search(people.acme.viewer.token, { keyword: typed });
      expect(response.data.data.map((row) => row.part_number)).toContain(target.partNumber);
      expect(response.data.typoTolerant).toBe(false);
    });

    it('finds the nearest spellings when nothing matches as typed', async () => {
      const response = await search(people.acme.viewer.token, { keyword: 'schotky' });
      expect(response.data.typoTolerant).toBe(true);
      expect(response.data.totalAmount).toBeGreaterThan(0);
      expect(response.data.data[0]!.description.toLowerCase()).toContain('schottky');
      const nothing = await search(people.acme.viewer.token, { keyword: 'qqqqzzzz' });
      expect(nothing.data).toMatchObject({ totalAmount: 0, data: [], typoTolerant: false });
    });

    it('filters by value range and dielectric, sorts by price and pages like the search page', async () => {
      const matches = RECORDS.filter((record) => {
        const farads = specNumber(record, SPEC.capacitance);
        return (
          record.category === CATEGORY.capacitors &&
          farads !== undefined &&
          farads >= 80e-9 &&
          farads <= 120e-9 &&
          (specNumber(record, SPEC.voltage) ?? 0) >= 25 &&
          specText(record, SPEC.dielectric) === 'X7R'
        );
      });
      expect(matches.length).toBeGreaterThan(15);
      const dielectrics = await server().call(getDielectricOptions, {
        token: people.acme.viewer.token,
      });
      const x7r = dielectrics.data.options.find((option) => option.value === 'X7R')!;
      const body: PartsSearchInput = {
        categories: [CATEGORY.capacitors],
        specs: [
          {
            specification_id: SPEC.capacitance,
            mode: 'range',
            range: { from: 80, to: 120 },
            div_id: 2,
          },
          { specification_id: SPEC.voltage, mode: 'gte', value: '25V' },
          { specification_id: SPEC.dielectric, option_id: x7r.id },
        ],
        orderBy: { colID: 'price', dir: 'asc' },
        perPage: 30,
        page: 1,
        facets: true,
      };
      const first = await search(people.acme.viewer.token, body);
      expect(first.status).toBe(200);
      expect(first.data.totalAmount).toBe(matches.length);
      expect(first.data.totalPages).toBe(Math.ceil(matches.length / 30));
      const prices = first.data.data.map((row) => row.price!);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const cheapest = Math.min(...matches.map((record) => record.priceBreaks[0]!.unitPriceMinor));
      expect(prices[0]).toBeCloseTo(cheapest / 100, 6);
      // Load more: 15 a page after the first 30 (page 3 of 15 starts at row 31).
      const more = await search(people.acme.viewer.token, {
        ...body,
        perPage: 15,
        page: 3,
        facets: false,
      });
      expect(more.data.data[0]!.price!).toBeGreaterThanOrEqual(prices.at(-1)!);
      expect(more.data.data.map((row) => row.id)).not.toContain(first.data.data[0]!.id);
      // Facets: parts per manufacturer under the other filters.
      const perBrand = new Map<string, number>();
      for (const record of matches) {
        perBrand.set(record.manufacturer, (perBrand.get(record.manufacturer) ?? 0) + 1);
      }
      expect(
        Object.fromEntries(first.data.facets!.brands.map((brand) => [brand.name, brand.count])),
      ).toEqual(Object.fromEntries(perBrand));
      // The dielectric facet counts every dielectric under the other filters.
      const withoutDielectric = RECORDS.filter((record) => {
        const farads = specNumber(record, SPEC.capacitance);
        return (
          record.category === CATEGORY.capacitors &&
          farads !== undefined &&
          farads >= 80e-9 &&
          farads <= 120e-9 &&
          (specNumber(record, SPEC.voltage) ?? 0) >= 25
        );
      });
      const x5rCount = withoutDielectric.filter(
        (record) => specText(record, SPEC.dielectric) === 'X5R',
      ).length;
      const x5r = dielectrics.data.options.find((option) => option.value === 'X5R')!;
      expect(
        first.data.facets!.options.find((option) => option.option_id === x5r.id)?.count ?? 0,
      ).toBe(x5rCount);
    });

    it('a dielectric typed as a value finds its option, under either name (NP0 = C0G)', async () => {
      const c0g = RECORDS.filter(
        (record) =>
          record.category === CATEGORY.capacitors && specText(record, SPEC.dielectric) === 'C0G',
      );
      expect(c0g.length).toBeGreaterThan(0);
      for (const value of ['C0G', 'np0']) {
        const response = await search(people.acme.viewer.token, {
          categories: [CATEGORY.capacitors],
          specs: [{ specification_id: SPEC.dielectric, value }],
        });
        expect(response.status).toBe(200);
        expect(response.data.totalAmount, value).toBe(c0g.length);
      }
    });

    it('hides parts with nothing available when asked', async () => {
      const diodes = RECORDS.filter((record) => record.category === CATEGORY.diodes);
      const all = await search(people.acme.viewer.token, { categories: [CATEGORY.diodes] });
      const inStock = await search(people.acme.viewer.token, {
        categories: [CATEGORY.diodes],
        hideZeroQty: true,
      });
      expect(all.data.totalAmount).toBe(diodes.length);
      expect(inStock.data.totalAmount).toBe(
        diodes.filter((record) => available(record) > 0).length,
      );
      expect(inStock.data.totalAmount).toBeLessThan(all.data.totalAmount);
    });

    it('filters diodes by type and package, shows stock per location and price', async () => {
      const types = await server().call(getDiodeTypesOptions, { token: people.acme.viewer.token });
      expect(types.data.options.map((option) => option.value)).toEqual(
        expect.arrayContaining(['Zener', 'Schottky', 'TVS', 'Switching', 'LED', 'Rectifier']),
      );
      const zener = types.data.options.find((option) => option.value === 'Zener')!;
      const packages = await server().call(getPackages, {
        token: people.acme.viewer.token,
        query: { category_ids: String(CATEGORY.diodes) },
      });
      const sod123 = packages.data.categories[0]!.packages.find(
        (pkg) => pkg.pkgName === 'SOD-123',
      )!;
      expect(sod123).toMatchObject({ mountType: 'SMD', minX: -1.35, maxX: 1.35 });
      const response = await search(people.acme.viewer.token, {
        categories: [CATEGORY.diodes],
        specs: [{ specification_id: 16, option_id: zener.id }],
        filter_package_id: sod123.id,
        perPage: 100,
      });
      const expected = RECORDS.filter(
        (record) => specText(record, 16) === 'Zener' && record.packageName === 'SOD-123',
      );
      expect(response.data.totalAmount).toBe(expected.length);
      const row = response.data.data[0]!;
      const record = expected.find((entry) => entry.partNumber === row.part_number)!;
      expect(row.locs).toHaveLength(record.stock.length);
      expect(row.qty.available).toBe(available(record));
      expect(row.qty.qty - row.qty.reserved).toBe(row.qty.available);
      expect(row.price).toBeCloseTo(record.priceBreaks[0]!.unitPriceMinor / 100, 6);
      expect(row.price_breaks).toEqual(
        record.priceBreaks.map((entry) => ({
          quantity: entry.minQty,
          unit_price_minor: entry.unitPriceMinor,
        })),
      );
      expect(row.short_specs.map((spec) => spec.specification_id)).toContain(16);
    });

    it('refuses bad input naming the field', async () => {
      const token = people.acme.viewer.token;
      const cases: [unknown, string][] = [
        [{ perPage: 500 }, 'perPage'],
        [{ page: 0 }, 'page'],
        [{ orderBy: { colID: 'colour', dir: 'asc' } }, 'colID'],
        [{ specs: [{ specification_id: 4, mode: 'near', value: 1 }] }, 'mode'],
      ];
      for (const [body, field] of cases) {
        const response = await server().request('POST', '/api/parts/search', { token, json: body });
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(JSON.stringify(response.json.error)).toContain(field);
      }
      const badValue = await search(token, {
        specs: [{ specification_id: SPEC.capacitance, value: 'lots' }],
      });
      expect(badValue.status).toBe(422);
      expect(badValue.json.error).toEqual({
        value: 'value "lots" is not a value this spec can have',
      });
      const unknownSpec = await search(token, { specs: [{ specification_id: 999, value: 1 }] });
      expect(unknownSpec.json.error).toEqual({ specs: 'specification 999 does not exist' });
      expect((await server().call(searchParts, { body: {} })).status).toBe(401);
    });
  });

  describe('reading parts', () => {
    it('gives one part with specs, stock per location, price breaks and package', async () => {
      const record = RECORDS[0]!;
      const found = await search(people.acme.viewer.token, { keyword: record.partNumber });
      const id = found.data.data.find((row) => row.part_number === record.partNumber)!.id;
      const response = await server().call(getPart, {
        token: people.acme.viewer.token,
        params: { id },
      });
      expect(response.status).toBe(200);
      const part = response.data.part;
      expect(part).toMatchObject({
        part_number: record.partNumber,
        manufacturer: record.manufacturer,
        confirmed: true,
        package: { pkgName: record.packageName },
      });
      expect(part.specifications.map((spec) => spec.value).sort()).toEqual(
        record.specs.map((spec) => spec.text).sort(),
      );
      expect(part.price_breaks).toEqual(
        record.priceBreaks.map((entry) => ({
          quantity: entry.minQty,
          unit_price_minor: entry.unitPriceMinor,
        })),
      );
      expect(part.locs.map((lot) => lot.available)).toEqual(
        record.stock.map((lot) => lot.qty - lot.reserved),
      );
      const qty = await server().call(partsQty, {
        token: people.acme.viewer.token,
        body: { ids: [id] },
      });
      expect(qty.data.syncResponse).toEqual([{ id, qty: available(record) }]);
      const locs = await server().call(findQtyLocs, {
        token: people.acme.viewer.token,
        body: { ids: [id] },
      });
      expect(locs.data.data[0]).toMatchObject({ id, available: available(record) });
      expect(
        (
          await server().call(getPart, {
            token: people.acme.viewer.token,
            params: { id: 9_999_999 },
          })
        ).status,
      ).toBe(404);
    });

    it('lists parts a page at a time and filters them for the catalogue page', async () => {
      const list = await server().call(listParts, {
        token: people.acme.viewer.token,
        query: { category_id: CATEGORY.connectors, perPage: 10 },
      });
      const connectors = RECORDS.filter((record) => record.category === CATEGORY.connectors);
      expect(list.data.totalAmount).toBe(connectors.length);
      expect(list.data.data).toHaveLength(10);
      const filtered = await server().call(filterParts, {
        token: people.acme.viewer.token,
        body: { keyword: 'jst', categories: [CATEGORY.connectors] },
      });
      expect(filtered.data.totalAmount).toBe(
        connectors.filter((record) => record.manufacturer === 'JST').length,
      );
    });

    it('lists option values, divisors and range modes', async () => {
      const token = people.acme.viewer.token;
      const capacitance = await server().call(getCapacitanceOptions, { token });
      expect(capacitance.data.divs.map((div) => div.name)).toEqual(['pF', 'nF', 'µF', 'mF']);
      expect(capacitance.data.rangeList.map((mode) => mode.id)).toEqual([
        'eq',
        'gte',
        'lte',
        'range',
      ]);
      const hundredNano = capacitance.data.options.find((option) => near(option.value, 1e-7))!;
      expect(hundredNano.label).toBe('100nF');
      expect(hundredNano.count).toBe(
        RECORDS.filter((record) => near(specNumber(record, SPEC.capacitance), 1e-7)).length,
      );
      const resistance = await server().call(getResistanceOptions, { token });
      expect(resistance.data.options.some((option) => option.label === '4.7kΩ')).toBe(true);
      const voltage = await server().call(getVoltageOptions, { token });
      expect(voltage.data.options.map((option) => option.label)).toContain('50V');
      const dielectric = await server().call(getDielectricOptions, { token });
      expect(dielectric.data.options[0]).toMatchObject({ value: 'C0G', aliases: ['NP0', 'NPO'] });
      const specs = await server().call(specsOptions, { token, body: { specs: [16, 17] } });
      expect(specs.data.specs.map((spec) => spec.name)).toEqual([
        'Diode type',
        'Reverse voltage (Vr)',
      ]);
      expect(specs.data.specs[1]!.values.length).toBeGreaterThan(0);
      const bad = await server().call(specsOptions, { token, body: { specs: [12345] } });
      expect(bad.status).toBe(422);
    });

    it('lists manufacturers with counts per category', async () => {
      const token = people.acme.viewer.token;
      const mini = await server().call(miniBrands, {
        token,
        query: { categoryFilter: CATEGORY.connectors },
      });
      const jst = RECORDS.filter((record) => record.manufacturer === 'JST').length;
      expect(mini.data.brands).toContainEqual({ id: expect.any(Number), name: 'JST', count: jst });
      const all = await server().call(allBrands, { token });
      expect(all.data.brands.find((brand) => brand.name === 'Texas Instruments')).toMatchObject({
        aliases: ['TI', 'TI (Texas Instruments)'],
        confirmed: true,
      });
    });
  });

  describe('adding, confirming and deleting', () => {
    it('lets editors add parts that stay unconfirmed, seen only by their company until confirmed', async () => {
      const brands = await server().call(allBrands, { token: people.acme.editor.token });
      const yageo = brands.data.brands.find((brand) => brand.name === 'YAGEO')!;
      const viewerTry = await server().call(addPart, {
        token: people.acme.viewer.token,
        body: { name: 'x', part_number: 'X-1', manufacturer_id: yageo.id },
      });
      expect(viewerTry.status).toBe(403);
      const added = await server().call(addPart, {
        token: people.acme.editor.token,
        body: {
          name: '4.99k 0603 0.1% thin film',
          part_number: 'RT0603BRD074K99L',
          manufacturer_id: yageo.id,
          category_id: CATEGORY.resistors,
          specs: [
            { specification_id: SPEC.resistance, selected_option: '4k99' },
            { specification_id: SPEC.tolerance, selected_option: '±0.1%' },
          ],
        },
      });
      expect(added.status).toBe(201);
      const part = added.data.part;
      expect(part).toMatchObject({ confirmed: false, added_by: { id: people.acme.editor.userId } });
      expect(part.specifications[0]).toMatchObject({ value: '4k99', value_num: 4990, unit: 'Ω' });

      const keyword = 'rt0603brd074k99l';
      const hidden = await search(people.acme.viewer.token, { keyword });
      expect(hidden.data.totalAmount).toBe(0);
      const ownCompany = await search(people.acme.viewer.token, {
        keyword,
        isShowUnconfirmed: true,
      });
      expect(ownCompany.data.data.map((row) => row.id)).toEqual([part.id]);
      const otherCompany = await search(people.globex.editor.token, {
        keyword,
        isShowUnconfirmed: true,
      });
      expect(otherCompany.data.totalAmount).toBe(0);
      expect(
        (
          await server().call(getPart, {
            token: people.globex.viewer.token,
            params: { id: part.id },
          })
        ).status,
      ).toBe(404);

      const duplicate = await server().call(addPart, {
        token: people.globex.editor.token,
        body: { name: 'dup', part_number: 'rt0603-brd07-4k99l', manufacturer_id: yageo.id },
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.json.error.part_number).toContain('is already in the catalogue');

      const editorConfirm = new FormData();
      editorConfirm.set('confirmed', 'true');
      expect(
        (
          await server().call(updatePart, {
            token: people.acme.editor.token,
            params: { id: part.id },
            form: editorConfirm,
          })
        ).status,
      ).toBe(403);
      const confirm = new FormData();
      confirm.set('confirmed', 'true');
      confirm.set('description', 'Thin film chip resistor 4.99 kΩ 0.1%');
      const confirmed = await server().call(updatePart, {
        token: people.moderator.token,
        params: { id: part.id },
        form: confirm,
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.data.part.confirmed).toBe(true);
      const nowVisible = await search(people.globex.viewer.token, { keyword: 'thin film 4.99' });
      expect(nowVisible.data.data.map((row) => row.id)).toContain(part.id);
      // Confirmed parts are the staff's to change.
      const change = new FormData();
      change.set('name', 'renamed');
      expect(
        (
          await server().call(updatePart, {
            token: people.acme.editor.token,
            params: { id: part.id },
            form: change,
          })
        ).status,
      ).toBe(403);
    });

    it('adds, changes and removes spec values of a part', async () => {
      const brands = await server().call(allBrands, { token: people.admin.token });
      const murata = brands.data.brands.find((brand) => brand.name === 'Murata')!;
      const added = await server().call(addPart, {
        token: people.admin.token,
        body: {
          name: 'test cap',
          part_number: 'TESTCAP-1',
          manufacturer_id: murata.id,
          category_id: 2,
        },
      });
      expect(added.data.part.confirmed).toBe(true);
      const id = added.data.part.id;
      const withSpec = await server().call(addPartSpec, {
        token: people.admin.token,
        params: { id },
        body: { specification_id: SPEC.dielectric, selected_option: 'NP0' },
      });
      expect(withSpec.data.part.specifications).toEqual([
        expect.objectContaining({ name: 'Dielectric', value: 'C0G' }),
      ]);
      const bad = await server().call(addPartSpec, {
        token: people.admin.token,
        params: { id },
        body: { specification_id: SPEC.capacitance, selected_option: 'big' },
      });
      expect(bad.status).toBe(422);
      expect(bad.json.error).toEqual({ selected_option: '"big" is not a capacitance value' });
      const cap = await server().call(addPartSpec, {
        token: people.admin.token,
        params: { id },
        body: { specification_id: SPEC.capacitance, selected_option: '0.1µF' },
      });
      const conn = cap.data.part.specifications.find((spec) => spec.name === 'Capacitance')!;
      expect(conn.value_num).toBe(1e-7);
      const changed = await server().call(updatePartSpec, {
        token: people.admin.token,
        params: { connId: conn.id },
        body: { selected_option: '220n' },
      });
      expect(
        changed.data.part.specifications.find((spec) => spec.name === 'Capacitance'),
      ).toMatchObject({
        value: '220n',
        value_num: 2.2e-7,
      });
      const removed = await server().call(removePartSpec, {
        token: people.admin.token,
        params: { id: conn.id },
      });
      expect(removed.data.part.specifications.map((spec) => spec.name)).toEqual(['Dielectric']);
      expect(
        (await server().call(deletePart, { token: people.acme.editor.token, params: { id } }))
          .status,
      ).toBe(403);
      expect(
        (await server().call(deletePart, { token: people.admin.token, params: { id } })).status,
      ).toBe(200);
      expect(
        (await server().call(getPart, { token: people.admin.token, params: { id } })).status,
      ).toBe(404);
    });

    it('a range filter with a package follows the part when its package or specs change', async () => {
      const token = people.admin.token;
      const packages = await server().call(getPackages, {
        token,
        query: { category_ids: String(CATEGORY.capacitors) },
      });
      const named = (name: string) =>
        packages.data.categories[0]!.packages.find((pkg) => pkg.pkgName === name)!.id;
      const [p0402, p0603] = [named('0402'), named('0603')];
      const brands = await server().call(allBrands, { token });
      const murata = brands.data.brands.find((brand) => brand.name === 'Murata')!;
      const added = await server().call(addPart, {
        token,
        body: {
          name: 'range test cap',
          part_number: 'RANGECAP-1',
          manufacturer_id: murata.id,
          category_id: CATEGORY.capacitors,
          package_id: p0402,
          specs: [
            { specification_id: SPEC.capacitance, selected_option: '4n7' },
            { specification_id: SPEC.voltage, selected_option: '50V' },
            { specification_id: SPEC.dielectric, selected_option: 'X7R' },
          ],
        },
      });
      expect(added.status).toBe(201);
      const id = added.data.part.id;
      // The range first (its package read from part_specs), the voltage and dielectric checked
      // per part: each must still decide.
      const found = async (packageId: number, dielectric: string, volts = '25V') => {
        const response = await search(token, {
          parts_ids: [id],
          package_ids: [packageId],
          specs: [
            { specification_id: SPEC.capacitance, mode: 'range', range: { from: '4n', to: '5n' } },
            { specification_id: SPEC.voltage, mode: 'gte', value: volts },
            { specification_id: SPEC.dielectric, value: dielectric },
          ],
        });
        expect(response.status).toBe(200);
        return response.data.data.map((row) => row.id);
      };
      expect(await found(p0402, 'X7R')).toEqual([id]);
      expect(await found(p0603, 'X7R')).toEqual([]);
      expect(await found(p0402, 'C0G')).toEqual([]);
      expect(await found(p0402, 'X7R', '63V')).toEqual([]);

      const move = new FormData();
      move.set('package_id', String(p0603));
      expect((await server().call(updatePart, { token, params: { id }, form: move })).status).toBe(
        200,
      );
      expect(await found(p0603, 'X7R')).toEqual([id]);
      expect(await found(p0402, 'X7R')).toEqual([]);
      // A value added after the move carries the new package too.
      const capacitance = added.data.part.specifications.find(
        (spec) => spec.specification_id === SPEC.capacitance,
      )!;
      await server().call(removePartSpec, { token, params: { id: capacitance.id } });
      expect(await found(p0603, 'X7R')).toEqual([]);
      await server().call(addPartSpec, {
        token,
        params: { id },
        body: { specification_id: SPEC.capacitance, selected_option: '4.7nF' },
      });
      expect(await found(p0603, 'X7R')).toEqual([id]);
      expect(await found(p0402, 'X7R')).toEqual([]);
    });

    it('manufacturers: editors add unconfirmed ones, staff confirm, rename, delete unused', async () => {
      expect(
        (
          await server().call(addManufacturer, {
            token: people.acme.viewer.token,
            body: { name: 'Nope' },
          })
        ).status,
      ).toBe(403);
      const added = await server().call(addManufacturer, {
        token: people.acme.editor.token,
        body: { name: 'Acme Passives', aliases: ['AP'] },
      });
      expect(added.status).toBe(201);
      expect(added.data.manufacturer).toMatchObject({ confirmed: false, parts_count: 0 });
      const id = added.data.manufacturer.id;
      const clash = await server().call(addManufacturer, {
        token: people.globex.editor.token,
        body: { name: 'ti' },
      });
      expect(clash.status).toBe(409);
      expect(clash.json.error).toEqual({
        name: 'ti is already known as the manufacturer Texas Instruments',
      });
      const globexBrands = await server().call(allBrands, { token: people.globex.viewer.token });
      expect(globexBrands.data.brands.map((brand) => brand.id)).not.toContain(id);
      expect(
        (
          await server().call(updateManufacturer, {
            token: people.acme.editor.token,
            params: { id },
            body: { aliases: ['X'] },
          })
        ).status,
      ).toBe(403);
      const confirmed = await server().call(confirmManufacturer, {
        token: people.moderator.token,
        params: { id },
      });
      expect(confirmed.data.manufacturer.confirmed).toBe(true);
      const renamed = await server().call(updateManufacturer, {
        token: people.admin.token,
        params: { id },
        body: { aliases: ['AP', 'Acme'] },
      });
      expect(renamed.data.manufacturer.aliases).toEqual(['AP', 'Acme']);

      const used = (await server().call(allBrands, { token: people.admin.token })).data.brands.find(
        (brand) => brand.name === 'JST',
      )!;
      const refused = await server().call(deleteManufacturer, {
        token: people.admin.token,
        params: { id: used.id },
      });
      expect(refused.status).toBe(409);
      expect(refused.json.error).toBe(
        `JST cannot be deleted: ${used.parts_count} parts still use it`,
      );
      expect(
        (await server().call(deleteManufacturer, { token: people.admin.token, params: { id } }))
          .status,
      ).toBe(200);
      expect(
        (await server().call(confirmManufacturer, { token: people.admin.token, params: { id } }))
          .status,
      ).toBe(404);
    });
  });

  describe('specs, units, categories and packages', () => {
    it('admins and moderators edit the catalogue vocabulary; members read it', async () => {
      const viewer = people.acme.viewer.token;
      const staff = people.moderator.token;
      expect(
        (
          await server().call(addSpecUnit, {
            token: people.acme.editor.token,
            body: { name: 'Lumen', short: 'lm' },
          })
        ).status,
      ).toBe(403);
      const unit = await server().call(addSpecUnit, {
        token: staff,
        body: { name: 'Lumen', short: 'lm' },
      });
      expect(unit.status).toBe(201);
      const unitChanged = await server().call(updateSpecUnit, {
        token: staff,
        params: { id: unit.data.unit.id },
        body: { name: 'Lumen', short: 'lm.' },
      });
      expect(unitChanged.data.unit.short).toBe('lm.');
      expect(
        (await server().call(listSpecUnits, { token: viewer })).data.units.map((u) => u.short),
      ).toContain('lm.');

      const category = await server().call(addSpecCategory, {
        token: staff,
        body: { name: 'Optical' },
      });
      expect(
        (
          await server().call(updateSpecCategory, {
            token: staff,
            params: { id: category.data.category.id },
            body: { name: 'Optics' },
          })
        ).data.category.name,
      ).toBe('Optics');
      expect(
        (await server().call(listSpecCategories, { token: viewer })).data.categories.map(
          (c) => c.name,
        ),
      ).toContain('Optics');
      const duplicate = await server().call(addSpecCategory, {
        token: staff,
        body: { name: 'optics' },
      });
      expect(duplicate.status).toBe(409);

      const spec = await server().call(addSpec, {
        token: staff,
        body: {
          name: 'Colour',
          data_type: 'option',
          category_id: category.data.category.id,
          options: [{ value: 'Red', order: 1 }],
        },
      });
      expect(spec.status).toBe(201);
      const withOption = await server().call(addSpecOption, {
        token: staff,
        params: { id: spec.data.spec.id },
        body: { specification_id: spec.data.spec.id, value: 'Green', order: 2 },
      });
      expect(withOption.data.spec.options.map((option) => option.value)).toEqual(['Red', 'Green']);
      const onNumber = await server().call(addSpecOption, {
        token: staff,
        params: { id: 1 },
        body: { value: 'big', order: 1 },
      });
      expect(onNumber.status).toBe(422);
      expect(
        (await server().call(getSpec, { token: viewer, params: { id: spec.data.spec.id } })).data
          .spec.name,
      ).toBe('Colour');
      expect(
        (await server().call(listSpecs, { token: viewer })).data.specs.find((s) => s.id === 16)
          ?.name,
      ).toBe('Diode type');
      const badType = await server().request('POST', '/api/spec', {
        token: staff,
        json: { name: 'Z', data_type: 'blob' },
      });
      expect(badType.status).toBe(422);
      expect(badType.json.error.data_type).toBe('data_type must be one of number, option, text');

      const newCategory = await server().call(addCategory, {
        token: staff,
        body: { name: 'LEDs', shorts: ['LED'], spec_ids: [spec.data.spec.id] },
      });
      expect(newCategory.data.category).toMatchObject({
        name: 'LEDs',
        spec_ids: [spec.data.spec.id],
      });
      expect(newCategory.data.category.id).toBeGreaterThanOrEqual(100);
      const updated = await server().call(updateCategory, {
        token: staff,
        params: { id: newCategory.data.category.id },
        body: { name: 'LEDs', aliases: ['Light emitting diodes'], spec_ids: [] },
      });
      expect(updated.data.category).toMatchObject({
        aliases: ['Light emitting diodes'],
        spec_ids: [],
      });
      expect(
        (
          await server().call(addCategory, {
            token: people.acme.editor.token,
            body: { name: 'Mine' },
          })
        ).status,
      ).toBe(403);
      const categories = await server().call(allCategories, { token: viewer });
      expect(categories.data.categories.find((c) => c.id === 5)?.spec_ids).toEqual([
        16, 17, 24, 25, 26, 27, 28,
      ]);
    });

    it('packages: listed by category, mount type and pins changed by staff only', async () => {
      const token = people.acme.viewer.token;
      const response = await server().call(getPackages, { token, query: { category_ids: '1,2' } });
      expect(response.data.categories.map((c) => c.name)).toEqual(['Resistors', 'Capacitors']);
      const p0603 = response.data.categories[0]!.packages.find((pkg) => pkg.pkgName === '0603')!;
      expect(p0603).toMatchObject({ minX: -0.8, maxX: 0.8, minY: -0.4, maxY: 0.4, numOfPins: 2 });
      expect(p0603.aliases).toContain('1608 metric');
      const bad = await server().call(getPackages, { token, query: { category_ids: 'resistors' } });
      expect(bad.status).toBe(422);
      expect(bad.json.error.category_ids).toBe(
        'category_ids must be ids separated by commas, like 1,2,4',
      );
      expect(
        (
          await server().call(updatePackage, {
            token: people.acme.editor.token,
            params: { id: p0603.id },
            body: { numOfPins: 3 },
          })
        ).status,
      ).toBe(403);
      const changed = await server().call(updatePackage, {
        token: people.admin.token,
        params: { id: p0603.id },
        body: { mountType: 'SMD', numOfPins: 2 },
      });
      expect(changed.data.package.numOfPins).toBe(2);
      const badPins = await server().call(updatePackage, {
        token: people.admin.token,
        params: { id: p0603.id },
        body: { numOfPins: -1 },
      });
      expect(badPins.json.error).toEqual({ numOfPins: 'numOfPins must be at least 0' });
      expect(
        (
          await server().call(updatePackage, {
            token: people.admin.token,
            params: { id: 999999 },
            body: {},
          })
        ).status,
      ).toBe(404);
    });
  });
});
