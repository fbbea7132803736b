import { partNumberKey } from '@circuits/domain';
import { sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import type { CatalogueSku } from './catalogue-record.ts';

// Suppliers' order codes (SKUs) of catalogue parts, written by the catalogue loader: a part has
// any number, one per supplier and code; a code is found again without case, spaces or dashes.

/** A supplier code as typed and as stored for lookup: `c25744` and `C25744`, `296-1395-1-ND`. */
export function skuKey(sku: string): string {
  return partNumberKey(sku);
}

/** The supplier's name as shown: known suppliers spelled one way (`Digikey` → `Digi-Key`). */
export function supplierName(name: string): string {
  const trimmed = name.trim();
  const plain = trimmed.toLowerCase().replace(/[\s-]/g, '');
  if (plain === 'digikey') return 'Digi-Key';
  if (plain === 'lcsc' || plain === 'jlcpcb') return 'LCSC';
  if (plain === 'mouser') return 'Mouser';
  return trimmed;
}

export type SkuRow = { partId: number; sku: CatalogueSku; source: string };

/**
 * Replaces the codes the given sources brought before with the ones they bring now. A code
 * already on another part moves to this one: a supplier's code names one part.
 */
export async function writeSkus(
  transactor: Transactor,
  sources: readonly string[],
  rows: readonly SkuRow[],
): Promise<void> {
  const db = transactor.executor();
  if (sources.length > 0) {
    await db.execute(
      sql`delete from part_skus where source in (select json_array_elements_text(${JSON.stringify(sources)}::json))`,
    );
  }
  const seen = new Set<string>();
  const unique = rows.filter((row) => {
    const key = `${supplierName(row.sku.supplier).toLowerCase()}:${skuKey(row.sku.sku)}`;
    if (seen.has(key) || row.sku.sku.trim() === '') return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) return;
  const json = JSON.stringify(
    unique.map((row) => ({
      part_id: row.partId,
      supplier: supplierName(row.sku.supplier),
      sku: row.sku.sku.trim(),
      sku_key: skuKey(row.sku.sku),
      source: row.source,
    })),
  );
  await db.execute(
    sql`insert into part_skus (part_id, supplier, sku, sku_key, source)
      select part_id, supplier, sku, sku_key, source
      from json_to_recordset(${json}::json) as r(part_id integer, supplier text, sku text, sku_key text, source text)
      on conflict (lower(supplier), sku_key) do update set part_id = excluded.part_id, sku = excluded.sku, source = excluded.source`,
  );
}
