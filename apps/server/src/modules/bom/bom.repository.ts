import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { productRows } from '../../db/product-rows.ts';
import {
  type BomReadRowRecord,
  type BomReadSummary,
  bomReadChunks,
  bomReads,
  bomRows,
} from './bom.tables.ts';

/** Rows of a BOM read stored together: a page reads one or two chunks. */
export const BOM_READ_CHUNK_ROWS = 500;

export type BomReadRecord = typeof bomReads.$inferSelect;
export type NewBomRead = Omit<typeof bomReads.$inferInsert, 'id'> & { summary: BomReadSummary };

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export type BomRowRecord = typeof bomRows.$inferSelect;
export type NewBomRow = typeof bomRows.$inferInsert;
export type BomRowChanges = Partial<Omit<NewBomRow, 'id' | 'companyId' | 'productId'>>;

export function createBomRepository(transactor: Transactor) {
  const rows = productRows(transactor, bomRows);
  return {
    listRows: rows.list,
    /** Each row's designators only, in BOM order (for linking placements). */
    listRefDesigns(productId: number): Promise<Pick<BomRowRecord, 'id' | 'refDesigns'>[]> {
      return transactor
        .executor()
        .select({ id: bomRows.id, refDesigns: bomRows.refDesigns })
        .from(bomRows)
        .where(eq(bomRows.productId, productId))
        .orderBy(asc(bomRows.position), asc(bomRows.id));
    },
    /** The first `limit` rows in BOM order, and how many rows (and linked rows) there are. */
    async firstRows(productId: number, limit: number) {
      const db = transactor.executor();
      const [first, [counts]] = await Promise.all([
        db
          .select()
          .from(bomRows)
          .where(eq(bomRows.productId, productId))
          .orderBy(asc(bomRows.position), asc(bomRows.id))
          .limit(limit),
        db
          .select({ total: count(), linked: count(bomRows.partId) })
          .from(bomRows)
          .where(eq(bomRows.productId, productId)),
      ]);
      return { rows: first, total: counts?.total ?? 0, linked: counts?.linked ?? 0 };
    },
    findRows: rows.find,
    nextPosition: rows.nextPosition,
    insertRows: rows.insert,
    updateRow: (productId: number, id: number, changes: BomRowChanges, now: Date) =>
      rows.update(productId, id, changes, now),
    deleteRows: rows.remove,

    /** Keeps a read and its rows (in chunks, the event loop let go between them). */
    async insertRead(read: NewBomRead, readRows: readonly BomReadRowRecord[]): Promise<number> {
      const db = transactor.executor();
      const [inserted] = await db.insert(bomReads).values(read).returning({ id: bomReads.id });
      const readId = inserted!.id;
      for (let start = 0; start < readRows.length; start += BOM_READ_CHUNK_ROWS) {
        if (start > 0) await yieldToRequests();
        await db.insert(bomReadChunks).values({
          readId,
          chunk: start / BOM_READ_CHUNK_ROWS,
          rows: readRows.slice(start, start + BOM_READ_CHUNK_ROWS),
        });
      }
      return readId;
    },

    /** A read of the product, or undefined (another product's, or removed). */
    async findRead(productId: number, readId: number): Promise<BomReadRecord | undefined> {
      const [read] = await transactor
        .executor()
        .select()
        .from(bomReads)
        .where(and(eq(bomReads.productId, productId), eq(bomReads.id, readId)));
      return read;
    },

    /** Rows `offset` to `offset + limit` of a read (all when limit is undefined). */
    async readRows(readId: number, offset = 0, limit?: number): Promise<BomReadRowRecord[]> {
      const first = Math.floor(offset / BOM_READ_CHUNK_ROWS);
      const conditions = [eq(bomReadChunks.readId, readId), gte(bomReadChunks.chunk, first)];
      if (limit !== undefined)
        conditions.push(
          lt(bomReadChunks.chunk, Math.floor((offset + limit - 1) / BOM_READ_CHUNK_ROWS) + 1),
        );
      const chunks = await transactor
        .executor()
        .select({ rows: bomReadChunks.rows })
        .from(bomReadChunks)
        .where(and(...conditions))
        .orderBy(asc(bomReadChunks.chunk));
      const rowsRead = chunks.flatMap((chunk) => chunk.rows);
      const skip = offset - first * BOM_READ_CHUNK_ROWS;
      return rowsRead.slice(skip, limit === undefined ? undefined : skip + limit);
    },

    /** Removes reads made before `before` (their chunks go with them). */
    async deleteReadsBefore(before: Date): Promise<void> {
      await transactor.executor().delete(bomReads).where(lt(bomReads.createdAt, before));
    },
  };
}

export type BomRepository = ReturnType<typeof createBomRepository>;
