import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { packageCategories, packages } from './packages.tables.ts';

export type PackageRow = typeof packages.$inferSelect;

export function createPackagesRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async findPackage(id: number): Promise<PackageRow | undefined> {
      const [row] = await db().select().from(packages).where(eq(packages.id, id));
      return row;
    },

    listPackages(ids?: readonly number[]): Promise<PackageRow[]> {
      return db()
        .select()
        .from(packages)
        .where(ids ? inArray(packages.id, [...ids]) : undefined)
        .orderBy(asc(packages.pkgName));
    },

    categoryLinks(categoryIds?: readonly number[]) {
      return db()
        .select()
        .from(packageCategories)
        .where(categoryIds ? inArray(packageCategories.categoryId, [...categoryIds]) : undefined);
    },

    /** Packages whose name or an alias is one of `words` (lower-cased), by word. */
    async packagesNamed(words: readonly string[]): Promise<Map<string, number[]>> {
      const found = new Map<string, number[]>();
      if (words.length === 0) return found;
      const rows = await db()
        .select({ id: packages.id, name: packages.pkgName, aliases: packages.aliases })
        .from(packages)
        .where(
          sql`lower(${packages.pkgName}) in (${sql.join(
            words.map((word) => sql`${word}`),
            sql`, `,
          )}) or exists (select 1 from unnest(${packages.aliases}) a where lower(a) in (${sql.join(
            words.map((word) => sql`${word}`),
            sql`, `,
          )}))`,
        );
      for (const row of rows) {
        for (const name of [row.name, ...row.aliases]) {
          const word = name.toLowerCase();
          if (!words.includes(word)) continue;
          found.set(word, [...new Set([...(found.get(word) ?? []), row.id])]);
        }
      }
      return found;
    },

    async updatePackage(
      id: number,
      changes: Partial<Pick<PackageRow, 'mountType' | 'numOfPins'>>,
    ): Promise<void> {
      await db()
        .update(packages)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(packages.id, id));
    },
  };
}

export type PackagesRepository = ReturnType<typeof createPackagesRepository>;
