import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    lastname: text('lastname').notNull(),
    /** Stored trimmed and lower-cased, so the unique constraint is case-insensitive. */
    email: text('email').notNull().unique(),
    /**
     * A registration with an address another account holds makes an account detached from it:
     * `email` is then a placeholder no mail reaches and this is the address typed, which the
     * account shows and logs in with but never owns (it cannot be confirmed). See
     * auth.service register: the answer does not tell whether an address has an account.
     */
    claimedEmail: text('claimed_email'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'moderator', 'other'] })
      .notNull()
      .default('other'),
    companyRole: text('company_role', { enum: ['edit', 'view'] })
      .notNull()
      .default('view'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('users_company_idx').on(table.companyId),
    index('users_claimed_email_idx').on(table.claimedEmail),
    check('users_role_check', sql`${table.role} in ('admin', 'moderator', 'other')`),
    check('users_company_role_check', sql`${table.companyRole} in ('edit', 'view')`),
  ],
);
