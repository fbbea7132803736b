import type { BoardSettings } from '@circuits/domain';
import { and, eq, inArray, lt, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import {
  boardAnalyses,
  boardRenders,
  boardSettingsOptions,
  contentHashes,
  productBoardSettings,
  productRenderStamps,
} from './board.tables.ts';

export type BoardAnalysisRow = typeof boardAnalyses.$inferSelect;

/** Settings as saved, and whether the server took them from the board files (no user saved). */
export type SavedSettings = { settings: BoardSettings; takenFromFiles: boolean };
export type BoardRenderRow = typeof boardRenders.$inferSelect;

/** The stamp's row while it is claimed for rendering (and whatever else `conditions` say). */
function claimed(companyId: number, hash: string, ...conditions: SQL[]): SQL | undefined {
  return and(
    eq(boardRenders.companyId, companyId),
    eq(boardRenders.hash, hash),
    eq(boardRenders.status, 'rendering'),
    ...conditions,
  );
}

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

    /**
     * Locks one list for a change (made in the caller's transaction), so two administrators'
     * changes to it are made one after the other; a list never stored is stored as `initial` first.
     */
    async lockOptionList(name: string, initial: readonly unknown[], now: Date): Promise<unknown[]> {
      await db()
        .insert(boardSettingsOptions)
        .values({ name, values: [...initial], updatedAt: now })
        .onConflictDoNothing();
      const [row] = await db()
        .select({ values: boardSettingsOptions.values })
        .from(boardSettingsOptions)
        .where(eq(boardSettingsOptions.name, name))
        .for('update');
      return row!.values;
    },

    async saveOptionList(name: string, values: readonly unknown[], now: Date): Promise<void> {
      await db()
        .update(boardSettingsOptions)
        .set({ values: [...values], updatedAt: now })
        .where(eq(boardSettingsOptions.name, name));
    },

    /** How many saved settings choose each value of the given settings fields. */
    async choiceCounts(
      fields: readonly string[],
    ): Promise<{ field: string; value: unknown; boards: number }[]> {
      const result = await db().execute(sql`
        select choice.key as field, choice.value as value, count(*)::int as boards
        from ${productBoardSettings}, jsonb_each(${productBoardSettings.settings}) as choice
        where choice.key in (${sql.join(
          fields.map((field) => sql`${field}`),
          sql`, `,
        )})
        group by choice.key, choice.value`);
      return (result as unknown as { rows: { field: string; value: unknown; boards: number }[] })
        .rows;
    },

    /** The products whose saved settings choose `value` in `field`. */
    async productsChoosing(field: string, value: string | number): Promise<number[]> {
      const rows = await db()
        .select({ productId: productBoardSettings.productId })
        .from(productBoardSettings)
        .where(sql`${productBoardSettings.settings} -> ${field} = ${JSON.stringify(value)}::jsonb`)
        .orderBy(productBoardSettings.productId);
      return rows.map((row) => row.productId);
    },

    /** Saved settings choosing `from` in `field` choose `to` instead; answers how many. */
    async replaceChoice(
      field: string,
      from: string | number,
      to: string | number,
      now: Date,
    ): Promise<number> {
      const updated = await db()
        .update(productBoardSettings)
        .set({
          settings: sql`jsonb_set(${productBoardSettings.settings}, ${`{${field}}`}::text[], ${JSON.stringify(to)}::jsonb)`,
          updatedAt: now,
        })
        .where(sql`${productBoardSettings.settings} -> ${field} = ${JSON.stringify(from)}::jsonb`)
        .returning({ productId: productBoardSettings.productId });
      return updated.length;
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

    /** Saved settings of several products at once (pricing a cart), by product id. */
    async findSettingsOf(productIds: readonly number[]): Promise<Map<number, BoardSettings>> {
      if (productIds.length === 0) return new Map();
      const rows = await db()
        .select({
          productId: productBoardSettings.productId,
          settings: productBoardSettings.settings,
        })
        .from(productBoardSettings)
        .where(inArray(productBoardSettings.productId, [...productIds]));
      return new Map(rows.map((row) => [row.productId, row.settings]));
    },

    /** Board analyses of several products at once, by product id. */
    async findAnalysesOf(
      productIds: readonly number[],
    ): Promise<Map<number, Pick<BoardAnalysisRow, 'widthMm' | 'lengthMm' | 'copperLayers'>>> {
      if (productIds.length === 0) return new Map();
      const rows = await db()
        .select({
          productId: boardAnalyses.productId,
          widthMm: boardAnalyses.widthMm,
          lengthMm: boardAnalyses.lengthMm,
          copperLayers: boardAnalyses.copperLayers,
        })
        .from(boardAnalyses)
        .where(inArray(boardAnalyses.productId, [...productIds]));
      return new Map(rows.map((row) => [row.productId, row]));
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
    async claimRender(
      companyId: number,
      hash: string,
      now: Date,
      instanceId: string,
    ): Promise<boolean> {
      const inserted = await db()
        .insert(boardRenders)
        .values({
          companyId,
          hash,
          status: 'rendering',
          claimedAt: now,
          claimedBy: instanceId,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: boardRenders.id });
      return inserted.length === 1;
    },

    /**
     * Takes over a claim held past the render time limit (a claim whose instance stops goes with
     * it; this is for a holder still registered); false when it did not.
     */
    async reclaimStaleRender(
      companyId: number,
      hash: string,
      staleBefore: Date,
      now: Date,
      instanceId: string,
    ): Promise<boolean> {
      const updated = await db()
        .update(boardRenders)
        .set({ claimedAt: now, claimedBy: instanceId })
        .where(claimed(companyId, hash, lt(boardRenders.claimedAt, staleBefore)))
        .returning({ id: boardRenders.id });
      return updated.length === 1;
    },

    /** Files the render under this instance's claim; false when the claim is no longer held. */
    async completeRender(
      companyId: number,
      hash: string,
      instanceId: string,
      storageKey: string,
      summary: Pick<BoardRenderRow, 'widthMm' | 'lengthMm' | 'copperLayers' | 'boardShape' | 'dfm'>,
    ): Promise<boolean> {
      const updated = await db()
        .update(boardRenders)
        .set({ status: 'done', storageKey, claimedBy: null, ...summary })
        .where(claimed(companyId, hash, eq(boardRenders.claimedBy, instanceId)))
        .returning({ id: boardRenders.id });
      return updated.length === 1;
    },

    /** Keeps the design-for-manufacture check of a finished render (one a client stored). */
    async saveRenderDfm(
      companyId: number,
      hash: string,
      dfm: BoardRenderRow['dfm'],
    ): Promise<void> {
      await db()
        .update(boardRenders)
        .set({ dfm })
        .where(
          and(
            eq(boardRenders.companyId, companyId),
            eq(boardRenders.hash, hash),
            eq(boardRenders.status, 'done'),
          ),
        );
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

    /** Gives up this instance's claim (the render failed), so a later request tries again. */
    async releaseRender(companyId: number, hash: string, instanceId: string): Promise<void> {
      await db()
        .delete(boardRenders)
        .where(claimed(companyId, hash, eq(boardRenders.claimedBy, instanceId)));
    },

    /** The stamp recorded as the product's board as saved. */
    async findCurrentStamp(productId: number): Promise<string | undefined> {
      const [row] = await db()
        .select({ hash: productRenderStamps.hash })
        .from(productRenderStamps)
        .where(eq(productRenderStamps.productId, productId));
      return row?.hash;
    },

    /** Records the stamp of the product's board as saved; null: nothing is rendered for it. */
    async saveCurrentStamp(
      productId: number,
      companyId: number,
      hash: string | null,
      now: Date,
    ): Promise<void> {
      if (hash === null) {
        await db().delete(productRenderStamps).where(eq(productRenderStamps.productId, productId));
        return;
      }
      await db()
        .insert(productRenderStamps)
        .values({ productId, companyId, hash, updatedAt: now })
        .onConflictDoUpdate({
          target: productRenderStamps.productId,
          set: { companyId, hash, updatedAt: now },
          setWhere: or(
            ne(productRenderStamps.hash, hash),
            ne(productRenderStamps.companyId, companyId),
          ),
        });
    },

    /**
     * Removes up to `limit` finished renders made before `createdBefore` whose stamp is no
     * product's board as saved; answers their stored objects' keys.
     */
    async takeUnusedRenders(createdBefore: Date, limit: number): Promise<string[]> {
      const unused = db()
        .select({ id: boardRenders.id })
        .from(boardRenders)
        .where(
          and(
            eq(boardRenders.status, 'done'),
            lt(boardRenders.createdAt, createdBefore),
            notExists(
              db()
                .select({ productId: productRenderStamps.productId })
                .from(productRenderStamps)
                .where(
                  and(
                    eq(productRenderStamps.companyId, boardRenders.companyId),
                    eq(productRenderStamps.hash, boardRenders.hash),
                  ),
                ),
            ),
          ),
        )
        .limit(limit);
      const removed = await db()
        .delete(boardRenders)
        .where(inArray(boardRenders.id, unused))
        .returning({ storageKey: boardRenders.storageKey });
      return removed.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
    },
  };
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;
