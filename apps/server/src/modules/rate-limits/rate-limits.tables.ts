import {
  bigint,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * One allowance per limit and subject (a user, a client address, a recipient), as a bucket that
 * fills with each use and drains evenly over the limit's window. Subjects are stored hashed: the
 * table holds no addresses. Every instance counts in the same rows.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    limitName: text('limit_name').notNull(),
    subjectHash: text('subject_hash').notNull(),
    /** What was used, as it stood at `updated_at` (hits, or bytes). */
    level: doublePrecision('level').notNull(),
    /** The limit as configured when last used: at most `capacity` per `window_ms`. */
    capacity: doublePrecision('capacity').notNull(),
    windowMs: bigint('window_ms', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When the bucket will have drained to empty; it may be deleted after. */
    drainedAt: timestamp('drained_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.limitName, table.subjectHash] }),
    index('rate_limit_buckets_drained_idx').on(table.drainedAt),
  ],
);
