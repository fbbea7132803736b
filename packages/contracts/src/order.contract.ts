import { ORDER_STATE_LABELS, ORDER_STATES, PAYMENT_STATES } from '@circuits/domain';
import { z } from 'zod';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import {
  Id,
  idField,
  idParam,
  idQuery,
  optionalText,
  requiredMessage,
  textFields,
} from './fields.ts';

// SPEC §7 "Cart and orders": orders (type_id 1), pre-orders, their documents and their payment.
// The SPEC names POST /api/documents and POST /api/documents/preorder; reading orders, their
// documents and paying are the calls the views need beside them, in the same style.

// ---- Resources -------------------------------------------------------------------------------

export const ORDER_STATUS_LABELS = ORDER_STATE_LABELS;
export const OrderStatus = z.enum(ORDER_STATES).meta({ id: 'OrderStatus' });
export type OrderStatus = z.infer<typeof OrderStatus>;

export const DOCUMENT_TYPES = ['order', 'proforma'] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES).meta({
  description: 'order: the order confirmation (or the pre-order); proforma: the proforma invoice',
});
export type DocumentType = z.infer<typeof DocumentType>;

export const PaymentMethod = z.enum(['paypal', 'sandbox', 'bank_transfer']).meta({
  description:
    'paypal: PayPal; sandbox: the embedded test provider (no PayPal account configured); bank_transfer: against the proforma',
});

export const PaymentStatus = z.enum(PAYMENT_STATES).meta({ id: 'PaymentStatus' });

/** Money: integer minor units (cents) of `currency`. */
const Minor = z.int().meta({ description: 'Minor units (cents) of the currency' });

export const Payment = z
  .object({
    method: PaymentMethod,
    status: PaymentStatus,
    amount: Minor,
    currency: z.string(),
    payer_action_url: z.string().nullable().meta({
      description: 'Where the payer approves the payment; null when there is nothing to approve',
    }),
    captured_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof Payment>;

export const OrderAddress = z
  .object({
    contact_name: z.string().nullable(),
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    postal_code: z.string().nullable(),
    country_code: z.string(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'OrderAddress' });
export type OrderAddress = z.infer<typeof OrderAddress>;

export const PriceRule = z
  .object({
    rule: z.string().meta({ description: 'The price book rule that made the amount' }),
    reason: z.string().meta({ example: '4 layers' }),
    amount: Minor,
  })
  .meta({ id: 'PriceRule' });

export const OrderLine = z
  .object({
    line_number: z.int().positive(),
    product_id: Id,
    product_name: z.string(),
    part_number: z.string().nullable(),
    amount: z.int().positive(),
    material: z.string(),
    lead_time: z
      .object({ id: z.string(), label: z.string(), working_days: z.int().positive() })
      .meta({ description: 'The build time ordered' }),
    ship_date: z.iso.date().meta({
      description: 'The promised ship date: the order date plus the working days of the build',
    }),
    unit_price: Minor,
    line_price: Minor,
    prices: z.array(PriceRule).meta({ description: 'How the line price was made' }),
    files_hash: z
      .string()
      .meta({ description: 'SHA-256 over the board files the order is made from' }),
    settings: z.record(z.string(), z.unknown()).meta({ description: 'The board settings ordered' }),
    measured: z
      .object({
        widthMm: z.number().nullable(),
        lengthMm: z.number().nullable(),
        copperLayers: z.int().nullable(),
      })
      .nullable()
      .meta({
        description:
          'What the server measured of the board files when the order was placed (the price uses the larger of this and the settings); null when nothing was measured',
      }),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderEvent = z
  .object({ status: OrderStatus, note: z.string(), at: z.iso.datetime() })
  .meta({ id: 'OrderEvent' });

export const OrderDocument = z
  .object({
    type: DocumentType,
    title: z.string().meta({ example: 'Proforma invoice PF-12' }),
    number: z.string(),
    file_name: z.string(),
  })
  .meta({ id: 'OrderDocument' });
export type OrderDocument = z.infer<typeof OrderDocument>;

export const OrderSummary = z
  .object({
    id: Id,
    type: z.enum(['order', 'preorder']),
    type_id: z.literal(1),
    name: z.string(),
    date: z.iso.date(),
    status: OrderStatus,
    company_id: Id,
    company_name: z.string(),
    currency: z.string(),
    total: Minor,
    lines_count: z.int().nonnegative(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof OrderSummary>;

export const Order = OrderSummary.extend({
  service_id: Id,
  service_name: z.string(),
  agent_id: Id,
  agent_name: z.string(),
  shipping_account_id: Id.nullable(),
  shipping_account_number: z.string().nullable(),
  address_id: Id,
  shipping_address: OrderAddress,
  company_address: OrderAddress.nullable(),
  currency_id: Id,
  tax_percent: z.number(),
  tax_basis: z
    .object({
      country_code: z.string().nullable().meta({
        description: 'The country of the company address when the order was placed',
      }),
      rule: z.string().meta({
        example: '13 % Ontario HST: the company address is in Canada (CA)',
      }),
    })
    .nullable()
    .meta({ description: 'What gave the tax rate; null for orders placed before it was kept' }),
  subtotal: Minor,
  tax: Minor,
  create_proforma: z.boolean(),
  price_book_version: z.int(),
  rates: z.record(z.string(), z.number()).meta({
    description: 'Rates locked into the order: 1 USD in each currency',
  }),
  ordered_by: z.string(),
  ship_date: z.iso.date().meta({ description: 'The promised ship date of the whole order' }),
  lines: z.array(OrderLine),
  documents: z.array(OrderDocument),
  payment: Payment.nullable(),
  events: z.array(OrderEvent).meta({ description: 'Status timeline, oldest first' }),
}).meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

/** An order of one product, as GET /api/products/{id} lists it. */
export const ProductOrder = z
  .object({
    id: Id,
    type: z.enum(['order', 'preorder']),
    name: z.string(),
    date: z.iso.date(),
    status: OrderStatus,
    amount: z.int().positive().meta({ description: 'Boards of this product in the order' }),
    line_price: Minor,
    currency: z.string(),
  })
  .meta({ id: 'ProductOrder' });
export type ProductOrder = z.infer<typeof ProductOrder>;

// ---- Requests --------------------------------------------------------------------------------

const idempotencyKey = z
  .string({ error: 'idempotency_key must be text' })
  .trim()
  .min(8, 'idempotency_key must be 8 to 100 characters')
  .max(100, 'idempotency_key must be 8 to 100 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'idempotency_key may contain only letters, digits and _.:-')
  .register(textFields, { label: 'idempotency_key' })
  .optional()
  .meta({
    description:
      'A key the client makes once per order (a UUID): a retried or double-clicked request with the same key answers the same order. The Idempotency-Key header works too.',
  });

export const OrderLineInput = z.object({
  line_number: idField('Line number'),
  product_id: idField('Product'),
  amount: z
    .int({ error: requiredMessage('Amount', 'a whole number') })
    .min(1, 'Amount must be at least 1')
    .max(1_000_000, 'Amount must be at most 1000000'),
  material: optionalText('Material', 100).meta({
    description: "Board material; defaults to the board settings' material",
  }),
  lead_time: optionalText('Lead time', 40).meta({
    description:
      "A build time of the price book (standard, faster, economy); defaults to the book's first",
  }),
});

const documentFields = {
  name: optionalText('Name', 200).meta({ description: 'Your reference for the order' }),
  date: z.iso
    .date('date must be a date such as 2026-11-26')
    .optional()
    .meta({ description: 'Order date; defaults to today' }),
  service_id: idField('Shipping service'),
  agent_id: idField('Shipping agent'),
  shipping_account_id: idField('Shipping account')
    .nullish()
    .meta({ description: "The company's own carrier account billed for shipping; null: none" }),
  company_id: idField('Company'),
  address_id: idField('Shipping address'),
  currency_id: idField('Currency'),
  create_proforma: z.boolean({ error: 'create_proforma must be true or false' }).default(false),
  lines: z
    .array(OrderLineInput, { error: 'lines must be a list' })
    .min(1, 'An order needs at least one line')
    .max(200, 'An order may have at most 200 lines'),
  idempotency_key: idempotencyKey,
};

export const CreateOrderInput = z.object({
  type_id: z.literal(1, { error: 'type_id must be 1 (an order)' }),
  ...documentFields,
  payment_method: z
    .enum(['online', 'bank_transfer'], { error: 'payment_method must be online or bank_transfer' })
    .default('online')
    .meta({
      description:
        'online: pay now (PayPal); bank_transfer: pay against the proforma (one is made)',
    }),
});
export type CreateOrderInput = z.input<typeof CreateOrderInput>;

export const CreatePreorderInput = z.object({
  type_id: z.literal(1, { error: 'type_id must be 1 (an order)' }).optional(),
  ...documentFields,
});
export type CreatePreorderInput = z.input<typeof CreatePreorderInput>;

const CompanyFilter = z.object({
  companyId: idQuery('companyId').optional().meta({
    description: 'Only this company (admins and moderators see every company by default)',
  }),
});

// ---- Endpoints -------------------------------------------------------------------------------

const tag = 'Orders';

export const createOrder = defineEndpoint({
  method: 'POST',
  path: '/api/documents',
  summary:
    'Place an order (type_id 1) from boards and amounts, priced on the server; pay at payment.payer_action_url when given',
  tag,
  access: 'confirmed',
  body: jsonBody(CreateOrderInput),
  status: 200,
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    payment: z.object({ payer_action_url: z.string().nullable() }).meta({
      description: 'null payer_action_url: nothing to pay online (bank transfer)',
    }),
    output: z.object({ id: Id }),
  }),
});

export const createPreorder = defineEndpoint({
  method: 'POST',
  path: '/api/documents/preorder',
  summary: 'Make a pre-order: the boards priced and documented, to order later; no payment',
  tag,
  access: 'confirmed',
  body: jsonBody(CreatePreorderInput),
  status: 200,
  response: z.object({ success: z.literal(true), message: z.string(), doc: z.object({ id: Id }) }),
});

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/api/orders',
  summary: "The company's orders and pre-orders, newest first (staff: every company)",
  tag,
  access: 'confirmed',
  query: CompanyFilter,
  status: 200,
  response: z.object({ orders: z.array(OrderSummary) }),
});

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/api/orders/{id}',
  summary: 'An order: lines, documents, payment and status timeline',
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam }),
  status: 200,
  response: z.object({ order: Order }),
});

export const getDocument = defineEndpoint({
  method: 'GET',
  path: '/api/documents/{type}/{id}',
  summary: 'A document of an order (order confirmation or proforma) with the order it belongs to',
  tag,
  access: 'confirmed',
  params: z.object({ type: DocumentType, id: idParam }),
  status: 200,
  response: z.object({ document: OrderDocument, order: Order }),
});

/** Answered as application/pdf (not JSON); listed here for the OpenAPI document. */
export const downloadDocument = defineEndpoint({
  method: 'GET',
  path: '/api/documents/{type}/{id}/pdf',
  summary: 'The document as a PDF file',
  tag,
  access: 'confirmed',
  params: z.object({ type: DocumentType, id: idParam }),
  status: 200,
  response: z.string().meta({ format: 'binary', description: 'application/pdf' }),
});

export const startPayment = defineEndpoint({
  method: 'POST',
  path: '/api/orders/{id}/payment',
  summary: 'Start (or resume) the online payment of an order: answers the payer-action link',
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam }),
  status: 200,
  response: z.object({ payment: Payment }),
});

/**
 * The provider's order id, as the return URL's `token` carries it back: PayPal's are letters
 * and digits. Anything else is no payment of ours (422 naming the field, never a lookup).
 */
export const providerToken = z
  .string({ error: requiredMessage('token', 'text') })
  .trim()
  .min(1, 'token is required')
  .max(64, 'token must be at most 64 characters')
  .regex(
    /^[A-Za-z0-9-]+$/,
    'token must be the payment id the provider sent back: letters and digits',
  )
  .register(textFields, { label: 'token' })
  .meta({ description: 'The token query parameter of the return URL (the provider order id)' });

export const capturePayment = defineEndpoint({
  method: 'POST',
  path: '/api/payments/capture',
  summary:
    'After the payer approved (the return to /paypal_payment): capture the payment, applied once however often it is called',
  tag,
  access: 'confirmed',
  body: jsonBody(
    z.object({
      token: providerToken,
    }),
  ),
  status: 200,
  response: z.object({ order_id: Id, status: OrderStatus, payment: Payment }),
});

export const cancelPayment = defineEndpoint({
  method: 'POST',
  path: '/api/payments/cancel',
  summary: 'The payer cancelled at the provider: the order waits for payment, to be tried again',
  tag,
  access: 'confirmed',
  body: jsonBody(
    z.object({
      token: providerToken,
    }),
  ),
  status: 200,
  response: z.object({ order_id: Id, status: OrderStatus, payment: Payment }),
});

export const markOrderPaid = defineEndpoint({
  method: 'POST',
  path: '/api/orders/{id}/markPaid',
  summary: 'Record that the bank transfer of an order arrived (administrators)',
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam }),
  status: 200,
  response: z.object({ order: Order }),
});

export const payPalWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/payments/paypal/webhook',
  summary:
    "PayPal's webhook (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED); verified with PayPal before anything is applied",
  tag,
  access: 'public',
  // A record keeps the event's keys in the order PayPal sent them: the event goes back to
  // PayPal as it came for verification.
  body: jsonBody(
    z
      .record(z.string(), z.unknown().register(textFields, { opaque: true }))
      .superRefine((event, context) => {
        for (const field of ['id', 'event_type']) {
          if (typeof event[field] !== 'string') {
            context.addIssue({ code: 'custom', path: [field], message: `${field} is required` });
          }
        }
      })
      .meta({ description: 'A PayPal webhook event: id, event_type, resource, …' }),
  ),
  status: 200,
  response: z.object({ received: z.literal(true) }),
});
