import {
  type AnyPgColumn,
  char,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { currencies } from '../currencies/currencies.tables.ts';
import { shippingAgents } from '../shipping/shipping.tables.ts';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The company (billing) address; its country decides currency and tax. */
  addressId: integer('address_id').references((): AnyPgColumn => addresses.id),
  /** The default shipping address. */
  defaultAddressId: integer('default_address_id').references((): AnyPgColumn => addresses.id),
  shippingAccountId: integer('shipping_account_id').references(
    (): AnyPgColumn => shippingAccounts.id,
  ),
  currencyId: integer('currency_id')
    .notNull()
    .default(2)
    .references(() => currencies.id),
  taxPercent: numeric('tax_percent', { precision: 6, scale: 3, mode: 'number' })
    .notNull()
    .default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    countryCode: char('country_code', { length: 2 }).notNull(),
    contactName: text('contact_name'),
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    region: text('region'),
    postalCode: text('postal_code'),
    phone: text('phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('addresses_company_idx').on(table.companyId)],
);

export const shippingAccounts = pgTable(
  'shipping_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => shippingAgents.id),
    accountNumber: text('account_number').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('shipping_accounts_company_agent_number_idx').on(
      table.companyId,
      table.agentId,
      table.accountNumber,
    ),
  ],
);
