// The bulk writes of a catalogue load: rows as JSON, one parameter per batch, and their columns.

import { sql } from 'drizzle-orm';

export type PartRow = {
  name: string;
  part_number: string;
  part_number_key: string;
  image: string | null;
  datasheet: string | null;
  description: string;
  category_id: number | null;
  manufacturer_id: number;
  package_id: number | null;
  mount_type: string | null;
  confirmed: boolean;
  source: string;
  search_text: string;
  qty_available: number;
  unit_price_minor: number | null;
};

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) {
    result.push(items.slice(index, index + size));
  }
  return result;
}

export type JsonColumn = readonly [name: string, type: string];

/**
 * `insert into table (columns) select … from json_to_recordset($1)`: one parameter for a whole
 * batch, parsed by PostgreSQL itself. Many times faster than a multi-row VALUES list on PGlite.
 */
export function jsonInsert(table: string, columns: readonly JsonColumn[], rows: readonly object[]) {
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const types = columns.map(([name, type]) => `"${name}" ${type}`).join(', ');
  return sql`insert into ${sql.identifier(table)} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${sql.raw(types)})`;
}

export const PART_COLUMNS: readonly JsonColumn[] = [
  ['name', 'text'],
  ['part_number', 'text'],
  ['part_number_key', 'text'],
  ['image', 'text'],
  ['datasheet', 'text'],
  ['description', 'text'],
  ['category_id', 'integer'],
  ['manufacturer_id', 'integer'],
  ['package_id', 'integer'],
  ['mount_type', 'text'],
  ['confirmed', 'boolean'],
  ['source', 'text'],
  ['search_text', 'text'],
  ['qty_available', 'bigint'],
  ['unit_price_minor', 'numeric'],
];

export const SPEC_COLUMNS: readonly JsonColumn[] = [
  ['part_id', 'integer'],
  ['specification_id', 'integer'],
  ['option_id', 'integer'],
  ['value_text', 'text'],
  ['value_num', 'double precision'],
  ['value_min', 'double precision'],
  ['value_max', 'double precision'],
  ['source', 'text'],
];

export const STOCK_COLUMNS: readonly JsonColumn[] = [
  ['part_id', 'integer'],
  ['location_id', 'integer'],
  ['lot', 'text'],
  ['qty', 'bigint'],
  ['reserved', 'bigint'],
];

export const PRICE_COLUMNS: readonly JsonColumn[] = [
  ['part_id', 'integer'],
  ['min_qty', 'integer'],
  ['unit_price_minor', 'numeric'],
];

export type Returned = { id: number; source: string; inserted: boolean };

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
