import { bigint, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { serverInstances } from '../system/system.tables.ts';

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

/**
 * Objects that may be in the store without a stored_files row: being written (recorded before the
 * put, removed when the row is inserted) or being deleted (recorded with the removal of the row,
 * removed once the object is gone). A record whose instance is gone, or that is older than the
 * orphan grace, names an object nothing will ever register: the sweep deletes it.
 */
export const pendingObjects = pgTable(
  'storage_pending_objects',
  {
    key: text('key').primaryKey(),
    instanceId: text('instance_id').references(() => serverInstances.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('storage_pending_objects_instance_idx').on(table.instanceId)],
);
