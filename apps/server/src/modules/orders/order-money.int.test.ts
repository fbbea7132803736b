import {
  addToCart,
  capturePayment,
  createOrder,
  createPreorder,
  decideSandboxPayment,
  getCart,
  getOrder,
  type Order,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { firstCarrier, orderableBoard, orderBody, shippingAddress } from '../../../test/orders.ts';
import { downloadedPdfText } from '../../../test/pdf-text.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { formatMoney } from './order-pdf.ts';

// The money a customer reads adds up: a line's unit price times its quantity is the line, on
// the cart, the order, its PDFs and its email, and the cart and the order agree to the cent; a
// proforma asks for a bank transfer only when one is due; ordered boards leave the cart.

describe.each(databaseKinds())('the money on orders, on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let boards: number[];
  let addressId: number;
  let carrier: { agentId: number; serviceId: number };

  beforeAll(async () => {
    people = await createPeople(server());
    const token = people.acme.editor.token;
    boards = [
      await orderableBoard(server(), token, 'Odd board'),
      await orderableBoard(server(), token, 'Even board', { boardWidth: 37, boardLength: 23 }),
      await orderableBoard(server(), token, 'Kept board'),
    ];
    addressId = await shippingAddress(server(), people.acme.companyId);
    carrier = await firstCarrier(server(), token);
  });

  const body = (
    products: { id: number; amount: number }[],
    extra: Parameters<typeof orderBody>[0]['extra'] = {},
  ) =>
    orderBody({
      companyId: people.acme.companyId,
      addressId,
      carrier,
      products,
      key: crypto.randomUUID(),
      extra,
    });

  const fullOrder = async (id: number): Promise<Order> =>
    (await server().call(getOrder, { token: people.acme.editor.token, params: { id } })).data.order;

  it('prices a unit in whole cents that multiply out to the line, in the cart and on the order', async () => {
    const token = people.acme.editor.token;
    // Quantities whose set-up fees do not divide into whole cents a board.
    const wanted = [
      { id: boards[0]!, amount: 7 },
      { id: boards[1]!, amount: 13 },
    ];
    for (const line of wanted) {
      const added = await server().call(addToCart, {
        token,
        body: { product_id: line.id, amount: line.amount },
      });
      expect(added.status, added.text).toBe(200);
    }
    const cart = (await server().call(getCart, { token })).data.cart;
    for (const line of cart) {
      for (const code of ['USD', 'CAD', 'EUR'] as const) {
        expect(line.per_one![code] * line.amount, `${line.title} ${code}`).toBe(
          line.line_price![code],
        );
      }
    }
    const placed = await server().call(createOrder, { token, body: body(wanted) });
    expect(placed.status, placed.text).toBe(200);
    const order = await fullOrder(placed.data.output.id);
    for (const line of order.lines) {
      expect(line.unit_price * line.amount).toBe(line.line_price);
      expect(line.prices.reduce((sum, price) => sum + price.amount, 0)).toBe(line.line_price);
      const inCart = cart.find((entry) => entry.product_id === line.product_id)!;
      expect(line.line_price).toBe(inCart.line_price!.USD);
      expect(line.unit_price).toBe(inCart.per_one!.USD);
    }
    // The set-up of 3.00 over 7 boards is not a whole cent a board: a rounding line says so.
    expect(order.lines[0]!.prices.map((price) => price.rule)).toContain('rounding');

    // The PDF prints the same unit price and line, and they multiply out.
    const text = await downloadedPdfText(
      `${server().url}/api/documents/order/${order.id}/pdf`,
      people.acme.viewer.token,
    );
    const shown = text.split('\n');
    for (const line of order.lines) {
      const at = shown.indexOf(`${line.product_name} (${line.part_number})`);
      expect(at, line.product_name).toBeGreaterThan(0);
      expect(shown.slice(at + 1, at + 5)).toEqual([
        line.material,
        String(line.amount),
        formatMoney(line.unit_price, 'USD'),
        formatMoney(line.line_price, 'USD'),
      ]);
    }
    // And so does the email.
    const mail = (await server().outbox()).find(
      (message) => message.subject === `Circuits: order ${order.id} placed`,
    )!;
    for (const line of order.lines) {
      expect(mail.text).toContain(
        `${line.amount} × ${line.material} at ${formatMoney(line.unit_price, 'USD')}, ${formatMoney(line.line_price, 'USD')}`,
      );
    }
  });

  it('takes the ordered boards out of the cart with the order, and only those', async () => {
    const token = people.acme.editor.token;
    for (const id of [boards[0]!, boards[2]!]) {
      await server().call(addToCart, { token, body: { product_id: id, amount: 2 } });
    }
    const refused = await server().call(createOrder, {
      token,
      body: body([{ id: boards[0]!, amount: 2 }], { currency_id: 7 }),
    });
    expect(refused.status).toBe(422);
    const ids = async () =>
      (await server().call(getCart, { token })).data.cart.map((line) => line.product_id).sort();
    expect(await ids()).toEqual([boards[0]!, boards[2]!].sort());
    const placed = await server().call(createOrder, {
      token,
      body: body([{ id: boards[0]!, amount: 2 }]),
    });
    expect(placed.status, placed.text).toBe(200);
    expect(await ids()).toEqual([boards[2]!]);
    const { type_id: _type, ...preorder } = body([{ id: boards[2]!, amount: 2 }]);
    const saved = await server().call(createPreorder, { token, body: preorder });
    expect(saved.status, saved.text).toBe(200);
    expect(await ids()).toEqual([]);
  });

  it('asks for a bank transfer on a proforma only when one is due', async () => {
    const token = people.acme.editor.token;
    const placed = await server().call(createOrder, {
      token,
      body: body([{ id: boards[0]!, amount: 3 }], { create_proforma: true }),
    });
    const id = placed.data.output.id;
    const proforma = () =>
      downloadedPdfText(`${server().url}/api/documents/proforma/${id}/pdf`, token);
    const unpaid = await proforma();
    expect(unpaid).not.toContain('by bank transfer');
    expect(unpaid.replace(/\n/g, ' ')).toContain(
      `pay ${((await fullOrder(id)).total / 100).toFixed(2)} USD at ${server().url}/payment/${id}; no bank transfer is needed.`,
    );

    const providerToken = new URL(placed.data.payment.payer_action_url!).searchParams.get('token')!;
    await server().call(decideSandboxPayment, {
      token,
      params: { token: providerToken },
      body: { decision: 'approve' },
    });
    const captured = await server().call(capturePayment, { token, body: { token: providerToken } });
    expect(captured.data.status).toBe('paid');
    const paid = (await proforma()).replace(/\n/g, ' ');
    const today = new Date().toISOString().slice(0, 10);
    expect(paid).toContain(
      `This proforma invoice is not a request for payment: the order was paid online on ${today}. Nothing is due.`,
    );
    expect(paid).not.toContain('Bank account');
    const confirmation = await downloadedPdfText(
      `${server().url}/api/documents/order/${id}/pdf`,
      token,
    );
    expect(confirmation).toContain(`Paid online on ${today}.`);
  });
});
