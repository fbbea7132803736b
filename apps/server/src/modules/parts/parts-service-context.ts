// What every use case of the parts service shares: its dependencies, the kept reference reads
// (specs, units, options, categories) and the part look-ups and presenters that read the database.

import { type Part, type PartsSearchRow, SEARCH_COUNT_CAP } from '@circuits/contracts';
import { parseDielectric, quantityOfUnit } from '@circuits/domain';
import { sql } from 'drizzle-orm';
import { type ChangeFeed, createReadThroughCache } from '../../db/change-feed.ts';
import type { Transactor } from '../../db/database.ts';
import { forbidden, invalidField, notFound } from '../../http/errors.ts';
import type { AuditLog } from '../admin/audit-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { PackagesService } from '../packages/packages.service.ts';
import { createCatalogueProgress } from './catalogue-progress.ts';
import { numbersOf } from './catalogue-values.ts';
import type {
  ManufacturerRow,
  PartRow,
  PartsRepository,
  SearchRowData,
  SpecValueRowData,
} from './parts.repository.ts';
import { idsIn } from './parts.repository.ts';
import { canEditPart, canSee, readScopeSql } from './parts-access.ts';
import { isBaseUnit, presentBreaks, presentStock, usd } from './parts-presenters.ts';
import type { SpecInfo } from './parts-search.ts';
import { DIELECTRIC_SPEC } from './parts-spec-ids.ts';

/**
 * Search reference reads kept: the spec, category and option lists, and the package names of the
 * keywords' words (one entry per set of words typed).
 */
const REFERENCE_ENTRIES_KEPT = 1000;

export type PartsServiceDeps = {
  repository: PartsRepository;
  packages: PackagesService;
  transactor: Transactor;
  /** A search counts at most this many matches (SEARCH_COUNT_CAP unless configured). */
  countCap?: number;
  changes?: ChangeFeed;
  /** Where the staff's changes to parts are written (the admin audit log). */
  audit: AuditLog;
};

export function createPartsContext(deps: PartsServiceDeps) {
  const { repository, packages, transactor } = deps;
  const countCap = deps.countCap ?? SEARCH_COUNT_CAP;

  // What a search reads besides the parts on every call (specs, units, options, categories,
  // package names), kept while none of it changes: at 1M parts on PostgreSQL these reads were
  // four of a range search's ten queries (bench/README.md). Values kept are shared: read, never
  // changed.
  const reference = deps.changes
    ? createReadThroughCache<string, unknown>({
        feed: deps.changes,
        maxEntries: REFERENCE_ENTRIES_KEPT,
        bypass: transactor.inTransaction,
        invalidatedBy: {
          specifications: 'all',
          spec_units: 'all',
          spec_options: 'all',
          part_categories: 'all',
          category_specs: 'all',
          packages: 'all',
        },
      })
    : undefined;
  const kept = async <T>(key: string, load: () => Promise<T>): Promise<T> =>
    reference ? ((await reference.get(key, load)) as T) : load();

  const specRows = () => kept('specs', () => repository.listSpecs());
  const categoryRows = () => kept('categories', () => repository.listCategories());
  const optionRows = (specIds: readonly number[]) =>
    kept(`options:${specIds.join(',')}`, () => repository.listOptions(specIds));

  type SpecInfos = Map<number, SpecInfo & { unitShort: string | null; name: string }>;

  async function specInfos(): Promise<SpecInfos> {
    return kept('specInfos', () => readSpecInfos());
  }

  async function readSpecInfos(): Promise<SpecInfos> {
    const [specs, units] = await Promise.all([specRows(), repository.listUnits()]);
    const unitById = new Map(units.map((unit) => [unit.id, unit]));
    return new Map(
      specs.map((spec) => {
        const unitShort = spec.unitId === null ? null : (unitById.get(spec.unitId)?.short ?? null);
        const quantity = unitShort && isBaseUnit(unitShort) ? quantityOfUnit(unitShort) : undefined;
        return [spec.id, { dataType: spec.dataType, quantity, unitShort, name: spec.name }];
      }),
    );
  }

  async function dielectricOptionIds(): Promise<Map<string, number>> {
    const options = await optionRows([DIELECTRIC_SPEC]);
    return new Map(options.map((option) => [option.value.toUpperCase(), option.id]));
  }

  async function searchRows(ids: readonly number[]): Promise<PartsSearchRow[]> {
    const rows = await repository.searchRows(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids
      .map((id) => byId.get(id))
      .filter((row): row is SearchRowData => row !== undefined)
      .map((row) => ({
        id: row.id,
        name: row.name,
        part_number: row.partNumber,
        description: row.description,
        manufacturer:
          row.manufacturerId === null
            ? null
            : { id: row.manufacturerId, name: row.manufacturerName! },
        category: row.categoryId === null ? null : { id: row.categoryId, name: row.categoryName! },
        package: row.packageId === null ? null : { id: row.packageId, pkgName: row.pkgName! },
        mount_type: row.mountType,
        confirmed: row.confirmed,
        datasheet: row.datasheet,
        short_specs: row.specs.map((spec) => ({
          specification_id: spec.specificationId,
          name: spec.name,
          value: spec.valueText,
        })),
        ...presentStock(row.stock),
        price: usd(row.unitPriceMinor),
        price_breaks: presentBreaks(row.prices),
        supplier_codes: row.skus,
      }));
  }

  function presentSpecValue(spec: SpecValueRowData) {
    return {
      id: spec.id,
      specification_id: spec.specificationId,
      name: spec.name,
      value: spec.valueText,
      option_id: spec.optionId,
      value_num: spec.valueNum,
      value_min: spec.valueMin,
      value_max: spec.valueMax,
      unit: spec.unit,
      source: spec.source,
    };
  }

  async function presentPart(row: PartRow): Promise<Part> {
    const [specs, stock, prices, maker, category, pkg, addedBy, skus] = await Promise.all([
      repository.specValuesOf([row.id]),
      repository.stockOf([row.id]),
      repository.pricesOf([row.id]),
      row.manufacturerId === null ? undefined : repository.findManufacturer(row.manufacturerId),
      row.categoryId === null ? undefined : repository.findCategory(row.categoryId),
      row.packageId === null ? undefined : packages.findPackage(row.packageId),
      repository.userName(row.addedBy),
      repository.skusOf(row.id),
    ]);
    return {
      id: row.id,
      name: row.name,
      part_number: row.partNumber,
      image: row.image,
      datasheet: row.datasheet,
      description: row.description,
      brand: maker ? { id: maker.id, name: maker.name } : null,
      manufacturer: maker?.name ?? null,
      category: category
        ? {
            id: category.id,
            name: category.name,
            shorts: category.shorts,
            aliases: category.aliases,
          }
        : null,
      package: pkg ?? null,
      mount_type: row.mountType,
      confirmed: row.confirmed,
      added_by: addedBy,
      specifications: specs.map(presentSpecValue),
      ...presentStock(stock),
      price_breaks: presentBreaks(prices),
      price: usd(prices[0]?.unitPriceMinor ?? null),
      supplier_codes: skus,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function visiblePart(actor: Actor, id: number): Promise<PartRow> {
    const row = await repository.findPart(id);
    if (!row || !canSee(actor, row)) throw notFound('part');
    return row;
  }

  async function editablePart(actor: Actor, id: number): Promise<PartRow> {
    const row = await visiblePart(actor, id);
    if (!canEditPart(actor, row)) {
      throw forbidden(
        row.confirmed
          ? 'Only administrators and moderators can change confirmed parts'
          : 'Only editors of the company that added this part, administrators and moderators can change it',
      );
    }
    return row;
  }

  async function visibleManufacturer(
    actor: Actor,
    id: number,
    field: string,
  ): Promise<ManufacturerRow> {
    const row = await repository.findManufacturer(id);
    if (!row || !canSee(actor, row)) {
      throw invalidField(field, `${field} ${id} does not name a manufacturer`);
    }
    return row;
  }

  /** Stores a spec value of a part: an option (by id or name) or a value as written. */
  async function setSpecValue(
    partId: number,
    specificationId: number,
    selected: number | string,
    source: string | null | undefined,
  ): Promise<void> {
    const spec = await repository.findSpec(specificationId);
    if (!spec) {
      throw invalidField('specification_id', `specification_id ${specificationId} does not exist`);
    }
    if (spec.dataType === 'option') {
      let option =
        typeof selected === 'number'
          ? await repository.findOption(selected)
          : await repository.optionNamed(
              specificationId,
              specificationId === DIELECTRIC_SPEC
                ? (parseDielectric(selected) ?? selected)
                : selected,
            );
      if (option && option.specificationId !== specificationId) option = undefined;
      if (!option) {
        throw invalidField('selected_option', `${selected} is not an option of ${spec.name}`);
      }
      await repository.upsertPartSpec({
        partId,
        specificationId,
        optionId: option.id,
        valueText: option.value,
        source: source ?? null,
      });
      return;
    }
    const text = String(selected).trim();
    const infos = await specInfos();
    const info = infos.get(specificationId)!;
    const numbers = numbersOf(text, { dataType: spec.dataType, unitShort: info.unitShort });
    if (spec.dataType === 'number' && numbers.valueNum === null) {
      throw invalidField('selected_option', `"${text}" is not a ${spec.name.toLowerCase()} value`);
    }
    await repository.upsertPartSpec({
      partId,
      specificationId,
      optionId: null,
      valueText: text,
      ...numbers,
      source: source ?? null,
    });
  }

  async function visibleIds(actor: Actor, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const visible = await repository.execute<{ id: number }>(
      sql`select p.id from parts p where ${idsIn(sql`p.id`, ids)} and ${readScopeSql(actor)}`,
    );
    return new Set(visible.map((row) => Number(row.id)));
  }

  return {
    repository,
    packages,
    transactor,
    countCap,
    audit: deps.audit,
    /** A catalogue load under way while the server answers (the demo catalogue's first one). */
    catalogueProgress: createCatalogueProgress(),
    kept,
    specRows,
    categoryRows,
    optionRows,
    specInfos,
    dielectricOptionIds,
    searchRows,
    presentPart,
    visiblePart,
    editablePart,
    visibleManufacturer,
    setSpecValue,
    visibleIds,
  };
}

export type PartsContext = ReturnType<typeof createPartsContext>;
