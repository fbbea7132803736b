import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { PaymentsRepository, SandboxOrderRow } from './payments.repository.ts';

// The embedded sandbox payment provider: a small PayPal inside the app, so that `npm start`
// shows the whole payment flow with nothing to configure. It speaks the part of PayPal's REST
// protocol the app uses (OAuth2 client credentials, Orders v2 create / get / capture with
// PayPal-Request-Id idempotency, verify-webhook-signature) and has its own approval page with
// Approve and Cancel. The app's PayPal adapter talks to it over HTTP exactly as to PayPal.

export const SANDBOX_PREFIX = '/sandbox/paypal';
export const SANDBOX_CLIENT_ID = 'circuits-sandbox';
export const SANDBOX_CLIENT_SECRET = 'circuits-sandbox-secret';
const SANDBOX_ACCESS_TOKEN = 'circuits-sandbox-access-token';
/** The sandbox has one buyer, who approves everything shown to them. */
const SANDBOX_PAYER_ID = 'SANDBOXPAYER1';

type PayPalError = { status: number; name: string; issue: string; description: string };

function sendError(reply: FastifyReply, error: PayPalError) {
  return reply.code(error.status).send({
    name: error.name,
    message: error.description,
    debug_id: randomBytes(6).toString('hex'),
    details: [{ issue: error.issue, description: error.description }],
  });
}

const notFound: PayPalError = {
  status: 404,
  name: 'RESOURCE_NOT_FOUND',
  issue: 'INVALID_RESOURCE_ID',
  description: 'Specified resource ID does not exist.',
};

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

export function registerSandboxProvider(
  app: FastifyInstance,
  deps: { repository: PaymentsRepository; clock: Clock; appUrl: string },
): void {
  const { repository, clock, appUrl } = deps;

  function present(row: SandboxOrderRow) {
    const capture =
      row.status === 'COMPLETED' && row.captureId
        ? {
            payments: {
              captures: [
                {
                  id: row.captureId,
                  status: 'COMPLETED',
                  amount: { currency_code: row.currencyCode, value: row.value },
                  final_capture: true,
                  create_time: row.updatedAt.toISOString(),
                },
              ],
            },
          }
        : {};
    const links = [
      {
        href: `${appUrl}${SANDBOX_PREFIX}/v2/checkout/orders/${row.id}`,
        rel: 'self',
        method: 'GET',
      },
    ];
    if (row.status === 'PAYER_ACTION_REQUIRED') {
      links.push({
        href: `${appUrl}${SANDBOX_PREFIX}/checkoutnow?token=${row.id}`,
        rel: 'payer-action',
        method: 'GET',
      });
    }
    return {
      id: row.id,
      intent: 'CAPTURE',
      status: row.status,
      payment_source: { paypal: {} },
      purchase_units: [
        {
          reference_id: row.referenceId ?? 'default',
          description: row.description ?? undefined,
          amount: { currency_code: row.currencyCode, value: row.value },
          ...capture,
        },
      ],
      create_time: row.createdAt.toISOString(),
      links,
    };
  }

  function authorised(request: FastifyRequest): boolean {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && same(header.slice(7), SANDBOX_ACCESS_TOKEN);
  }

  const unauthorised: PayPalError = {
    status: 401,
    name: 'AUTHENTICATION_FAILURE',
    issue: 'INVALID_TOKEN',
    description:
      'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  };

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    scope.post(
      `${SANDBOX_PREFIX}/v1/oauth2/token`,
      { schema: { hide: true } },
      async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const [id, secret] = Buffer.from(header.replace(/^Basic /, ''), 'base64')
          .toString()
          .split(':');
        const form = (request.body ?? {}) as Record<string, string>;
        if (
          !header.startsWith('Basic ') ||
          id !== SANDBOX_CLIENT_ID ||
          !same(secret ?? '', SANDBOX_CLIENT_SECRET)
        ) {
          return reply
            .code(401)
            .send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
        }
        if (form.grant_type !== 'client_credentials') {
          return reply.code(400).send({
            error: 'unsupported_grant_type',
            error_description: 'Grant Type is NULL or not supported',
          });
        }
        return {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: SANDBOX_ACCESS_TOKEN,
          token_type: 'Bearer',
          app_id: 'APP-CIRCUITS-SANDBOX',
          expires_in: 32400,
          nonce: randomBytes(8).toString('hex'),
        };
      },
    );

    scope.post(
      `${SANDBOX_PREFIX}/v2/checkout/orders`,
      { schema: { hide: true } },
      async (request, reply) => {
        if (!authorised(request)) return sendError(reply, unauthorised);
        const requestId = request.headers['paypal-request-id'];
        const body = request.body as {
          intent?: string;
          purchase_units?: {
            reference_id?: string;
            description?: string;
            amount?: { currency_code?: string; value?: string };
          }[];
          payment_source?: {
            paypal?: { experience_context?: { return_url?: string; cancel_url?: string } };
          };
        } | null;
        const unit = body?.purchase_units?.[0];
        const context = body?.payment_source?.paypal?.experience_context;
        const invalid = (issue: string, description: string) =>
          sendError(reply, { status: 422, name: 'UNPROCESSABLE_ENTITY', issue, description });
        if (typeof requestId !== 'string' || requestId === '') {
          return invalid('PAYPAL_REQUEST_ID_REQUIRED', 'A PayPal-Request-Id header is required.');
        }
        if (body?.intent !== 'CAPTURE')
          return invalid('INVALID_PARAMETER_VALUE', 'intent must be CAPTURE.');
        if (!unit?.amount?.currency_code || !/^\d+(\.\d{1,2})?$/.test(unit.amount.value ?? '')) {
          return invalid(
            'INVALID_PARAMETER_VALUE',
            'purchase_units[0].amount is missing or invalid.',
          );
        }
        if (!context?.return_url || !context.cancel_url) {
          return invalid('MISSING_REQUIRED_PARAMETER', 'return_url and cancel_url are required.');
        }
        const now = clock.now();
        const inserted = await repository.insertSandboxOrder({
          id: randomBytes(9).toString('hex').toUpperCase(),
          requestId,
          status: 'PAYER_ACTION_REQUIRED',
          currencyCode: unit.amount.currency_code,
          value: unit.amount.value!,
          referenceId: unit.reference_id ?? null,
          description: unit.description ?? null,
          returnUrl: context.return_url,
          cancelUrl: context.cancel_url,
          createdAt: now,
          updatedAt: now,
        });
        const row = inserted ?? (await repository.findSandboxOrderByRequest(requestId))!;
        return reply.code(inserted ? 201 : 200).send(present(row));
      },
    );

    scope.get(
      `${SANDBOX_PREFIX}/v2/checkout/orders/:id`,
      { schema: { hide: true } },
      async (request, reply) => {
        if (!authorised(request)) return sendError(reply, unauthorised);
        const row = await repository.findSandboxOrder((request.params as { id: string }).id);
        return row ? present(row) : sendError(reply, notFound);
      },
    );

    scope.post(
      `${SANDBOX_PREFIX}/v2/checkout/orders/:id/capture`,
      { schema: { hide: true } },
      async (request, reply) => {
        if (!authorised(request)) return sendError(reply, unauthorised);
        const id = (request.params as { id: string }).id;
        const row = await repository.findSandboxOrder(id);
        if (!row) return sendError(reply, notFound);
        if (row.status === 'APPROVED') {
          const captured = await repository.moveSandboxOrder(
            id,
            'APPROVED',
            { status: 'COMPLETED', captureId: randomBytes(9).toString('hex').toUpperCase() },
            clock.now(),
          );
          if (captured) return reply.code(201).send(present(captured));
        }
        const current = (await repository.findSandboxOrder(id))!;
        return sendError(
          reply,
          current.status === 'COMPLETED'
            ? {
                status: 422,
                name: 'UNPROCESSABLE_ENTITY',
                issue: 'ORDER_ALREADY_CAPTURED',
                description:
                  'Order already captured. If intent=CAPTURE only one capture per order is allowed.',
              }
            : {
                status: 422,
                name: 'UNPROCESSABLE_ENTITY',
                issue: 'ORDER_NOT_APPROVED',
                description: 'Payer has not yet approved the Order for payment.',
              },
        );
      },
    );

    // The sandbox sends no webhooks, so it vouches for none.
    scope.post(
      `${SANDBOX_PREFIX}/v1/notifications/verify-webhook-signature`,
      { schema: { hide: true } },
      async (request, reply) => {
        if (!authorised(request)) return sendError(reply, unauthorised);
        return { verification_status: 'FAILURE' };
      },
    );

    // ---- the payer's side: the approval page
    scope.get(
      `${SANDBOX_PREFIX}/checkoutnow`,
      { schema: { hide: true } },
      async (request, reply) => {
        const token = String((request.query as { token?: string }).token ?? '');
        const row = token ? await repository.findSandboxOrder(token) : undefined;
        reply.type('text/html; charset=utf-8');
        if (!row)
          return reply
            .code(404)
            .send(page('Payment not found', '<p>This payment does not exist.</p>'));
        if (row.status !== 'PAYER_ACTION_REQUIRED') {
          const back = withQuery(row.returnUrl, { token: row.id, PayerID: SANDBOX_PAYER_ID });
          return page(
            'Payment already approved',
            `<p>This payment was approved already.</p><p><a href="${escapeHtml(back)}">Back to Circuits</a></p>`,
          );
        }
        const action = `${SANDBOX_PREFIX}/checkoutnow`;
        return page(
          'Approve your payment',
          `<p class="note">Sandbox payment provider: no money moves. Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to take real payments with PayPal.</p>
<dl><dt>Pay to</dt><dd>Circuits</dd><dt>For</dt><dd>${escapeHtml(row.description ?? row.referenceId ?? '')}</dd>
<dt>Amount</dt><dd class="amount">${escapeHtml(row.value)} ${escapeHtml(row.currencyCode)}</dd></dl>
<form method="post" action="${action}"><input type="hidden" name="token" value="${escapeHtml(row.id)}">
<button name="decision" value="approve" type="submit">Approve</button>
<button name="decision" value="cancel" type="submit" class="secondary">Cancel</button></form>`,
        );
      },
    );

    scope.post(
      `${SANDBOX_PREFIX}/checkoutnow`,
      { schema: { hide: true } },
      async (request, reply) => {
        const form = (request.body ?? {}) as { token?: string; decision?: string };
        const row = form.token ? await repository.findSandboxOrder(form.token) : undefined;
        if (!row) {
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(page('Payment not found', '<p>This payment does not exist.</p>'));
        }
        if (form.decision === 'cancel') {
          return reply.redirect(withQuery(row.cancelUrl, { token: row.id }), 303);
        }
        await repository.moveSandboxOrder(
          row.id,
          'PAYER_ACTION_REQUIRED',
          { status: 'APPROVED' },
          clock.now(),
        );
        return reply.redirect(
          withQuery(row.returnUrl, { token: row.id, PayerID: SANDBOX_PAYER_ID }),
          303,
        );
      },
    );
  });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Sandbox payment</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:24px 12px;color:#212529}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.3rem;margin:0 0 12px}.note{background:#fff3bf;padding:8px 12px;border-radius:6px;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px}dt{color:#868e96}dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:1.3rem;font-weight:700}form{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap}
button{flex:1;min-width:120px;padding:12px;border:0;border-radius:6px;font-size:1rem;background:#1c7ed6;color:#fff;cursor:pointer}
button.secondary{background:#e9ecef;color:#212529}
</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
