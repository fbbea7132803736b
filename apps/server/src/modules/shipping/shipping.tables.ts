import { integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

/** Carriers; reference data seeded by migration. */
export const shippingAgents = pgTable('shipping_agents', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  code: text('code').notNull().unique(),
  sortOrder: integer('sort_order').notNull(),
});

export const shippingServices = pgTable(
  'shipping_services',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => shippingAgents.id),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [unique().on(table.agentId, table.name)],
);
