import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server instances using this database, each recording that it is alive (its heartbeat).
 * Work an instance leaves half done refers to its row: when the row goes (the instance stopped,
 * or fell silent and was taken as dead), its render claims go with it and its unfinished object
 * writes are left to the storage sweep.
 */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set from the database's clock, so instances on hosts with skewed clocks agree. */
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
