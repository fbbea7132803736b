import { and, asc, eq, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { productRows } from '../../db/product-rows.ts';
import { packageCorrections, placementOffsets, placements } from './placements.tables.ts';

export type PlacementRecord = typeof placements.$inferSelect;
export type NewPlacement = typeof placements.$inferInsert;
export type PackageCorrectionRecord = typeof packageCorrections.$inferSelect;
export type NewPackageCorrection = Omit<
  typeof packageCorrections.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;
export type PackageCorrectionChanges = Partial<
  Pick<PackageCorrectionRecord, 'rotation' | 'xMm' | 'yMm'>
>;
export type PlacementChanges = Partial<Omit<NewPlacement, 'id' | 'companyId' | 'productId'>>;

/** Bulk updates go in slices: one statement takes at most 65535 parameters. */
const UPDATE_SLICE = 5000;

export function createPlacementsRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  const rows = productRows(transactor, placements);
  return {
    listPlacements: rows.list,
    findPlacements: rows.find,
    nextPosition: rows.nextPosition,
    insertPlacements: rows.insert,

    updatePlacement: (productId: number, id: number, changes: PlacementChanges, now: Date) =>
      rows.update(productId, id, changes, now),

    /** Sets bom_id of the product's placements: `links` pairs placement ids with BOM row ids. */
    async setBomLinks(productId: number, links: readonly [number, number | null][]) {
      for (let start = 0; start < links.length; start += UPDATE_SLICE) {
        const slice = links.slice(start, start + UPDATE_SLICE);
        await db().execute(sql`update placements p set bom_id = v.bom_id::int
          from (values ${sql.join(
            slice.map(([id, bomId]) => sql`(${id}::int, ${bomId}::int)`),
            sql`, `,
          )}) as v(id, bom_id)
          where p.id = v.id and p.product_id = ${productId} and p.bom_id is distinct from v.bom_id::int`);
      }
    },

    deletePlacements: rows.remove,

    async offsetOf(productId: number): Promise<{ x: number; y: number }> {
      const [row] = await db()
        .select()
        .from(placementOffsets)
        .where(eq(placementOffsets.productId, productId));
      return { x: row?.xMm ?? 0, y: row?.yMm ?? 0 };
    },

    async saveOffset(productId: number, offset: { x: number; y: number }, now: Date) {
      await db()
        .insert(placementOffsets)
        .values({ productId, xMm: offset.x, yMm: offset.y, updatedAt: now })
        .onConflictDoUpdate({
          target: placementOffsets.productId,
          set: { xMm: offset.x, yMm: offset.y, updatedAt: now },
        });
    },

    listCorrections(companyId: number): Promise<PackageCorrectionRecord[]> {
      return db()
        .select()
        .from(packageCorrections)
        .where(eq(packageCorrections.companyId, companyId))
        .orderBy(asc(packageCorrections.packageName), asc(packageCorrections.id));
    },

    async findCorrection(companyId: number, id: number) {
      const [row] = await db()
        .select()
        .from(packageCorrections)
        .where(and(eq(packageCorrections.companyId, companyId), eq(packageCorrections.id, id)));
      return row;
    },

    /** Saves a package's correction over the one the company had for the same package. */
    async saveCorrection(row: NewPackageCorrection, now: Date): Promise<PackageCorrectionRecord> {
      const set = { rotation: row.rotation, xMm: row.xMm, yMm: row.yMm, updatedAt: now };
      const [saved] = await db()
        .insert(packageCorrections)
        .values({ ...row, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target:
            row.packageId == null
              ? [packageCorrections.companyId, packageCorrections.packageKey]
              : [packageCorrections.companyId, packageCorrections.packageId],
          set: row.packageName ? { ...set, packageName: row.packageName } : set,
        })
        .returning();
      return saved!;
    },

    async updateCorrection(
      companyId: number,
      id: number,
      changes: PackageCorrectionChanges,
      now: Date,
    ): Promise<PackageCorrectionRecord | undefined> {
      const [row] = await db()
        .update(packageCorrections)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(packageCorrections.companyId, companyId), eq(packageCorrections.id, id)))
        .returning();
      return row;
    },

    async deleteCorrection(companyId: number, id: number): Promise<boolean> {
      const deleted = await db()
        .delete(packageCorrections)
        .where(and(eq(packageCorrections.companyId, companyId), eq(packageCorrections.id, id)))
        .returning({ id: packageCorrections.id });
      return deleted.length > 0;
    },
  };
}

export type PlacementsRepository = ReturnType<typeof createPlacementsRepository>;
