import { AsyncLocalStorage } from 'node:async_hooks';
import type { FieldMessages } from '@circuits/contracts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { conflict } from '../http/errors.ts';
import type * as schema from './schema.ts';

/** A Drizzle handle on either driver (PGlite or node-postgres), or an open transaction. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Gives repositories the handle to query with. Inside `transaction(work)` every repository call
 * made by `work`, through any service, joins the same transaction.
 */
export type Transactor = {
  executor(): Database;
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the caller runs inside `transaction` (its queries would join it). */
  inTransaction(): boolean;
};

export function createTransactor(db: Database): Transactor {
  const current = new AsyncLocalStorage<Database>();
  return {
    executor: () => current.getStore() ?? db,
    transaction: (work) => {
      if (current.getStore()) return work();
      return db.transaction((tx) => current.run(tx, work));
    },
    inTransaction: () => current.getStore() !== undefined,
  };
}

/** PostgreSQL's unique_violation, whichever driver raised it (Drizzle wraps driver errors). */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs `work`; a unique violation (a request made at the same time saved the same thing first)
 * becomes a 409 with `detail`.
 */
export async function conflictOnDuplicate<T>(
  detail: string | FieldMessages,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(detail);
    throw error;
  }
}
