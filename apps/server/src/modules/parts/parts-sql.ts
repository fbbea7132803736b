// SQL pieces the catalogue's queries share: id lists, result rows, and who may see what.

import { type SQL, sql } from 'drizzle-orm';

/** Who may see unconfirmed rows: staff see all, members their company's, or nobody's. */
export type UnconfirmedScope =
  | { type: 'none' }
  | { type: 'all' }
  | { type: 'company'; companyId: number };

export function idsIn(column: SQL, ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function visibleCondition(scope: UnconfirmedScope, table = sql`p`): SQL {
  if (scope.type === 'all') return sql`true`;
  if (scope.type === 'none') return sql`${table}.confirmed`;
  return sql`(${table}.confirmed or ${table}.company_id = ${scope.companyId})`;
}

/** A nullable numeric column as a number (drivers give numerics as text). */
export const num = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
