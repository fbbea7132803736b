import { parseDielectric, partNumberKey } from '@circuits/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { packageCategories, packages } from '../packages/packages.tables.ts';
import type {
  CatalogueManufacturer,
  CataloguePackage,
  CatalogueRecord,
  LoadSummary,
} from './catalogue-record.ts';
import {
  chunks,
  jsonInsert,
  PART_COLUMNS,
  type PartRow,
  PRICE_COLUMNS,
  type Returned,
  rowsOf,
  SPEC_COLUMNS,
  STOCK_COLUMNS,
} from './catalogue-sql.ts';
import { numbersOf, refusal, type SpecInfo, searchTextOf } from './catalogue-values.ts';
import { type SkuRow, writeSkus } from './part-skus.ts';
import {
  manufacturers,
  partCategories,
  partPriceBreaks,
  partSpecs,
  partStock,
  parts,
  specifications,
  specOptions,
  specUnits,
} from './parts.tables.ts';

export { numbersOf, type StoredSpecValue, searchTextOf } from './catalogue-values.ts';

const PART_BATCH = 1000;
/** The longest pause between the batches of a load that runs while the server answers. */
const BATCH_PAUSE_MAX_MS = 250;
const ROW_BATCH = 4000;

/**
 * Writes catalogue records in bulk: the demo catalogue at first start and `npm run parts:import`.
 * A record whose source was loaded before updates that part (so loading twice changes nothing);
 * manufacturers, packages, categories and spec options it names are found by name or alias, or
 * created (confirmed: loads are an administrator's act).
 */
export function createCatalogueLoader(transactor: Transactor) {
  const db = () => transactor.executor();

  type Named = { id: number; name: string; aliases: string[] };

  async function manufacturerIndex(): Promise<Map<string, Named>> {
    const rows = await db()
      .select({ id: manufacturers.id, name: manufacturers.name, aliases: manufacturers.aliases })
      .from(manufacturers);
    const index = new Map<string, Named>();
    for (const row of rows) {
      index.set(row.name.toLowerCase(), row);
      for (const alias of row.aliases) index.set(alias.toLowerCase(), row);
    }
    return index;
  }

  async function packageIndex(): Promise<Map<string, Named>> {
    const rows = await db()
      .select({ id: packages.id, name: packages.pkgName, aliases: packages.aliases })
      .from(packages);
    const index = new Map<string, Named>();
    for (const row of rows) {
      for (const alias of row.aliases) index.set(alias.toLowerCase(), row);
    }
    for (const row of rows) index.set(row.name.toLowerCase(), row);
    return index;
  }

  async function categoryIndex(): Promise<{
    byId: Map<number, string>;
    byName: Map<string, number>;
  }> {
    const rows = await db().select().from(partCategories);
    const byId = new Map<number, string>();
    const byName = new Map<string, number>();
    for (const row of rows) {
      byId.set(row.id, row.name);
      byName.set(row.name.toLowerCase(), row.id);
      for (const alias of row.aliases) byName.set(alias.toLowerCase(), row.id);
    }
    return { byId, byName };
  }

  async function specIndex() {
    const rows = await db()
      .select({
        id: specifications.id,
        dataType: specifications.dataType,
        unitShort: specUnits.short,
      })
      .from(specifications)
      .leftJoin(specUnits, eq(specUnits.id, specifications.unitId));
    const specs = new Map<number, SpecInfo>(
      rows.map((row) => [row.id, { dataType: row.dataType, unitShort: row.unitShort }]),
    );
    const optionRows = await db().select().from(specOptions);
    const options = new Map<string, number>(
      optionRows.map((row) => [`${row.specificationId}:${row.value.toLowerCase()}`, row.id]),
    );
    return { specs, options };
  }

  return {
    async loadManufacturers(list: readonly CatalogueManufacturer[]): Promise<void> {
      const known = await manufacturerIndex();
      const missing = list.filter((entry) => !known.has(entry.name.toLowerCase()));
      if (missing.length === 0) return;
      await db()
        .insert(manufacturers)
        .values(missing.map((entry) => ({ ...entry, confirmed: true })));
    },

    async loadPackages(list: readonly CataloguePackage[]): Promise<void> {
      const known = await packageIndex();
      for (const batch of chunks(list, 500)) {
        const fresh = batch.filter((entry) => !known.has(entry.pkgName.toLowerCase()));
        if (fresh.length === 0) continue;
        const inserted = await db()
          .insert(packages)
          .values(fresh.map(({ categoryIds: _, ...entry }) => entry))
          .returning({ id: packages.id, pkgName: packages.pkgName });
        const links = inserted.flatMap((row) =>
          (fresh.find((entry) => entry.pkgName === row.pkgName)?.categoryIds ?? []).map(
            (categoryId) => ({ packageId: row.id, categoryId }),
          ),
        );
        if (links.length > 0) {
          await db().insert(packageCategories).values(links).onConflictDoNothing();
        }
      }
    },

    async loadRecords(
      records: readonly CatalogueRecord[],
      options: {
        onProgress?: (done: number, total: number) => void;
        signal?: AbortSignal | undefined;
        /**
         * Parts per transaction (1,000 by default). The demo catalogue, loaded while the server
         * answers, takes small ones and pauses between them as long as each took: PGlite is one
         * connection, and a batch holds it (and, in process, the thread) for as long as it writes.
         */
        batchSize?: number;
        pauseBetweenBatches?: boolean;
      } = {},
    ): Promise<LoadSummary> {
      const summary: LoadSummary = { added: 0, updated: 0, refused: [] };
      const makers = await manufacturerIndex();
      const pkgs = await packageIndex();
      const categories = await categoryIndex();
      const { specs, options: optionIds } = await specIndex();
      let done = 0;

      /** When the batch before began (for the pause after it). */
      let batchStarted: number | undefined;
      for (const batch of chunks(records, options.batchSize ?? PART_BATCH)) {
        if (options.signal?.aborted) break;
        if (options.pauseBetweenBatches && batchStarted !== undefined) {
          // Lets the requests that came in meanwhile have the database (and, with PGlite, the
          // thread) before the next batch, for as long as the batch before held them: on a busy
          // machine a batch takes longer, and the pause grows with it.
          const pause = Math.min(BATCH_PAUSE_MAX_MS, performance.now() - batchStarted);
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
        batchStarted = performance.now();
        const accepted: { record: CatalogueRecord; row: PartRow }[] = [];
        /** The source of the first record of each part number in this batch. */
        const seenKeys = new Map<string, string>();
        const seenSources = new Set<string>();
        /** Supplier codes of later records of a part number, by the first record's source. */
        const mergedSkus: { ownerSource: string; uniqueKey: string; record: CatalogueRecord }[] =
          [];
        const linkPackageCategory: { packageId: number; categoryId: number }[] = [];

        for (const record of batch) {
          const problem = refusal(record);
          if (problem) {
            summary.refused.push({ source: record.source, reason: problem, line: record.line });
            continue;
          }
          let maker = makers.get(record.manufacturer.trim().toLowerCase());
          if (!maker) {
            const [row] = await db()
              .insert(manufacturers)
              .values({ name: record.manufacturer.trim(), confirmed: true })
              .returning({
                id: manufacturers.id,
                name: manufacturers.name,
                aliases: manufacturers.aliases,
              });
            maker = row!;
            makers.set(maker.name.toLowerCase(), maker);
          }
          let categoryId: number | null = null;
          if (typeof record.category === 'number') {
            categoryId = categories.byId.has(record.category) ? record.category : null;
          } else if (record.category.trim() !== '') {
            const name = record.category.trim();
            categoryId = categories.byName.get(name.toLowerCase()) ?? null;
            if (categoryId === null) {
              const [row] = await db()
                .insert(partCategories)
                .values({ name })
                .returning({ id: partCategories.id });
              categoryId = row!.id;
              categories.byId.set(categoryId, name);
              categories.byName.set(name.toLowerCase(), categoryId);
            }
          }
          let pkg: Named | undefined;
          const packageName = record.packageName?.trim();
          if (packageName && packageName !== '-') {
            pkg = pkgs.get(packageName.toLowerCase());
            if (!pkg) {
              const [row] = await db()
                .insert(packages)
                .values({
                  pkgName: packageName,
                  mountType: record.mountType ?? 'SMD',
                  numOfPins: 0,
                })
                .returning({ id: packages.id, name: packages.pkgName, aliases: packages.aliases });
              pkg = row!;
              pkgs.set(packageName.toLowerCase(), pkg);
            }
            if (categoryId !== null) linkPackageCategory.push({ packageId: pkg.id, categoryId });
          }
          const key = partNumberKey(record.partNumber);
          const uniqueKey = `${maker.id}:${key}`;
          const firstSource = seenKeys.get(uniqueKey);
          if (firstSource !== undefined && record.skus?.length && !seenSources.has(record.source)) {
            // A second supplier code of the same part (two LCSC codes of one part number).
            mergedSkus.push({ ownerSource: firstSource, uniqueKey, record });
            continue;
          }
          if (firstSource !== undefined || seenSources.has(record.source)) {
            summary.refused.push({
              source: record.source,
              reason: `${record.partNumber} of ${maker.name} appears twice in this load`,
              line: record.line,
            });
            continue;
          }
          seenKeys.set(uniqueKey, record.source);
          seenSources.add(record.source);
          const qtyAvailable = record.stock.reduce(
            (sum, lot) => sum + Math.max(0, lot.qty - lot.reserved),
            0,
          );
          const firstBreak = [...record.priceBreaks].sort((a, b) => a.minQty - b.minQty)[0];
          accepted.push({
            record,
            row: {
              name: record.name.trim(),
              part_number: record.partNumber.trim(),
              part_number_key: key,
              image: record.image ?? null,
              datasheet: record.datasheet ?? null,
              description: record.description.trim(),
              category_id: categoryId,
              manufacturer_id: maker.id,
              package_id: pkg?.id ?? null,
              mount_type: record.mountType ?? null,
              confirmed: true,
              source: record.source,
              search_text: searchTextOf({
                name: record.name,
                partNumber: record.partNumber,
                description: record.description,
                manufacturer: maker,
                pkg: pkg && { pkgName: pkg.name, aliases: pkg.aliases },
                category: categoryId === null ? undefined : categories.byId.get(categoryId),
              }),
              qty_available: qtyAvailable,
              unit_price_minor: firstBreak?.unitPriceMinor ?? null,
            },
          });
        }

        if (linkPackageCategory.length > 0) {
          await db().insert(packageCategories).values(linkPackageCategory).onConflictDoNothing();
        }
        if (accepted.length === 0 && mergedSkus.length === 0) {
          done += batch.length;
          options.onProgress?.(done, records.length);
          continue;
        }

        // A part number already in the catalogue under another source is refused, not merged.
        const clashes = await db()
          .select({
            id: parts.id,
            manufacturerId: parts.manufacturerId,
            key: parts.partNumberKey,
            source: parts.source,
          })
          .from(parts)
          .where(
            inArray(
              parts.partNumberKey,
              accepted.map((entry) => entry.row.part_number_key),
            ),
          );
        const taken = new Map(clashes.map((row) => [`${row.manufacturerId ?? 0}:${row.key}`, row]));
        /** Supplier codes for parts already in the catalogue, by part id. */
        const skusOfExisting: { partId: number; record: CatalogueRecord }[] = [];
        const writable = accepted.filter((entry) => {
          const owner = taken.get(`${entry.row.manufacturer_id}:${entry.row.part_number_key}`);
          if (owner === undefined || owner.source === entry.record.source) return true;
          if (entry.record.skus?.length) {
            // The same part from another record: it brings its supplier codes, not a second part.
            skusOfExisting.push({ partId: owner.id, record: entry.record });
            return false;
          }
          summary.refused.push({
            source: entry.record.source,
            reason: `${entry.row.part_number} is already in the catalogue${owner.source ? ` (from ${owner.source})` : ''}`,
            line: entry.record.line,
          });
          return false;
        });

        await transactor.transaction(async () => {
          const written = writable.length
            ? rowsOf<Returned>(
                await db().execute(
                  sql`${jsonInsert(
                    'parts',
                    PART_COLUMNS,
                    writable.map((entry) => entry.row),
                  )} on conflict (source) do update set name = excluded.name, part_number = excluded.part_number, part_number_key = excluded.part_number_key, image = excluded.image, datasheet = excluded.datasheet, description = excluded.description, category_id = excluded.category_id, manufacturer_id = excluded.manufacturer_id, package_id = excluded.package_id, mount_type = excluded.mount_type, search_text = excluded.search_text, qty_available = excluded.qty_available, unit_price_minor = excluded.unit_price_minor, updated_at = now() returning id, source, (xmax = 0) as inserted`,
                ),
              )
            : [];
          const idBySource = new Map(written.map((row) => [row.source!, row.id]));
          for (const row of written) {
            if (row.inserted) summary.added += 1;
            else summary.updated += 1;
          }
          const updatedIds = written.filter((row) => !row.inserted).map((row) => row.id);
          if (updatedIds.length > 0) {
            await db().delete(partSpecs).where(inArray(partSpecs.partId, updatedIds));
            await db().delete(partStock).where(inArray(partStock.partId, updatedIds));
            await db().delete(partPriceBreaks).where(inArray(partPriceBreaks.partId, updatedIds));
          }

          const specRows: object[] = [];
          const stockRows: object[] = [];
          const priceRows: object[] = [];
          for (const { record } of writable) {
            const partId = idBySource.get(record.source)!;
            const seenSpecs = new Set<number>();
            for (const spec of record.specs) {
              const info = specs.get(spec.specificationId);
              const text = spec.text.trim();
              if (!info || seenSpecs.has(spec.specificationId) || text === '' || text === '-') {
                continue;
              }
              seenSpecs.add(spec.specificationId);
              let optionId: number | null = null;
              if (info.dataType === 'option') {
                const value = spec.specificationId === 6 ? (parseDielectric(text) ?? text) : text;
                const optionKey = `${spec.specificationId}:${value.toLowerCase()}`;
                optionId = optionIds.get(optionKey) ?? null;
                if (optionId === null) {
                  const [row] = await db()
                    .insert(specOptions)
                    .values({ specificationId: spec.specificationId, value, order: 1000 })
                    .returning({ id: specOptions.id });
                  optionId = row!.id;
                  optionIds.set(optionKey, optionId);
                }
              }
              const numbers = numbersOf(text, info, spec.value);
              specRows.push({
                part_id: partId,
                specification_id: spec.specificationId,
                option_id: optionId,
                value_text: text,
                value_num: numbers.valueNum,
                value_min: numbers.valueMin,
                value_max: numbers.valueMax,
                source: record.source.split(':')[0] ?? null,
              });
            }
            const lots = new Set<string>();
            for (const lot of record.stock) {
              const lotKey = `${lot.locationId}:${lot.lot}`;
              if (lots.has(lotKey)) continue;
              lots.add(lotKey);
              stockRows.push({
                part_id: partId,
                location_id: lot.locationId,
                lot: lot.lot,
                qty: lot.qty,
                reserved: lot.reserved,
              });
            }
            const breaks = new Set<number>();
            for (const priceBreak of record.priceBreaks) {
              if (breaks.has(priceBreak.minQty)) continue;
              breaks.add(priceBreak.minQty);
              priceRows.push({
                part_id: partId,
                min_qty: priceBreak.minQty,
                unit_price_minor: priceBreak.unitPriceMinor,
              });
            }
          }
          for (const rows of chunks(specRows, ROW_BATCH)) {
            await db().execute(jsonInsert('part_specs', SPEC_COLUMNS, rows));
          }
          for (const rows of chunks(stockRows, ROW_BATCH)) {
            await db().execute(jsonInsert('part_stock', STOCK_COLUMNS, rows));
          }
          for (const rows of chunks(priceRows, ROW_BATCH)) {
            await db().execute(jsonInsert('part_price_breaks', PRICE_COLUMNS, rows));
          }
          const skuRows: SkuRow[] = [];
          const skuSources: string[] = [];
          const bring = (partId: number | undefined, record: CatalogueRecord) => {
            if (partId === undefined || !record.skus?.length) return;
            skuSources.push(record.source);
            for (const sku of record.skus) skuRows.push({ partId, sku, source: record.source });
          };
          for (const { record } of writable) bring(idBySource.get(record.source), record);
          for (const { partId, record } of skusOfExisting) bring(partId, record);
          for (const { ownerSource, uniqueKey, record } of mergedSkus) {
            bring(idBySource.get(ownerSource) ?? taken.get(uniqueKey)?.id, record);
          }
          await writeSkus(transactor, skuSources, skuRows);
          const merged = skusOfExisting.length + mergedSkus.length;
          if (merged > 0) summary.merged = (summary.merged ?? 0) + merged;
        });
        done += batch.length;
        options.onProgress?.(done, records.length);
      }
      return summary;
    },

    /** Specification ids by lower-cased name, for CSV columns named after specs. */
    async specificationIdsByName(): Promise<Map<string, number>> {
      const rows = await db()
        .select({ id: specifications.id, name: specifications.name })
        .from(specifications);
      return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
    },

    /** Whether a part imported from another source than `prefix:` exists. */
    async hasPartsNotFrom(prefix: string): Promise<boolean> {
      const [row] = await db()
        .select({ id: parts.id })
        .from(parts)
        // Parts members added have no source: they are no other catalogue.
        .where(sql`${parts.source} is not null and ${parts.source} not like ${`${prefix}:%`}`)
        .limit(1);
      return row !== undefined;
    },

    async hasSource(source: string): Promise<boolean> {
      const [row] = await db()
        .select({ id: parts.id })
        .from(parts)
        .where(eq(parts.source, source))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type CatalogueLoader = ReturnType<typeof createCatalogueLoader>;
