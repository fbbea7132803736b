// Parts looked up for other modules (BOM matching, quantities): by number key, source or id.

import type { PartsSearchRow } from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { idsIn } from './parts.repository.ts';
import { readScopeSql } from './parts-access.ts';
import { groupBy, presentBreaks, presentStock, usd } from './parts-presenters.ts';
import type { PartsContext } from './parts-service-context.ts';

export function createPartsLookups(ctx: PartsContext) {
  const { repository, searchRows, visibleIds } = ctx;
  return {
    /**
     * Parts the actor may see whose part-number key (SPEC §5: case, spaces and dashes ignored)
     * is one of `keys`, with their manufacturer's name and aliases, for BOM matching.
     */
    async partsByNumberKeys(actor: Actor, keys: readonly string[]) {
      if (keys.length === 0) return [];
      const rows = await repository.execute<{
        id: number;
        key: string;
        manufacturer: string | null;
        aliases: string[] | null;
        qty: number;
      }>(
        sql`select p.id, p.part_number_key as key, m.name as manufacturer, m.aliases, p.qty_available as qty
            from parts p left join manufacturers m on m.id = p.manufacturer_id
            where p.part_number_key in (${sql.join(
              keys.map((key) => sql`${key}`),
              sql`, `,
            )}) and ${readScopeSql(actor)}`,
      );
      return rows.map((row) => ({ ...row, id: Number(row.id), qty: Number(row.qty) }));
    },

    /** Parts the actor may see imported from a supplier under these codes (`jlcparts:C25744`). */
    async partsBySources(actor: Actor, sources: readonly string[]) {
      if (sources.length === 0) return [];
      const rows = await repository.execute<{ id: number; source: string }>(
        sql`select p.id, p.source from parts p where p.source in (${sql.join(
          sources.map((source) => sql`${source}`),
          sql`, `,
        )}) and ${readScopeSql(actor)}`,
      );
      return rows.map((row) => ({ id: Number(row.id), source: row.source }));
    },

    /** Search rows of parts by id, whoever may see them (for what a BOM already links). */
    rowsByIds(ids: readonly number[]): Promise<PartsSearchRow[]> {
      return ids.length === 0 ? Promise.resolve([]) : searchRows([...new Set(ids)]);
    },

    /** Which of `ids` are parts the actor may see. */
    visibleIds,

    /** Search rows of the parts the actor may see among `ids`, in the order asked. */
    async visibleRows(actor: Actor, ids: readonly number[]): Promise<PartsSearchRow[]> {
      if (ids.length === 0) return [];
      const seen = await visibleIds(actor, ids);
      return searchRows(ids.filter((id) => seen.has(id)));
    },

    async quantities(actor: Actor, ids: readonly number[]) {
      const visible = await repository.execute<{ id: number }>(
        sql`select p.id from parts p where ${idsIn(sql`p.id`, ids)} and ${readScopeSql(actor)}`,
      );
      const visibleIds = visible.map((row) => Number(row.id));
      const [stock, prices] = await Promise.all([
        repository.stockOf(visibleIds),
        repository.pricesOf(visibleIds),
      ]);
      const stockByPart = groupBy(stock, (row) => row.partId);
      const pricesByPart = groupBy(prices, (row) => row.partId);
      return ids
        .filter((id) => visibleIds.includes(id))
        .map((id) => {
          const { qty, locs } = presentStock(stockByPart.get(id) ?? []);
          const breaks = pricesByPart.get(id) ?? [];
          return {
            id,
            ...qty,
            locs,
            price: usd(breaks[0]?.unitPriceMinor ?? null),
            price_breaks: presentBreaks(breaks),
          };
        });
    },
  };
}
