import type { PartsSearchInput, SpecFilter, SpecFilterMode } from '@circuits/contracts';

// The parts search filters as the page keeps them (and remembers per user, SPEC §9), and the
// search body they make.

/** SPEC §9: the tabs in cycle order; the search opens on category 2. */
export const TAB_ORDER = [1, 2, 4, 8, 5, 7, 11, 19, 6] as const;
export const INITIAL_TAB = 2;
/**
 * The tab of every category (those without a tab of their own too: sensors, crystals…). A typed
 * keyword searches here unless filters narrow it: the tabs then count where its parts are.
 */
export const ALL_TAB = 0;

export type SortColumn = 'part_number' | 'manufacturer' | 'package' | 'qty' | 'price';
export type SortState = { colID: SortColumn; dir: 'asc' | 'desc' } | null;

export type SpecFilterState = {
  mode: SpecFilterMode;
  value: string;
  to: string;
  optionIds: number[];
};

export type SearchFilters = {
  tab: number;
  keyword: string;
  brands: number[];
  packageIds: number[];
  specs: Record<string, SpecFilterState>;
  hideZeroQty: boolean;
  isShowUnconfirmed: boolean;
  sort: SortState;
};

export const DEFAULT_FILTERS: SearchFilters = {
  tab: INITIAL_TAB,
  keyword: '',
  brands: [],
  packageIds: [],
  specs: {},
  // SPEC §9: off by default; reset turns it on.
  hideZeroQty: false,
  isShowUnconfirmed: false,
  sort: null,
};

export function resetFilters(current: SearchFilters): SearchFilters {
  return { ...DEFAULT_FILTERS, tab: current.tab, hideZeroQty: true };
}

/** A new tab keeps the keyword and stock switches; its brands, packages and specs start empty. */
export function switchTab(current: SearchFilters, tab: number): SearchFilters {
  return { ...current, tab, brands: [], packageIds: [], specs: {}, sort: current.sort };
}

/**
 * Filters after a typed change: a new keyword searches the whole catalogue (the All tab), unless
 * brands, packages or values narrow the search within the open tab.
 */
export function afterTyping(previous: SearchFilters, next: SearchFilters): SearchFilters {
  const narrowed =
    next.brands.length > 0 || next.packageIds.length > 0 || specFilters(next.specs).length > 0;
  if (next.keyword.trim() === '' || next.keyword === previous.keyword || narrowed) return next;
  return { ...next, tab: ALL_TAB };
}

/** A tab's label with the parts of the search in it: "Resistors (12)", "(1,000+)" past the cap. */
export function tabLabel(name: string, count: number | undefined, complete: boolean): string {
  if (count === undefined) return complete ? `${name} (0)` : name;
  return `${name} (${count.toLocaleString('en')}${complete ? '' : '+'})`;
}

/** Column sort cycle (SPEC §4): none, asc, desc, none. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current?.colID !== column) return { colID: column, dir: 'asc' };
  return current.dir === 'asc' ? { colID: column, dir: 'desc' } : null;
}

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id) && id > 0) : [];

/** What browser storage holds, as filters; anything unknown falls back to the defaults. */
export function parseStoredFilters(stored: unknown): SearchFilters {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_FILTERS;
  const value = stored as Partial<Record<keyof SearchFilters, unknown>>;
  const tab =
    value.tab === ALL_TAB ? ALL_TAB : (TAB_ORDER.find((id) => id === value.tab) ?? INITIAL_TAB);
  const specs: Record<string, SpecFilterState> = {};
  if (typeof value.specs === 'object' && value.specs !== null) {
    for (const [id, raw] of Object.entries(value.specs as Record<string, unknown>)) {
      if (typeof raw !== 'object' || raw === null) continue;
      const spec = raw as Partial<SpecFilterState>;
      specs[id] = {
        mode: (['eq', 'gte', 'lte', 'range'] as const).find((mode) => mode === spec.mode) ?? 'eq',
        value: typeof spec.value === 'string' ? spec.value : '',
        to: typeof spec.to === 'string' ? spec.to : '',
        optionIds: ids(spec.optionIds),
      };
    }
  }
  const sort = value.sort as SortState | undefined;
  return {
    tab,
    keyword: typeof value.keyword === 'string' ? value.keyword : '',
    brands: ids(value.brands),
    packageIds: ids(value.packageIds),
    specs,
    hideZeroQty: value.hideZeroQty === true,
    isShowUnconfirmed: value.isShowUnconfirmed === true,
    sort:
      sort &&
      ['part_number', 'manufacturer', 'package', 'qty', 'price'].includes(sort.colID) &&
      (sort.dir === 'asc' || sort.dir === 'desc')
        ? sort
        : null,
  };
}

/** The spec filters that say something (a value, a range end or an option). */
export function specFilters(specs: SearchFilters['specs']): SpecFilter[] {
  const filters: SpecFilter[] = [];
  for (const [id, spec] of Object.entries(specs)) {
    const specification_id = Number(id);
    if (spec.optionIds.length > 0) {
      filters.push({ specification_id, option_id: spec.optionIds });
    } else if (spec.mode === 'range' && (spec.value.trim() || spec.to.trim())) {
      filters.push({
        specification_id,
        mode: 'range',
        range: { from: spec.value.trim() || null, to: spec.to.trim() || null },
      });
    } else if (spec.mode !== 'range' && spec.value.trim()) {
      filters.push({ specification_id, mode: spec.mode, value: spec.value.trim() });
    }
  }
  return filters;
}

export function searchBody(filters: SearchFilters): Omit<PartsSearchInput, 'page' | 'perPage'> {
  return {
    keyword: filters.keyword.trim() || null,
    categories: filters.tab === ALL_TAB ? null : [filters.tab],
    brands: filters.brands.length ? filters.brands : null,
    package_ids: filters.packageIds.length ? filters.packageIds : null,
    specs: specFilters(filters.specs),
    hideZeroQty: filters.hideZeroQty,
    isShowUnconfirmed: filters.isShowUnconfirmed,
    orderBy: filters.sort,
  };
}

/**
 * "X7R (1,234)"; when the server stopped counting (more than 1,000 parts to count) a count is a
 * lower bound, "X7R (1,234+)", and a value it did not reach shows no count rather than 0.
 */
export function facetLabel(name: string, count: number | undefined, complete: boolean): string {
  if (count === undefined) return complete ? `${name} (0)` : name;
  return `${name} (${count.toLocaleString('en')}${complete ? '' : '+'})`;
}

/** What the page says while the catalogue is still loading (a first start's demo catalogue). */
export function catalogueLoadingNote(progress: { loaded: number; total: number }): string {
  return `The catalogue is still loading: ${progress.loaded.toLocaleString('en')} of ${progress.total.toLocaleString('en')} parts so far. A search finds only what has loaded.`;
}
