import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Reference data; rows and ids are fixed by the migration (see @circuits/domain CURRENCIES). */
export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});
