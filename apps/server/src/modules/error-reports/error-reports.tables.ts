import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';

export const errorReports = pgTable(
  'error_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    errorName: text('error_name'),
    trace: text('trace'),
    location: text('location'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('error_reports_user_idx').on(table.userId, table.createdAt)],
);
