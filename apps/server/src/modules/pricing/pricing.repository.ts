import type { PriceBook } from '@circuits/domain';
import { desc, eq } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { priceBooks } from './pricing.tables.ts';

export type PriceBookRow = typeof priceBooks.$inferSelect;

export function createPricingRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async findCurrent(): Promise<PriceBookRow | undefined> {
      const [row] = await db().select().from(priceBooks).orderBy(desc(priceBooks.version)).limit(1);
      return row;
    },

    async findVersion(version: number): Promise<PriceBookRow | undefined> {
      const [row] = await db().select().from(priceBooks).where(eq(priceBooks.version, version));
      return row;
    },

    /** Every version, newest first, without the books themselves. */
    listVersions() {
      return db()
        .select({
          version: priceBooks.version,
          note: priceBooks.note,
          createdAt: priceBooks.createdAt,
          createdBy: priceBooks.createdBy,
        })
        .from(priceBooks)
        .orderBy(desc(priceBooks.version));
    },

    async insert(book: PriceBook, note: string | null, createdBy: number, now: Date) {
      const [row] = await db()
        .insert(priceBooks)
        .values({ book, note, createdBy, createdAt: now })
        .returning();
      return row!;
    },
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
