import {
  addPriceBookVersion,
  addProduct,
  addProject,
  getPriceBook,
  saveBoardSettings,
} from '@circuits/contracts';
import { CART_INVALID_BOARD_SETTINGS_MESSAGE, DEFAULT_PRICE_BOOK } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { form } from '../../../test/uploads.ts';

/** Version 1 is the first book (0011), version 2 the calibrated default (0028). */
const SEEDED_VERSION = 2;

describe.each(databaseKinds())('price book and board prices on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let boardId: number;
  let unsetId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const token = people.acme.editor.token;
    const project = await server().call(addProject, { token, form: form({ title: 'Priced' }) });
    const add = async (name: string) =>
      (
        await server().call(addProduct, {
          token,
          params: { id: project.data.data.id },
          form: form({ name, partNumber: `${name}-1` }),
        })
      ).data.data.id;
    boardId = await add('Priced board');
    unsetId = await add('Unset board');
    const saved = await server().call(saveBoardSettings, {
      token,
      params: { id: boardId },
      body: {
        unitsIn: 'mm',
        boardWidth: 100,
        boardLength: 100,
        numberLayers: 2,
        edge_rail_width: 5,
      },
    });
    expect(saved.status, saved.text).toBe(200);
  });

  it('is seeded with the default book as the version in force, readable by every member', async () => {
    const response = await server().call(getPriceBook, { token: people.globex.viewer.token });
    expect(response.status, response.text).toBe(200);
    expect(response.data.priceBook.version).toBe(SEEDED_VERSION);
    expect(response.data.priceBook.book).toEqual(DEFAULT_PRICE_BOOK);
    expect((await server().request('GET', '/api/priceBook')).status).toBe(401);
  });

  it('prices a board line by line with the version of the book it used', async () => {
    const price = await server().services.pricing.priceProduct(boardId, 5, null);
    expect(price.type).toBe('priced');
    if (price.type !== 'priced') return;
    expect(price.bookVersion).toBe(SEEDED_VERSION);
    expect(price.quote.book_version).toBe(SEEDED_VERSION);
    expect(price.quote.lines.map((line) => [line.reason, line.amount.USD])).toEqual([
      ['Set-up for 2 layers', 300],
      ['2 layers, 100 × 100 mm (100 cm²)', 300],
      // Nothing to round in USD; in CAD and EUR the cents that make 5 × the unit price.
      ['Price per board rounded to a whole cent (× 5)', 0],
    ]);
    expect(price.quote.total).toEqual({ USD: 600, CAD: 830, EUR: 550 });
    expect(price.quote.per_one).toEqual({ USD: 120, CAD: 166, EUR: 110 });
    expect(price.quote.rates).toEqual(DEFAULT_PRICE_BOOK.rates);
  });

  it('rejects a board whose settings are not valid with the SPEC message', async () => {
    const price = await server().services.pricing.priceProduct(unsetId, 5, null);
    expect(price).toMatchObject({ type: 'rejected', message: CART_INVALID_BOARD_SETTINGS_MESSAGE });
  });

  it('rejects a material that is not offered', async () => {
    const price = await server().services.pricing.priceProduct(boardId, 5, 'Cardboard');
    expect(price.type).toBe('rejected');
    if (price.type === 'rejected')
      expect(price.message).toMatch(/^Choose one of the offered materials: FR4/);
  });

  it('lets only administrators put a new version in force; older quotes keep theirs', async () => {
    const dearer = {
      ...DEFAULT_PRICE_BOOK,
      layerBands: DEFAULT_PRICE_BOOK.layerBands.map((band) => ({
        ...band,
        setupFee: band.setupFee + 100,
      })),
    };
    for (const member of [people.acme.editor, people.moderator]) {
      const refused = await server().call(addPriceBookVersion, {
        token: member.token,
        body: { book: dearer, note: 'Dearer set-up' },
      });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json).toMatchObject({ error: 'Only administrators can do this' });
    }
    const bad = await server().call(addPriceBookVersion, {
      token: people.admin.token,
      body: { book: { ...dearer, rates: { USD: 1, CAD: -1, EUR: 0.9 } }, note: null },
    });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.text).toContain('book.rates.CAD');

    const added = await server().call(addPriceBookVersion, {
      token: people.admin.token,
      body: { book: dearer, note: 'Dearer set-up' },
    });
    expect(added.status, added.text).toBe(201);
    const version = added.data.priceBook.version;
    expect(version).toBeGreaterThan(SEEDED_VERSION);
    const current = await server().call(getPriceBook, { token: people.acme.viewer.token });
    expect(current.data.priceBook).toMatchObject({ version, note: 'Dearer set-up' });

    const now = await server().services.pricing.priceProduct(boardId, 5, null);
    const then = await server().services.pricing.priceProduct(boardId, 5, null, {
      bookVersion: SEEDED_VERSION,
    });
    expect(now).toMatchObject({ type: 'priced', bookVersion: version });
    expect(then).toMatchObject({ type: 'priced', bookVersion: SEEDED_VERSION });
    if (now.type === 'priced' && then.type === 'priced') {
      expect(now.quote.total.USD).toBe(then.quote.total.USD + 100);
    }
    // Back to the default numbers, for the tests that follow.
    await server().call(addPriceBookVersion, {
      token: people.admin.token,
      body: { book: DEFAULT_PRICE_BOOK, note: 'Default again' },
    });
  });

  it('gives each company its currency and tax (SPEC §9)', async () => {
    const pricing = server().services.pricing;
    expect(await pricing.customerPricing(people.acme.companyId)).toEqual({
      currencyId: 2,
      currency: 'USD',
      taxPercent: 0,
    });
    const canadian = await server().services.companies.createCompany({
      name: 'Maple',
      countryCode: 'CA',
    });
    expect(await pricing.customerPricing(canadian)).toEqual({
      currencyId: 1,
      currency: 'CAD',
      taxPercent: 13,
    });
    const french = await server().services.companies.createCompany({
      name: 'Gaule',
      countryCode: 'FR',
    });
    expect((await pricing.customerPricing(french)).currency).toBe('EUR');
    const price = await pricing.priceProduct(boardId, 5, null);
    expect(pricing.totals([price], 13)).toEqual({
      subtotal: { USD: 600, CAD: 830, EUR: 550 },
      tax: { USD: 78, CAD: 108, EUR: 72 },
      total: { USD: 678, CAD: 938, EUR: 622 },
    });
  });
});
