import {
  type BrandCount,
  type Facets,
  type Manufacturer,
  type Part,
  type PartCategory,
  type PartsSearchResult,
  type PartsSearchRow,
  SEARCH_COUNT_CAP,
  type Spec,
  type SpecCategory,
  type SpecFilter,
  type SpecOption,
  type SpecUnit,
  type ValueOptions,
} from '@circuits/contracts';
import {
  type BaseUnit,
  formatEngineeringValue,
  parseDielectric,
  partNumberKey,
  quantityOfUnit,
} from '@circuits/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type ChangeFeed, createReadThroughCache } from '../../db/change-feed.ts';
import { conflictOnDuplicate, type Transactor } from '../../db/database.ts';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors.ts';
import type { AuditLog } from '../admin/audit-log.ts';
import type { Actor } from '../auth/actor.ts';
import { seesAllCompanies } from '../auth/authorization.ts';
import type { PackagesService } from '../packages/packages.service.ts';
import { numbersOf } from './catalogue-loader.ts';
import type {
  ManufacturerRow,
  PartRow,
  PartsRepository,
  PriceRowData,
  SearchRowData,
  SpecValueRowData,
  StockRowData,
  UnconfirmedScope,
} from './parts.repository.ts';
import { idsIn } from './parts.repository.ts';
import {
  type FilterKey,
  keywordConditions,
  keywordTokens,
  orderOf,
  type SearchFilters,
  type SpecInfo,
  similarWordConditions,
  specFilterTest,
  VALUE_DIVS,
  whereOf,
} from './parts-search.ts';

export const DIELECTRIC_SPEC = 6;
export const DIODE_TYPE_SPEC = 16;
/**
 * Search reference reads kept: the spec, category and option lists, and the package names of the
 * keywords' words (one entry per set of words typed).
 */
const REFERENCE_ENTRIES_KEPT = 1000;
const VALUE_OPTION_SPECS = { capacitance: 4, resistance: 1, voltage: 5 } as const;

const RANGE_LIST: ValueOptions['rangeList'] = [
  { id: 'eq', name: '=' },
  { id: 'gte', name: '≥' },
  { id: 'lte', name: '≤' },
  { id: 'range', name: 'from … to' },
];

const DIVS_BY_UNIT: Readonly<Record<string, number[]>> = {
  F: [1, 2, 3, 4],
  Ω: [4, 5, 6, 7],
  V: [4, 5, 6],
  H: [2, 3, 4],
  A: [3, 4, 5],
  W: [4, 5],
  Hz: [5, 6, 7, 8],
};

function isStaff(actor: Actor): boolean {
  return seesAllCompanies(actor);
}

function assertStaff(actor: Actor, what: string): void {
  if (!isStaff(actor)) throw forbidden(`Only administrators and moderators can change ${what}`);
}

function assertContributor(actor: Actor, what: string): void {
  if (!isStaff(actor) && actor.companyRole !== 'edit') {
    throw forbidden(`Only company editors can add ${what}`);
  }
}

function scopeOf(actor: Actor, showUnconfirmed: boolean): UnconfirmedScope {
  if (!showUnconfirmed) return { type: 'none' };
  return isStaff(actor) ? { type: 'all' } : { type: 'company', companyId: actor.companyId };
}

/** What any reader may see: confirmed rows, their company's unconfirmed ones, staff all. */
function readScope(actor: Actor): UnconfirmedScope {
  return scopeOf(actor, true);
}

function canSee(actor: Actor, row: { confirmed: boolean; companyId: number | null }): boolean {
  return row.confirmed || isStaff(actor) || row.companyId === actor.companyId;
}

function canEditPart(actor: Actor, part: PartRow): boolean {
  if (isStaff(actor)) return true;
  return !part.confirmed && part.companyId === actor.companyId && actor.companyRole === 'edit';
}

function usd(minor: number | null): number | null {
  return minor === null ? null : Number((minor / 100).toFixed(6));
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const list = groups.get(id);
    if (list) list.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

function presentStock(lots: readonly StockRowData[]) {
  const locs = lots.map((lot) => ({
    location_id: lot.locationId,
    location: lot.location,
    lot: lot.lot,
    qty: lot.qty,
    reserved: lot.reserved,
    available: Math.max(0, lot.qty - lot.reserved),
  }));
  const qty = locs.reduce((sum, lot) => sum + lot.qty, 0);
  const reserved = locs.reduce((sum, lot) => sum + lot.reserved, 0);
  const available = locs.reduce((sum, lot) => sum + lot.available, 0);
  return { qty: { qty, reserved, available }, locs };
}

/** What an audit entry keeps of a part. */
export function partAuditState(row: PartRow, manufacturer: string | null) {
  return {
    id: row.id,
    name: row.name,
    part_number: row.partNumber,
    manufacturer,
    confirmed: row.confirmed,
    company_id: row.companyId,
  };
}

/** What the part form changes (SPEC part form): a save that changes none of it is no change. */
const PART_FORM_FIELDS = [
  'name',
  'partNumber',
  'manufacturerId',
  'categoryId',
  'packageId',
  'mountType',
  'description',
  'datasheet',
  'image',
  'confirmed',
] as const satisfies readonly (keyof PartRow)[];

function partFormChanged(before: PartRow, after: PartRow): boolean {
  return PART_FORM_FIELDS.some((field) => before[field] !== after[field]);
}

function presentBreaks(breaks: readonly PriceRowData[]) {
  return breaks.map((entry) => ({
    quantity: entry.minQty,
    unit_price_minor: entry.unitPriceMinor,
  }));
}

export function presentManufacturer(row: ManufacturerRow, partsCount: number): Manufacturer {
  return {
    id: row.id,
    name: row.name,
    aliases: row.aliases,
    confirmed: row.confirmed,
    parts_count: partsCount,
  };
}

/** An integer array from the database: parsed by the driver, or as PostgreSQL writes it. */
function idList(value: (string | number)[] | string | null): number[] {
  if (value === null) return [];
  const items = typeof value === 'string' ? value.replace(/[{}]/g, '').split(',') : value;
  return items.filter((item) => item !== '').map(Number);
}

export function createPartsService(deps: {
  repository: PartsRepository;
  packages: PackagesService;
  transactor: Transactor;
  /** A search counts at most this many matches (SEARCH_COUNT_CAP unless configured). */
  countCap?: number;
  changes?: ChangeFeed;
  /** Where the staff's changes to parts are written (the admin audit log). */
  audit: AuditLog;
}) {
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

  type SearchOptions = {
    keyword?: string | null | undefined;
    page: number;
    perPage: number;
    scope: UnconfirmedScope;
    categories?: number[] | null | undefined;
    brands?: number[] | null | undefined;
    packageIds?: number[] | undefined;
    mountType?: 'SMD' | 'THT' | null | undefined;
    partIds?: number[] | null | undefined;
    specs?: SpecFilter[] | null | undefined;
    orderBy?:
      | { colID?: string | number | null | undefined; dir?: 'asc' | 'desc' | null | undefined }
      | null
      | undefined;
    hideZeroQty?: boolean;
    onlyUnconfirmed?: boolean;
    facets?: boolean;
    /** Count every match (the catalogue page's pagination) instead of stopping at the cap. */
    exactTotal?: boolean;
  };

  /** The filters of a search, its keyword read into values, packages and words. */
  async function planSearch(options: SearchOptions) {
    const tokens = keywordTokens(options.keyword);
    const words = tokens
      .filter((token) => token.type === 'word')
      .map((token) => token.text.toLowerCase());
    const valueSpecIds = (options.specs ?? [])
      .filter((filter) => typeof filter.value === 'string' && filter.option_id == null)
      .map((filter) => filter.specification_id);
    const [packagesByWord, dielectrics, infos, valueOptions] = await Promise.all([
      kept(`packagesNamed:${words.join(' ')}`, () => packages.packagesNamed(words)),
      tokens.some((token) => token.type === 'dielectric')
        ? dielectricOptionIds()
        : new Map<string, number>(),
      options.specs?.length || typeof options.orderBy?.colID === 'number' ? specInfos() : undefined,
      valueSpecIds.length ? optionRows(valueSpecIds) : [],
    ]);
    // An option spec filtered by a value as typed: its option (C0G also when typed NP0).
    const optionNamed = (specificationId: number, value: string) => {
      const wanted = (
        specificationId === DIELECTRIC_SPEC ? (parseDielectric(value) ?? value) : value
      ).toLowerCase();
      return valueOptions.find(
        (option) =>
          option.specificationId === specificationId && option.value.toLowerCase() === wanted,
      )?.id;
    };
    // Words with a digit may be suppliers' order codes: which are, in one indexed look-up.
    const codeKeys = [
      ...new Set(words.map((word) => partNumberKey(word)).filter((key) => /\d/.test(key))),
    ];
    const skuKeys = new Set(
      codeKeys.length === 0
        ? []
        : (
            await repository.execute<{ sku_key: string }>(
              sql`select distinct sku_key from part_skus
                where sku_key in (select json_array_elements_text(${JSON.stringify(codeKeys)}::json))`,
            )
          ).map((row) => String(row.sku_key)),
    );
    const plan = keywordConditions(tokens, packagesByWord, dielectrics, skuKeys);
    if (typeof options.orderBy?.colID === 'number' && !infos?.has(options.orderBy.colID)) {
      throw invalidField('orderBy', `colID ${options.orderBy.colID} is not a specification`);
    }
    const filters: SearchFilters = {
      scope: options.scope,
      keyword: plan.conditions,
      keywordPackages: plan.packageSets,
      categories: options.categories ?? undefined,
      brands: options.brands ?? undefined,
      packages: options.packageIds,
      mountType: options.mountType ?? undefined,
      partIds: options.partIds ?? undefined,
      hideZeroQty: options.hideZeroQty ?? false,
      onlyUnconfirmed: options.onlyUnconfirmed ?? false,
      specs: (options.specs ?? []).map((filter) =>
        specFilterTest(filter, infos?.get(filter.specification_id), optionNamed),
      ),
    };
    return { tokens, plan, filters, packagesByWord, dielectrics };
  }

  /**
   * The queries of a search (for the benchmark's EXPLAIN, and runSearch). The count stops after
   * countCap + 1 matches: an exact count of a broad search walks hundreds of thousands of
   * parts, and "more than 1,000" is all a reader needs of it. In the default order (by id) that
   * walk is in page order already, so when the page lies within it one query (`walk`: the
   * first countCap + 1 ids, counted and the page's cut out) answers both; the planner reads the same rows for it as for the
   * count (an id-ordered index, or the matches of a text or spec index sorted in memory).
   */
  function searchQueries(where: SQL, options: SearchOptions) {
    const order = orderOf(options.orderBy);
    const offset = (options.page - 1) * options.perPage;
    // The walk's count and the page's ids come back as one row, not as countCap + 1 rows.
    const walk =
      !options.exactTotal && order.byId && offset + options.perPage <= countCap + 1
        ? sql`select count(*) as count,
            (array_agg(w.id order by w.id))[${offset + 1}:${offset + options.perPage}] as ids
            from (select p.id from parts p where ${where} order by p.id limit ${countCap + 1}) w`
        : undefined;
    return {
      walk,
      count: options.exactTotal
        ? sql`select count(*) as count from parts p where ${where}`
        : sql`select count(*) as count from (select 1 from parts p where ${where} limit ${countCap + 1}) m`,
      page: sql`select p.id from parts p ${order.join} where ${where} order by ${order.orderBy} limit ${options.perPage} offset ${offset}`,
    };
  }

  type SearchInput = {
    keyword?: string | null | undefined;
    page: number;
    perPage: number;
    isShowUnconfirmed: boolean;
    brands?: number[] | null | undefined;
    categories?: number[] | null | undefined;
    specs?: SpecFilter[] | null | undefined;
    orderBy?: SearchOptions['orderBy'];
    package_ids?: number[] | null | undefined;
    parts_ids?: number[] | null | undefined;
    filter_package_id?: number | null | undefined;
    filter_package_mount_type?: 'SMD' | 'THT' | null | undefined;
    hideZeroQty: boolean;
    facets: boolean;
  };

  function searchOptions(actor: Actor, input: SearchInput): SearchOptions {
    const packageIds = [
      ...(input.package_ids ?? []),
      ...(input.filter_package_id ? [input.filter_package_id] : []),
    ];
    return {
      keyword: input.keyword,
      page: input.page,
      perPage: input.perPage,
      scope: scopeOf(actor, input.isShowUnconfirmed),
      categories: input.categories,
      brands: input.brands,
      packageIds: packageIds.length ? packageIds : undefined,
      mountType: input.filter_package_mount_type,
      partIds: input.parts_ids,
      specs: input.specs,
      orderBy: input.orderBy,
      hideZeroQty: input.hideZeroQty,
      facets: input.facets,
    };
  }

  async function runSearch(options: SearchOptions): Promise<PartsSearchResult> {
    const { tokens, plan, filters, packagesByWord, dielectrics } = await planSearch(options);
    const offset = (options.page - 1) * options.perPage;

    const pageOf = async (where: SQL) => {
      const queries = searchQueries(where, options);
      if (queries.walk) {
        const [walked] = await repository.execute<{
          count: string | number;
          ids: (string | number)[] | string | null;
        }>(queries.walk);
        const counted = Number(walked?.count ?? 0);
        const totalCapped = counted > countCap;
        return {
          totalAmount: totalCapped ? countCap : counted,
          totalCapped,
          ids: idList(walked?.ids ?? null),
        };
      }
      const [countRow] = await repository.execute<{ count: string | number }>(queries.count);
      const counted = Number(countRow?.count ?? 0);
      const totalCapped = !options.exactTotal && counted > countCap;
      const totalAmount = totalCapped ? countCap : counted;
      // Past the cap the rows are still there: a page beyond it is asked for, not skipped.
      const ids =
        totalAmount === 0 || (!totalCapped && offset >= totalAmount)
          ? []
          : (await repository.execute<{ id: number }>(queries.page)).map((row) => Number(row.id));
      return { totalAmount, totalCapped, ids };
    };

    let typoTolerant = false;
    let result = await pageOf(whereOf(filters));
    if (result.totalAmount === 0 && plan.words.length > 0) {
      // Nothing matches as typed: try the nearest spellings of the words (trigram similarity).
      const tolerant: SearchFilters = {
        ...filters,
        keyword: [
          ...keywordConditions(
            tokens.filter((token) => token.type !== 'word'),
            packagesByWord,
            dielectrics,
          ).conditions,
          ...similarWordConditions(plan.words.filter((word) => !packagesByWord.has(word))),
        ],
        // Package words are words: the retry leaves them out with the rest.
        keywordPackages: [],
      };
      const retried = await repository.withTypoTolerance(() => pageOf(whereOf(tolerant)));
      if (retried.totalAmount > 0) {
        typoTolerant = true;
        result = retried;
        filters.keyword = tolerant.keyword;
        filters.keywordPackages = tolerant.keywordPackages;
      }
    }
    const data = await searchRows(result.ids);
    const response: PartsSearchResult = {
      data,
      totalAmount: result.totalAmount,
      totalPages: Math.ceil(result.totalAmount / options.perPage),
      totalCapped: result.totalCapped,
      typoTolerant,
    };
    if (options.facets) {
      const run = () => facetsOf(filters, options.categories ?? undefined);
      response.facets = typoTolerant ? await repository.withTypoTolerance(run) : await run();
    }
    return response;
  }

  /**
   * Facet counts: parts per brand, package and option under the other filters. Each facet counts
   * at most countCap + 1 matching parts (a bounded walk, like the total); past that its
   * counts are lower bounds and it says so (`complete`). Facets whose filter is not set share the
   * search's own conditions, so brands and packages are counted in one pass then.
   */
  async function facetsOf(
    filters: SearchFilters,
    categories: number[] | undefined,
  ): Promise<Facets> {
    const limit = countCap + 1;
    const bounded = (columns: SQL, where: SQL) =>
      sql`select ${columns} from parts p where ${where} limit ${limit}`;
    type Count = { id: number; count: number };
    const countsOf = (rows: Record<string, unknown>[], column: string): Count[] =>
      rows
        .filter((row) => row[column] !== null && row[column] !== undefined)
        .map((row) => ({ id: Number(row[column]), count: Number(row.count) }));
    const sumOf = (counts: readonly Count[]) => counts.reduce((sum, row) => sum + row.count, 0);

    let brandCounts: Count[];
    let packageCounts: Count[];
    let brandsComplete: boolean;
    let packagesComplete: boolean;
    const brandsSet = (filters.brands?.length ?? 0) > 0;
    const packagesSet = (filters.packages?.length ?? 0) > 0;
    if (!brandsSet && !packagesSet) {
      // One bounded walk for both; `g` tells the two groupings apart.
      const rows = await repository.execute<Record<string, unknown>>(sql`
        select grouping(m.manufacturer_id) as g, m.manufacturer_id, m.package_id, count(*) as count
        from (${bounded(sql`p.manufacturer_id, p.package_id`, whereOf(filters))}) m
        group by grouping sets ((m.manufacturer_id), (m.package_id))`);
      brandCounts = countsOf(
        rows.filter((row) => Number(row.g) === 0),
        'manufacturer_id',
      );
      packageCounts = countsOf(
        rows.filter((row) => Number(row.g) === 1),
        'package_id',
      );
      const walked = sumOf(
        rows
          .filter((row) => Number(row.g) === 0)
          .map((row) => ({ id: 0, count: Number(row.count) })),
      );
      brandsComplete = walked <= countCap;
      packagesComplete = brandsComplete;
    } else {
      const one = async (column: 'manufacturer_id' | 'package_id', except: FilterKey) => {
        const rows = await repository.execute<Record<string, unknown>>(sql`
          select m.${sql.raw(column)}, count(*) as count
          from (${bounded(sql`p.${sql.raw(column)}`, whereOf(filters, except))}) m
          group by 1`);
        return {
          counts: countsOf(rows, column),
          complete: rows.reduce((sum, row) => sum + Number(row.count), 0) <= countCap,
        };
      };
      const [brands, pkgs] = await Promise.all([
        one('manufacturer_id', 'brands'),
        one('package_id', 'packages'),
      ]);
      brandCounts = brands.counts;
      brandsComplete = brands.complete;
      packageCounts = pkgs.counts;
      packagesComplete = pkgs.complete;
    }

    // Parts per category without the category filter: the tabs show where the keyword's parts are.
    const categoryRowsCounted = await repository.execute<Record<string, unknown>>(sql`
      select m.category_id, count(*) as count
      from (${bounded(sql`p.category_id`, whereOf(filters, 'categories'))}) m
      group by 1`);
    const categoryCounts = countsOf(categoryRowsCounted, 'category_id');
    const categoriesComplete =
      categoryRowsCounted.reduce((sum, row) => sum + Number(row.count), 0) <= countCap;

    const [brandNames, packageNames, categoryList, specs] = await Promise.all([
      repository.execute<{ id: number; name: string }>(
        sql`select m.id, m.name from manufacturers m where ${idsIn(
          sql`m.id`,
          brandCounts.map((row) => row.id),
        )}`,
      ),
      repository.execute<{ id: number; pkg_name: string }>(
        sql`select k.id, k.pkg_name from packages k where ${idsIn(
          sql`k.id`,
          packageCounts.map((row) => row.id),
        )}`,
      ),
      categoryRows(),
      specRows(),
    ]);
    const optionSpecIds = new Set(
      specs.filter((spec) => spec.dataType === 'option').map((spec) => spec.id),
    );
    const tabSpecs = new Set<number>();
    for (const category of categoryList) {
      if (!categories || categories.includes(category.id)) {
        for (const id of category.specIds) if (optionSpecIds.has(id)) tabSpecs.add(id);
      }
    }
    for (const spec of filters.specs) {
      if (optionSpecIds.has(spec.specificationId)) tabSpecs.add(spec.specificationId);
    }
    const options: Facets['options'] = [];
    const optionsIncomplete: number[] = [];
    // Without a category the option counts would span the whole catalogue: only for tabs.
    const facetSpecIds = categories ? [...tabSpecs] : [];
    // One query per spec, sent together (on PostgreSQL they run side by side on the pool).
    const countsPerSpec = await Promise.all(
      facetSpecIds.map((specId) =>
        // The walk goes over the parts (each one's option looked up), not over the spec's
        // values: a join lets the planner hash every value of the spec before the limit stops it.
        repository.execute<Record<string, unknown>>(sql`
          select m.option_id, count(*) as count from (
            select (select s.option_id from part_specs s
                    where s.part_id = p.id and s.specification_id = ${specId}) as option_id
            from parts p where ${whereOf(filters, `spec:${specId}`)}
            limit ${limit}
          ) m group by m.option_id`),
      ),
    );
    facetSpecIds.forEach((specId, index) => {
      const rows = countsPerSpec[index]!;
      if (rows.reduce((sum, row) => sum + Number(row.count), 0) > countCap) {
        optionsIncomplete.push(specId);
      }
      for (const row of rows) {
        if (row.option_id === null || row.option_id === undefined) continue;
        options.push({
          specification_id: specId,
          option_id: Number(row.option_id),
          count: Number(row.count),
        });
      }
    });
    const brandName = new Map(brandNames.map((row) => [Number(row.id), String(row.name)]));
    const packageName = new Map(packageNames.map((row) => [Number(row.id), String(row.pkg_name)]));
    const byCount = <T extends { count: number; name: string }>(a: T, b: T) =>
      b.count - a.count || a.name.localeCompare(b.name);
    return {
      brands: brandCounts
        .filter((row) => brandName.has(row.id))
        .map((row) => ({ id: row.id, name: brandName.get(row.id)!, count: row.count }))
        .sort(byCount)
        .slice(0, 100),
      packages: packageCounts
        .filter((row) => packageName.has(row.id))
        .map((row) => ({ id: row.id, name: packageName.get(row.id)!, count: row.count }))
        .sort(byCount)
        .slice(0, 200)
        .map((row) => ({ id: row.id, pkgName: row.name, count: row.count })),
      options,
      categories: categoryCounts.sort((a, b) => b.count - a.count || a.id - b.id),
      complete: {
        brands: brandsComplete,
        packages: packagesComplete,
        categories: categoriesComplete,
        optionsIncomplete,
      },
    };
  }

  async function presentSpecs(
    rows: Awaited<ReturnType<PartsRepository['listSpecs']>>,
  ): Promise<Spec[]> {
    const [units, options] = await Promise.all([
      repository.listUnits(),
      repository.listOptions(rows.map((row) => row.id)),
    ]);
    const unitById = new Map(units.map((unit) => [unit.id, unit]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      category_id: row.categoryId,
      unit_id: row.unitId,
      unit: row.unitId === null ? null : (unitById.get(row.unitId) ?? null),
      data_type: row.dataType,
      required: row.required,
      options: options.filter((option) => option.specificationId === row.id).map(presentOption),
    }));
  }

  async function valueOptions(actor: Actor, specificationId: number): Promise<ValueOptions> {
    const infos = await specInfos();
    const unit = infos.get(specificationId)?.unitShort ?? '';
    const counts = await repository.specValueCounts(specificationId, readScope(actor));
    return {
      specification_id: specificationId,
      options: counts.map((entry) => ({
        value: entry.value,
        label: isBaseUnit(unit) ? formatEngineeringValue(entry.value, unit) : String(entry.value),
        count: entry.count,
      })),
      divs: (DIVS_BY_UNIT[unit] ?? [5]).map((id) => {
        const div = VALUE_DIVS.find((entry) => entry.id === id)!;
        return { id: div.id, name: `${div.prefix}${unit}`, multiplier: div.multiplier };
      }),
      rangeList: RANGE_LIST,
    };
  }

  return {
    async search(actor: Actor, input: SearchInput): Promise<PartsSearchResult> {
      return runSearch(searchOptions(actor, input));
    },

    /** The SQL a search runs (count, page, brand facet), for EXPLAIN in the benchmark. */
    async searchSql(actor: Actor, input: SearchInput) {
      const options = searchOptions(actor, input);
      const { filters } = await planSearch(options);
      return {
        ...searchQueries(whereOf(filters), options),
        facet: sql`select m.manufacturer_id, m.package_id, count(*) from (select p.manufacturer_id, p.package_id from parts p where ${whereOf(filters)} limit ${countCap + 1}) m group by grouping sets ((m.manufacturer_id), (m.package_id))`,
      };
    },

    async list(
      actor: Actor,
      input: {
        keyword?: string | null | undefined;
        page: number;
        perPage: number;
        categories?: number[] | null | undefined;
        brands?: number[] | null | undefined;
        isShowUnconfirmed: boolean;
        onlyUnconfirmed?: boolean;
      },
    ) {
      const result = await runSearch({
        keyword: input.keyword,
        page: input.page,
        perPage: input.perPage,
        scope: scopeOf(actor, input.isShowUnconfirmed || (input.onlyUnconfirmed ?? false)),
        categories: input.categories,
        brands: input.brands,
        onlyUnconfirmed: input.onlyUnconfirmed ?? false,
        orderBy: { colID: 'part_number', dir: 'asc' },
        exactTotal: true,
      });
      return { data: result.data, totalAmount: result.totalAmount, totalPages: result.totalPages };
    },

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

    async getPart(actor: Actor, id: number): Promise<Part> {
      return presentPart(await visiblePart(actor, id));
    },

    async addPart(
      actor: Actor,
      input: {
        name: string;
        part_number: string;
        manufacturer_id: number;
        category_id?: number | null | undefined;
        package_id?: number | null | undefined;
        mount_type?: 'SMD' | 'THT' | null | undefined;
        description?: string | null | undefined;
        datasheet?: string | null | undefined;
        image?: string | null | undefined;
        specs?:
          | {
              specification_id: number;
              selected_option: number | string;
              source?: string | null | undefined;
            }[]
          | null
          | undefined;
      },
    ): Promise<Part> {
      assertContributor(actor, 'parts');
      const maker = await visibleManufacturer(actor, input.manufacturer_id, 'manufacturer_id');
      if (input.category_id && !(await repository.findCategory(input.category_id))) {
        throw invalidField('category_id', `category_id ${input.category_id} does not exist`);
      }
      const pkg = input.package_id ? await packages.findPackage(input.package_id) : undefined;
      if (input.package_id && !pkg) {
        throw invalidField('package_id', `package_id ${input.package_id} does not exist`);
      }
      const key = partNumberKey(input.part_number);
      const duplicate = {
        part_number: `${input.part_number} of ${maker.name} is already in the catalogue`,
      };
      if (await repository.findPartByKey(maker.id, key)) throw conflict(duplicate);
      const id = await transactor.transaction(async () => {
        const row = await conflictOnDuplicate(duplicate, () =>
          repository.insertPart({
            name: input.name,
            partNumber: input.part_number,
            partNumberKey: key,
            image: input.image || null,
            datasheet: input.datasheet || null,
            description: input.description ?? '',
            categoryId: input.category_id ?? null,
            manufacturerId: maker.id,
            packageId: input.package_id ?? null,
            mountType: input.mount_type ?? pkg?.mountType ?? null,
            addedBy: actor.userId,
            companyId: actor.companyId,
            confirmed: isStaff(actor),
          }),
        );
        for (const spec of input.specs ?? []) {
          await setSpecValue(row.id, spec.specification_id, spec.selected_option, spec.source);
        }
        await repository.refreshSearchText(sql`p.id = ${row.id}`);
        return row.id;
      });
      return presentPart((await repository.findPart(id))!);
    },

    async updatePart(
      actor: Actor,
      id: number,
      form: {
        name?: string | undefined;
        part_number?: string | undefined;
        manufacturer_id?: number | undefined;
        category_id?: number | undefined;
        package_id?: number | undefined;
        mount_type?: 'SMD' | 'THT' | undefined;
        description?: string | null | undefined;
        datasheet?: string | null | undefined;
        image?: string | null | undefined;
        confirmed?: boolean | undefined;
      },
    ): Promise<Part> {
      const row = await editablePart(actor, id);
      if (form.confirmed !== undefined && form.confirmed !== row.confirmed && !isStaff(actor)) {
        throw forbidden('Only administrators and moderators can confirm parts');
      }
      const manufacturerId = form.manufacturer_id ?? row.manufacturerId;
      if (form.manufacturer_id !== undefined) {
        await visibleManufacturer(actor, form.manufacturer_id, 'manufacturer_id');
      }
      if (form.category_id !== undefined && !(await repository.findCategory(form.category_id))) {
        throw invalidField('category_id', `category_id ${form.category_id} does not exist`);
      }
      if (form.package_id !== undefined && !(await packages.findPackage(form.package_id))) {
        throw invalidField('package_id', `package_id ${form.package_id} does not exist`);
      }
      const partNumber = form.part_number ?? row.partNumber;
      const key = partNumberKey(partNumber);
      if (
        manufacturerId !== null &&
        (key !== row.partNumberKey || manufacturerId !== row.manufacturerId)
      ) {
        const other = await repository.findPartByKey(manufacturerId, key);
        if (other && other.id !== id) {
          throw conflict({
            part_number: `${partNumber} is already in the catalogue for this manufacturer`,
          });
        }
      }
      const updated = await transactor.transaction(async () => {
        await repository.updatePart(id, {
          ...(form.name !== undefined && { name: form.name }),
          ...(form.part_number !== undefined && { partNumber, partNumberKey: key }),
          ...(form.manufacturer_id !== undefined && { manufacturerId }),
          ...(form.category_id !== undefined && { categoryId: form.category_id }),
          ...(form.package_id !== undefined && { packageId: form.package_id }),
          ...(form.mount_type !== undefined && { mountType: form.mount_type }),
          ...(form.description !== undefined && { description: form.description ?? '' }),
          ...(form.datasheet !== undefined && { datasheet: form.datasheet || null }),
          ...(form.image !== undefined && { image: form.image || null }),
          ...(form.confirmed !== undefined && { confirmed: form.confirmed }),
        });
        await repository.refreshSearchText(sql`p.id = ${id}`);
        const after = (await repository.findPart(id))!;
        if (isStaff(actor) && partFormChanged(row, after)) {
          const [makerBefore, makerAfter] = await Promise.all([
            repository.manufacturerName(row.manufacturerId),
            repository.manufacturerName(after.manufacturerId),
          ]);
          const confirming = after.confirmed && !row.confirmed;
          await deps.audit.record(actor, {
            action: confirming ? 'part.confirm' : 'part.update',
            targetType: 'part',
            targetId: id,
            summary: `${confirming ? 'Confirmed' : 'Changed'} part ${after.partNumber}${makerAfter ? ` of ${makerAfter}` : ''}`,
            before: partAuditState(row, makerBefore),
            after: partAuditState(after, makerAfter),
          });
        }
        return after;
      });
      return presentPart(updated);
    },

    /** The part, when the actor may change or delete it (else 404 or 403). */
    editablePartRow: editablePart,

    async addPartSpec(
      actor: Actor,
      partId: number,
      input: {
        specification_id: number;
        selected_option: number | string;
        source?: string | null | undefined;
      },
    ): Promise<Part> {
      await editablePart(actor, partId);
      await setSpecValue(partId, input.specification_id, input.selected_option, input.source);
      return presentPart((await repository.findPart(partId))!);
    },

    async updatePartSpec(
      actor: Actor,
      connId: number,
      input: {
        selected_option: number | string;
        source?: string | null | undefined;
      },
    ): Promise<Part> {
      const conn = await repository.findPartSpec(connId);
      if (!conn) throw notFound('spec value');
      await editablePart(actor, conn.partId);
      await setSpecValue(
        conn.partId,
        conn.specificationId,
        input.selected_option,
        input.source ?? conn.source,
      );
      return presentPart((await repository.findPart(conn.partId))!);
    },

    async removePartSpec(actor: Actor, connId: number): Promise<Part> {
      const conn = await repository.findPartSpec(connId);
      if (!conn) throw notFound('spec value');
      await editablePart(actor, conn.partId);
      await repository.deletePartSpec(connId);
      return presentPart((await repository.findPart(conn.partId))!);
    },

    // ---- manufacturers ----

    async allBrands(actor: Actor): Promise<Manufacturer[]> {
      const rows = await repository.listManufacturers(readScope(actor));
      return rows.map((row) => presentManufacturer(row, row.partsCount));
    },

    async miniBrands(actor: Actor, categoryId: number | undefined): Promise<BrandCount[]> {
      return repository.brandsInCategory(readScope(actor), categoryId);
    },

    async addManufacturer(
      actor: Actor,
      input: { name: string; aliases?: string[] | undefined },
    ): Promise<Manufacturer> {
      assertContributor(actor, 'manufacturers');
      for (const name of [input.name, ...(input.aliases ?? [])]) {
        const existing = await repository.manufacturerNamed(name);
        if (existing) {
          throw conflict({
            name: `${name} is already known as the manufacturer ${existing.name}`,
          });
        }
      }
      const row = await conflictOnDuplicate({ name: `${input.name} already exists` }, () =>
        repository.insertManufacturer({
          name: input.name,
          aliases: input.aliases ?? [],
          confirmed: isStaff(actor),
          addedBy: actor.userId,
          companyId: actor.companyId,
        }),
      );
      return presentManufacturer(row, 0);
    },

    async updateManufacturer(
      actor: Actor,
      id: number,
      input: { name?: string | undefined; aliases?: string[] | undefined },
    ): Promise<Manufacturer> {
      assertStaff(actor, 'manufacturers');
      const row = await repository.findManufacturer(id);
      if (!row) throw notFound('manufacturer');
      for (const name of [input.name, ...(input.aliases ?? [])]) {
        if (!name) continue;
        const existing = await repository.manufacturerNamed(name);
        if (existing && existing.id !== id) {
          throw conflict({ name: `${name} is already known as the manufacturer ${existing.name}` });
        }
      }
      await transactor.transaction(async () => {
        await conflictOnDuplicate({ name: `${input.name} already exists` }, () =>
          repository.updateManufacturer(id, {
            ...(input.name !== undefined && { name: input.name }),
            ...(input.aliases !== undefined && { aliases: input.aliases }),
          }),
        );
        await repository.refreshSearchText(sql`p.manufacturer_id = ${id}`);
      });
      const updated = (await repository.findManufacturer(id))!;
      return presentManufacturer(updated, await repository.countPartsOfManufacturer(id));
    },

    // ---- categories ----

    async allCategories(): Promise<PartCategory[]> {
      return (await repository.listCategories()).map(presentCategory);
    },

    categoryNames: async (): Promise<Map<number, string>> =>
      new Map((await repository.listCategories()).map((row) => [row.id, row.name])),

    async saveCategory(
      actor: Actor,
      id: number | undefined,
      input: {
        name: string;
        parent_id?: number | null | undefined;
        shorts?: string[] | undefined;
        aliases?: string[] | undefined;
        spec_ids?: number[] | undefined;
      },
    ): Promise<PartCategory> {
      assertStaff(actor, 'categories');
      if (id !== undefined && !(await repository.findCategory(id))) throw notFound('category');
      if (input.parent_id && !(await repository.findCategory(input.parent_id))) {
        throw invalidField('parent_id', `parent_id ${input.parent_id} does not exist`);
      }
      if (input.parent_id !== undefined && input.parent_id === id) {
        throw invalidField('parent_id', 'A category cannot be its own parent');
      }
      const specs = new Set((await repository.listSpecs()).map((spec) => spec.id));
      const unknown = (input.spec_ids ?? []).find((specId) => !specs.has(specId));
      if (unknown !== undefined)
        throw invalidField('spec_ids', `specification ${unknown} does not exist`);
      const savedId = await transactor.transaction(() =>
        conflictOnDuplicate({ name: `A category named ${input.name} already exists` }, async () => {
          const fields = {
            name: input.name,
            ...(input.parent_id !== undefined && { parentId: input.parent_id }),
            ...(input.shorts !== undefined && { shorts: input.shorts }),
            ...(input.aliases !== undefined && { aliases: input.aliases }),
          };
          const categoryId = id === undefined ? (await repository.insertCategory(fields)).id : id;
          if (id !== undefined) await repository.updateCategory(id, fields);
          if (input.spec_ids !== undefined)
            await repository.setCategorySpecs(categoryId, input.spec_ids);
          return categoryId;
        }),
      );
      const saved = (await repository.listCategories()).find((row) => row.id === savedId)!;
      return presentCategory(saved);
    },

    // ---- specs, units, spec categories ----

    async listSpecs(): Promise<Spec[]> {
      return presentSpecs(await repository.listSpecs());
    },

    async getSpec(id: number): Promise<Spec> {
      const row = await repository.findSpec(id);
      if (!row) throw notFound('specification');
      return (await presentSpecs([row]))[0]!;
    },

    async saveSpec(
      actor: Actor,
      id: number | undefined,
      input: {
        name?: string | undefined;
        category_id?: number | null | undefined;
        unit_id?: number | null | undefined;
        data_type?: 'number' | 'option' | 'text' | undefined;
        required?: boolean | undefined;
        options?: { value: string; order: number }[] | undefined;
      },
    ): Promise<Spec> {
      assertStaff(actor, 'specifications');
      const existing = id === undefined ? undefined : await repository.findSpec(id);
      if (id !== undefined && !existing) throw notFound('specification');
      if (input.category_id && !(await repository.findSpecCategory(input.category_id))) {
        throw invalidField(
          'category_id',
          `category_id ${input.category_id} is not a spec category`,
        );
      }
      if (input.unit_id && !(await repository.findUnit(input.unit_id))) {
        throw invalidField('unit_id', `unit_id ${input.unit_id} is not a spec unit`);
      }
      const savedId = await transactor.transaction(() =>
        conflictOnDuplicate(
          { name: `A specification named ${input.name} already exists` },
          async () => {
            const fields = {
              ...(input.name !== undefined && { name: input.name }),
              ...(input.category_id !== undefined && { categoryId: input.category_id }),
              ...(input.unit_id !== undefined && { unitId: input.unit_id }),
              ...(input.data_type !== undefined && { dataType: input.data_type }),
              ...(input.required !== undefined && { required: input.required }),
            };
            const specId =
              id === undefined
                ? (
                    await repository.insertSpec({
                      name: input.name!,
                      dataType: input.data_type!,
                      ...fields,
                    })
                  ).id
                : id;
            if (id !== undefined) await repository.updateSpec(id, fields);
            for (const option of input.options ?? []) {
              if (!(await repository.optionNamed(specId, option.value))) {
                await repository.insertOption({
                  specificationId: specId,
                  value: option.value,
                  order: option.order,
                });
              }
            }
            return specId;
          },
        ),
      );
      return (await presentSpecs([(await repository.findSpec(savedId))!]))[0]!;
    },

    async addOption(
      actor: Actor,
      specId: number,
      input: { specification_id?: number | undefined; value: string; order: number },
    ): Promise<Spec> {
      assertStaff(actor, 'specification options');
      if (input.specification_id !== undefined && input.specification_id !== specId) {
        throw invalidField(
          'specification_id',
          'specification_id must match the specification in the path',
        );
      }
      const spec = await repository.findSpec(specId);
      if (!spec) throw notFound('specification');
      if (spec.dataType !== 'option') {
        throw invalidField('specification_id', `${spec.name} takes values, not options`);
      }
      await conflictOnDuplicate(
        { value: `${input.value} is already an option of ${spec.name}` },
        () =>
          repository.insertOption({
            specificationId: specId,
            value: input.value,
            order: input.order,
          }),
      );
      return (await presentSpecs([spec]))[0]!;
    },

    async listUnits(): Promise<SpecUnit[]> {
      return repository.listUnits();
    },

    async saveUnit(
      actor: Actor,
      id: number | undefined,
      input: { name: string; short: string },
    ): Promise<SpecUnit> {
      assertStaff(actor, 'spec units');
      if (id !== undefined && !(await repository.findUnit(id))) throw notFound('spec unit');
      return conflictOnDuplicate(
        { name: `A unit named ${input.name} already exists` },
        async () => {
          if (id === undefined) return repository.insertUnit(input);
          await repository.updateUnit(id, input);
          return (await repository.findUnit(id))!;
        },
      );
    },

    async listSpecCategories(): Promise<SpecCategory[]> {
      return repository.listSpecCategories();
    },

    async saveSpecCategory(
      actor: Actor,
      id: number | undefined,
      name: string,
    ): Promise<SpecCategory> {
      assertStaff(actor, 'spec categories');
      if (id !== undefined && !(await repository.findSpecCategory(id)))
        throw notFound('spec category');
      return conflictOnDuplicate(
        { name: `A spec category named ${name} already exists` },
        async () => {
          if (id === undefined) return repository.insertSpecCategory(name);
          await repository.updateSpecCategory(id, name);
          return (await repository.findSpecCategory(id))!;
        },
      );
    },

    // ---- option lists ----

    capacitanceOptions: (actor: Actor) => valueOptions(actor, VALUE_OPTION_SPECS.capacitance),
    resistanceOptions: (actor: Actor) => valueOptions(actor, VALUE_OPTION_SPECS.resistance),
    voltageOptions: (actor: Actor) => valueOptions(actor, VALUE_OPTION_SPECS.voltage),

    async optionsOf(specId: number): Promise<SpecOption[]> {
      return (await repository.listOptions([specId])).map(presentOption);
    },

    async specsOptions(actor: Actor, ids: readonly number[]) {
      const all = await repository.listSpecs();
      const unknown = ids.find((id) => !all.some((spec) => spec.id === id));
      if (unknown !== undefined)
        throw invalidField('specs', `specification ${unknown} does not exist`);
      const specs = await presentSpecs(all.filter((spec) => ids.includes(spec.id)));
      return Promise.all(
        specs.map(async (spec) => ({
          ...spec,
          values: spec.data_type === 'number' ? (await valueOptions(actor, spec.id)).options : [],
        })),
      );
    },
  };

  async function visibleIds(actor: Actor, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const visible = await repository.execute<{ id: number }>(
      sql`select p.id from parts p where ${idsIn(sql`p.id`, ids)} and ${readScopeSql(actor)}`,
    );
    return new Set(visible.map((row) => Number(row.id)));
  }

  function readScopeSql(actor: Actor): SQL {
    const scope = readScope(actor);
    if (scope.type === 'all') return sql`true`;
    if (scope.type === 'company') return sql`(p.confirmed or p.company_id = ${scope.companyId})`;
    return sql`p.confirmed`;
  }
}

function presentOption(option: {
  id: number;
  specificationId: number;
  value: string;
  order: number;
}): SpecOption {
  return {
    id: option.id,
    specification_id: option.specificationId,
    value: option.value,
    order: option.order,
    aliases:
      option.specificationId === DIELECTRIC_SPEC && option.value === 'C0G' ? ['NP0', 'NPO'] : [],
  };
}

function presentCategory(row: {
  id: number;
  parentId: number | null;
  name: string;
  shorts: string[];
  aliases: string[];
  specIds: number[];
}): PartCategory {
  return {
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    shorts: row.shorts,
    aliases: row.aliases,
    spec_ids: row.specIds,
  };
}

const BASE_UNIT_SET = new Set<string>(['Ω', 'F', 'H', 'V', 'A', 'W', 'Hz', 's', '°C', '%']);

function isBaseUnit(unit: string): unit is BaseUnit {
  return BASE_UNIT_SET.has(unit);
}

export type PartsService = ReturnType<typeof createPartsService>;
