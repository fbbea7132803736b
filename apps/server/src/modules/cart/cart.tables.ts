import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { products } from '../products/products.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * The new cart (SPEC §7 /api/cart): kept on the server per user, one line per product. Prices
 * are not stored: they are computed when asked, from the price book in force.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** The base material ordered; null: the board settings' material. */
    material: text('material'),
    /** The build time ordered (a price book lead time id); null: the book's first. */
    leadTime: text('lead_time'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('cart_lines_product_idx').on(table.productId),
    check('cart_lines_amount_positive', sql`${table.amount} >= 1`),
  ],
);
