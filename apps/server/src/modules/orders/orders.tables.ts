import { type BoardFacts, type BoardSettings, ORDER_STATES, type TaxBasis } from '@circuits/domain';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { products } from '../products/products.tables.ts';
import { storedFiles } from '../storage/storage.tables.ts';
import { users } from '../users/users.tables.ts';

export const ORDER_KINDS = ['order', 'preorder'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUSES = ORDER_STATES;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An address as it was when the order was placed: later edits do not change the order. */
export type AddressSnapshot = {
  contactName: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  countryCode: string;
  phone: string | null;
};

/** What the order was made with beyond its lines: names and addresses, frozen. */
export type OrderSnapshot = {
  companyName: string;
  companyAddress: AddressSnapshot | null;
  shippingAddress: AddressSnapshot;
  agentName: string;
  serviceName: string;
  shippingAccountNumber: string | null;
  userName: string;
  userEmail: string;
  /** The country and rule that gave the tax rate (orders placed before it was kept: absent). */
  taxBasis?: TaxBasis;
};

/** One priced rule of a line, in the minor units of the order's currency. */
export type PriceRuleRecord = { rule: string; reason: string; amountMinor: number };

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    /** SPEC §7 type_id: 1, an order. */
    typeId: integer('type_id').notNull().default(1),
    name: text('name').notNull(),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    paymentMethod: text('payment_method', { enum: ['online', 'bank_transfer', 'none'] }).notNull(),
    agentId: integer('agent_id').notNull(),
    serviceId: integer('service_id').notNull(),
    shippingAccountId: integer('shipping_account_id'),
    addressId: integer('address_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    taxPercent: numeric('tax_percent', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    createProforma: boolean('create_proforma').notNull(),
    /** The price book version the lines were priced with, and its rates (1 USD = rate × code). */
    priceBookVersion: integer('price_book_version').notNull(),
    rates: jsonb('rates').$type<Record<string, number>>().notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    snapshot: jsonb('snapshot').$type<OrderSnapshot>().notNull(),
    /** A retried or double-clicked order carries the same key and gets the same order. */
    idempotencyKey: text('idempotency_key'),
    /** Fingerprint of the request, so one key cannot be reused for a different order. */
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('orders_company_idx').on(table.companyId, table.id),
    uniqueIndex('orders_user_idempotency_idx').on(table.userId, table.idempotencyKey),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    partNumber: text('part_number'),
    amount: integer('amount').notNull(),
    material: text('material').notNull(),
    /**
     * The build time ordered and the ship date it promised (working days after the order date).
     * Null on lines ordered before build times could be chosen: those were the standard build.
     */
    leadTime: jsonb('lead_time').$type<{ id: string; label: string; workingDays: number }>(),
    shipDate: date('ship_date', { mode: 'string' }),
    /** The board settings and files (SHA-256 over their contents) the boards are made from. */
    settings: jsonb('settings').$type<BoardSettings>().notNull(),
    /** What the server measured of the files then (null: nothing); the price used the larger. */
    measured: jsonb('measured').$type<BoardFacts>(),
    filesHash: text('files_hash').notNull(),
    prices: jsonb('prices').$type<PriceRuleRecord[]>().notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    lineTotalMinor: bigint('line_total_minor', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('order_lines_number_idx').on(table.orderId, table.lineNumber),
    index('order_lines_product_idx').on(table.productId),
  ],
);

/** The status timeline of an order. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

/**
 * The rendered PDF of each document of an order, per version: the version is a hash of
 * everything the document shows, so a change to the order (its payment, above all) renders a new
 * one, and a download of an unchanged document is served from the object store.
 */
export const orderDocumentFiles = pgTable(
  'order_document_files',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['order', 'proforma'] }).notNull(),
    version: text('version').notNull(),
    storageKey: text('storage_key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.type, table.version] }),
    index('order_document_files_storage_key_idx').on(table.storageKey),
  ],
);
