import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { boardFiles, productFiles } from './files.tables.ts';

export type ProductFileRow = typeof productFiles.$inferSelect;
export type BoardFileRow = typeof boardFiles.$inferSelect;
export type NewProductFile = Omit<ProductFileRow, 'id' | 'createdAt' | 'updatedAt'>;
export type NewBoardFile = Omit<BoardFileRow, 'id' | 'createdAt' | 'updatedAt'>;
export type ProductFileChanges = Partial<Pick<ProductFileRow, 'typeId' | 'description'>>;
export type BoardFileChanges = Partial<
  Pick<BoardFileRow, 'fileType' | 'color' | 'isVisible' | 'layerNumber'>
>;

// The namespace of pg_advisory_xact_lock(namespace, productId) for changes to a board's files.
const BOARD_LOCK_NAMESPACE = 7_310_252;

// Files are reached through their product, which the products area has authorised already.
export function createFilesRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    /**
     * Holds the product's board for the rest of the caller's transaction: another transaction
     * asking for it waits until this one ends, so a check of the board stays true until saved.
     */
    async lockBoard(productId: number): Promise<void> {
      await db().execute(
        sql`select pg_advisory_xact_lock(${BOARD_LOCK_NAMESPACE}::int, ${productId}::int)`,
      );
    },

    async insertFiles(rows: readonly NewProductFile[], now: Date): Promise<ProductFileRow[]> {
      if (rows.length === 0) return [];
      return db()
        .insert(productFiles)
        .values(rows.map((row) => ({ ...row, createdAt: now, updatedAt: now })))
        .returning();
    },

    async insertBoardFiles(rows: readonly NewBoardFile[], now: Date): Promise<BoardFileRow[]> {
      if (rows.length === 0) return [];
      return db()
        .insert(boardFiles)
        .values(rows.map((row) => ({ ...row, createdAt: now, updatedAt: now })))
        .returning();
    },

    listFiles(productId: number): Promise<ProductFileRow[]> {
      return db()
        .select()
        .from(productFiles)
        .where(eq(productFiles.productId, productId))
        .orderBy(asc(productFiles.id));
    },

    listBoardFiles(productId: number): Promise<BoardFileRow[]> {
      return db()
        .select()
        .from(boardFiles)
        .where(eq(boardFiles.productId, productId))
        .orderBy(asc(boardFiles.id));
    },

    /** The product's board files with their product files, read together. */
    listBoardFilesWithFiles(
      productId: number,
    ): Promise<{ board: BoardFileRow; file: ProductFileRow }[]> {
      return db()
        .select({ board: boardFiles, file: productFiles })
        .from(boardFiles)
        .innerJoin(productFiles, eq(productFiles.id, boardFiles.productFileId))
        .where(eq(boardFiles.productId, productId))
        .orderBy(asc(boardFiles.id));
    },

    async findFile(productId: number, fileId: number): Promise<ProductFileRow | undefined> {
      const [row] = await db()
        .select()
        .from(productFiles)
        .where(and(eq(productFiles.productId, productId), eq(productFiles.id, fileId)));
      return row;
    },

    async findBoardFileOf(productFileId: number): Promise<BoardFileRow | undefined> {
      const [row] = await db()
        .select()
        .from(boardFiles)
        .where(eq(boardFiles.productFileId, productFileId));
      return row;
    },

    async updateFile(id: number, changes: ProductFileChanges, now: Date): Promise<void> {
      await db()
        .update(productFiles)
        .set({ ...changes, updatedAt: now })
        .where(eq(productFiles.id, id));
    },

    async updateBoardFile(id: number, changes: BoardFileChanges, now: Date): Promise<void> {
      await db()
        .update(boardFiles)
        .set({ ...changes, updatedAt: now })
        .where(eq(boardFiles.id, id));
    },

    async deleteBoardFiles(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db()
        .delete(boardFiles)
        .where(inArray(boardFiles.id, [...ids]));
    },

    async deleteFile(id: number): Promise<void> {
      await db().delete(boardFiles).where(eq(boardFiles.productFileId, id));
      await db().delete(productFiles).where(eq(productFiles.id, id));
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
