import type { Transactor } from '../../db/database.ts';
import { errorReports } from './error-reports.tables.ts';

export function createErrorReportsRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async insert(row: typeof errorReports.$inferInsert): Promise<void> {
      await db().insert(errorReports).values(row);
    },
  };
}

export type ErrorReportsRepository = ReturnType<typeof createErrorReportsRepository>;
