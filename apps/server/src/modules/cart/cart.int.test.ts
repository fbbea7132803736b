import {
  ALREADY_IN_CART_MESSAGE,
  addProduct,
  addProject,
  addToCart,
  cartData,
  cartPrice,
  clearCart,
  getCart,
  getProduct,
  priceCart,
  removeFromCart,
  saveBoardSettings,
  updateCartLine,
} from '@circuits/contracts';
import { CART_INVALID_BOARD_SETTINGS_MESSAGE } from '@circuits/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, createTeam, type People, type Team } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { form } from '../../../test/uploads.ts';
import { UNAVAILABLE_BOARD_MESSAGE } from './cart.service.ts';

/** 100 × 100 mm, 2 layers: 3.00 USD set-up + 0.60 USD a board. */
const VALID_100MM = {
  unitsIn: 'mm',
  boardWidth: 100,
  boardLength: 100,
  numberLayers: 2,
  edge_rail_width: 5,
};

describe.each(databaseKinds())('cart on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let maple: Team;
  let boardA: number;
  let boardB: number;
  let unset: number;
  let globexBoard: number;
  let mapleBoard: number;

  async function makeBoard(token: string, name: string, settings: object | null) {
    const project = await server().call(addProject, {
      token,
      form: form({ title: `${name} project` }),
    });
    const product = await server().call(addProduct, {
      token,
      params: { id: project.data.data.id },
      form: form({ name, partNumber: `PN-${name}` }),
    });
    const id = product.data.data.id;
    if (settings) {
      const saved = await server().call(saveBoardSettings, {
        token,
        params: { id },
        body: settings,
      });
      expect(saved.status, saved.text).toBe(200);
    }
    return id;
  }

  beforeAll(async () => {
    people = await createPeople(server());
    maple = await createTeam(server(), 'Maple Boards', 'CA');
    const token = people.acme.editor.token;
    boardA = await makeBoard(token, 'Alpha', VALID_100MM);
    boardB = await makeBoard(token, 'Bravo', {
      ...VALID_100MM,
      finishing: 'ENIG',
      panelization: true,
      panelization_x: 2,
      panelization_y: 3,
    });
    unset = await makeBoard(token, 'Unset', null);
    globexBoard = await makeBoard(people.globex.editor.token, 'Globex', VALID_100MM);
    mapleBoard = await makeBoard(maple.editor.token, 'Maple', VALID_100MM);
  });

  const add = (token: string, product_id: number, amount = 5, material?: string) =>
    server().call(addToCart, {
      token,
      body: { product_id, amount, ...(material ? { material } : {}) },
    });

  it('refuses a board without valid settings with the SPEC message', async () => {
    const response = await add(people.acme.editor.token, unset);
    expect(response.status, response.text).toBe(422);
    expect(response.json.error).toEqual({ product_id: CART_INVALID_BOARD_SETTINGS_MESSAGE });
  });

  it('keeps the cart on the server per user, priced in the three currencies', async () => {
    const token = people.acme.editor.token;
    const added = await add(token, boardA);
    expect(added.status, added.text).toBe(200);
    expect(added.data.warning).toBeNull();
    expect(added.data.cart).toHaveLength(1);
    expect(added.data.cart[0]).toMatchObject({
      product_id: boardA,
      title: 'Alpha',
      pn: 'PN-Alpha',
      img: null,
      amount: 5,
      material: 'FR4',
      panelization: null,
      // The unit price is rounded to the cent first, the line is made from it: 5 × 1.66 CAD.
      line_price: { USD: 600, CAD: 830, EUR: 550 },
      per_one: { USD: 120, CAD: 166, EUR: 110 },
      error: null,
    });
    expect(added.data.cart[0]!.materials).toContain('FR4 High Tg');
    expect(added.data.cart[0]!.quote!.lines.map((line) => line.reason)).toEqual([
      'Set-up for 2 layers',
      '2 layers, 100 × 100 mm (100 cm²)',
      'Price per board rounded to a whole cent (× 5)',
    ]);
    expect(added.data.customer_currency).toEqual({ id: 2, name: 'USD' });
    expect(added.data.currencies.map((currency) => currency.name)).toEqual(['USD', 'CAD', 'EUR']);
    expect(added.data.totals).toEqual({
      subtotal: { USD: 600, CAD: 830, EUR: 550 },
      tax: { USD: 0, CAD: 0, EUR: 0 },
      total: { USD: 600, CAD: 830, EUR: 550 },
      tax_percent: 0,
    });

    const panel = await add(token, boardB, 2, 'FR4 High Tg');
    expect(panel.status, panel.text).toBe(200);
    const line = panel.data.cart.find((candidate) => candidate.product_id === boardB)!;
    expect(line).toMatchObject({ material: 'FR4 High Tg', panelization: '2 × 3', amount: 2 });
    expect(line.quote!.lines.map((priced) => priced.reason)).toContain('ENIG finish: set-up');

    const reread = await server().call(getCart, { token });
    expect(reread.data.cart.map((cartLine) => cartLine.product_id)).toEqual([boardA, boardB]);
    // Another member of the same company has a cart of their own.
    const other = await server().call(getCart, { token: people.acme.viewer.token });
    expect(other.status).toBe(200);
    expect(other.data.cart).toEqual([]);
  });

  it('only warns when the board is in the cart already, leaving its amount', async () => {
    const again = await add(people.acme.editor.token, boardA, 50);
    expect(again.status, again.text).toBe(200);
    expect(again.data.warning).toBe(ALREADY_IN_CART_MESSAGE);
    expect(again.data.cart.find((line) => line.product_id === boardA)!.amount).toBe(5);
  });

  it('changes an amount (prices follow), and amount 0 removes the line', async () => {
    const token = people.acme.editor.token;
    const more = await server().call(updateCartLine, {
      token,
      params: { productId: boardA },
      body: { amount: 10 },
    });
    expect(more.status, more.text).toBe(200);
    const line = more.data.cart.find((candidate) => candidate.product_id === boardA)!;
    expect(line.amount).toBe(10);
    expect(line.line_price!.USD).toBe(300 + 10 * 60);
    expect(line.per_one!.USD).toBeLessThan(120);

    const material = await server().call(updateCartLine, {
      token,
      params: { productId: boardA },
      body: { material: 'Cardboard' },
    });
    expect(material.status).toBe(422);
    expect(material.json.error.material).toMatch(/^Choose one of the offered materials/);

    const gone = await server().call(updateCartLine, {
      token,
      params: { productId: boardA },
      body: { amount: 0 },
    });
    expect(gone.data.cart.map((cartLine) => cartLine.product_id)).toEqual([boardB]);
    const missing = await server().call(updateCartLine, {
      token,
      params: { productId: boardA },
      body: { amount: 3 },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Cart line not found');
  });

  it('prices the build time chosen: faster costs more, economy less, an unknown one is refused', async () => {
    const token = people.acme.editor.token;
    const standard = await server().call(getCart, { token });
    expect(standard.data.lead_times.map((option) => option.id)).toEqual([
      'standard',
      'faster',
      'economy',
    ]);
    const first = standard.data.cart[0]!;
    expect(first.lead_time).toBe('standard');
    const faster = await server().call(updateCartLine, {
      token,
      params: { productId: first.product_id },
      body: { lead_time: 'faster' },
    });
    expect(faster.status, faster.text).toBe(200);
    const fasterLine = faster.data.cart.find((line) => line.product_id === first.product_id)!;
    expect(fasterLine.lead_time).toBe('faster');
    expect(fasterLine.line_price!.USD).toBeGreaterThan(first.line_price!.USD);
    expect(fasterLine.quote!.lines.map((line) => line.reason)).toContain(
      'Faster build in 3 working days (+30 %)',
    );
    const economy = await server().call(updateCartLine, {
      token,
      params: { productId: first.product_id },
      body: { lead_time: 'economy' },
    });
    const economyLine = economy.data.cart.find((line) => line.product_id === first.product_id)!;
    expect(economyLine.line_price!.USD).toBeLessThan(first.line_price!.USD);
    // The cart and the browser-cart price agree to the cent, build time included.
    const priced = await server().call(priceCart, {
      token,
      body: {
        fromState: true,
        boards: [
          {
            id: first.product_id,
            amount: economyLine.amount,
            material: economyLine.material,
            lead_time: 'economy',
          },
        ],
      },
    });
    expect(priced.data.prices[0]!.line_price).toEqual(economyLine.line_price);
    // The instant quote of the same board, quantity and build time asks the same, to the cent.
    const page = await server().call(getProduct, { token, params: { id: first.product_id } });
    const analysis = page.data.boardAnalysis;
    const instant = await server().request('POST', '/api/instantQuote/price', {
      json: {
        // The line's material, which the cart may choose apart from the settings.
        settings: { ...page.data.settings, boardMaterial: economyLine.material },
        facts: analysis
          ? {
              widthMm: analysis.widthMm,
              lengthMm: analysis.lengthMm,
              copperLayers: analysis.copperLayers,
            }
          : null,
        quantity: economyLine.amount,
        lead_time: 'economy',
      },
    });
    expect(instant.status, instant.text).toBe(200);
    expect(
      instant.json.quote.lines.map((line: { reason: string }) => line.reason),
      JSON.stringify(economyLine.quote!.lines.map((line) => line.reason)),
    ).toEqual(economyLine.quote!.lines.map((line) => line.reason));
    expect(instant.json.quote.total).toEqual(economyLine.line_price);
    const unknown = await server().call(updateCartLine, {
      token,
      params: { productId: first.product_id },
      body: { lead_time: 'yesterday' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.lead_time).toBe(
      'Choose one of the build times: standard, faster, economy',
    );
    await server().call(updateCartLine, {
      token,
      params: { productId: first.product_id },
      body: { lead_time: 'standard' },
    });
  });

  it('removes one line and empties the cart', async () => {
    const token = people.acme.editor.token;
    await add(token, boardA);
    const removed = await server().call(removeFromCart, { token, params: { productId: boardB } });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.data.cart.map((line) => line.product_id)).toEqual([boardA]);
    const again = await server().call(removeFromCart, { token, params: { productId: boardB } });
    expect(again.status).toBe(404);
    const cleared = await server().call(clearCart, { token });
    expect(cleared.status).toBe(200);
    expect(cleared.data.cart).toEqual([]);
    expect(cleared.data.totals.total).toEqual({ USD: 0, CAD: 0, EUR: 0 });
  });

  it('shows a line whose settings became invalid with the message, and does not price it', async () => {
    const token = people.acme.editor.token;
    const id = await makeBoard(token, 'Changing', VALID_100MM);
    await add(token, id);
    // An administrator drops the size; the saved settings are no longer valid.
    await server()
      .services.transactor.executor()
      .execute(
        sql`UPDATE product_board_settings SET settings = jsonb_set(settings, '{boardWidth}', 'null') WHERE product_id = ${id}`,
      );
    const cart = await server().call(getCart, { token });
    const line = cart.data.cart.find((candidate) => candidate.product_id === id)!;
    expect(line).toMatchObject({ line_price: null, error: CART_INVALID_BOARD_SETTINGS_MESSAGE });
    const priced = await server().call(priceCart, {
      token,
      body: { boards: [], fromState: false },
    });
    expect(priced.data.rejected).toEqual([
      { product_id: id, message: CART_INVALID_BOARD_SETTINGS_MESSAGE },
    ]);
    await server().call(clearCart, { token });
  });

  it('prices a board anew once its settings are saved again, or its size read again', async () => {
    const token = people.acme.editor.token;
    const id = await makeBoard(token, 'Repriced', VALID_100MM);
    await add(token, id);
    const lineOf = async () =>
      (await server().call(getCart, { token })).data.cart.find((line) => line.product_id === id)!;
    const first = await lineOf();
    expect((await lineOf()).line_price).toEqual(first.line_price);
    const saved = await server().call(saveBoardSettings, {
      token,
      params: { id },
      body: { ...VALID_100MM, finishing: 'ENIG' },
    });
    expect(saved.status, saved.text).toBe(200);
    const enig = await lineOf();
    expect(enig.line_price).not.toEqual(first.line_price);
    expect(enig.quote?.lines.map((line) => line.reason).join(' ')).toMatch(/ENIG/);
    await server().call(clearCart, { token });
  });

  describe('roles', () => {
    it('lets read-only members price but not fill a cart', async () => {
      const viewer = people.acme.viewer.token;
      const refused = await add(viewer, boardA);
      expect(refused.status).toBe(403);
      expect(refused.json.error).toBe('Only company editors can order boards');
      const priced = await server().call(priceCart, {
        token: viewer,
        body: { boards: [{ id: boardA, amount: 5 }], fromState: true },
      });
      expect(priced.status, priced.text).toBe(200);
      expect(priced.data.prices[0]!.line_price.USD).toBe(600);
    });

    it('lets moderators price any company but not order for it; administrators may', async () => {
      const moderator = people.moderator.token;
      const refused = await add(moderator, boardA);
      expect(refused.status).toBe(403);
      expect(refused.json.error).toBe(
        'Moderators can view other companies but cannot order for them',
      );
      const priced = await server().call(priceCart, {
        token: moderator,
        body: { boards: [{ id: mapleBoard, amount: 5 }], fromState: true },
      });
      expect(priced.status, priced.text).toBe(200);
      // The customer's currency: the company the boards belong to.
      expect(priced.data.customer_currency).toEqual({ id: 1, name: 'CAD' });

      const admin = people.admin.token;
      const added = await add(admin, boardA);
      expect(added.status, added.text).toBe(200);
      expect(added.data.cart.map((line) => line.product_id)).toEqual([boardA]);
      await server().call(clearCart, { token: admin });
    });

    it('asks for a login', async () => {
      expect((await server().request('GET', '/api/cart')).status).toBe(401);
      const anonymous = await server().request('POST', '/api/v2/cart/price', {
        json: { boards: [], fromState: true },
      });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('a second company', () => {
    it('cannot put, price or read another company’s board', async () => {
      const globex = people.globex.editor.token;
      const refused = await add(globex, boardA);
      expect(refused.status).toBe(404);
      expect(refused.json.error).toBe('Product not found');

      const priced = await server().call(priceCart, {
        token: globex,
        body: {
          boards: [
            { id: boardA, amount: 5 },
            { id: globexBoard, amount: 5 },
          ],
          fromState: true,
        },
      });
      expect(priced.status, priced.text).toBe(200);
      expect(priced.data.prices.map((price) => price.id)).toEqual([globexBoard]);
      expect(priced.data.rejected).toEqual([
        { product_id: boardA, message: UNAVAILABLE_BOARD_MESSAGE },
      ]);

      const old = await server().call(cartPrice, {
        token: globex,
        body: { products_list: [{ product_id: boardA, amount: 5 }] },
      });
      expect(old.data.prices).toEqual([]);
      expect(old.data.rejected).toEqual([
        { product_id: boardA, message: UNAVAILABLE_BOARD_MESSAGE },
      ]);

      const data = await server().call(cartData, {
        token: globex,
        body: { products: [boardA, globexBoard] },
      });
      expect(data.data.products.map((product) => product.id)).toEqual([globexBoard]);
      expect(data.data.missing).toEqual([boardA]);
    });

    it('gets its own currency first and its tax (SPEC §9: CA → CAD with 13 %)', async () => {
      const priced = await server().call(priceCart, {
        token: maple.viewer.token,
        body: { boards: [{ id: mapleBoard, amount: 5 }], fromState: true },
      });
      expect(priced.data.customer_currency).toEqual({ id: 1, name: 'CAD' });
      expect(
        priced.data.currencies.map((currency) => [currency.id, currency.name, currency.rate]),
      ).toEqual([
        [1, 'CAD', 1.38],
        [2, 'USD', 1],
        [3, 'EUR', 0.92],
      ]);
      expect(priced.data.totals).toMatchObject({
        tax_percent: 13,
        subtotal: { CAD: 830 },
        tax: { CAD: 108 },
        total: { CAD: 938 },
      });
    });
  });

  describe('the old cart (POST /api/documents/cartPrice)', () => {
    it('answers line_price in the company currency and the other two in other_currency', async () => {
      const response = await server().call(cartPrice, {
        token: maple.editor.token,
        body: { products_list: [{ product_id: mapleBoard, amount: 5 }] },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.data.prices).toEqual([
        expect.objectContaining({
          product_id: mapleBoard,
          amount: 5,
          line_price: { currency: 'CAD', minor: 830 },
          per_one: { currency: 'CAD', minor: 166 },
          other_currency: [
            { currency: 'USD', minor: 600 },
            { currency: 'EUR', minor: 550 },
          ],
        }),
      ]);
      expect(response.data.customer_currency).toEqual({ id: 1, name: 'CAD' });
    });

    it('rejects a line without valid settings with the SPEC message', async () => {
      const response = await server().call(cartPrice, {
        token: people.acme.editor.token,
        body: {
          products_list: [
            { product_id: unset, amount: 1 },
            { product_id: boardA, amount: 1 },
          ],
        },
      });
      expect(response.data.prices.map((price) => price.product_id)).toEqual([boardA]);
      expect(response.data.rejected).toEqual([
        { product_id: unset, message: CART_INVALID_BOARD_SETTINGS_MESSAGE },
      ]);
    });
  });

  describe('cart data (POST /api/products/cartData)', () => {
    it('tells what lines of a browser cart show', async () => {
      const response = await server().call(cartData, {
        token: people.acme.viewer.token,
        body: { products: [boardB, unset, boardB] },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.data.products).toEqual([
        expect.objectContaining({
          id: boardB,
          title: 'Bravo',
          pn: 'PN-Bravo',
          panelization: '2 × 3',
          settings_valid: true,
        }),
        expect.objectContaining({ id: unset, title: 'Unset', settings_valid: false }),
      ]);
      expect(response.data.missing).toEqual([]);
    });
  });

  describe('bad input', () => {
    const token = () => people.acme.editor.token;

    it('names the problem with a 4xx, never a 500', async () => {
      const cases: [string, string, unknown, RegExp][] = [
        ['POST', '/api/cart', { product_id: boardA, amount: 0 }, /amount should be at least 1/],
        ['POST', '/api/cart', { product_id: boardA, amount: 1.5 }, /amount must be a whole number/],
        ['POST', '/api/cart', { amount: 1 }, /product_id is required/],
        [
          'POST',
          '/api/cart',
          { product_id: boardA, amount: 1, material: 'Cardboard' },
          /Choose one of the offered materials/,
        ],
        [
          'POST',
          '/api/documents/cartPrice',
          { products_list: 'x' },
          /products_list must be a list/,
        ],
        [
          'POST',
          '/api/documents/cartPrice',
          { products_list: [{ product_id: boardA, amount: 0 }] },
          /amount should be at least 1/,
        ],
        [
          'POST',
          '/api/v2/cart/price',
          { boards: [{ id: boardA, amount: 1 }], fromState: false },
          /Send no boards with fromState false/,
        ],
        [
          'POST',
          '/api/v2/cart/price',
          { boards: [{ id: boardA }], fromState: true },
          /amount is required/,
        ],
        [
          'POST',
          '/api/v2/cart/price',
          {
            boards: Array.from({ length: 201 }, () => ({ id: boardA, amount: 1 })),
            fromState: true,
          },
          /at most 200 lines/,
        ],
        ['POST', '/api/products/cartData', { products: ['a'] }, /products must be a whole number/],
        ['PATCH', `/api/cart/${boardA}`, {}, /Send amount, material or lead_time/],
        ['PATCH', `/api/cart/${boardA}`, { amount: -1 }, /amount should be at least 0/],
      ];
      for (const [method, path, json, message] of cases) {
        const response = await server().request(method, path, { token: token(), json });
        expect(response.status, `${method} ${path} ${JSON.stringify(json).slice(0, 80)}`).toBe(422);
        expect(response.text).toMatch(message);
      }
      const notJson = await server().request('POST', '/api/cart', {
        token: token(),
        body: '{"product_id":',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.status).toBe(400);
      const badId = await server().request('DELETE', '/api/cart/abc', { token: token() });
      expect(badId.status).toBe(404);
    });
  });
});

describe.each(databaseKinds())('asking for prices and the write budget on %s', (kind) => {
  const server = useTestServer(kind, { env: { LIMIT_WRITES_PER_USER: '6/1h' } });

  it('does not count price requests as changes; cart changes count', async () => {
    const people = await createPeople(server());
    const token = people.acme.editor.token;
    // Three changes: the project, the board and its settings.
    const project = await server().call(addProject, { token, form: form({ title: 'Budget' }) });
    const product = await server().call(addProduct, {
      token,
      params: { id: project.data.data.id },
      form: form({ name: 'Budget board' }),
    });
    const id = product.data.data.id;
    const saved = await server().call(saveBoardSettings, {
      token,
      params: { id },
      body: VALID_100MM,
    });
    expect(saved.status, saved.text).toBe(200);
    for (let round = 0; round < 5; round += 1) {
      const priced = await server().call(priceCart, {
        token,
        body: { boards: [{ id, amount: round + 1 }], fromState: true },
      });
      expect(priced.status, priced.text).toBe(200);
      const old = await server().call(cartPrice, {
        token,
        body: { products_list: [{ product_id: id, amount: 1 }] },
      });
      expect(old.status).toBe(200);
      expect((await server().call(cartData, { token, body: { products: [id] } })).status).toBe(200);
    }
    // Three more changes reach the budget of six; the seventh is refused.
    expect(
      (await server().call(addToCart, { token, body: { product_id: id, amount: 2 } })).status,
    ).toBe(200);
    for (const amount of [3, 4]) {
      const changed = await server().call(updateCartLine, {
        token,
        params: { productId: id },
        body: { amount },
      });
      expect(changed.status).toBe(200);
    }
    const refused = await server().call(updateCartLine, {
      token,
      params: { productId: id },
      body: { amount: 5 },
    });
    expect(refused.status).toBe(429);
  });
});
