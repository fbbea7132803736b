import { eq, inArray } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { linkSigningKeys, storedFiles } from './storage.tables.ts';

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
