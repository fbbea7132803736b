import type { BoardSettings } from '@circuits/domain';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import {
  boardAnalyses,
  boardRenders,
  boardSettingsOptions,
  contentHashes,
  productBoardSettings,
} from './board.tables.ts';

export type BoardAnalysisRow = typeof boardAnalyses.$inferSelect;

/** Settings as saved, and whether the server took them from the board files (no user saved). */
export type SavedSettings = { settings: BoardSettings; takenFromFiles: boolean };
export type BoardRenderRow = typeof boardRenders.$inferSelect;

// Products and their files reach this area through the products service, which has authorised
// the caller; renders are looked up by company and stamp.
export function createBoardRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    /** The option lists by name, as stored. */
    async optionLists(): Promise<Map<string, unknown[]>> {
      const rows = await db().select().from(boardSettingsOptions);
      return new Map(rows.map((row) => [row.name, row.values]));
    },

    async findSettings(productId: number): Promise<SavedSettings | undefined> {
      const [row] = await db()
        .select({
          settings: productBoardSettings.settings,
          takenFromFiles: productBoardSettings.takenFromFiles,
        })
        .from(productBoardSettings)
        .where(eq(productBoardSettings.productId, productId));
      return row;
    },

    async saveSettings(productId: number, saved: SavedSettings, now: Date): Promise<void> {
      const { settings, takenFromFiles } = saved;
      await db()
        .insert(productBoardSettings)
        .values({ productId, settings, takenFromFiles, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: productBoardSettings.productId,
          set: { settings, takenFromFiles, updatedAt: now },
        });
    },

    /**
     * Settings the board files give: saved unless a user saved settings (also one who saves at
     * the same moment: the condition is checked by the insert itself).
     */
    async saveSettingsTakenFromFiles(
      productId: number,
      settings: BoardSettings,
      now: Date,
    ): Promise<void> {
      await db()
        .insert(productBoardSettings)
        .values({ productId, settings, takenFromFiles: true, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: productBoardSettings.productId,
          set: { settings, updatedAt: now },
          setWhere: eq(productBoardSettings.takenFromFiles, true),
        });
    },

    /** Removes settings only the board files gave (and only those), so none are saved again. */
    async deleteSettingsTakenFromFiles(productId: number): Promise<void> {
      await db()
        .delete(productBoardSettings)
        .where(
          and(
            eq(productBoardSettings.productId, productId),
            eq(productBoardSettings.takenFromFiles, true),
          ),
        );
    },

    async findAnalysis(productId: number): Promise<BoardAnalysisRow | undefined> {
      const [row] = await db()
        .select()
        .from(boardAnalyses)
        .where(eq(boardAnalyses.productId, productId));
      return row;
    },

    async saveAnalysis(row: BoardAnalysisRow): Promise<void> {
      const { productId: _, ...changes } = row;
      await db()
        .insert(boardAnalyses)
        .values(row)
        .onConflictDoUpdate({ target: boardAnalyses.productId, set: changes });
    },

    async deleteAnalysis(productId: number): Promise<void> {
      await db().delete(boardAnalyses).where(eq(boardAnalyses.productId, productId));
    },

    async contentHashes(keys: readonly string[]): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const rows = await db()
        .select()
        .from(contentHashes)
        .where(inArray(contentHashes.storageKey, [...keys]));
      return new Map(rows.map((row) => [row.storageKey, row.sha256]));
    },

    async saveContentHash(storageKey: string, sha256: string): Promise<void> {
      await db().insert(contentHashes).values({ storageKey, sha256 }).onConflictDoNothing();
    },

    async findRender(companyId: number, hash: string): Promise<BoardRenderRow | undefined> {
      const [row] = await db()
        .select()
        .from(boardRenders)
        .where(and(eq(boardRenders.companyId, companyId), eq(boardRenders.hash, hash)));
      return row;
    },

    /** Claims the stamp for rendering; false when another request holds or finished it. */
    async claimRender(companyId: number, hash: string, now: Date): Promise<boolean> {
      const inserted = await db()
        .insert(boardRenders)
        .values({ companyId, hash, status: 'rendering', claimedAt: now, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: boardRenders.id });
      return inserted.length === 1;
    },

    /** Takes over a claim whose holder went quiet (crashed instance); false when it did not. */
    async reclaimStaleRender(
      companyId: number,
      hash: string,
      staleBefore: Date,
      now: Date,
    ): Promise<boolean> {
      const updated = await db()
        .update(boardRenders)
        .set({ claimedAt: now })
        .where(
          and(
            eq(boardRenders.companyId, companyId),
            eq(boardRenders.hash, hash),
            eq(boardRenders.status, 'rendering'),
            lt(boardRenders.claimedAt, staleBefore),
          ),
        )
        .returning({ id: boardRenders.id });
      return updated.length === 1;
    },

    async completeRender(
      companyId: number,
      hash: string,
      storageKey: string,
      summary: Pick<BoardRenderRow, 'widthMm' | 'lengthMm' | 'copperLayers' | 'boardShape'>,
    ): Promise<void> {
      await db()
        .update(boardRenders)
        .set({ status: 'done', storageKey, ...summary })
        .where(and(eq(boardRenders.companyId, companyId), eq(boardRenders.hash, hash)));
    },

    /** Stores a finished render unless the stamp has one already; true when this one was kept. */
    async insertDoneRender(
      companyId: number,
      hash: string,
      storageKey: string,
      now: Date,
    ): Promise<boolean> {
      const inserted = await db()
        .insert(boardRenders)
        .values({ companyId, hash, status: 'done', storageKey, claimedAt: now, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: boardRenders.id });
      return inserted.length === 1;
    },

    /** Gives up a claim (the render failed), so a later request tries again. */
    async releaseRender(companyId: number, hash: string): Promise<void> {
      await db()
        .delete(boardRenders)
        .where(
          and(
            eq(boardRenders.companyId, companyId),
            eq(boardRenders.hash, hash),
            eq(boardRenders.status, 'rendering'),
          ),
        );
    },
  };
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;
