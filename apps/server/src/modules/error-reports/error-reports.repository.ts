import { and, count, eq, gte } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { errorReports } from './error-reports.tables.ts';

export function createErrorReportsRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async insert(row: typeof errorReports.$inferInsert): Promise<void> {
      await db().insert(errorReports).values(row);
    },

    async countSince(userId: number, since: Date): Promise<number> {
      const [row] = await db()
        .select({ value: count() })
        .from(errorReports)
        .where(and(eq(errorReports.userId, userId), gte(errorReports.createdAt, since)));
      return row?.value ?? 0;
    },
  };
}

export type ErrorReportsRepository = ReturnType<typeof createErrorReportsRepository>;
