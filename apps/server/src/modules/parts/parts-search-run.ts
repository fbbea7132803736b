// Searching the catalogue: a planned search run (with a typo-tolerant retry), its page and facets.

import type { PartsSearchResult } from '@circuits/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { scopeOf } from './parts-access.ts';
import { createFacets } from './parts-facets.ts';
import { idList } from './parts-presenters.ts';
import {
  keywordConditions,
  type SearchFilters,
  similarWordConditions,
  whereOf,
} from './parts-search.ts';
import { createSearchPlanner, type SearchInput, type SearchOptions } from './parts-search-plan.ts';
import type { PartsContext } from './parts-service-context.ts';

export function createPartsSearching(ctx: PartsContext) {
  const { repository, countCap, searchRows } = ctx;
  const { planSearch, searchQueries, searchOptions } = createSearchPlanner(ctx);
  const facetsOf = createFacets(ctx);

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

  return {
    async search(actor: Actor, input: SearchInput): Promise<PartsSearchResult> {
      const result = await runSearch(searchOptions(actor, input));
      // While the catalogue loads, what a search finds is not all there will be.
      const loading = ctx.catalogueProgress.current();
      return loading ? { ...result, catalogueLoading: { ...loading } } : result;
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
  };
}
