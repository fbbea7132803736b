import { bigint, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';

/**
 * Every stored object: its key in the object store, the company it belongs to (who may read it)
 * and the original file name it is downloaded under.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('stored_files_company_idx').on(table.companyId)],
);

/** The key /storage links are signed with when STORAGE_SIGNING_SECRET is not set: one row. */
export const linkSigningKeys = pgTable('link_signing_keys', {
  id: smallint('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
