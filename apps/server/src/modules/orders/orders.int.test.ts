import {
  cancelPayment,
  capturePayment,
  createOrder,
  createPreorder,
  decideSandboxPayment,
  getDocument,
  getOrder,
  getProduct,
  getSandboxPayment,
  listOrders,
  markOrderPaid,
  saveBoardSettings,
  startPayment,
} from '@circuits/contracts';
import { addWorkingDays } from '@circuits/domain';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { firstCarrier, orderableBoard, orderBody, shippingAddress } from '../../../test/orders.ts';
import { databaseKinds, type TestServer, useTestServer } from '../../../test/test-server.ts';

/**
 * The payer approves (or cancels) on the sandbox's page, logged in as `token` (an editor of the
 * paying company): answers where it sends them back.
 */
async function decide(
  server: TestServer,
  payerActionUrl: string,
  decision: 'approve' | 'cancel',
  token: string,
) {
  const link = new URL(payerActionUrl);
  expect(link.pathname).toBe('/sandbox/paypal/checkoutnow');
  const providerToken = link.searchParams.get('token')!;
  const shown = await server.call(getSandboxPayment, { token, params: { token: providerToken } });
  expect(shown.status, shown.text).toBe(200);
  expect(shown.data.payment).toMatchObject({ status: 'awaiting_approval', can_decide: true });
  const response = await server.call(decideSandboxPayment, {
    token,
    params: { token: providerToken },
    body: { decision },
  });
  expect(response.status, response.text).toBe(200);
  return new URL(response.data.redirect_url);
}

describe.each(databaseKinds())('orders on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let boards: number[];
  let addressId: number;
  let carrier: { agentId: number; serviceId: number };
  const nextKey = () => crypto.randomUUID();

  beforeAll(async () => {
    people = await createPeople(server());
    const token = people.acme.editor.token;
    boards = [
      await orderableBoard(server(), token, 'Sensor board'),
      await orderableBoard(server(), token, 'Power board', { numberLayers: 4, innerCooper: 0.5 }),
    ];
    addressId = await shippingAddress(server(), people.acme.companyId);
    carrier = await firstCarrier(server(), token);
  });

  const body = (
    extra: Parameters<typeof orderBody>[0]['extra'] = {},
    products: { id: number; amount: number; lead_time?: string }[] = [
      { id: boards[0]!, amount: 5 },
      { id: boards[1]!, amount: 10 },
    ],
  ) =>
    orderBody({
      companyId: people.acme.companyId,
      addressId,
      carrier,
      products,
      key: nextKey(),
      extra,
    });

  it('places an order, pays it in the sandbox and records it paid once', async () => {
    const token = people.acme.editor.token;
    const placed = await server().call(createOrder, { token, body: body() });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.data.success).toBe(true);
    const id = placed.data.output.id;
    expect(placed.data.message).toMatch(new RegExp(`^Order ${id} placed: pay \\d+\\.\\d\\d USD`));
    const payerActionUrl = placed.data.payment.payer_action_url!;
    expect(payerActionUrl).toMatch(
      new RegExp(`^${server().url}/sandbox/paypal/checkoutnow\\?token=`),
    );

    const before = (await server().call(getOrder, { token, params: { id } })).data.order;
    expect(before.status).toBe('awaiting_payment');
    expect(before.lines.map((line) => [line.product_name, line.amount])).toEqual([
      ['Sensor board', 5],
      ['Power board', 10],
    ]);
    expect(before.subtotal).toBe(before.lines.reduce((sum, line) => sum + line.line_price, 0));
    expect(before.total).toBe(before.subtotal + before.tax);
    for (const line of before.lines) {
      expect(line.line_price).toBe(line.prices.reduce((sum, price) => sum + price.amount, 0));
      expect(line.files_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(before.payment).toMatchObject({ method: 'sandbox', status: 'awaiting_approval' });

    const back = await decide(server(), payerActionUrl, 'approve', token);
    expect(back.pathname).toBe('/paypal_payment');
    const providerToken = back.searchParams.get('token')!;
    const captured = await server().call(capturePayment, { token, body: { token: providerToken } });
    expect(captured.status, captured.text).toBe(200);
    expect(captured.data).toMatchObject({ order_id: id, status: 'paid' });
    // The return page reloaded: nothing more happens.
    const again = await server().call(capturePayment, { token, body: { token: providerToken } });
    expect(again.data.status).toBe('paid');

    const after = (await server().call(getOrder, { token, params: { id } })).data.order;
    expect(after.payment).toMatchObject({ status: 'captured', payer_action_url: null });
    expect(after.events.map((event) => event.status)).toEqual(['awaiting_payment', 'paid']);

    const mail = (await server().outbox()).filter((message) =>
      message.subject?.includes(`order ${id}`),
    );
    expect(mail.map((message) => message.subject)).toEqual([
      `Circuits: order ${id} placed`,
      `Circuits: order ${id} is paid`,
    ]);
    expect(mail[0]!.to).toMatchObject({ text: people.acme.editor.email });
    expect(mail[0]!.text).toContain(`online to start production: ${server().url}/payment/${id}`);
    expect(mail[0]!.text).toContain('1. Sensor board (SENSOR-BOARD-1): 5 × FR4 at ');
    expect(mail[1]!.attachments.map((file) => file.filename)).toEqual([
      `circuits-order-OC-${id}.pdf`,
      `circuits-proforma-PF-${id}.pdf`,
    ]);
  });

  it('promises a ship date: the working days of each line’s build time, weekends skipped', async () => {
    const token = people.acme.editor.token;
    const placed = await server().call(createOrder, {
      token,
      body: body({}, [
        { id: boards[0]!, amount: 5, lead_time: 'faster' },
        { id: boards[1]!, amount: 10, lead_time: 'economy' },
      ]),
    });
    expect(placed.status, placed.text).toBe(200);
    const order = (await server().call(getOrder, { token, params: { id: placed.data.output.id } }))
      .data.order;
    // The request names a date in the past: the build starts on the day the order is made.
    const today = new Date().toISOString().slice(0, 10);
    expect(order.lines.map((line) => [line.lead_time.id, line.ship_date])).toEqual([
      ['faster', addWorkingDays(today, 3)],
      ['economy', addWorkingDays(today, 10)],
    ]);
    expect(order.ship_date).toBe(addWorkingDays(today, 10));
    const reasons = order.lines.flatMap((line) => line.prices.map((price) => price.reason));
    expect(reasons).toContain('Faster build in 3 working days (+30 %)');
    expect(reasons).toContain('Economy build in 10 working days (−10 %)');
    const unknown = await server().call(createOrder, {
      token,
      body: body({}, [{ id: boards[0]!, amount: 5, lead_time: 'tomorrow' }]),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error['lines.0.product_id']).toBe(
      'Sensor board: There is no lead time tomorrow',
    );
  });

  it('serves the proforma as a PDF with every price line', async () => {
    const token = people.acme.viewer.token;
    const placed = await server().call(createOrder, {
      token: people.acme.editor.token,
      body: body(),
    });
    const id = placed.data.output.id;
    const response = await server().request('GET', `/api/documents/proforma/${id}/pdf`, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(
      await (
        await fetch(`${server().url}/api/documents/proforma/${id}/pdf`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).arrayBuffer(),
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Proforma invoice PF-${id}`);
    const document = await server().call(getDocument, { token, params: { type: 'proforma', id } });
    expect(document.data.document).toMatchObject({ number: `PF-${id}` });
  });

  it('gives a retried or double-clicked order the same order', async () => {
    const token = people.acme.editor.token;
    const request = body();
    const [first, second] = await Promise.all([
      server().call(createOrder, { token, body: request }),
      server().call(createOrder, { token, body: request }),
    ]);
    expect([first.status, second.status], first.text + second.text).toEqual([200, 200]);
    expect(second.data.output.id).toBe(first.data.output.id);
    expect(second.data.payment.payer_action_url).toBe(first.data.payment.payer_action_url);
    const retried = await server().call(createOrder, { token, body: request });
    expect(retried.data.output.id).toBe(first.data.output.id);
    const { idempotency_key: key, ...rest } = request;
    const byHeader = await server().request('POST', '/api/documents', {
      token,
      json: rest,
      headers: { 'idempotency-key': key! },
    });
    expect(byHeader.json.output.id).toBe(first.data.output.id);
    const listed = await server().call(listOrders, { token });
    expect(listed.data.orders.filter((order) => order.id === first.data.output.id)).toHaveLength(1);
    const placedMail = (await server().outbox()).filter(
      (mail) => mail.subject === `Circuits: order ${first.data.output.id} placed`,
    );
    expect(placedMail).toHaveLength(1);

    const different = await server().call(createOrder, {
      token,
      body: { ...request, lines: [{ line_number: 1, product_id: boards[0]!, amount: 99 }] },
    });
    expect(different.status).toBe(409);
    expect(different.json.error).toEqual({
      idempotency_key: 'This idempotency key was already used for a different order',
    });
  });

  it('keeps the prices, settings and files an order was made with', async () => {
    const token = people.acme.editor.token;
    const board = await orderableBoard(server(), token, 'Changing board');
    const placed = await server().call(createOrder, {
      token,
      body: body({}, [{ id: board, amount: 4 }]),
    });
    const id = placed.data.output.id;
    const before = (await server().call(getOrder, { token, params: { id } })).data.order;
    const changed = await server().call(saveBoardSettings, {
      token,
      params: { id: board },
      body: { boardWidth: 80, boardLength: 90, numberLayers: 4, innerCooper: 0.5 },
    });
    expect(changed.status, changed.text).toBe(200);
    const after = (await server().call(getOrder, { token, params: { id } })).data.order;
    expect(after.lines).toEqual(before.lines);
    expect(after.total).toBe(before.total);
    expect(after.lines[0]!.settings).toMatchObject({
      boardWidth: 20,
      boardLength: 30,
      numberLayers: 2,
    });
    const again = await server().call(createOrder, {
      token,
      body: body({}, [{ id: board, amount: 4 }]),
    });
    const repriced = (
      await server().call(getOrder, { token, params: { id: again.data.output.id } })
    ).data.order;
    expect(repriced.total).toBeGreaterThan(before.total);

    const page = await server().call(getProduct, { token, params: { id: board } });
    expect(page.data.orders.map((order) => order.id)).toEqual([again.data.output.id, id]);
    expect(page.data.orders[1]).toMatchObject({
      amount: 4,
      status: 'awaiting_payment',
      currency: 'USD',
    });
  });

  it('refuses bad input with the field at fault', async () => {
    const token = people.acme.editor.token;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ type_id: 2 }, { type_id: 'type_id must be 1 (an order)' }],
      [{ lines: [] }, { lines: 'An order needs at least one line' }],
      [
        { lines: [{ line_number: 1, product_id: boards[0], amount: 0 }] },
        { 'lines.0.amount': 'Amount must be at least 1' },
      ],
      [{ address_id: 999999 }, { address_id: "Choose one of the company's addresses" }],
      [{ agent_id: 999999 }, { agent_id: 'Choose one of the listed shipping agents' }],
      [
        { service_id: 999999 },
        { service_id: expect.stringMatching(/^Choose one of the services of /) },
      ],
      [{ currency_id: 7 }, { currency_id: 'Choose one of the offered currencies' }],
      [
        { shipping_account_id: 999999 },
        { shipping_account_id: "Choose one of the company's shipping accounts" },
      ],
      [
        { lines: [{ line_number: 1, product_id: 999999, amount: 1 }] },
        { 'lines.0.product_id': 'Product 999999 not found' },
      ],
      [
        {
          lines: [
            { line_number: 1, product_id: boards[0], amount: 1 },
            { line_number: 1, product_id: boards[1], amount: 1 },
          ],
        },
        { 'lines.1.line_number': 'Line number 1 is used twice' },
      ],
      [
        { name: 'bad\u0007name' },
        { name: 'Name may not contain control characters (found U+0007)' },
      ],
    ];
    for (const [change, error] of cases) {
      const response = await server().request('POST', '/api/documents', {
        token,
        json: { ...body(), ...change },
      });
      expect(response.status, JSON.stringify(change)).toBe(422);
      expect(response.json.error, JSON.stringify(change)).toEqual(error);
    }
    const notJson = await server().request('POST', '/api/documents', {
      token,
      body: 'x',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);

    const incomplete = await server().request('POST', '/api/documents', {
      token,
      json: {
        ...body(),
        address_id: (await server().services.companies.getCompany(people.acme.companyId))
          .address_id,
      },
    });
    expect(incomplete.status).toBe(422);
    expect(incomplete.json.error).toEqual({
      address_id:
        'The shipping address is incomplete: give it a street, city and postal code in the cabinet',
    });
  });

  it('refuses a board whose settings are not correct (SPEC §5)', async () => {
    const token = people.acme.editor.token;
    const board = await orderableBoard(server(), token, 'Unsettled board');
    await server().database.db.execute(
      sql`UPDATE product_board_settings SET settings = jsonb_set(settings, '{boardWidth}', '0') WHERE product_id = ${board}`,
    );
    const response = await server().call(createOrder, {
      token,
      body: body({}, [{ id: board, amount: 1 }]),
    });
    expect(response.status).toBe(422);
    expect(response.json.error).toEqual({
      'lines.0.product_id':
        'Unsettled board: Is not possible to add to the cart, because board settings are not correct',
    });
  });

  it('lets company editors and admins order; members, moderators and other companies not', async () => {
    const request = () => body();
    const viewer = await server().call(createOrder, {
      token: people.acme.viewer.token,
      body: request(),
    });
    expect(viewer.status).toBe(403);
    expect(viewer.json.error).toBe(
      'Only company editors can place orders; ask an editor of your company',
    );
    const moderator = await server().call(createOrder, {
      token: people.moderator.token,
      body: request(),
    });
    expect(moderator.status).toBe(403);
    const outsider = await server().call(createOrder, {
      token: people.globex.editor.token,
      body: request(),
    });
    expect(outsider.status).toBe(404);
    expect(outsider.json.error).toBe('Company not found');
    const foreignBoard = await server().call(createOrder, {
      token: people.globex.editor.token,
      body: orderBody({
        companyId: people.globex.companyId,
        addressId: await shippingAddress(server(), people.globex.companyId, 'DE'),
        carrier,
        products: [{ id: boards[0]!, amount: 1 }],
        key: nextKey(),
      }),
    });
    expect(foreignBoard.status).toBe(422);
    expect(foreignBoard.json.error).toEqual({
      'lines.0.product_id': `Product ${boards[0]} not found`,
    });
    const admin = await server().call(createOrder, { token: people.admin.token, body: request() });
    expect(admin.status, admin.text).toBe(200);
    const anonymous = await server().request('POST', '/api/documents', { json: request() });
    expect(anonymous.status).toBe(401);
  });

  it('shows a company its own orders only, and staff every company', async () => {
    const globexAddress = await shippingAddress(server(), people.globex.companyId, 'DE');
    const globexBoard = await orderableBoard(server(), people.globex.editor.token, 'Globex board');
    const globexOrder = await server().call(createOrder, {
      token: people.globex.editor.token,
      body: orderBody({
        companyId: people.globex.companyId,
        addressId: globexAddress,
        carrier,
        products: [{ id: globexBoard, amount: 2 }],
        currencyId: 3,
        key: nextKey(),
      }),
    });
    expect(globexOrder.status, globexOrder.text).toBe(200);
    const globexId = globexOrder.data.output.id;
    const acmeList = await server().call(listOrders, { token: people.acme.viewer.token });
    expect(acmeList.data.orders.length).toBeGreaterThan(0);
    expect(acmeList.data.orders.every((order) => order.company_id === people.acme.companyId)).toBe(
      true,
    );
    const globexList = await server().call(listOrders, { token: people.globex.viewer.token });
    expect(globexList.data.orders.map((order) => order.id)).toEqual([globexId]);
    expect(globexList.data.orders[0]).toMatchObject({
      currency: 'EUR',
      company_name: 'Globex Boards',
    });
    const spying = await server().call(listOrders, {
      token: people.acme.viewer.token,
      query: { companyId: people.globex.companyId },
    });
    expect(spying.status).toBe(404);
    for (const path of [
      `/api/orders/${globexId}`,
      `/api/documents/order/${globexId}`,
      `/api/documents/order/${globexId}/pdf`,
    ]) {
      const response = await server().request('GET', path, { token: people.acme.editor.token });
      expect(response.status, path).toBe(404);
    }
    const pay = await server().call(startPayment, {
      token: people.acme.editor.token,
      params: { id: globexId },
    });
    expect(pay.status).toBe(404);
    for (const staff of [people.admin, people.moderator]) {
      const all = await server().call(listOrders, { token: staff.token });
      const companies = new Set(all.data.orders.map((order) => order.company_id));
      expect(companies).toEqual(new Set([people.acme.companyId, people.globex.companyId]));
      const only = await server().call(listOrders, {
        token: staff.token,
        query: { companyId: people.globex.companyId },
      });
      expect(only.data.orders.map((order) => order.id)).toEqual([globexId]);
      expect(
        (await server().call(getOrder, { token: staff.token, params: { id: globexId } })).status,
      ).toBe(200);
    }
  });

  it('makes a pre-order: priced and documented, not paid', async () => {
    const token = people.acme.editor.token;
    const { type_id: _type, ...request } = body();
    const response = await server().call(createPreorder, { token, body: request });
    expect(response.status, response.text).toBe(200);
    const id = response.data.doc.id;
    expect(response.data.message).toBe(`Pre-order ${id} saved`);
    const order = (await server().call(getOrder, { token, params: { id } })).data.order;
    expect(order).toMatchObject({ type: 'preorder', status: 'preorder', payment: null });
    const document = await server().call(getDocument, { token, params: { type: 'order', id } });
    expect(document.data.document).toMatchObject({ title: `Pre-order ${id}`, number: `PO-${id}` });
    const pay = await server().call(startPayment, { token, params: { id } });
    expect(pay.status).toBe(409);
    expect(pay.json.error).toBe('A pre-order is not paid: place it as an order to pay');
  });

  it('takes a bank transfer against the proforma, recorded by an administrator', async () => {
    const token = people.acme.editor.token;
    const placed = await server().call(createOrder, {
      token,
      body: body({ payment_method: 'bank_transfer', create_proforma: false }),
    });
    expect(placed.status, placed.text).toBe(200);
    const id = placed.data.output.id;
    expect(placed.data.payment.payer_action_url).toBeNull();
    expect(placed.data.message).toMatch(
      new RegExp(
        `^Order ${id} placed: pay \\d+\\.\\d\\d USD by bank transfer against proforma invoice PF-${id}$`,
      ),
    );
    const order = (await server().call(getOrder, { token, params: { id } })).data.order;
    expect(order).toMatchObject({ status: 'awaiting_transfer', create_proforma: true });
    expect(order.documents.map((document) => document.type)).toEqual(['order', 'proforma']);
    const byEditor = await server().call(markOrderPaid, { token, params: { id } });
    expect(byEditor.status).toBe(403);
    const byModerator = await server().call(markOrderPaid, {
      token: people.moderator.token,
      params: { id },
    });
    expect(byModerator.status).toBe(403);
    const first = await server().call(markOrderPaid, { token: people.admin.token, params: { id } });
    const second = await server().call(markOrderPaid, {
      token: people.admin.token,
      params: { id },
    });
    expect(first.data.order.status).toBe('paid');
    expect(second.data.order.events.map((event) => event.status)).toEqual([
      'awaiting_transfer',
      'paid',
    ]);
  });

  it('lets the payer cancel at the provider and pay later', async () => {
    const token = people.acme.editor.token;
    const placed = await server().call(createOrder, { token, body: body() });
    const id = placed.data.output.id;
    const back = await decide(server(), placed.data.payment.payer_action_url!, 'cancel', token);
    expect(back.searchParams.get('cancelled')).toBe('1');
    const providerToken = back.searchParams.get('token')!;
    const cancelled = await server().call(cancelPayment, { token, body: { token: providerToken } });
    expect(cancelled.data).toMatchObject({
      order_id: id,
      status: 'awaiting_payment',
      payment: { status: 'cancelled' },
    });
    const resumed = await server().call(startPayment, { token, params: { id } });
    expect(resumed.data.payment).toMatchObject({
      status: 'awaiting_approval',
      payer_action_url: placed.data.payment.payer_action_url,
    });
    await decide(server(), resumed.data.payment.payer_action_url!, 'approve', token);
    const captured = await server().call(capturePayment, { token, body: { token: providerToken } });
    expect(captured.data.status).toBe('paid');
    const order = (await server().call(getOrder, { token, params: { id } })).data.order;
    expect(order.events.map((event) => event.note)).toEqual([
      'Order placed; awaiting payment',
      'Payment cancelled at the payment provider; not paid yet',
      expect.stringMatching(/^Paid with the sandbox payment provider \(capture [0-9A-F]+\)$/),
    ]);
  });
});
