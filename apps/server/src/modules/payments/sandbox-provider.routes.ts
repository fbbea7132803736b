import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { PaymentsRepository, SandboxOrderRow } from './payments.repository.ts';
import type { SandboxCredentials } from './sandbox-credentials.ts';

// The embedded sandbox payment provider, for demo mode only: a small PayPal inside the app, so
// that `npm start` shows the whole payment flow with nothing to configure and no money moving.
// It speaks the part of PayPal's REST protocol the app uses (OAuth2 client credentials with the
// installation's own secret, Orders v2 create / get / capture with PayPal-Request-Id
// idempotency, verify-webhook-signature); the app's PayPal adapter talks to it over HTTP exactly
// as to PayPal. Its payer page is the web app's /sandbox/paypal/checkoutnow, where the logged-in
// editor of the paying company approves (sandbox-approval.service.ts).

export const SANDBOX_PREFIX = '/sandbox/paypal';
/** The payer's page (a web app route): where a payer-action link leads. */
export const SANDBOX_CHECKOUT_PATH = `${SANDBOX_PREFIX}/checkoutnow`;

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

export function registerSandboxProvider(
  app: FastifyInstance,
  deps: {
    repository: PaymentsRepository;
    credentials: SandboxCredentials;
    clock: Clock;
    appUrl: string;
  },
): void {
  const { repository, credentials, clock, appUrl } = deps;

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
        href: `${appUrl}${SANDBOX_CHECKOUT_PATH}?token=${row.id}`,
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

  async function authorised(request: FastifyRequest): Promise<boolean> {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && credentials.checkToken(header.slice(7));
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
          !(await credentials.checkClient(id ?? '', secret ?? ''))
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
        const issued = await credentials.issueToken();
        return {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: issued.token,
          token_type: 'Bearer',
          app_id: 'APP-CIRCUITS-SANDBOX',
          expires_in: issued.expiresInS,
          nonce: randomBytes(8).toString('hex'),
        };
      },
    );

    scope.post(
      `${SANDBOX_PREFIX}/v2/checkout/orders`,
      { schema: { hide: true } },
      async (request, reply) => {
        if (!(await authorised(request))) return sendError(reply, unauthorised);
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
        if (!(await authorised(request))) return sendError(reply, unauthorised);
        const row = await repository.findSandboxOrder((request.params as { id: string }).id);
        return row ? present(row) : sendError(reply, notFound);
      },
    );

    scope.post(
      `${SANDBOX_PREFIX}/v2/checkout/orders/:id/capture`,
      { schema: { hide: true } },
      async (request, reply) => {
        if (!(await authorised(request))) return sendError(reply, unauthorised);
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
        if (!(await authorised(request))) return sendError(reply, unauthorised);
        return { verification_status: 'FAILURE' };
      },
    );
  });
}
