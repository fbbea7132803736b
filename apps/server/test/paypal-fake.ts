import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server that speaks PayPal's documented REST protocol as the app uses it: OAuth2
// client credentials (POST /v1/oauth2/token with HTTP Basic), Orders v2 (create with
// PayPal-Request-Id idempotency, get, capture: 201 COMPLETED, then 422 ORDER_ALREADY_CAPTURED;
// 422 ORDER_NOT_APPROVED before approval) and POST /v1/notifications/verify-webhook-signature.
// Tests play the payer (`approve`) and PayPal's webhook sender (`signedWebhook`).

export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';
export const FAKE_WEBHOOK_ID = 'WH-FAKE-1';

type FakeOrder = {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  referenceId: string;
  returnUrl: string;
  cancelUrl: string;
  capture: { id: string; status: 'COMPLETED' } | null;
};

export type FakeCall = { method: string; path: string; requestId: string | undefined };

export type PayPalFake = {
  url: string;
  orders: Map<string, FakeOrder>;
  calls: FakeCall[];
  /** Captures PayPal made (at most one per order, however often it was asked). */
  captures(): number;
  approve(orderId: string): void;
  /** Holds the answer of the next call whose path ends with `suffix` (after doing its work). */
  holdNext(suffix: string): { reached: Promise<void>; release: () => void };
  /** A webhook event and the PayPal-* headers PayPal would send with it (`valid: false` forges). */
  signedWebhook(
    event: Record<string, unknown>,
    valid?: boolean,
  ): { body: Record<string, unknown>; headers: Record<string, string> };
  close(): Promise<void>;
};

const SIGNING_KEY = randomBytes(32);

function transmissionSignature(id: string, time: string, webhookId: string, body: unknown) {
  return createHmac('sha256', SIGNING_KEY)
    .update(`${id}|${time}|${webhookId}|${JSON.stringify(body)}`)
    .digest('base64');
}

export async function startPayPalFake(): Promise<PayPalFake> {
  const orders = new Map<string, FakeOrder>();
  const byRequestId = new Map<string, string>();
  const captureAnswers = new Map<string, { status: number; body: unknown }>();
  const calls: FakeCall[] = [];
  const tokens = new Set<string>();
  let held: { suffix: string; reached: () => void; gate: Promise<void> } | undefined;

  let url = '';
  const present = (order: FakeOrder) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    payment_source: { paypal: {} },
    purchase_units: [
      {
        reference_id: order.referenceId,
        amount: order.amount,
        ...(order.capture && {
          payments: {
            captures: [
              {
                id: order.capture.id,
                status: order.capture.status,
                amount: order.amount,
                final_capture: true,
                supplementary_data: { related_ids: { order_id: order.id } },
              },
            ],
          },
        }),
      },
    ],
    links: [
      { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [
            {
              href: `${url}/checkoutnow?token=${order.id}`,
              rel: 'payer-action',
              method: 'GET',
            },
          ]
        : []),
    ],
  });

  const error = (status: number, name: string, issue: string) => ({
    status,
    body: { name, message: issue, debug_id: 'fake', details: [{ issue }] },
  });

  async function handle(
    request: http.IncomingMessage,
    text: string,
  ): Promise<{ status: number; body: unknown }> {
    const path = (request.url ?? '').split('?')[0]!;
    const requestId = request.headers['paypal-request-id'] as string | undefined;
    calls.push({ method: request.method ?? '', path, requestId });
    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${FAKE_CLIENT_ID}:${FAKE_CLIENT_SECRET}`).toString('base64')}`;
      if (request.headers.authorization !== basic) {
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      }
      if (new URLSearchParams(text).get('grant_type') !== 'client_credentials') {
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      }
      const token = `A21AA${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      return {
        status: 200,
        body: { scope: 'fake', access_token: token, token_type: 'Bearer', expires_in: 32400 },
      };
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer)) return error(401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN');
    const body = text ? JSON.parse(text) : {};

    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      if (requestId && byRequestId.has(requestId)) {
        return { status: 200, body: present(orders.get(byRequestId.get(requestId)!)!) };
      }
      const unit = body.purchase_units?.[0];
      const context = body.payment_source?.paypal?.experience_context;
      if (body.intent !== 'CAPTURE' || !unit?.amount?.currency_code || !unit.amount.value) {
        return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
      }
      if (!context?.return_url || !context.cancel_url) {
        return error(422, 'UNPROCESSABLE_ENTITY', 'MISSING_REQUIRED_PARAMETER');
      }
      const order: FakeOrder = {
        id: randomBytes(8).toString('hex').toUpperCase(),
        status: 'PAYER_ACTION_REQUIRED',
        amount: unit.amount,
        referenceId: unit.reference_id,
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url,
        capture: null,
      };
      orders.set(order.id, order);
      if (requestId) byRequestId.set(requestId, order.id);
      return { status: 200, body: present(order) };
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = orders.get(orderMatch[1]!);
      if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (request.method === 'GET' && !orderMatch[2]) return { status: 200, body: present(order) };
      if (request.method === 'POST' && orderMatch[2]) {
        const replay = requestId && captureAnswers.get(requestId);
        if (replay) return replay;
        let answer: { status: number; body: unknown };
        if (order.status === 'COMPLETED') {
          answer = error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        } else if (order.status !== 'APPROVED') {
          answer = error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        } else {
          order.status = 'COMPLETED';
          order.capture = { id: randomBytes(8).toString('hex').toUpperCase(), status: 'COMPLETED' };
          answer = { status: 201, body: present(order) };
        }
        if (requestId) captureAnswers.set(requestId, answer);
        return answer;
      }
    }
    if (request.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const fields = [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
        'webhook_event',
      ];
      if (fields.some((field) => body[field] === undefined)) {
        return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
      }
      const expected = transmissionSignature(
        body.transmission_id,
        body.transmission_time,
        body.webhook_id,
        body.webhook_event,
      );
      const ok = body.webhook_id === FAKE_WEBHOOK_ID && body.transmission_sig === expected;
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const answer = await handle(request, Buffer.concat(chunks).toString());
      const hold = held;
      if (hold && (request.url ?? '').split('?')[0]!.endsWith(hold.suffix)) {
        held = undefined;
        hold.reached();
        await hold.gate;
      }
      if (response.destroyed) return;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    orders,
    calls,
    captures: () => [...orders.values()].filter((order) => order.capture).length,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no PayPal order ${orderId}`);
      if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
    },
    holdNext(suffix) {
      let reached!: () => void;
      let release!: () => void;
      const reachedPromise = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { suffix, reached, gate };
      return { reached: reachedPromise, release };
    },
    signedWebhook(event, valid = true) {
      const id = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      const signature = transmissionSignature(id, time, FAKE_WEBHOOK_ID, event);
      return {
        body: event,
        headers: {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${url}/v1/notifications/certs/CERT-FAKE`,
          'paypal-transmission-id': id,
          'paypal-transmission-sig': valid ? signature : `${signature.slice(0, -4)}AAA=`,
          'paypal-transmission-time': time,
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The env that points the app's PayPal adapter at the fake. */
export function payPalEnv(fake: PayPalFake): Record<string, string> {
  return {
    PAYMENTS: 'paypal',
    PAYPAL_CLIENT_ID: FAKE_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: FAKE_CLIENT_SECRET,
    PAYPAL_API_URL: fake.url,
    PAYPAL_WEBHOOK_ID: FAKE_WEBHOOK_ID,
  };
}
