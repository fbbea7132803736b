import {
  capturePayment,
  createOrder,
  createPreorder,
  decideSandboxPayment,
  getOrder,
  getPaymentMethods,
  getSandboxPayment,
  startPayment,
} from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type OrderingSetup, orderBody, orderingSetup } from '../../../test/orders.ts';
import { downloadedPdfText } from '../../../test/pdf-text.ts';
import {
  databaseKinds,
  queryRows,
  type TestServer,
  useTestServer,
} from '../../../test/test-server.ts';

// The embedded sandbox payment provider is for demo mode only, and even there nobody but the
// paying company's editors can approve its payments: its client secret is the installation's
// own, its access tokens are signed with it, and the ids the app creates provider orders with
// cannot be guessed, so nobody can make a provider order for someone else's payment first.

const setUp = (server: TestServer) => orderingSetup(server, 'Sandbox board');

function order(setup: OrderingSetup, extra: Parameters<typeof orderBody>[0]['extra'] = {}) {
  return orderBody({
    companyId: setup.people.acme.companyId,
    addressId: setup.addressId,
    carrier: setup.carrier,
    products: [{ id: setup.board, amount: 3 }],
    key: crypto.randomUUID(),
    extra,
  });
}

/** The id the next payment will get: what the old request ids were made of. */
async function nextPaymentId(server: TestServer): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    server,
    sql`select coalesce(max(id), 0) + 1 as next from payments`,
  );
  return Number(row!.next);
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe.each(databaseKinds())('the sandbox provider in demo mode, on %s', (kind) => {
  const server = useTestServer(kind);
  let setup: OrderingSetup;

  beforeAll(async () => {
    setup = await setUp(server());
  });

  it('takes none of the constants it once had: no token and no order for a stranger', async () => {
    const signIn = await server().request('POST', '/sandbox/paypal/v1/oauth2/token', {
      body: 'grant_type=client_credentials',
      headers: {
        authorization: basic('circuits-sandbox', 'circuits-sandbox-secret'),
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(signIn.status).toBe(401);
    const nextPayment = await nextPaymentId(server());
    const preCreated = await server().request('POST', '/sandbox/paypal/v2/checkout/orders', {
      json: {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: '0.01' } }],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: 'https://attacker.example/',
              cancel_url: 'https://attacker.example/',
            },
          },
        },
      },
      headers: {
        authorization: 'Bearer circuits-sandbox-access-token',
        'paypal-request-id': `circuits-payment-${nextPayment}`,
      },
    });
    expect(preCreated.status).toBe(401);
    const forged = await server().request('GET', '/sandbox/paypal/v2/checkout/orders/X', {
      headers: { authorization: `Bearer ${Date.now() + 60_000}.forged-signature` },
    });
    expect(forged.status).toBe(401);
    // The old approval form is gone: approving takes a logged-in editor (the API below).
    const form = await server().request('POST', '/sandbox/paypal/checkoutnow', {
      body: 'token=X&decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(404);
  });

  it("signs in with the installation's own secret, whose tokens expire", async () => {
    const { clientId, clientSecret } = await server().services.sandboxCredentials.client();
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(clientSecret).not.toBe('circuits-sandbox-secret');
    const signIn = await server().request('POST', '/sandbox/paypal/v1/oauth2/token', {
      body: 'grant_type=client_credentials',
      headers: {
        authorization: basic(clientId, clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(signIn.status).toBe(200);
    const token = signIn.json.access_token as string;
    const read = () =>
      server().request('GET', '/sandbox/paypal/v2/checkout/orders/NOSUCHORDER', {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await read()).status).toBe(404);
    server().clock.advance(signIn.json.expires_in * 1000 + 1000);
    expect((await read()).status).toBe(401);
  });

  it('creates provider orders under ids nobody can guess, so a pre-made one is never taken', async () => {
    // What an attacker made on the old sandbox: an order of 0.01 under the predictable id.
    const nextPayment = await nextPaymentId(server());
    await server().database.db.execute(sql`
      insert into sandbox_payment_orders (id, request_id, status, currency_code, value, return_url, cancel_url)
      values ('ATTACKER1', ${`circuits-payment-${nextPayment}`}, 'PAYER_ACTION_REQUIRED', 'USD', '0.01',
              'https://attacker.example/', 'https://attacker.example/')`);
    const token = setup.people.acme.editor.token;
    const placed = await server().call(createOrder, { token, body: order(setup) });
    expect(placed.status, placed.text).toBe(200);
    const link = new URL(placed.data.payment.payer_action_url!);
    const providerToken = link.searchParams.get('token')!;
    expect(providerToken).not.toBe('ATTACKER1');
    const [row] = await queryRows<{ request_id: string; sandbox_request: string }>(
      server(),
      sql`select p.request_id, s.request_id as sandbox_request from payments p
          join sandbox_payment_orders s on s.id = p.provider_order_id
          where p.order_id = ${placed.data.output.id}`,
    );
    expect(row!.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row!.sandbox_request).toBe(`circuits-payment-${row!.request_id}`);

    const decided = await server().call(decideSandboxPayment, {
      token,
      params: { token: providerToken },
      body: { decision: 'approve' },
    });
    expect(decided.data.redirect_url).toBe(
      `${server().url}/paypal_payment?token=${providerToken}&PayerID=SANDBOXPAYER1`,
    );
    const captured = await server().call(capturePayment, { token, body: { token: providerToken } });
    expect(captured.data).toMatchObject({ status: 'paid', payment: { status: 'captured' } });
  });

  it('says online payment goes through the sandbox and proformas print a sample account', async () => {
    const methods = await server().call(getPaymentMethods, {
      token: setup.people.acme.viewer.token,
    });
    expect(methods.data.methods).toEqual({
      online: { available: true, provider: 'sandbox', message: null },
      bank_transfer: { available: true, sample: true, message: null },
    });
    const placed = await server().call(createOrder, {
      token: setup.people.acme.editor.token,
      body: order(setup, { payment_method: 'bank_transfer' }),
    });
    const text = await downloadedPdfText(
      `${server().url}/api/documents/proforma/${placed.data.output.id}/pdf`,
      setup.people.acme.editor.token,
    );
    expect(text).not.toContain('set BANK_TRANSFER_DETAILS');
    expect(text).toContain('a sample of this demo server, not a real account');
  });
});

describe.each(databaseKinds())('a production start without PayPal, on %s', (kind) => {
  // PAYMENTS unset and no demo data: what `SEED_DEMO_DATA=false npm start` does.
  const server = useTestServer(kind, { env: { PAYMENTS: '' } });
  let setup: OrderingSetup;

  beforeAll(async () => {
    setup = await setUp(server());
  });

  it('has no sandbox provider at all', async () => {
    for (const path of ['/sandbox/paypal/v1/oauth2/token', '/sandbox/paypal/v2/checkout/orders']) {
      const response = await server().request('POST', path, { json: {} });
      expect(response.status, path).toBe(404);
    }
    const page = await server().call(getSandboxPayment, {
      token: setup.people.acme.editor.token,
      params: { token: 'ABC123' },
    });
    expect(page.status).toBe(404);
    expect(page.json.error).toBe(
      'The sandbox payment provider is off on this server: it runs in demo mode only',
    );
  });

  it('refuses orders no configured method can pay, saying why; pre-orders still work', async () => {
    const token = setup.people.acme.editor.token;
    const methods = await server().call(getPaymentMethods, { token });
    expect(methods.data.methods).toEqual({
      online: {
        available: false,
        provider: null,
        message:
          'Online payment is not available on this server: pay by bank transfer against the proforma, or ask us how to pay',
      },
      bank_transfer: {
        available: false,
        sample: false,
        message: 'Payment by bank transfer is not available on this server',
      },
    });
    const online = await server().call(createOrder, { token, body: order(setup) });
    expect(online.status).toBe(422);
    expect(online.json.error).toEqual({ payment_method: methods.data.methods.online.message });
    const bank = await server().call(createOrder, {
      token,
      body: order(setup, { payment_method: 'bank_transfer' }),
    });
    expect(bank.status).toBe(422);
    expect(bank.json.error).toEqual({
      payment_method: 'Payment by bank transfer is not available on this server',
    });
    const { type_id: _type, ...preorder } = order(setup);
    const saved = await server().call(createPreorder, { token, body: preorder });
    expect(saved.status, saved.text).toBe(200);
  });
});

describe.each(databaseKinds())('a production start with a bank account only, on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { PAYMENTS: '', BANK_TRANSFER_DETAILS: 'Circuits Ltd, IBAN DE89 3704 0044 0532 0130 00' },
  });
  let setup: OrderingSetup;

  beforeAll(async () => {
    setup = await setUp(server());
  });

  it('takes bank transfers against a proforma printing the account, and no online payment', async () => {
    const token = setup.people.acme.editor.token;
    const placed = await server().call(createOrder, {
      token,
      body: order(setup, { payment_method: 'bank_transfer' }),
    });
    expect(placed.status, placed.text).toBe(200);
    const id = placed.data.output.id;
    const text = await downloadedPdfText(`${server().url}/api/documents/proforma/${id}/pdf`, token);
    expect(text).toContain('Bank account: Circuits Ltd, IBAN DE89 3704 0044 0532 0130 00');
    expect(text).not.toContain('sample');
    // An online order made before online payment was turned off: a clear answer, no crash.
    await server().database.db.execute(
      sql`update orders set payment_method = 'online', status = 'awaiting_payment' where id = ${id}`,
    );
    await server().database.db.execute(
      sql`update payments set method = 'paypal', status = 'new' where order_id = ${id}`,
    );
    const pay = await server().call(startPayment, { token, params: { id } });
    expect(pay.status).toBe(503);
    expect(pay.json.error).toBe(
      'Online payment is not available on this server: pay by bank transfer against the proforma, or ask us how to pay',
    );
    expect((await server().call(getOrder, { token, params: { id } })).status).toBe(200);
  });
});
