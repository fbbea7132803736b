import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { users } from '../users/users.tables.ts';
import {
  categorySpecs,
  manufacturers,
  partCategories,
  partSpecs,
  parts,
  specCategories,
  specifications,
  specOptions,
  specUnits,
  stockLocations,
} from './parts.tables.ts';
import { createPartReads } from './parts-reads.repository.ts';
import { num, rowsOf, type UnconfirmedScope, visibleCondition } from './parts-sql.ts';

export type {
  PriceRowData,
  SearchRowData,
  SkuRowData,
  SpecValueRowData,
  StockRowData,
} from './parts-reads.repository.ts';
export { idsIn, type UnconfirmedScope, visibleCondition } from './parts-sql.ts';

export type PartRow = typeof parts.$inferSelect;
export type ManufacturerRow = typeof manufacturers.$inferSelect;
export type CategoryRow = typeof partCategories.$inferSelect;
export type SpecRow = typeof specifications.$inferSelect;
export type SpecOptionRow = typeof specOptions.$inferSelect;
export type SpecUnitRow = typeof specUnits.$inferSelect;
export type SpecCategoryRow = typeof specCategories.$inferSelect;
export type PartSpecRow = typeof partSpecs.$inferSelect;

export function createPartsRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  const execute = async <T>(query: SQL): Promise<T[]> => rowsOf<T>(await db().execute(query));

  return {
    execute,

    /** Runs `work` in a transaction with a looser trigram threshold (the typo-tolerant search). */
    async withTypoTolerance<T>(work: () => Promise<T>): Promise<T> {
      return transactor.transaction(async () => {
        await db().execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true), set_config('pg_trgm.similarity_threshold', '0.45', true)`,
        );
        return work();
      });
    },
    ...createPartReads(transactor),

    async findPart(id: number): Promise<PartRow | undefined> {
      const [row] = await db().select().from(parts).where(eq(parts.id, id));
      return row;
    },

    async findPartByKey(manufacturerId: number, key: string): Promise<PartRow | undefined> {
      const [row] = await db()
        .select()
        .from(parts)
        .where(and(eq(parts.manufacturerId, manufacturerId), eq(parts.partNumberKey, key)));
      return row;
    },

    async insertPart(row: typeof parts.$inferInsert): Promise<PartRow> {
      const [inserted] = await db().insert(parts).values(row).returning();
      return inserted!;
    },

    async updatePart(id: number, changes: Partial<typeof parts.$inferInsert>): Promise<void> {
      await db()
        .update(parts)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(parts.id, id));
    },

    async deletePart(id: number): Promise<void> {
      await db().delete(parts).where(eq(parts.id, id));
    },

    async userName(userId: number | null): Promise<{ id: number; name: string } | null> {
      if (userId === null) return null;
      const [row] = await db()
        .select({ id: users.id, name: users.name, lastname: users.lastname })
        .from(users)
        .where(eq(users.id, userId));
      return row ? { id: row.id, name: `${row.name} ${row.lastname}` } : null;
    },

    // ---- spec values of parts ----

    async findPartSpec(id: number): Promise<PartSpecRow | undefined> {
      const [row] = await db().select().from(partSpecs).where(eq(partSpecs.id, id));
      return row;
    },

    async upsertPartSpec(row: typeof partSpecs.$inferInsert): Promise<void> {
      await db()
        .insert(partSpecs)
        .values(row)
        .onConflictDoUpdate({
          target: [partSpecs.partId, partSpecs.specificationId],
          set: {
            optionId: row.optionId ?? null,
            valueText: row.valueText,
            valueNum: row.valueNum ?? null,
            valueMin: row.valueMin ?? null,
            valueMax: row.valueMax ?? null,
            source: row.source ?? null,
          },
        });
    },

    async deletePartSpec(id: number): Promise<void> {
      await db().delete(partSpecs).where(eq(partSpecs.id, id));
    },

    // ---- manufacturers ----

    async listManufacturers(
      scope: UnconfirmedScope,
    ): Promise<(ManufacturerRow & { partsCount: number })[]> {
      const rows = await execute<Record<string, unknown>>(sql`
        select m.*, (select count(*) from parts p where p.manufacturer_id = m.id and ${visibleCondition(scope)}) as parts_count
        from manufacturers m
        where ${visibleCondition(scope, sql`m`)}
        order by lower(m.name)`);
      return rows.map((row) => ({
        id: Number(row.id),
        name: String(row.name),
        aliases: (row.aliases as string[]) ?? [],
        confirmed: Boolean(row.confirmed),
        addedBy: num(row.added_by),
        companyId: num(row.company_id),
        createdAt: new Date(String(row.created_at)),
        updatedAt: new Date(String(row.updated_at)),
        partsCount: Number(row.parts_count),
      }));
    },

    async brandsInCategory(
      scope: UnconfirmedScope,
      categoryId: number | undefined,
    ): Promise<{ id: number; name: string; count: number }[]> {
      const rows = await execute<Record<string, unknown>>(sql`
        select m.id, m.name, count(*) as count
        from parts p join manufacturers m on m.id = p.manufacturer_id
        where ${visibleCondition(scope)}
          ${categoryId === undefined ? sql`` : sql`and p.category_id = ${categoryId}`}
        group by m.id, m.name
        order by count(*) desc, m.name`);
      return rows.map((row) => ({
        id: Number(row.id),
        name: String(row.name),
        count: Number(row.count),
      }));
    },

    async findManufacturer(id: number): Promise<ManufacturerRow | undefined> {
      const [row] = await db().select().from(manufacturers).where(eq(manufacturers.id, id));
      return row;
    },

    /** The name of a part's manufacturer, for audit entries; null when it has none. */
    async manufacturerName(id: number | null): Promise<string | null> {
      if (id === null) return null;
      const [row] = await db()
        .select({ name: manufacturers.name })
        .from(manufacturers)
        .where(eq(manufacturers.id, id));
      return row?.name ?? null;
    },

    /** A manufacturer whose name or alias is `name` (without case). */
    async manufacturerNamed(name: string): Promise<ManufacturerRow | undefined> {
      const lower = name.toLowerCase();
      const [row] = await db()
        .select()
        .from(manufacturers)
        .where(
          sql`lower(${manufacturers.name}) = ${lower} or exists (select 1 from unnest(${manufacturers.aliases}) a where lower(a) = ${lower})`,
        )
        .limit(1);
      return row;
    },

    async insertManufacturer(row: typeof manufacturers.$inferInsert): Promise<ManufacturerRow> {
      const [inserted] = await db().insert(manufacturers).values(row).returning();
      return inserted!;
    },

    async updateManufacturer(
      id: number,
      changes: Partial<typeof manufacturers.$inferInsert>,
    ): Promise<void> {
      await db()
        .update(manufacturers)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(manufacturers.id, id));
    },

    async deleteManufacturer(id: number): Promise<void> {
      await db().delete(manufacturers).where(eq(manufacturers.id, id));
    },

    async countPartsOfManufacturer(id: number): Promise<number> {
      const [row] = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(parts)
        .where(eq(parts.manufacturerId, id));
      return Number(row?.count ?? 0);
    },

    /** Recomputes the words search matches for the parts `where` selects (alias p). */
    async refreshSearchText(where: SQL): Promise<void> {
      await db().execute(sql`
        update parts p set search_text = lower(concat_ws(' ', p.name, p.part_number,
          p.part_number_key, p.description,
          (select concat_ws(' ', m.name, array_to_string(m.aliases, ' ')) from manufacturers m where m.id = p.manufacturer_id),
          (select concat_ws(' ', k.pkg_name, array_to_string(k.aliases, ' ')) from packages k where k.id = p.package_id),
          (select c.name from part_categories c where c.id = p.category_id)))
        where ${where}`);
    },

    /** Recomputes the stock and price columns search sorts and filters on. */
    async refreshStockAndPrice(partId: number): Promise<void> {
      await db().execute(sql`
        update parts p set
          qty_available = coalesce((select sum(greatest(s.qty - s.reserved, 0)) from part_stock s where s.part_id = p.id), 0),
          unit_price_minor = (select b.unit_price_minor from part_price_breaks b where b.part_id = p.id order by b.min_qty limit 1)
        where p.id = ${partId}`);
    },

    // ---- categories ----

    async listCategories(): Promise<(CategoryRow & { specIds: number[] })[]> {
      const rows = await db().select().from(partCategories).orderBy(asc(partCategories.id));
      const links = await db()
        .select()
        .from(categorySpecs)
        .orderBy(asc(categorySpecs.categoryId), asc(categorySpecs.order));
      return rows.map((row) => ({
        ...row,
        specIds: links
          .filter((link) => link.categoryId === row.id)
          .map((link) => link.specificationId),
      }));
    },

    async findCategory(id: number): Promise<CategoryRow | undefined> {
      const [row] = await db().select().from(partCategories).where(eq(partCategories.id, id));
      return row;
    },

    async insertCategory(row: typeof partCategories.$inferInsert): Promise<CategoryRow> {
      const [inserted] = await db().insert(partCategories).values(row).returning();
      return inserted!;
    },

    async updateCategory(
      id: number,
      changes: Partial<typeof partCategories.$inferInsert>,
    ): Promise<void> {
      await db()
        .update(partCategories)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(partCategories.id, id));
    },

    async setCategorySpecs(categoryId: number, specIds: readonly number[]): Promise<void> {
      await db().delete(categorySpecs).where(eq(categorySpecs.categoryId, categoryId));
      if (specIds.length === 0) return;
      await db()
        .insert(categorySpecs)
        .values(
          specIds.map((specificationId, index) => ({
            categoryId,
            specificationId,
            order: index + 1,
          })),
        );
    },

    // ---- specs ----

    async listSpecs(): Promise<SpecRow[]> {
      return db().select().from(specifications).orderBy(asc(specifications.id));
    },

    async findSpec(id: number): Promise<SpecRow | undefined> {
      const [row] = await db().select().from(specifications).where(eq(specifications.id, id));
      return row;
    },

    async insertSpec(row: typeof specifications.$inferInsert): Promise<SpecRow> {
      const [inserted] = await db().insert(specifications).values(row).returning();
      return inserted!;
    },

    async updateSpec(
      id: number,
      changes: Partial<typeof specifications.$inferInsert>,
    ): Promise<void> {
      await db()
        .update(specifications)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(specifications.id, id));
    },

    async listOptions(specIds?: readonly number[]): Promise<SpecOptionRow[]> {
      return db()
        .select()
        .from(specOptions)
        .where(specIds ? inArray(specOptions.specificationId, [...specIds]) : undefined)
        .orderBy(asc(specOptions.specificationId), asc(specOptions.order), asc(specOptions.id));
    },

    async insertOption(row: typeof specOptions.$inferInsert): Promise<SpecOptionRow> {
      const [inserted] = await db().insert(specOptions).values(row).returning();
      return inserted!;
    },

    async optionNamed(specificationId: number, value: string): Promise<SpecOptionRow | undefined> {
      const [row] = await db()
        .select()
        .from(specOptions)
        .where(
          and(
            eq(specOptions.specificationId, specificationId),
            sql`lower(${specOptions.value}) = ${value.toLowerCase()}`,
          ),
        );
      return row;
    },

    async findOption(id: number): Promise<SpecOptionRow | undefined> {
      const [row] = await db().select().from(specOptions).where(eq(specOptions.id, id));
      return row;
    },

    /** Distinct numbers of a spec in visible parts, with how many parts have each. */
    async specValueCounts(
      specificationId: number,
      scope: UnconfirmedScope,
    ): Promise<{ value: number; count: number }[]> {
      const rows = await execute<Record<string, unknown>>(sql`
        select ps.value_num, count(*) as count
        from part_specs ps join parts p on p.id = ps.part_id
        where ps.specification_id = ${specificationId} and ps.value_num is not null
          and ${visibleCondition(scope)}
        group by ps.value_num
        order by ps.value_num`);
      return rows.map((row) => ({ value: Number(row.value_num), count: Number(row.count) }));
    },

    async listUnits(): Promise<SpecUnitRow[]> {
      return db().select().from(specUnits).orderBy(asc(specUnits.id));
    },

    async findUnit(id: number): Promise<SpecUnitRow | undefined> {
      const [row] = await db().select().from(specUnits).where(eq(specUnits.id, id));
      return row;
    },

    async insertUnit(row: typeof specUnits.$inferInsert): Promise<SpecUnitRow> {
      const [inserted] = await db().insert(specUnits).values(row).returning();
      return inserted!;
    },

    async updateUnit(id: number, changes: Partial<typeof specUnits.$inferInsert>): Promise<void> {
      await db().update(specUnits).set(changes).where(eq(specUnits.id, id));
    },

    async listSpecCategories(): Promise<SpecCategoryRow[]> {
      return db().select().from(specCategories).orderBy(asc(specCategories.id));
    },

    async findSpecCategory(id: number): Promise<SpecCategoryRow | undefined> {
      const [row] = await db().select().from(specCategories).where(eq(specCategories.id, id));
      return row;
    },

    async insertSpecCategory(name: string): Promise<SpecCategoryRow> {
      const [inserted] = await db().insert(specCategories).values({ name }).returning();
      return inserted!;
    },

    async updateSpecCategory(id: number, name: string): Promise<void> {
      await db().update(specCategories).set({ name }).where(eq(specCategories.id, id));
    },

    async stockLocations() {
      return db().select().from(stockLocations).orderBy(asc(stockLocations.id));
    },
  };
}

export type PartsRepository = ReturnType<typeof createPartsRepository>;
