import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { cartLines } from './cart.tables.ts';

export type CartLineRow = typeof cartLines.$inferSelect;

/** Cart lines are the user's own: every query names the user. */
export function createCartRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  const line = (userId: number, productId: number) =>
    and(eq(cartLines.userId, userId), eq(cartLines.productId, productId));
  return {
    list(userId: number): Promise<CartLineRow[]> {
      return db()
        .select()
        .from(cartLines)
        .where(eq(cartLines.userId, userId))
        .orderBy(asc(cartLines.createdAt), asc(cartLines.productId));
    },

    /** Adds the line unless the product is in the cart already; whether it was added. */
    async insert(
      row: {
        userId: number;
        productId: number;
        amount: number;
        material: string | null;
        leadTime: string | null;
      },
      now: Date,
    ): Promise<boolean> {
      const inserted = await db()
        .insert(cartLines)
        .values({ ...row, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ productId: cartLines.productId });
      return inserted.length > 0;
    },

    /** Whether the line existed. */
    async update(
      userId: number,
      productId: number,
      changes: { amount?: number; material?: string | null; leadTime?: string | null },
      now: Date,
    ): Promise<boolean> {
      const updated = await db()
        .update(cartLines)
        .set({ ...changes, updatedAt: now })
        .where(line(userId, productId))
        .returning({ productId: cartLines.productId });
      return updated.length > 0;
    },

    async delete(userId: number, productId: number): Promise<boolean> {
      const deleted = await db()
        .delete(cartLines)
        .where(line(userId, productId))
        .returning({ productId: cartLines.productId });
      return deleted.length > 0;
    },

    /**
     * Every user's lines ordering material `from` order `to` instead (null: the board's own);
     * answers how many. Used when an administrator renames or withdraws a material.
     */
    async replaceMaterial(from: string, to: string | null, now: Date): Promise<number> {
      const updated = await db()
        .update(cartLines)
        .set({ material: to, updatedAt: now })
        .where(eq(cartLines.material, from))
        .returning({ productId: cartLines.productId });
      return updated.length;
    },

    async deleteProducts(userId: number, productIds: readonly number[]): Promise<void> {
      if (productIds.length === 0) return;
      await db()
        .delete(cartLines)
        .where(and(eq(cartLines.userId, userId), inArray(cartLines.productId, [...productIds])));
    },

    async clear(userId: number): Promise<void> {
      await db().delete(cartLines).where(eq(cartLines.userId, userId));
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
