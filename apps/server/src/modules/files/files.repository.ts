import { and, asc, eq, inArray } from 'drizzle-orm';
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

// Files are reached through their product, which the products area has authorised already.
export function createFilesRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
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
