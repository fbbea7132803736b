import { PAYMENT_STATES } from '@circuits/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { orders } from '../orders/orders.tables.ts';

export const PAYMENT_STATUSES = PAYMENT_STATES;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One payment per order: online through the provider, or a bank transfer. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    method: text('method', { enum: ['paypal', 'sandbox', 'bank_transfer'] }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    /**
     * PayPal-Request-Id of the provider create call: random (nobody can guess it and make the
     * provider order first), and the same for every retry, so a retry answers the same order.
     */
    requestId: text('request_id').notNull().default(sql`gen_random_uuid()::text`),
    providerOrderId: text('provider_order_id'),
    payerActionUrl: text('payer_action_url'),
    captureId: text('capture_id'),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_order_idx').on(table.orderId),
    uniqueIndex('payments_provider_order_idx').on(table.method, table.providerOrderId),
    uniqueIndex('payments_capture_idx').on(table.method, table.captureId),
    index('payments_company_idx').on(table.companyId),
  ],
);

/**
 * The embedded sandbox provider's client secret: made at random by the first instance that needs
 * it, one per installation, shared by every instance on the database.
 */
export const sandboxCredentials = pgTable('sandbox_credentials', {
  id: smallint('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  createdAt: createdAt(),
});

/**
 * The embedded sandbox provider's side of the protocol: the orders it was asked to make, as
 * PayPal keeps them. Only used when no PayPal account is configured.
 */
export const sandboxPaymentOrders = pgTable(
  'sandbox_payment_orders',
  {
    id: text('id').primaryKey(),
    /** PayPal-Request-Id of the create call: the same id answers the same order. */
    requestId: text('request_id').notNull(),
    status: text('status', {
      enum: ['PAYER_ACTION_REQUIRED', 'APPROVED', 'COMPLETED', 'VOIDED'],
    }).notNull(),
    currencyCode: text('currency_code').notNull(),
    value: text('value').notNull(),
    referenceId: text('reference_id'),
    description: text('description'),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    captureId: text('capture_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('sandbox_payment_orders_request_idx').on(table.requestId)],
);
