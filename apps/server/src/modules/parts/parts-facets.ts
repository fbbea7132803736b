// Facet counts of a search: parts per brand, package, category and option, each a bounded walk.

import type { Facets } from '@circuits/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { idsIn } from './parts.repository.ts';
import { type FilterKey, type SearchFilters, whereOf } from './parts-search.ts';
import type { PartsContext } from './parts-service-context.ts';

export function createFacets(ctx: PartsContext) {
  const { repository, countCap, specRows, categoryRows } = ctx;
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

  return facetsOf;
}
