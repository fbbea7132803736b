import { and, asc, eq, getTableColumns, inArray, is, max, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Transactor } from './database.ts';

// BOM rows and placements are both long ordered lists that belong to one product: listed in
// order, found by id within the product, appended, changed and deleted the same way. This is that
// shared storage; each area's repository adds what only it does.

/** A table of rows of a product, kept in `position` order. */
export type ProductRowsTable = PgTable & {
  id: PgColumn;
  productId: PgColumn;
  position: PgColumn;
  updatedAt: PgColumn;
};

// Inserts go in slices: one statement takes at most 65535 parameters. Rows sent as JSON go in
// smaller slices, the event loop let go between them: on PGlite a statement runs on the server's
// own thread, and thousands of rows in one would hold every other request.
const INSERT_SLICE = 5000;
const JSON_INSERT_SLICE = 200;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Columns the database fills by itself. */
const GENERATED = new Set(['id', 'createdAt', 'updatedAt']);

/**
 * One INSERT of many rows through a single JSON parameter: far cheaper for the database than a
 * parameter per cell. Absent values take the column's default, as a plain insert would.
 */
function insertAsJson(table: PgTable, rows: readonly Record<string, unknown>[]): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => !GENERATED.has(key));
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const fallback =
            column.hasDefault && !is(column.default, SQL) ? (column.default ?? null) : null;
          return [column.name, row[key] ?? fallback];
        }),
      ),
    ),
  );
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(
      ([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`,
    ),
    sql`, `,
  );
  return sql`insert into ${table} (${names})
    select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${types})`;
}

/** Storage of a product's rows in `table`; every call is scoped by the product. */
export function productRows<T extends ProductRowsTable>(transactor: Transactor, table: T) {
  type Row = T['$inferSelect'];
  type NewRow = T['$inferInsert'];
  const db = () => transactor.executor();
  const of = (productId: number) => eq(table.productId, productId);
  const within = (productId: number, ids: readonly number[]) =>
    and(of(productId), inArray(table.id, [...ids]));

  return {
    list(productId: number): Promise<Row[]> {
      return db()
        .select()
        .from(table as PgTable)
        .where(of(productId))
        .orderBy(asc(table.position), asc(table.id)) as Promise<Row[]>;
    },

    find(productId: number, ids: readonly number[]): Promise<Row[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db()
        .select()
        .from(table as PgTable)
        .where(within(productId, ids)) as Promise<Row[]>;
    },

    async nextPosition(productId: number): Promise<number> {
      const [row] = await db()
        .select({ last: max(table.position) })
        .from(table as PgTable)
        .where(of(productId));
      return ((row?.last as number | null) ?? -1) + 1;
    },

    /** The inserted rows, unless `answer` is false (thousands of rows nobody reads back). */
    async insert(rows: readonly NewRow[], answer = true): Promise<Row[]> {
      const inserted: Row[] = [];
      const size = answer ? INSERT_SLICE : JSON_INSERT_SLICE;
      for (let start = 0; start < rows.length; start += size) {
        if (start > 0) await yieldToRequests();
        const slice = rows.slice(start, start + size);
        if (answer)
          inserted.push(...((await db().insert(table).values(slice).returning()) as Row[]));
        else await db().execute(insertAsJson(table, slice as Record<string, unknown>[]));
      }
      return inserted;
    },

    async update(productId: number, id: number, changes: Partial<NewRow>, now: Date) {
      await db()
        .update(table)
        .set({ ...changes, updatedAt: now } as never)
        .where(and(of(productId), eq(table.id, id)));
    },

    /** Deletes the rows named, or every row of the product; answers the ids deleted. */
    async remove(productId: number, ids?: readonly number[]): Promise<number[]> {
      const deleted = await db()
        .delete(table)
        .where(ids === undefined ? of(productId) : within(productId, ids))
        .returning({ id: table.id });
      return deleted.map((row) => row.id as number);
    },
  };
}
