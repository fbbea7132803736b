import { count, desc } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { errorReports } from './error-reports.tables.ts';

export function createErrorReportsRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async insert(row: typeof errorReports.$inferInsert): Promise<void> {
      await db().insert(errorReports).values(row);
    },

    /** Newest first. */
    async list(offset: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db()
          .select()
          .from(errorReports)
          .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
          .offset(offset)
          .limit(limit),
        db().select({ value: count() }).from(errorReports),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type ErrorReportsRepository = ReturnType<typeof createErrorReportsRepository>;
