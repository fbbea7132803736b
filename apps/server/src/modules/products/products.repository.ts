import { and, asc, eq, inArray } from 'drizzle-orm';
import { type CompanyScope, inScope } from '../../db/company-scope.ts';
import type { Transactor } from '../../db/database.ts';
import { products } from './products.tables.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = Omit<ProductRow, 'id' | 'createdAt' | 'updatedAt'>;
export type ProductChanges = Partial<
  Pick<
    ProductRow,
    | 'name'
    | 'partNumber'
    | 'job'
    | 'notes'
    | 'description'
    | 'odooProducts'
    | 'coverKey'
    | 'visible'
    | 'projectId'
    | 'assemblyId'
  >
>;

export function createProductsRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async insertProduct(row: NewProduct, now: Date): Promise<ProductRow> {
      const [inserted] = await db()
        .insert(products)
        .values({ ...row, createdAt: now, updatedAt: now })
        .returning();
      return inserted!;
    },

    async findProduct(scope: CompanyScope, id: number): Promise<ProductRow | undefined> {
      const [row] = await db()
        .select()
        .from(products)
        .where(and(eq(products.id, id), inScope(scope, products.companyId)));
      return row;
    },

    /** What a cart line shows of the products among `ids` the scope covers (in no order). */
    findCartProducts(scope: CompanyScope, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db()
        .select({
          id: products.id,
          companyId: products.companyId,
          name: products.name,
          partNumber: products.partNumber,
          coverKey: products.coverKey,
        })
        .from(products)
        .where(and(inArray(products.id, [...ids]), inScope(scope, products.companyId)));
    },

    /** Products of projects the caller has authorised. */
    listOfProjects(projectIds: readonly number[]): Promise<ProductRow[]> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db()
        .select()
        .from(products)
        .where(inArray(products.projectId, [...projectIds]))
        .orderBy(asc(products.name), asc(products.id));
    },

    /** Which of `ids` are products of the company (or of the project, when given). */
    async findIds(
      ids: readonly number[],
      owner: { companyId: number } | { projectId: number },
    ): Promise<number[]> {
      const rows = await db()
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            inArray(products.id, [...ids]),
            'companyId' in owner
              ? eq(products.companyId, owner.companyId)
              : eq(products.projectId, owner.projectId),
          ),
        );
      return rows.map((row) => row.id);
    },

    async updateProducts(
      ids: readonly number[],
      changes: ProductChanges,
      now: Date,
    ): Promise<void> {
      if (ids.length === 0) return;
      await db()
        .update(products)
        .set({ ...changes, updatedAt: now })
        .where(inArray(products.id, [...ids]));
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
