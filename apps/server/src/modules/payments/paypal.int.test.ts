import { capturePayment, createOrder, getOrder, payPalWebhook } from '@circuits/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { firstCarrier, orderableBoard, orderBody, shippingAddress } from '../../../test/orders.ts';
import { type PayPalFake, payPalEnv, startPayPalFake } from '../../../test/paypal-fake.ts';
import { databaseKinds, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createPayPalClient } from './paypal-client.ts';

// The PayPal adapter against a local server speaking PayPal's protocol: directly, and as the
// app's provider (PAYPAL_* set) through the order, return page and webhook calls.

describe('the PayPal adapter', () => {
  let fake: PayPalFake;
  beforeAll(async () => {
    fake = await startPayPalFake();
  });
  afterAll(() => fake.close());

  const client = (secret = 'fake-client-secret') =>
    createPayPalClient({
      name: 'paypal',
      apiUrl: () => fake.url,
      credentials: async () => ({ clientId: 'fake-client-id', clientSecret: secret }),
      webhookId: 'WH-FAKE-1',
      brandName: 'Circuits',
    });

  const order = {
    referenceId: 'CIRCUITS-1',
    description: 'Circuits order 1',
    amount: { currencyCode: 'USD', value: '12.34' },
    returnUrl: 'http://circuits.test/paypal_payment',
    cancelUrl: 'http://circuits.test/paypal_payment?cancelled=1',
  };

  it('signs in with client credentials, creates an order once per request id and answers the payer-action link', async () => {
    const paypal = client();
    const first = await paypal.createOrder({ ...order, requestId: 'req-1' });
    const retried = await paypal.createOrder({ ...order, requestId: 'req-1' });
    expect(retried.id).toBe(first.id);
    expect(first.status).toBe('PAYER_ACTION_REQUIRED');
    expect(first.payerActionUrl).toBe(`${fake.url}/checkoutnow?token=${first.id}`);
    const token = fake.calls.filter((call) => call.path === '/v1/oauth2/token');
    expect(token).toHaveLength(1);
    const creates = fake.calls.filter((call) => call.path === '/v2/checkout/orders');
    expect(creates.map((call) => call.requestId)).toEqual(['req-1', 'req-1']);
  });

  it('refuses to capture before approval, captures once, and answers the same capture when asked again', async () => {
    const paypal = client();
    const created = await paypal.createOrder({ ...order, requestId: 'req-2' });
    expect(await paypal.captureOrder(created.id, 'cap-2')).toEqual({ type: 'not_approved' });
    fake.approve(created.id);
    const first = await paypal.captureOrder(created.id, 'cap-2b');
    const second = await paypal.captureOrder(created.id, 'cap-2c');
    expect(first.type).toBe('captured');
    if (first.type !== 'captured' || second.type !== 'captured') throw new Error('not captured');
    expect(first.order.capture).toMatchObject({
      status: 'COMPLETED',
      amount: { currencyCode: 'USD', value: '12.34' },
    });
    // The second was told ORDER_ALREADY_CAPTURED and read the same capture.
    expect(second.order.capture).toEqual(first.order.capture);
    expect(fake.orders.get(created.id)!.capture).toEqual({
      id: first.order.capture!.id,
      status: 'COMPLETED',
    });
  });

  it('fails clearly on wrong credentials', async () => {
    await expect(client('wrong').createOrder({ ...order, requestId: 'req-3' })).rejects.toThrow(
      'Signing in to the payment provider failed at the payment provider (401)',
    );
  });

  it('asks PayPal to verify webhook signatures', async () => {
    const event = { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'X' } };
    const good = fake.signedWebhook(event);
    const bad = fake.signedWebhook(event, false);
    const headers = (h: Record<string, string>) => ({
      authAlgo: h['paypal-auth-algo']!,
      certUrl: h['paypal-cert-url']!,
      transmissionId: h['paypal-transmission-id']!,
      transmissionSig: h['paypal-transmission-sig']!,
      transmissionTime: h['paypal-transmission-time']!,
    });
    expect(await client().verifyWebhook(headers(good.headers), event)).toBe(true);
    expect(await client().verifyWebhook(headers(bad.headers), event)).toBe(false);
  });
});

describe.each(databaseKinds())('PayPal payments of orders on %s', (kind) => {
  let fake: PayPalFake;
  let server: TestServer;
  let people: People;
  let boards: number[];
  let addressId: number;
  let carrier: { agentId: number; serviceId: number };

  beforeAll(async () => {
    fake = await startPayPalFake();
    server = await startTestServer(kind, { env: payPalEnv(fake) });
    people = await createPeople(server);
    boards = [await orderableBoard(server, people.acme.editor.token, 'PayPal board')];
    addressId = await shippingAddress(server, people.acme.companyId);
    carrier = await firstCarrier(server, people.acme.editor.token);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  async function placeOrder() {
    const placed = await server.call(createOrder, {
      token: people.acme.editor.token,
      body: orderBody({
        companyId: people.acme.companyId,
        addressId,
        carrier,
        products: [{ id: boards[0]!, amount: 3 }],
        key: crypto.randomUUID(),
      }),
    });
    expect(placed.status, placed.text).toBe(200);
    const url = new URL(placed.data.payment.payer_action_url!);
    expect(url.origin).toBe(fake.url);
    return { id: placed.data.output.id, paypalId: url.searchParams.get('token')! };
  }

  /** PayPal sends the webhook, signed. */
  const deliver = (webhook: ReturnType<PayPalFake['signedWebhook']>) =>
    server.request('POST', '/api/payments/paypal/webhook', {
      json: webhook.body,
      headers: webhook.headers,
    });

  const order = async (id: number) =>
    (await server.call(getOrder, { token: people.acme.viewer.token, params: { id } })).data.order;

  it('sends PayPal the order total and our return and cancel URLs', async () => {
    const { id, paypalId } = await placeOrder();
    const sent = fake.orders.get(paypalId)!;
    const placed = await order(id);
    expect(sent.amount).toEqual({
      currency_code: 'USD',
      value: (placed.total / 100).toFixed(2),
    });
    expect(sent.returnUrl).toBe(`${server.url}/paypal_payment`);
    expect(sent.cancelUrl).toBe(`${server.url}/paypal_payment?cancelled=1`);
    expect(sent.referenceId).toBe(`CIRCUITS-${id}`);
  });

  it('applies a capture that arrives twice (return page and webhook) once', async () => {
    const { id, paypalId } = await placeOrder();
    const token = people.acme.editor.token;
    const early = await server.call(capturePayment, { token, body: { token: paypalId } });
    expect(early.status).toBe(409);
    expect(early.json.error).toBe(
      'The payment has not been approved yet: approve it at the payment provider',
    );
    fake.approve(paypalId);
    const [first, second] = await Promise.all([
      server.call(capturePayment, { token, body: { token: paypalId } }),
      server.call(capturePayment, { token, body: { token: paypalId } }),
    ]);
    expect([first.status, second.status], first.text).toEqual([200, 200]);
    const capture = fake.orders.get(paypalId)!.capture!;
    const webhook = fake.signedWebhook({
      id: 'WH-CAPTURE-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: capture.id,
        status: 'COMPLETED',
        amount: fake.orders.get(paypalId)!.amount,
        supplementary_data: { related_ids: { order_id: paypalId } },
      },
    });
    const delivered = await server.call(payPalWebhook, { body: webhook.body as never });
    expect(delivered.status).toBe(400);
    const signed = await server.request('POST', '/api/payments/paypal/webhook', {
      json: webhook.body,
      headers: webhook.headers,
    });
    expect(signed.status, signed.text).toBe(200);
    const paid = await order(id);
    expect(paid.status).toBe('paid');
    expect(paid.events.filter((event) => event.status === 'paid')).toHaveLength(1);
    expect(paid.payment).toMatchObject({ method: 'paypal', status: 'captured' });
    const paidMail = (await server.outbox()).filter(
      (mail) => mail.subject === `Circuits: order ${id} is paid`,
    );
    expect(paidMail).toHaveLength(1);
  });

  it('captures an order approved at PayPal when its webhook arrives first', async () => {
    const { id, paypalId } = await placeOrder();
    fake.approve(paypalId);
    const webhook = fake.signedWebhook({
      id: 'WH-APPROVED-1',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: paypalId, status: 'APPROVED' },
    });
    const response = await server.request('POST', '/api/payments/paypal/webhook', {
      json: webhook.body,
      headers: webhook.headers,
    });
    expect(response.status, response.text).toBe(200);
    expect((await order(id)).status).toBe('paid');
    const back = await server.call(capturePayment, {
      token: people.acme.editor.token,
      body: { token: paypalId },
    });
    expect(back.data.status).toBe('paid');
    expect(fake.orders.get(paypalId)!.capture).not.toBeNull();
  });

  it('captures nothing for an order cancelled before the webhook came; keeps money that moved', async () => {
    const { id, paypalId } = await placeOrder();
    fake.approve(paypalId);
    const cancelled = await server.request('POST', `/api/admin/orders/${id}/status`, {
      token: people.admin.token,
      json: { status: 'cancelled', note: 'Cancelled at your request' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const approved = fake.signedWebhook({
      id: 'WH-APPROVED-CANCELLED',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: paypalId, status: 'APPROVED' },
    });
    const answered = await deliver(approved);
    expect(answered.status, answered.text).toBe(200);
    // Not captured at PayPal: the payer is not charged for a cancelled order.
    expect(fake.orders.get(paypalId)!.capture).toBeNull();
    expect((await order(id)).status).toBe('cancelled');

    // A capture that happened anyway (at PayPal, by hand) is recorded, the order stays cancelled
    // and its timeline tells staff to refund it.
    fake.orders.get(paypalId)!.status = 'COMPLETED';
    fake.orders.get(paypalId)!.capture = { id: 'CAPTURE-BY-HAND', status: 'COMPLETED' };
    const captured = fake.signedWebhook({
      id: 'WH-CAPTURE-CANCELLED',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: 'CAPTURE-BY-HAND',
        status: 'COMPLETED',
        amount: fake.orders.get(paypalId)!.amount,
        supplementary_data: { related_ids: { order_id: paypalId } },
      },
    });
    const recorded = await deliver(captured);
    expect(recorded.status, recorded.text).toBe(200);
    const after = await order(id);
    expect(after.status).toBe('cancelled');
    expect(after.payment).toMatchObject({ status: 'captured' });
    expect(after.events.at(-1)!.note).toBe(
      'Paid with PayPal (capture CAPTURE-BY-HAND), but the order is Cancelled: our staff will refund the payment',
    );
  });

  it('refuses a webhook with a bad signature and applies nothing', async () => {
    const { id, paypalId } = await placeOrder();
    fake.approve(paypalId);
    const forged = fake.signedWebhook(
      {
        id: 'WH-FORGED-1',
        event_type: 'CHECKOUT.ORDER.APPROVED',
        resource: { id: paypalId, status: 'APPROVED' },
      },
      false,
    );
    const response = await server.request('POST', '/api/payments/paypal/webhook', {
      json: forged.body,
      headers: forged.headers,
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toBe('The webhook signature could not be verified');
    expect((await order(id)).status).toBe('awaiting_payment');
    expect(fake.orders.get(paypalId)!.status).toBe('APPROVED');
  });

  it('does not let another company capture or read the payment', async () => {
    const { id, paypalId } = await placeOrder();
    fake.approve(paypalId);
    const outsider = await server.call(capturePayment, {
      token: people.globex.editor.token,
      body: { token: paypalId },
    });
    expect(outsider.status).toBe(404);
    expect(fake.orders.get(paypalId)!.status).toBe('APPROVED');
    const read = await server.call(getOrder, { token: people.globex.editor.token, params: { id } });
    expect(read.status).toBe(404);
  });
});
