// A search planned: its input read into options, its keyword into filters, and its SQL.

import type { SpecFilter } from '@circuits/contracts';
import { parseDielectric, partNumberKey } from '@circuits/domain';
import { type SQL, sql } from 'drizzle-orm';
import { invalidField } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import type { UnconfirmedScope } from './parts.repository.ts';
import { scopeOf } from './parts-access.ts';
import {
  keywordConditions,
  keywordTokens,
  orderOf,
  type SearchFilters,
  specFilterTest,
} from './parts-search.ts';
import type { PartsContext } from './parts-service-context.ts';
import { DIELECTRIC_SPEC } from './parts-spec-ids.ts';

export type SearchOptions = {
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

export type SearchInput = {
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

export function createSearchPlanner(ctx: PartsContext) {
  const { repository, packages, countCap, kept, optionRows, specInfos, dielectricOptionIds } = ctx;
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

  return { planSearch, searchQueries, searchOptions };
}
