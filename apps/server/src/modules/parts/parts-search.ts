import type { SpecFilter } from '@circuits/contracts';
import {
  type EngineeringValue,
  parseEngineeringValue,
  partNumberKey,
  type Quantity,
  tokenizeValues,
  type ValueToken,
} from '@circuits/domain';
import { type SQL, sql } from 'drizzle-orm';
import { invalidField } from '../../http/errors.ts';
import { idsIn, type UnconfirmedScope, visibleCondition } from './parts.repository.ts';

// The SQL of the parts search, built from what the caller asked for. Every condition is on the
// parts table (alias p) or a subquery on part_specs, so each one can use its index, and facet
// counts can drop the one condition they count over.

/** Global divisors of the option lists: a typed number times the div's multiplier. */
export const VALUE_DIVS = [
  { id: 1, prefix: 'p', multiplier: 1e-12 },
  { id: 2, prefix: 'n', multiplier: 1e-9 },
  { id: 3, prefix: 'µ', multiplier: 1e-6 },
  { id: 4, prefix: 'm', multiplier: 1e-3 },
  { id: 5, prefix: '', multiplier: 1 },
  { id: 6, prefix: 'k', multiplier: 1e3 },
  { id: 7, prefix: 'M', multiplier: 1e6 },
  { id: 8, prefix: 'G', multiplier: 1e9 },
] as const;

/** Which specs a value typed in the keyword may mean, by what it measures. */
export const SPECS_BY_QUANTITY: Partial<Record<Quantity, number[]>> = {
  resistance: [1],
  capacitance: [4],
  inductance: [7],
  voltage: [5, 17, 19, 22, 27],
  current: [8, 20, 23, 24],
  power: [3, 28],
  frequency: [15],
  ratio: [2],
};

const DIELECTRIC_SPEC = 6;

/** Numbers compare equal within this relative difference (4.7e3 from "4k7" and "4700"). */
const EPSILON = 1e-9;

export type SpecInfo = { dataType: 'number' | 'option' | 'text'; quantity: Quantity | undefined };

export type KeywordPlan = {
  conditions: SQL[];
  /** Words matched as text: the typo-tolerant retry matches these by similarity instead. */
  words: string[];
  valueTexts: string[];
  /** The packages each package word allows (`0402`): a part must be in one of each. */
  packageSets: number[][];
};

/**
 * The tokens of a typed keyword that can match something: a token with neither a letter nor a
 * digit (`*`, `!!`, `+++`, a lone `-`) says nothing about a part, so it is no condition at all.
 * Kept as a word it became `like '%*%'` over every part, then a similarity retry over every part.
 */
export function keywordTokens(keyword: string | null | undefined): ValueToken[] {
  if (!keyword) return [];
  return tokenizeValues(keyword).filter((token) => /[\p{L}\p{N}]/u.test(token.text));
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function valueCondition(value: EngineeringValue, column = sql`s.value_num`): SQL {
  if (value.kind === 'range') return sql`${column} between ${value.min} and ${value.max}`;
  return equalsCondition(value.value, column);
}

function equalsCondition(number: number, column = sql`s.value_num`): SQL {
  if (number === 0) return sql`${column} = 0`;
  const low = number - Math.abs(number) * EPSILON;
  const high = number + Math.abs(number) * EPSILON;
  return sql`${column} between ${low} and ${high}`;
}

function specIdsCondition(specIds: readonly number[]): SQL {
  return specIds.length === 1
    ? sql`s.specification_id = ${specIds[0]}`
    : idsIn(sql`s.specification_id`, specIds);
}

function specExists(specIds: readonly number[], condition: SQL): SQL {
  return sql`exists (select 1 from part_specs s where s.part_id = p.id and ${specIdsCondition(specIds)} and ${condition})`;
}

/**
 * Conditions for a keyword's tokens: values match spec numbers (or part numbers starting with
 * the token, `2N7002`), dielectrics their option, package names their package, other words the
 * search text or the part number without dashes.
 */
export function keywordConditions(
  tokens: readonly ValueToken[],
  packagesByWord: ReadonlyMap<string, number[]>,
  dielectricOptionIds: ReadonlyMap<string, number>,
  /** The words' keys that are suppliers' order codes (skuKeysOf). */
  skuKeys: ReadonlySet<string> = new Set(),
): KeywordPlan {
  const conditions: SQL[] = [];
  const words: string[] = [];
  const valueTexts: string[] = [];
  const packageSets: number[][] = [];
  for (const token of tokens) {
    if (token.type === 'dielectric') {
      const optionId = dielectricOptionIds.get(token.dielectric);
      conditions.push(
        optionId === undefined
          ? sql`false`
          : specExists([DIELECTRIC_SPEC], sql`s.option_id = ${optionId}`),
      );
      continue;
    }
    if (token.type === 'value') {
      const quantity = token.value.quantity;
      const specIds = quantity ? SPECS_BY_QUANTITY[quantity] : undefined;
      const key = partNumberKey(token.text);
      const prefix = `${key.replace(/[\\%_]/g, '\\$&')}%`;
      // Either a spec with the value or a part number starting with it: as the ids of two
      // index scans (the spec's numbers, the part-number prefix) rather than an OR, which no
      // index answers and which makes the planner walk every part the other filters leave.
      conditions.push(
        specIds
          ? sql`p.id in (select s.part_id from part_specs s where ${specIdsCondition(specIds)} and ${valueCondition(token.value)}
              union select n.id from parts n where n.part_number_key like ${prefix})`
          : sql`p.part_number_key like ${prefix}`,
      );
      valueTexts.push(token.text);
      continue;
    }
    const word = token.text.toLowerCase();
    const packageIds = packagesByWord.get(word);
    if (packageIds && packageIds.length > 0) {
      conditions.push(idsIn(sql`p.package_id`, packageIds));
      packageSets.push(packageIds);
      continue;
    }
    const key = partNumberKey(token.text);
    // A supplier's order code (C1525, 296-1395-1-ND) means the part that has it: found by the
    // code's index, not searched as text (an OR of both would walk every part).
    if (skuKeys.has(key)) {
      conditions.push(sql`p.id in (select k.part_id from part_skus k where k.sku_key = ${key})`);
      continue;
    }
    conditions.push(
      key.length >= 3 && key.toLowerCase() !== word
        ? sql`(p.search_text like ${likePattern(word)} or p.part_number_key like ${likePattern(key)})`
        : sql`p.search_text like ${likePattern(word)}`,
    );
    words.push(word);
  }
  return { conditions, words, valueTexts, packageSets };
}

/**
 * The typo-tolerant form of word conditions: a word with digits (a part number) close to a part
 * number, any other word close to a word of the search text (trigram similarity, indexed).
 */
export function similarWordConditions(words: readonly string[]): SQL[] {
  return words.map((word) =>
    /\d/.test(word) && partNumberKey(word).length >= 3
      ? sql`p.part_number_key % ${partNumberKey(word)}`
      : sql`${word} <% p.search_text`,
  );
}

function numberOf(
  value: number | string | null | undefined,
  divId: number | null | undefined,
  spec: SpecInfo,
  field: string,
): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidField(field, `${field} must be a finite number`);
    if (divId === null || divId === undefined) return value;
    const div = VALUE_DIVS.find((entry) => entry.id === divId);
    if (!div)
      throw invalidField(
        'div_id',
        `div_id must be one of ${VALUE_DIVS.map((entry) => entry.id).join(', ')}`,
      );
    return Number((value * div.multiplier).toPrecision(15));
  }
  const numeric = Number(value);
  if (value.trim() !== '' && Number.isFinite(numeric)) return numberOf(numeric, divId, spec, field);
  const parsed = parseEngineeringValue(value, { quantity: spec.quantity });
  if (!parsed || (spec.quantity && parsed.quantity !== null && parsed.quantity !== spec.quantity)) {
    throw invalidField(field, `${field} "${value}" is not a value this spec can have`);
  }
  return parsed.value;
}

/**
 * One spec filter of a search: a test on the part's value of that spec (alias s, one row per
 * part and spec), and how narrow such a test usually is, to choose which filter the planner
 * starts from (lower is narrower).
 */
export type SpecTest = { specificationId: number; test: SQL; narrowness: number };

const NARROWNESS = { equal: 0, range: 1, option: 2, bound: 3 } as const;

/**
 * The test of one spec filter of the search body. `optionNamed` finds an option of the spec
 * by its value as typed (`X7R`), so an option spec filtered by value uses the option index.
 */
export function specFilterTest(
  filter: SpecFilter,
  spec: SpecInfo | undefined,
  optionNamed: (specificationId: number, value: string) => number | undefined = () => undefined,
): SpecTest {
  if (!spec) {
    throw invalidField('specs', `specification ${filter.specification_id} does not exist`);
  }
  const id = filter.specification_id;
  const result = (test: SQL, narrowness: number): SpecTest => ({
    specificationId: id,
    test,
    narrowness,
  });
  if (filter.option_id !== null && filter.option_id !== undefined) {
    const optionIds = Array.isArray(filter.option_id) ? filter.option_id : [filter.option_id];
    return result(idsIn(sql`s.option_id`, optionIds), NARROWNESS.option);
  }
  if (spec.dataType !== 'number') {
    if (typeof filter.value === 'string' && filter.value !== '') {
      const optionId = spec.dataType === 'option' ? optionNamed(id, filter.value) : undefined;
      if (optionId !== undefined) return result(sql`s.option_id = ${optionId}`, NARROWNESS.option);
      return result(sql`lower(s.value_text) = ${filter.value.toLowerCase()}`, NARROWNESS.option);
    }
    throw invalidField('specs', `specification ${id} needs option_id`);
  }
  const mode = filter.mode ?? (filter.range ? 'range' : 'eq');
  if (mode === 'range') {
    const from = numberOf(filter.range?.from, filter.div_id, spec, 'range.from');
    const to = numberOf(filter.range?.to, filter.div_id, spec, 'range.to');
    if (from === undefined && to === undefined) {
      throw invalidField('specs', 'a range needs range.from, range.to or both');
    }
    if (from !== undefined && to !== undefined && from > to) {
      throw invalidField('specs', 'range.from must not be greater than range.to');
    }
    const parts: SQL[] = [];
    if (from !== undefined) parts.push(sql`s.value_num >= ${from - Math.abs(from) * EPSILON}`);
    if (to !== undefined) parts.push(sql`s.value_num <= ${to + Math.abs(to) * EPSILON}`);
    return result(
      sql.join(parts, sql` and `),
      parts.length === 2 ? NARROWNESS.range : NARROWNESS.bound,
    );
  }
  const number = numberOf(filter.value, filter.div_id, spec, 'value');
  if (number === undefined) throw invalidField('specs', `specification ${id} needs a value`);
  if (mode === 'gte')
    return result(sql`s.value_num >= ${number - Math.abs(number) * EPSILON}`, NARROWNESS.bound);
  if (mode === 'lte')
    return result(sql`s.value_num <= ${number + Math.abs(number) * EPSILON}`, NARROWNESS.bound);
  return result(equalsCondition(number), NARROWNESS.equal);
}

/**
 * The conditions of a search's spec filters, as one: the parts whose value of the narrowest
 * filter's spec passes (its index: part_specs_num_idx or part_specs_option_idx, which drops the
 * other packages' values too), kept when their own value of each other filter's spec passes
 * (looked up by part_specs_part_spec_key, a part has at most one value per spec). The lookups run
 * on part_specs before any part row is read: at 1M parts, reading the parts of every value in a
 * 80–120 nF range first and testing them after took three times as long (bench/README.md). As
 * a join of every filter's matches, the planner would hash a broad one's (X7R: 40% of the
 * capacitors) before the narrow range stops anything.
 */
export function specConditions(
  tests: readonly SpecTest[],
  packageIds: readonly number[] | undefined,
): SQL[] {
  if (tests.length === 0) return [];
  const driver = tests.reduce((best, test) => (test.narrowness < best.narrowness ? test : best));
  const inPackages = packageIds ? sql` and ${idsIn(sql`s.package_id`, packageIds)}` : sql``;
  const matches = sql`select s.part_id from part_specs s where s.specification_id = ${driver.specificationId} and ${driver.test}${inPackages}`;
  const others = tests
    .filter((test) => test !== driver)
    .map(
      (test) =>
        sql`coalesce((select ${test.test} from part_specs s where s.part_id = d.part_id and s.specification_id = ${test.specificationId}), false)`,
    );
  return [
    others.length === 0
      ? sql`p.id in (${matches})`
      : sql`p.id in (select d.part_id from (${matches}) d where ${sql.join(others, sql` and `)})`,
  ];
}

export type SearchFilters = {
  scope: UnconfirmedScope;
  keyword: SQL[];
  /** The package sets of the keyword's package words (KeywordPlan.packageSets). */
  keywordPackages: number[][];
  categories: number[] | undefined;
  brands: number[] | undefined;
  packages: number[] | undefined;
  mountType: 'SMD' | 'THT' | undefined;
  partIds: number[] | undefined;
  hideZeroQty: boolean;
  onlyUnconfirmed: boolean;
  specs: SpecTest[];
};

export type FilterKey = 'brands' | 'packages' | 'categories' | `spec:${number}`;

/** The packages a part may be in under the filters (undefined: any), as one list. */
function packagesAllowed(filters: SearchFilters, except?: FilterKey): number[] | undefined {
  const sets = [...filters.keywordPackages];
  if (filters.packages?.length && except !== 'packages') sets.push(filters.packages);
  if (sets.length === 0) return undefined;
  return sets.reduce((allowed, set) => allowed.filter((id) => set.includes(id)));
}

/** The WHERE of a search, without the filter named by `except` (for its facet counts). */
export function whereOf(filters: SearchFilters, except?: FilterKey): SQL {
  const conditions: SQL[] = [visibleCondition(filters.scope), ...filters.keyword];
  if (filters.onlyUnconfirmed) conditions.push(sql`not p.confirmed`);
  if (filters.categories?.length && except !== 'categories') {
    conditions.push(idsIn(sql`p.category_id`, filters.categories));
  }
  if (filters.brands?.length && except !== 'brands') {
    conditions.push(idsIn(sql`p.manufacturer_id`, filters.brands));
  }
  if (filters.packages?.length && except !== 'packages') {
    conditions.push(idsIn(sql`p.package_id`, filters.packages));
  }
  if (filters.mountType) conditions.push(sql`p.mount_type = ${filters.mountType}`);
  if (filters.partIds?.length) conditions.push(idsIn(sql`p.id`, filters.partIds));
  if (filters.hideZeroQty) conditions.push(sql`p.qty_available > 0`);
  conditions.push(
    ...specConditions(
      filters.specs.filter((spec) => except !== `spec:${spec.specificationId}`),
      packagesAllowed(filters, except),
    ),
  );
  return sql.join(conditions, sql` and `);
}

export type Order = {
  colID?: string | number | null | undefined;
  dir?: 'asc' | 'desc' | null | undefined;
};

/** ORDER BY of a search (with the joins it needs); ties and no order fall back to the id. */
export function orderOf(order: Order | null | undefined): {
  join: SQL;
  orderBy: SQL;
  /** Ordered by id alone (no order asked): the order of the search's capped count walk. */
  byId: boolean;
} {
  const dir = order?.dir === 'desc' ? sql`desc` : sql`asc`;
  const nulls = sql`nulls last`;
  switch (order?.dir ? order.colID : undefined) {
    case 'price':
      return { join: sql``, orderBy: sql`p.unit_price_minor ${dir} ${nulls}, p.id`, byId: false };
    case 'qty':
      return { join: sql``, orderBy: sql`p.qty_available ${dir}, p.id`, byId: false };
    case 'part_number':
      return { join: sql``, orderBy: sql`p.part_number_key ${dir}, p.id`, byId: false };
    case 'name':
      return { join: sql``, orderBy: sql`lower(p.name) ${dir}, p.id`, byId: false };
    case 'manufacturer':
      return {
        join: sql`left join manufacturers om on om.id = p.manufacturer_id`,
        orderBy: sql`lower(om.name) ${dir} ${nulls}, p.id`,
        byId: false,
      };
    case 'package':
      return {
        join: sql`left join packages ok on ok.id = p.package_id`,
        orderBy: sql`lower(ok.pkg_name) ${dir} ${nulls}, p.id`,
        byId: false,
      };
    case undefined:
    case null:
      return { join: sql``, orderBy: sql`p.id`, byId: true };
    default: {
      const specId = Number(order?.colID);
      return {
        join: sql`left join part_specs os on os.part_id = p.id and os.specification_id = ${specId}`,
        orderBy: sql`os.value_num ${dir} ${nulls}, lower(os.value_text) ${dir} ${nulls}, p.id`,
        byId: false,
      };
    }
  }
}
