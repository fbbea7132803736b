// What is shown with parts: search rows, supplier codes, stock, price breaks and spec values, each
// read for many parts in one query.

import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { partPriceBreaks } from './parts.tables.ts';
import { idsIn, num, rowsOf } from './parts-sql.ts';

export type SearchRowData = {
  id: number;
  name: string;
  partNumber: string;
  description: string;
  mountType: 'SMD' | 'THT' | null;
  confirmed: boolean;
  datasheet: string | null;
  unitPriceMinor: number | null;
  manufacturerId: number | null;
  manufacturerName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  packageId: number | null;
  pkgName: string | null;
  /** The short specs, in the category's order. */
  specs: { specificationId: number; name: string; valueText: string }[];
  stock: StockRowData[];
  prices: PriceRowData[];
  /** Suppliers' order codes, by supplier then code. */
  skus: SkuRowData[];
};

export type SkuRowData = { supplier: string; sku: string };

export type StockRowData = {
  partId: number;
  locationId: number;
  location: string;
  lot: string;
  qty: number;
  reserved: number;
};

export type PriceRowData = { partId: number; minQty: number; unitPriceMinor: number };

export type SpecValueRowData = {
  id: number;
  partId: number;
  specificationId: number;
  name: string;
  valueText: string;
  optionId: number | null;
  valueNum: number | null;
  valueMin: number | null;
  valueMax: number | null;
  unit: string | null;
  source: string | null;
};

/** A json_agg column of arrays: parsed by the driver or still text; null when nothing was aggregated. */
function jsonRows(value: unknown): unknown[][] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as unknown[][];
}

export function createPartReads(transactor: Transactor) {
  const db = () => transactor.executor();
  const execute = async <T>(query: SQL): Promise<T[]> => rowsOf<T>(await db().execute(query));

  return {
    /**
     * The rows of a search page with their short specs, stock and price breaks, in one query:
     * a round trip to the database costs more than the little each of these reads.
     */
    async searchRows(ids: readonly number[]): Promise<SearchRowData[]> {
      if (ids.length === 0) return [];
      const rows = await execute<Record<string, unknown>>(sql`
        select p.id, p.name, p.part_number, p.description, p.mount_type, p.confirmed, p.datasheet,
               p.unit_price_minor, m.id as m_id, m.name as m_name, c.id as c_id, c.name as c_name,
               k.id as k_id, k.pkg_name,
               (select json_agg(json_build_array(ps.specification_id, s.name, ps.value_text)
                                order by coalesce(cs.sort_order, 1000), ps.specification_id)
                from part_specs ps
                join specifications s on s.id = ps.specification_id
                left join category_specs cs
                  on cs.category_id = p.category_id and cs.specification_id = ps.specification_id
                where ps.part_id = p.id) as specs,
               (select json_agg(json_build_array(st.location_id, l.name, st.lot, st.qty, st.reserved)
                                order by st.location_id, st.lot)
                from part_stock st join stock_locations l on l.id = st.location_id
                where st.part_id = p.id) as stock,
               (select json_agg(json_build_array(b.min_qty, b.unit_price_minor) order by b.min_qty)
                from part_price_breaks b where b.part_id = p.id) as prices,
               (select json_agg(json_build_array(ks.supplier, ks.sku) order by ks.supplier, ks.sku)
                from part_skus ks where ks.part_id = p.id) as skus
        from parts p
        left join manufacturers m on m.id = p.manufacturer_id
        left join part_categories c on c.id = p.category_id
        left join packages k on k.id = p.package_id
        where ${idsIn(sql`p.id`, ids)}`);
      return rows.map((row) => {
        const id = Number(row.id);
        return {
          id,
          name: String(row.name),
          partNumber: String(row.part_number),
          description: String(row.description),
          mountType: (row.mount_type as 'SMD' | 'THT' | null) ?? null,
          confirmed: Boolean(row.confirmed),
          datasheet: (row.datasheet as string | null) ?? null,
          unitPriceMinor: num(row.unit_price_minor),
          manufacturerId: num(row.m_id),
          manufacturerName: (row.m_name as string | null) ?? null,
          categoryId: num(row.c_id),
          categoryName: (row.c_name as string | null) ?? null,
          packageId: num(row.k_id),
          pkgName: (row.pkg_name as string | null) ?? null,
          specs: jsonRows(row.specs).map(([specificationId, name, valueText]) => ({
            specificationId: Number(specificationId),
            name: String(name),
            valueText: String(valueText),
          })),
          stock: jsonRows(row.stock).map(([locationId, location, lot, qty, reserved]) => ({
            partId: id,
            locationId: Number(locationId),
            location: String(location),
            lot: String(lot),
            qty: Number(qty),
            reserved: Number(reserved),
          })),
          prices: jsonRows(row.prices).map(([minQty, unitPriceMinor]) => ({
            partId: id,
            minQty: Number(minQty),
            unitPriceMinor: Number(unitPriceMinor),
          })),
          skus: jsonRows(row.skus).map(([supplier, sku]) => ({
            supplier: String(supplier),
            sku: String(sku),
          })),
        };
      });
    },

    /** The suppliers' order codes of a part, by supplier then code. */
    async skusOf(partId: number): Promise<SkuRowData[]> {
      const rows = await execute<Record<string, unknown>>(sql`
        select supplier, sku from part_skus where part_id = ${partId} order by supplier, sku`);
      return rows.map((row) => ({ supplier: String(row.supplier), sku: String(row.sku) }));
    },

    async stockOf(ids: readonly number[]): Promise<StockRowData[]> {
      if (ids.length === 0) return [];
      const rows = await execute<Record<string, unknown>>(sql`
        select s.part_id, s.location_id, l.name, s.lot, s.qty, s.reserved
        from part_stock s join stock_locations l on l.id = s.location_id
        where ${idsIn(sql`s.part_id`, ids)}
        order by s.part_id, s.location_id, s.lot`);
      return rows.map((row) => ({
        partId: Number(row.part_id),
        locationId: Number(row.location_id),
        location: String(row.name),
        lot: String(row.lot),
        qty: Number(row.qty),
        reserved: Number(row.reserved),
      }));
    },

    async pricesOf(ids: readonly number[]): Promise<PriceRowData[]> {
      if (ids.length === 0) return [];
      const rows = await db()
        .select({
          partId: partPriceBreaks.partId,
          minQty: partPriceBreaks.minQty,
          unitPriceMinor: partPriceBreaks.unitPriceMinor,
        })
        .from(partPriceBreaks)
        .where(inArray(partPriceBreaks.partId, [...ids]))
        .orderBy(asc(partPriceBreaks.partId), asc(partPriceBreaks.minQty));
      return rows.map((row) => ({ ...row, unitPriceMinor: Number(row.unitPriceMinor) }));
    },

    async specValuesOf(ids: readonly number[]): Promise<SpecValueRowData[]> {
      if (ids.length === 0) return [];
      const rows = await execute<Record<string, unknown>>(sql`
        select ps.id, ps.part_id, ps.specification_id, s.name, ps.value_text, ps.option_id,
               ps.value_num, ps.value_min, ps.value_max, u.short as unit, ps.source
        from part_specs ps
        join specifications s on s.id = ps.specification_id
        left join spec_units u on u.id = s.unit_id
        join parts p on p.id = ps.part_id
        left join category_specs cs
          on cs.category_id = p.category_id and cs.specification_id = ps.specification_id
        where ${idsIn(sql`ps.part_id`, ids)}
        order by ps.part_id, coalesce(cs.sort_order, 1000), ps.specification_id`);
      return rows.map((row) => ({
        id: Number(row.id),
        partId: Number(row.part_id),
        specificationId: Number(row.specification_id),
        name: String(row.name),
        valueText: String(row.value_text),
        optionId: num(row.option_id),
        valueNum: num(row.value_num),
        valueMin: num(row.value_min),
        valueMax: num(row.value_max),
        unit: (row.unit as string | null) ?? null,
        source: (row.source as string | null) ?? null,
      }));
    },
  };
}
