import { asc, eq } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { productRows } from '../../db/product-rows.ts';
import { bomRows } from './bom.tables.ts';

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
    findRows: rows.find,
    nextPosition: rows.nextPosition,
    insertRows: rows.insert,
    updateRow: (productId: number, id: number, changes: BomRowChanges, now: Date) =>
      rows.update(productId, id, changes, now),
    deleteRows: rows.remove,
  };
}

export type BomRepository = ReturnType<typeof createBomRepository>;
