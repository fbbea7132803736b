import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { serverInstances } from './system.tables.ts';

export type ServerInstanceRow = typeof serverInstances.$inferSelect;

export function createSystemRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    /** Records the instance as alive now (registering it again if it was taken as dead). */
    async beat(instance: { id: string; hostname: string; pid: number }): Promise<void> {
      await db()
        .insert(serverInstances)
        .values(instance)
        .onConflictDoUpdate({ target: serverInstances.id, set: { seenAt: sql`now()` } });
    },

    /** The other instances registered from `hostname`, to check whether their processes live. */
    otherInstancesOn(hostname: string, exceptId: string): Promise<ServerInstanceRow[]> {
      return db()
        .select()
        .from(serverInstances)
        .where(and(eq(serverInstances.hostname, hostname), ne(serverInstances.id, exceptId)));
    },

    /**
     * Removes the instances known to be gone (`ids`) and those silent for `silentMs`, never
     * `exceptId`; answers how many went.
     */
    async removeGone(exceptId: string, ids: readonly string[], silentMs: number): Promise<number> {
      const silent = lt(
        serverInstances.seenAt,
        sql`now() - make_interval(secs => ${silentMs / 1000})`,
      );
      const removed = await db()
        .delete(serverInstances)
        .where(
          and(
            ne(serverInstances.id, exceptId),
            ids.length > 0 ? or(silent, inArray(serverInstances.id, [...ids])) : silent,
          ),
        )
        .returning({ id: serverInstances.id });
      return removed.length;
    },

    /** Every instance but `exceptId`: used where the database serves one process only. */
    async removeAllBut(exceptId: string): Promise<number> {
      const removed = await db()
        .delete(serverInstances)
        .where(ne(serverInstances.id, exceptId))
        .returning({ id: serverInstances.id });
      return removed.length;
    },

    async remove(id: string): Promise<void> {
      await db().delete(serverInstances).where(eq(serverInstances.id, id));
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
