import { z } from 'zod';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import { Id } from './fields.ts';
import { providerToken } from './order.contract.ts';

// How orders can be paid on this server, and the payer's page of the embedded sandbox provider
// (demo mode only): the logged-in editor of the paying company approves or cancels there.

const tag = 'Payments';

export const PaymentMethods = z
  .object({
    online: z.object({
      available: z.boolean(),
      provider: z.enum(['paypal', 'sandbox']).nullable().meta({
        description: 'sandbox: the demo provider, where no money moves',
      }),
      message: z.string().nullable().meta({ description: 'Why it is not offered, when it is not' }),
    }),
    bank_transfer: z.object({
      available: z.boolean(),
      sample: z.boolean().meta({
        description: 'The proforma prints a sample account (demo mode): nobody is to pay into it',
      }),
      message: z.string().nullable(),
    }),
  })
  .meta({ id: 'PaymentMethods' });
export type PaymentMethods = z.infer<typeof PaymentMethods>;

export const getPaymentMethods = defineEndpoint({
  method: 'GET',
  path: '/api/payments/methods',
  summary:
    'How orders can be paid on this server (online through PayPal or the demo sandbox, bank transfer)',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ methods: PaymentMethods }),
});

export const SandboxPayment = z
  .object({
    token: z.string().meta({ description: "The sandbox provider's order id" }),
    status: z.enum(['awaiting_approval', 'approved', 'captured', 'voided']),
    order_id: Id,
    description: z.string(),
    amount: z.string().meta({ example: '123.45' }),
    currency: z.string(),
    can_decide: z.boolean().meta({
      description:
        "Whether the caller may approve or cancel it: an editor of the order's company, or an administrator",
    }),
  })
  .meta({ id: 'SandboxPayment' });
export type SandboxPayment = z.infer<typeof SandboxPayment>;

const tokenParam = z.object({ token: providerToken });

export const getSandboxPayment = defineEndpoint({
  method: 'GET',
  path: '/api/payments/sandbox/{token}',
  summary:
    "A payment at the embedded sandbox provider (demo mode only), for its payer's page; members of the order's company and staff",
  tag,
  access: 'confirmed',
  params: tokenParam,
  status: 200,
  response: z.object({ payment: SandboxPayment }),
});

export const decideSandboxPayment = defineEndpoint({
  method: 'POST',
  path: '/api/payments/sandbox/{token}/decision',
  summary:
    "Approve or cancel a payment at the embedded sandbox provider (demo mode only; no money moves): editors of the order's company and administrators. Answers where the payer goes back to",
  tag,
  access: 'confirmed',
  params: tokenParam,
  body: jsonBody(
    z.object({
      decision: z.enum(['approve', 'cancel'], { error: 'decision must be approve or cancel' }),
    }),
  ),
  status: 200,
  response: z.object({ redirect_url: z.string() }),
});
