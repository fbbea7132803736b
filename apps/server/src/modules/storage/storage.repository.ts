import { eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { linkSigningKeys, pendingObjects, storedFiles } from './storage.tables.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;
export type NewStoredFile = Omit<StoredFileRow, 'createdAt'>;

const SIGNING_KEY_ID = 1;

export function createStorageRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async insertFiles(rows: readonly NewStoredFile[], now: Date): Promise<void> {
      if (rows.length === 0) return;
      await db()
        .insert(storedFiles)
        .values(rows.map((row) => ({ ...row, createdAt: now })));
    },

    async findFile(key: string): Promise<StoredFileRow | undefined> {
      const [row] = await db().select().from(storedFiles).where(eq(storedFiles.key, key));
      return row;
    },

    async findFiles(keys: readonly string[]): Promise<StoredFileRow[]> {
      if (keys.length === 0) return [];
      return db()
        .select()
        .from(storedFiles)
        .where(inArray(storedFiles.key, [...keys]));
    },

    async deleteFiles(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db()
        .delete(storedFiles)
        .where(inArray(storedFiles.key, [...keys]));
    },

    /** Records objects about to be written, or whose rows are being removed. */
    async recordPending(keys: readonly string[], instanceId: string, now: Date): Promise<void> {
      if (keys.length === 0) return;
      await db()
        .insert(pendingObjects)
        .values(keys.map((key) => ({ key, instanceId, createdAt: now })))
        .onConflictDoNothing();
    },

    /** Of `keys`, those with a pending record. */
    async pendingAmong(keys: readonly string[]): Promise<string[]> {
      if (keys.length === 0) return [];
      const rows = await db()
        .select({ key: pendingObjects.key })
        .from(pendingObjects)
        .where(inArray(pendingObjects.key, [...keys]));
      return rows.map((row) => row.key);
    },

    /** Removes the pending records of `keys`; answers the keys that had one. */
    async settlePending(keys: readonly string[]): Promise<string[]> {
      if (keys.length === 0) return [];
      const rows = await db()
        .delete(pendingObjects)
        .where(inArray(pendingObjects.key, [...keys]))
        .returning({ key: pendingObjects.key });
      return rows.map((row) => row.key);
    },

    /**
     * Takes (removes) up to `limit` pending records that nothing will settle: their instance is
     * gone, or they are older than `staleBefore`. Answers their keys.
     */
    async takeAbandoned(staleBefore: Date, limit: number): Promise<string[]> {
      const abandoned = db()
        .select({ key: pendingObjects.key })
        .from(pendingObjects)
        .where(or(isNull(pendingObjects.instanceId), lt(pendingObjects.createdAt, staleBefore)))
        .limit(limit);
      const rows = await db()
        .delete(pendingObjects)
        .where(inArray(pendingObjects.key, abandoned))
        .returning({ key: pendingObjects.key });
      return rows.map((row) => row.key);
    },

    /**
     * Of `keys`, those a stored_files row or a pending record accounts for. One statement, so a
     * write settling meanwhile (its record removed as its row is inserted) is seen in one place.
     */
    async accountedFor(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db()
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(inArray(storedFiles.key, [...keys]))
        .union(
          db()
            .select({ key: pendingObjects.key })
            .from(pendingObjects)
            .where(inArray(pendingObjects.key, [...keys])),
        );
      return new Set(rows.map((row) => row.key));
    },

    /** The shared signing key, created by whichever instance asks first. */
    async signingSecret(candidate: string): Promise<string> {
      await db()
        .insert(linkSigningKeys)
        .values({ id: SIGNING_KEY_ID, secret: candidate })
        .onConflictDoNothing();
      const [row] = await db()
        .select({ secret: linkSigningKeys.secret })
        .from(linkSigningKeys)
        .where(eq(linkSigningKeys.id, SIGNING_KEY_ID));
      return row!.secret;
    },
  };
}

export type StorageRepository = ReturnType<typeof createStorageRepository>;
