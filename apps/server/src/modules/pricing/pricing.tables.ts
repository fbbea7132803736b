import type { PriceBook } from '@circuits/domain';
import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';

/**
 * Versions of the price book (domain `PriceBook`); the highest version is in force. Rows are
 * never changed: a quote or an order records the version it was priced with, so it can always be
 * priced again the same way. Version 1, the default book, is seeded by the migration.
 */
export const priceBooks = pgTable('price_books', {
  version: serial('version').primaryKey(),
  book: jsonb('book').$type<PriceBook>().notNull(),
  note: text('note'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
