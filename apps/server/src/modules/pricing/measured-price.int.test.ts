import {
  addProduct,
  addProductFiles,
  addProject,
  addToCart,
  createOrder,
  getOrder,
  getProduct,
  priceCart,
  priceInstantQuote,
  saveBoardSettings,
} from '@circuits/contracts';
import { DEFAULT_BOARD_SETTINGS } from '@circuits/domain';
import { writeOutlineGerber } from '@circuits/gerber';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { firstCarrier, orderBody, shippingAddress } from '../../../test/orders.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, type FormFile, form } from '../../../test/uploads.ts';

// A price is made from what the files show: a customer who declares a smaller board or fewer
// layers than the files hold pays for the board the files describe, is told why, and cannot save
// the smaller size; an order records both. The instant quote's measure comes from the browser
// (bounded), but an order made from a quote is priced from the server's own measure.

/** A two-layer board with a closed 100 × 80 mm outline. */
const BOARD: FormFile[] = [
  { field: 'files[]', name: 'sized-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
  { field: 'files[]', name: 'sized-B_Cu.gbr', data: BOARD_FILES['demo-B_Cu.gbr']! },
  { field: 'files[]', name: 'sized-PTH.drl', data: BOARD_FILES['demo-PTH.drl']! },
  {
    field: 'files[]',
    name: 'sized-Edge_Cuts.gbr',
    data: writeOutlineGerber({ width: 100, length: 80, radius: 0, units: 'mm' }),
  },
];

const HONEST = { unitsIn: 'mm', boardWidth: 100, boardLength: 80, numberLayers: 2 } as const;
// Small enough to be a lie about the files, large enough for the fab to make (5 mm a side).
const TINY = { unitsIn: 'mm', boardWidth: 10, boardLength: 10, numberLayers: 2 } as const;
const BOARDS = 10_000;

describe.each(databaseKinds())('prices made from what the board files measure on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;
  let boardId: number;

  const editor = () => people.acme.editor.token;

  async function newBoard(name: string, files: FormFile[] = BOARD, token = editor()) {
    const product = await server().call(addProduct, {
      token,
      params: { id: projectId },
      form: form({ name, partNumber: 'MEAS-1' }, files),
    });
    expect(product.status, product.text).toBe(201);
    return product.data.data.id;
  }

  const save = (id: number, body: Record<string, unknown>, token = editor()) =>
    server().call(saveBoardSettings, { token, params: { id }, body: body as never });

  async function priceOf(id: number, amount = BOARDS, token = editor()) {
    const response = await server().call(priceCart, {
      token,
      body: { boards: [{ id, amount, material: null }], fromState: true },
    });
    expect(response.status, response.text).toBe(200);
    return response.data;
  }

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: editor(),
      form: form({ title: 'Measured boards' }),
    });
    projectId = project.data.data.id;
    boardId = await newBoard('Measured board');
  });

  it('measures the board from its files', async () => {
    const page = await server().call(getProduct, { token: editor(), params: { id: boardId } });
    expect(page.data.boardAnalysis).toMatchObject({ copperLayers: 2, sizeFrom: 'outline' });
    expect(page.data.boardAnalysis!.widthMm).toBeCloseTo(100, 1);
    expect(page.data.boardAnalysis!.lengthMm).toBeCloseTo(80, 1);
  });

  it('refuses a declared size or layer count below the measure, naming both values', async () => {
    const tiny = await save(boardId, TINY);
    expect(tiny.status, tiny.text).toBe(422);
    expect(tiny.json.error).toEqual({
      boardWidth: 'Width 10 mm is less than the 100 mm the board files measure',
      boardLength: 'Length 10 mm is less than the 80 mm the board files measure',
    });
    const oneLayer = await save(boardId, { ...HONEST, numberLayers: 1 });
    expect(oneLayer.status, oneLayer.text).toBe(422);
    expect(oneLayer.json.error).toEqual({
      numberLayers: '1 layer is fewer than the 2 copper layers in the board files',
    });
    const inches = await save(boardId, { ...HONEST, unitsIn: 'in', boardWidth: 3, boardLength: 3 });
    expect(inches.status, inches.text).toBe(422);
    expect(inches.json.error.boardWidth).toBe(
      'Width 3 in is less than the 3.937 in the board files measure',
    );
    // The same board turned a quarter, or larger, is fine.
    expect((await save(boardId, { ...HONEST, boardWidth: 80, boardLength: 100 })).status).toBe(200);
    expect((await save(boardId, { ...HONEST, boardWidth: 120, numberLayers: 4 })).status).toBe(200);
  });

  it('prices within the measurement noise at the measured size, and says so', async () => {
    expect((await save(boardId, HONEST)).status).toBe(200);
    const honest = await priceOf(boardId);
    expect(honest.prices).toHaveLength(1);

    const short = await save(boardId, { ...HONEST, boardWidth: 99.6, boardLength: 79.6 });
    expect(short.status, short.text).toBe(200);
    const priced = await priceOf(boardId);
    expect(priced.prices[0]!.line_price).toEqual(honest.prices[0]!.line_price);
    const area = priced.prices[0]!.quote.lines.find((line) => line.rule === 'area')!;
    expect(area.reason).toMatch(
      /; board measured from the files at 100(\.\d+)? × 80(\.\d+)? mm \(99\.6 × 79\.6 mm entered\)$/,
    );
  });

  it('prices settings saved before the files at the size and layers the files measure', async () => {
    const honestBoard = await newBoard('Honest twin');
    expect((await save(honestBoard, HONEST)).status).toBe(200);
    const honest = await priceOf(honestBoard);

    // Saved with no files to measure (the rule has nothing to hold them to), then the files come.
    const declared = await newBoard('Declared small', []);
    const saved = await save(declared, { ...TINY, numberLayers: 1 });
    expect(saved.status, saved.text).toBe(200);
    const cheap = await priceOf(declared);
    const added = await server().call(addProductFiles, {
      token: editor(),
      params: { id: declared },
      form: form({}, BOARD),
    });
    expect(added.status, added.text).toBe(201);
    const page = await server().call(getProduct, { token: editor(), params: { id: declared } });
    // The settings the user saved are kept as they were...
    expect(page.data.settings).toMatchObject({ boardWidth: 10, numberLayers: 1 });
    // ...and the price is the honest one (USD 16.95 before for the 10,000 boards).
    const priced = await priceOf(declared);
    expect(cheap.prices[0]!.line_price.USD).toBeLessThan(honest.prices[0]!.line_price.USD / 10);
    expect(priced.prices[0]!.line_price).toEqual(honest.prices[0]!.line_price);
    const reasons = priced.prices[0]!.quote.lines.map((line) => line.reason);
    expect(reasons).toContain(
      'Set-up for 2 layers (the board files hold 2 copper layers; 1 entered)',
    );
    expect(reasons.find((reason) => reason.includes('(10 × 10 mm entered)'))).toBeDefined();

    // The order records what was declared and what was measured, and charges the honest price.
    const addressId = await shippingAddress(server(), people.acme.companyId);
    const carrier = await firstCarrier(server(), editor());
    const order = await server().call(createOrder, {
      token: editor(),
      body: orderBody({
        companyId: people.acme.companyId,
        addressId,
        carrier,
        products: [{ id: declared, amount: BOARDS }],
        extra: { payment_method: 'bank_transfer' },
      }),
    });
    expect(order.status, order.text).toBe(200);
    const placed = await server().call(getOrder, {
      token: editor(),
      params: { id: order.data.output.id },
    });
    const [line] = placed.data.order.lines;
    expect(line!.settings).toMatchObject({ boardWidth: 10, boardLength: 10, numberLayers: 1 });
    expect(line!.measured).toMatchObject({ copperLayers: 2 });
    expect(line!.measured!.widthMm).toBeCloseTo(100, 1);
    expect(line!.measured!.lengthMm).toBeCloseTo(80, 1);
    expect(line!.line_price).toBe(honest.prices[0]!.line_price.USD);
    expect(line!.prices.map((price) => price.reason)).toContain(
      'Set-up for 2 layers (the board files hold 2 copper layers; 1 entered)',
    );

    // Another company sees neither the board nor the order.
    const theirs = await save(declared, HONEST, people.globex.editor.token);
    expect(theirs.status).toBe(404);
    const theirPrice = await server().call(priceCart, {
      token: people.globex.editor.token,
      body: { boards: [{ id: declared, amount: 1, material: null }], fromState: true },
    });
    expect(theirPrice.data.prices).toEqual([]);
    expect(theirPrice.data.rejected.map((rejected) => rejected.product_id)).toEqual([declared]);
    const theirOrder = await server().call(getOrder, {
      token: people.globex.editor.token,
      params: { id: order.data.output.id },
    });
    expect(theirOrder.status).toBe(404);
  });

  it('orders a quoted board at the price of what the server measures, whatever the quote was told', async () => {
    const settings = { ...DEFAULT_BOARD_SETTINGS, ...TINY };
    // The browser says what it measured; here it claims a tiny board, and the quote believes it.
    const quoted = await server().call(priceInstantQuote, {
      body: {
        settings,
        facts: { widthMm: 0.01, lengthMm: 0.01, copperLayers: 2 },
        quantity: BOARDS,
      },
    });
    expect(quoted.status, quoted.text).toBe(200);
    // Told the truth, it prices the board the files describe even with the tiny size typed.
    const measured = await server().call(priceInstantQuote, {
      body: {
        settings: { ...settings, boardWidth: 99.6, boardLength: 79.6 },
        facts: { widthMm: 100, lengthMm: 80, copperLayers: 2 },
        quantity: BOARDS,
      },
    });
    expect(measured.status, measured.text).toBe(200);
    expect(measured.data.quote.total.USD).toBeGreaterThan(quoted.data.quote.total.USD * 10);
    const belowMeasure = await server().call(priceInstantQuote, {
      body: { settings, facts: { widthMm: 100, lengthMm: 80, copperLayers: 2 }, quantity: 1 },
    });
    expect(belowMeasure.status).toBe(422);
    expect(belowMeasure.json.error).toEqual({
      'settings.boardWidth': 'Width 10 mm is less than the 100 mm the board files measure',
      'settings.boardLength': 'Length 10 mm is less than the 80 mm the board files measure',
    });

    // "Order this board" after logging in: the files are uploaded, the quoted settings saved
    // (refused: the server measures the files itself), the board put in the cart.
    const product = await newBoard('Quoted board');
    const saved = await save(product, settings);
    expect(saved.status).toBe(422);
    const cart = await server().call(addToCart, {
      token: editor(),
      body: { product_id: product, amount: BOARDS },
    });
    expect(cart.status, cart.text).toBe(200);
    const line = cart.data.cart.find((entry) => entry.product_id === product)!;
    const honestBoard = await newBoard('Quoted twin');
    expect((await save(honestBoard, HONEST)).status).toBe(200);
    const honest = await priceOf(honestBoard);
    expect(line.line_price).toEqual(honest.prices[0]!.line_price);
    expect(line.line_price!.USD).toBeGreaterThan(quoted.data.quote.total.USD * 10);
  });
});
