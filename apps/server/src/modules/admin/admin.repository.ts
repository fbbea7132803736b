import { count, desc } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { adminAuditLog } from './admin.tables.ts';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditRow = typeof adminAuditLog.$inferInsert;

export function createAdminRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async insertAudit(row: NewAuditRow): Promise<void> {
      await db().insert(adminAuditLog).values(row);
    },

    /** Newest first. */
    async listAudit(offset: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db()
          .select()
          .from(adminAuditLog)
          .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
          .offset(offset)
          .limit(limit),
        db().select({ value: count() }).from(adminAuditLog),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
