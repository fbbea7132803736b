import type {
  CreateProviderOrder,
  PaymentProvider,
  ProviderCapture,
  ProviderOrder,
  WebhookHeaders,
} from './payment-provider.ts';
import { PaymentProviderError } from './payment-provider.ts';

export type PayPalClientOptions = {
  name: 'paypal' | 'sandbox';
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com or the embedded sandbox. */
  apiUrl: () => string;
  /** The client id and secret (read when a token is needed: the sandbox's are in the database). */
  credentials: () => Promise<{ clientId: string; clientSecret: string }>;
  /** The webhook's id at PayPal, which verify-webhook-signature needs; unset: none accepted. */
  webhookId: string | undefined;
  /** Brand name shown on PayPal's pages. */
  brandName: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

type PayPalLink = { href: string; rel: string; method?: string };
type PayPalOrderBody = {
  id: string;
  status: string;
  links?: PayPalLink[];
  purchase_units?: {
    payments?: {
      captures?: { id: string; status: string; amount: { currency_code: string; value: string } }[];
    };
  }[];
};
type PayPalErrorBody = { name?: string; message?: string; details?: { issue?: string }[] };

// A token is renewed this long before PayPal says it expires.
const TOKEN_MARGIN_MS = 60_000;

/**
 * The PayPal Orders v2 REST adapter: OAuth2 client credentials, create order (intent CAPTURE,
 * with the return and cancel URLs in the PayPal payment source's experience context), the
 * payer-action link, capture, and webhook verification through verify-webhook-signature.
 */
export function createPayPalClient(options: PayPalClientOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 30_000;
  // An access token is a cache of a credential, not shared state: each instance gets its own.
  let token: { value: string; expiresAt: number } | undefined;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${options.apiUrl()}${path}`, {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(
        `The payment provider could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        undefined,
        undefined,
      );
    }
  }

  async function failure(response: Response, what: string): Promise<PaymentProviderError> {
    const body = (await response.json().catch(() => ({}))) as PayPalErrorBody;
    const issue = body.details?.[0]?.issue ?? body.name;
    return new PaymentProviderError(
      `${what} failed at the payment provider (${response.status}${issue ? ` ${issue}` : ''})`,
      response.status,
      issue,
    );
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const { clientId, clientSecret } = await options.credentials();
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const response = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw await failure(response, 'Signing in to the payment provider');
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = {
      value: body.access_token,
      expiresAt: now() + Math.max(0, body.expires_in * 1000 - TOKEN_MARGIN_MS),
    };
    return token.value;
  }

  /** A call with the bearer token; a token PayPal no longer takes is renewed once. */
  async function api(
    method: 'GET' | 'POST',
    path: string,
    extra: { body?: unknown; requestId?: string } = {},
  ): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        prefer: 'return=representation',
      };
      if (method === 'POST') headers['content-type'] = 'application/json';
      if (extra.requestId) headers['paypal-request-id'] = extra.requestId;
      const response = await send(path, {
        method,
        headers,
        ...(method === 'POST' && { body: JSON.stringify(extra.body ?? {}) }),
      });
      if (response.status === 401 && attempt === 0) {
        token = undefined;
        continue;
      }
      return response;
    }
  }

  function present(body: PayPalOrderBody): ProviderOrder {
    const link = body.links?.find(
      (entry) => entry.rel === 'payer-action' || entry.rel === 'approve',
    );
    const captures = body.purchase_units?.flatMap((unit) => unit.payments?.captures ?? []) ?? [];
    const completed = captures.find((capture) => capture.status === 'COMPLETED') ?? captures[0];
    const capture: ProviderCapture | null = completed
      ? {
          id: completed.id,
          status: completed.status,
          amount: {
            currencyCode: completed.amount.currency_code,
            value: completed.amount.value,
          },
        }
      : null;
    const awaitsPayer = body.status === 'PAYER_ACTION_REQUIRED' || body.status === 'CREATED';
    return {
      id: body.id,
      status: body.status,
      payerActionUrl: awaitsPayer && link ? link.href : null,
      capture,
    };
  }

  async function getOrder(id: string): Promise<ProviderOrder> {
    const response = await api('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (!response.ok) throw await failure(response, 'Reading the payment');
    return present((await response.json()) as PayPalOrderBody);
  }

  return {
    name: options.name,

    async createOrder(input: CreateProviderOrder): Promise<ProviderOrder> {
      const response = await api('POST', '/v2/checkout/orders', {
        requestId: input.requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.referenceId,
              custom_id: input.referenceId,
              description: input.description,
              amount: { currency_code: input.amount.currencyCode, value: input.amount.value },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: options.brandName,
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
              },
            },
          },
        },
      });
      if (!response.ok) throw await failure(response, 'Creating the payment');
      return present((await response.json()) as PayPalOrderBody);
    },

    getOrder,

    async captureOrder(id, requestId) {
      const response = await api('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {
        requestId,
      });
      if (response.ok) {
        return { type: 'captured', order: present((await response.json()) as PayPalOrderBody) };
      }
      const error = await failure(response, 'Capturing the payment');
      // Captured already (an earlier answer was lost): the order holds the capture.
      if (error.issue === 'ORDER_ALREADY_CAPTURED') {
        return { type: 'captured', order: await getOrder(id) };
      }
      if (error.issue === 'ORDER_NOT_APPROVED') return { type: 'not_approved' };
      throw error;
    },

    async verifyWebhook(headers: WebhookHeaders, event: unknown): Promise<boolean> {
      if (!options.webhookId) return false;
      const response = await api('POST', '/v1/notifications/verify-webhook-signature', {
        body: {
          auth_algo: headers.authAlgo,
          cert_url: headers.certUrl,
          transmission_id: headers.transmissionId,
          transmission_sig: headers.transmissionSig,
          transmission_time: headers.transmissionTime,
          webhook_id: options.webhookId,
          webhook_event: event,
        },
      });
      if (!response.ok) throw await failure(response, 'Verifying the webhook');
      const body = (await response.json()) as { verification_status?: string };
      return body.verification_status === 'SUCCESS';
    },
  };
}
