import { type SQL, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { escapeLike } from '../../lib/escape-like.ts';

// The SQL of the catalogue's moderation queue: unconfirmed parts and manufacturers of every
// company with who added them, and the data moves of a merge.

export type QueuePartRow = {
  id: number;
  name: string;
  partNumber: string;
  partNumberKey: string;
  description: string;
  manufacturer: { id: number; name: string; confirmed: boolean } | null;
  category: string | null;
  packageName: string | null;
  addedBy: number | null;
  addedByName: string | null;
  companyId: number | null;
  companyName: string | null;
  createdAt: Date;
};

export type QueueManufacturerRow = {
  id: number;
  name: string;
  aliases: string[];
  addedBy: number | null;
  addedByName: string | null;
  companyId: number | null;
  companyName: string | null;
  createdAt: Date;
  partsCount: number;
};

export type DuplicateRow = {
  id: number;
  name: string;
  partNumber: string;
  partNumberKey: string;
  manufacturer: string;
};

type Page = { offset: number; limit: number; search: string | undefined };

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const when = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

function containing(search: string | undefined, haystack: SQL): SQL {
  if (!search) return sql`true`;
  return sql`${haystack} ilike ${`%${escapeLike(search)}%`}`;
}

export function createPartsModerationRepository(transactor: Transactor) {
  const execute = async <T>(query: SQL): Promise<T[]> =>
    ((await transactor.executor().execute(query)) as unknown as { rows: T[] }).rows;

  return {
    async unconfirmedParts(page: Page): Promise<{ rows: QueuePartRow[]; total: number }> {
      const where = sql`not p.confirmed and ${containing(
        page.search,
        sql`concat_ws(' ', p.name, p.part_number, p.part_number_key, m.name, co.name)`,
      )}`;
      const from = sql`from parts p
        left join manufacturers m on m.id = p.manufacturer_id
        left join companies co on co.id = p.company_id`;
      const [rows, [total]] = await Promise.all([
        execute<Record<string, unknown>>(sql`
          select p.id, p.name, p.part_number, p.part_number_key, p.description, p.added_by,
            p.company_id, p.created_at, m.id as m_id, m.name as m_name, m.confirmed as m_confirmed,
            co.name as company_name, c.name as category, k.pkg_name,
            (select concat_ws(' ', u.name, u.lastname) from users u where u.id = p.added_by) as added_by_name
          ${from}
          left join part_categories c on c.id = p.category_id
          left join packages k on k.id = p.package_id
          where ${where}
          order by p.created_at, p.id
          offset ${page.offset} limit ${page.limit}`),
        execute<{ count: unknown }>(sql`select count(*) as count ${from} where ${where}`),
      ]);
      return {
        total: Number(total?.count ?? 0),
        rows: rows.map((row) => ({
          id: Number(row.id),
          name: String(row.name),
          partNumber: String(row.part_number),
          partNumberKey: String(row.part_number_key),
          description: String(row.description),
          manufacturer:
            row.m_id === null
              ? null
              : {
                  id: Number(row.m_id),
                  name: String(row.m_name),
                  confirmed: Boolean(row.m_confirmed),
                },
          category: text(row.category),
          packageName: text(row.pkg_name),
          addedBy: id(row.added_by),
          addedByName: text(row.added_by_name),
          companyId: id(row.company_id),
          companyName: text(row.company_name),
          createdAt: when(row.created_at),
        })),
      };
    },

    async unconfirmedManufacturers(
      page: Page,
    ): Promise<{ rows: QueueManufacturerRow[]; total: number }> {
      const where = sql`not m.confirmed and ${containing(
        page.search,
        sql`concat_ws(' ', m.name, array_to_string(m.aliases, ' '), co.name)`,
      )}`;
      const from = sql`from manufacturers m left join companies co on co.id = m.company_id`;
      const [rows, [total]] = await Promise.all([
        execute<Record<string, unknown>>(sql`
          select m.id, m.name, m.aliases, m.added_by, m.company_id, m.created_at,
            co.name as company_name,
            (select concat_ws(' ', u.name, u.lastname) from users u where u.id = m.added_by) as added_by_name,
            (select count(*) from parts p where p.manufacturer_id = m.id) as parts_count
          ${from}
          where ${where}
          order by m.created_at, m.id
          offset ${page.offset} limit ${page.limit}`),
        execute<{ count: unknown }>(sql`select count(*) as count ${from} where ${where}`),
      ]);
      return {
        total: Number(total?.count ?? 0),
        rows: rows.map((row) => ({
          id: Number(row.id),
          name: String(row.name),
          aliases: (row.aliases as string[] | null) ?? [],
          addedBy: id(row.added_by),
          addedByName: text(row.added_by_name),
          companyId: id(row.company_id),
          companyName: text(row.company_name),
          createdAt: when(row.created_at),
          partsCount: Number(row.parts_count),
        })),
      };
    },

    /** Confirmed parts whose part number is one of `keys` (normalised): merge candidates. */
    async confirmedWithKeys(keys: readonly string[]): Promise<DuplicateRow[]> {
      if (keys.length === 0) return [];
      const rows = await execute<Record<string, unknown>>(sql`
        select p.id, p.name, p.part_number, p.part_number_key, coalesce(m.name, '') as manufacturer
        from parts p left join manufacturers m on m.id = p.manufacturer_id
        where p.confirmed and p.part_number_key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})
        order by p.id
        limit 200`);
      return rows.map((row) => ({
        id: Number(row.id),
        name: String(row.name),
        partNumber: String(row.part_number),
        partNumberKey: String(row.part_number_key),
        manufacturer: String(row.manufacturer),
      }));
    },

    /**
     * Moves what belongs to part `fromId` to part `intoId`: spec values the kept part lacks,
     * stock lots (a lot both hold adds up), price breaks of quantities the kept part has no
     * price for. What stays behind goes with the duplicate when it is deleted.
     */
    async moveSpecsStockAndPrices(
      fromId: number,
      intoId: number,
    ): Promise<{ specs: number; stockLots: number; priceBreaks: number }> {
      const specs = await execute<{ id: number }>(sql`
        update part_specs set part_id = ${intoId}
        where part_id = ${fromId}
          and specification_id not in (select specification_id from part_specs where part_id = ${intoId})
        returning id`);
      const addedUp = await execute<{ id: number }>(sql`
        update part_stock kept set qty = kept.qty + dup.qty, reserved = kept.reserved + dup.reserved
        from part_stock dup
        where dup.part_id = ${fromId} and kept.part_id = ${intoId}
          and kept.location_id = dup.location_id and kept.lot = dup.lot
        returning kept.id`);
      const lots = await execute<{ id: number }>(sql`
        update part_stock dup set part_id = ${intoId}
        where dup.part_id = ${fromId} and not exists (
          select 1 from part_stock kept
          where kept.part_id = ${intoId} and kept.location_id = dup.location_id and kept.lot = dup.lot)
        returning dup.id`);
      const breaks = await execute<{ id: number }>(sql`
        update part_price_breaks dup set part_id = ${intoId}
        where dup.part_id = ${fromId} and not exists (
          select 1 from part_price_breaks kept where kept.part_id = ${intoId} and kept.min_qty = dup.min_qty)
        returning dup.id`);
      return {
        specs: specs.length,
        stockLots: addedUp.length + lots.length,
        priceBreaks: breaks.length,
      };
    },

    /** Parts of manufacturer `fromId` whose number manufacturer `intoId` has too. */
    async collidingParts(
      fromId: number,
      intoId: number,
    ): Promise<{ duplicateId: number; keptId: number }[]> {
      const rows = await execute<{ duplicate_id: unknown; kept_id: unknown }>(sql`
        select dup.id as duplicate_id, kept.id as kept_id
        from parts dup join parts kept
          on kept.manufacturer_id = ${intoId} and kept.part_number_key = dup.part_number_key
        where dup.manufacturer_id = ${fromId}
        order by dup.id`);
      return rows.map((row) => ({
        duplicateId: Number(row.duplicate_id),
        keptId: Number(row.kept_id),
      }));
    },

    /** Gives every part of manufacturer `fromId` to `intoId`; how many moved. */
    async moveParts(fromId: number, intoId: number): Promise<number> {
      const moved = await execute<{ id: number }>(sql`
        update parts set manufacturer_id = ${intoId}, updated_at = now()
        where manufacturer_id = ${fromId}
        returning id`);
      return moved.length;
    },
  };
}

export type PartsModerationRepository = ReturnType<typeof createPartsModerationRepository>;
