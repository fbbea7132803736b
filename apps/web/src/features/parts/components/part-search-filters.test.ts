import { describe, expect, it } from 'vitest';
import { nextSearchPage } from '../api/parts-api.ts';
import {
  ALL_TAB,
  afterTyping,
  catalogueLoadingNote,
  DEFAULT_FILTERS,
  facetLabel,
  nextSort,
  parseStoredFilters,
  resetFilters,
  searchBody,
  switchTab,
  TAB_ORDER,
  tabLabel,
} from './part-search-filters.ts';

describe('parts search filters (SPEC §4, §9)', () => {
  it('opens on category 2 with the tabs in cycle order and zero quantities shown', () => {
    expect(TAB_ORDER).toEqual([1, 2, 4, 8, 5, 7, 11, 19, 6]);
    expect(DEFAULT_FILTERS.tab).toBe(2);
    expect(DEFAULT_FILTERS.hideZeroQty).toBe(false);
  });

  it('reset turns hide-zero-quantity on and clears the rest but the tab', () => {
    const busy = { ...DEFAULT_FILTERS, tab: 5, keyword: 'x', brands: [3], hideZeroQty: false };
    expect(resetFilters(busy)).toEqual({ ...DEFAULT_FILTERS, tab: 5, hideZeroQty: true });
  });

  it('a tab change clears the filters of the previous tab but keeps the keyword', () => {
    const busy = {
      ...DEFAULT_FILTERS,
      keyword: '100n',
      packageIds: [4],
      specs: { 4: { mode: 'eq' as const, value: '1u', to: '', optionIds: [] } },
    };
    expect(switchTab(busy, 1)).toMatchObject({
      tab: 1,
      keyword: '100n',
      packageIds: [],
      specs: {},
    });
  });

  it('cycles a column sort none → asc → desc → none', () => {
    const asc = nextSort(null, 'price');
    expect(asc).toEqual({ colID: 'price', dir: 'asc' });
    const desc = nextSort(asc, 'price');
    expect(desc).toEqual({ colID: 'price', dir: 'desc' });
    expect(nextSort(desc, 'price')).toBeNull();
    expect(nextSort(desc, 'qty')).toEqual({ colID: 'qty', dir: 'asc' });
  });

  it('loads 30 rows, then 15 per page, stopping when 15 × page exceeds the total', () => {
    expect(nextSearchPage(1, 30)).toBeUndefined();
    expect(nextSearchPage(1, 31)).toBe(3);
    expect(nextSearchPage(3, 45)).toBeUndefined();
    expect(nextSearchPage(3, 46)).toBe(4);
  });

  it('goes on loading past the count cap while pages come back full', () => {
    const capped = (rows: number, perPage: number) => ({ totalCapped: true, rows, perPage });
    // The total says "more than 1,000": row 1,000 is no end.
    expect(nextSearchPage(67, 1000, capped(15, 15))).toBe(68);
    expect(nextSearchPage(70, 1000, capped(15, 15))).toBe(71);
    expect(nextSearchPage(71, 1000, capped(7, 15))).toBeUndefined();
    expect(nextSearchPage(3, 46, { totalCapped: false, rows: 15, perPage: 15 })).toBe(4);
  });

  it('searches every category for a new keyword, unless filters narrow the open tab', () => {
    const typed = afterTyping(DEFAULT_FILTERS, { ...DEFAULT_FILTERS, keyword: '4k7 0603 1%' });
    expect(typed.tab).toBe(ALL_TAB);
    expect(searchBody(typed).categories).toBeNull();
    const narrowed = { ...DEFAULT_FILTERS, brands: [3] };
    expect(afterTyping(narrowed, { ...narrowed, keyword: 'x7r' }).tab).toBe(2);
    // Clearing the keyword, or a pause with the same keyword, leaves the tab alone.
    const onTab = { ...DEFAULT_FILTERS, tab: 1, keyword: 'lm358' };
    expect(afterTyping(onTab, { ...onTab }).tab).toBe(1);
    expect(afterTyping(onTab, { ...onTab, keyword: '' }).tab).toBe(1);
    expect(parseStoredFilters({ tab: ALL_TAB }).tab).toBe(ALL_TAB);
    expect(parseStoredFilters({ tab: 3 }).tab).toBe(2);
  });

  it('counts the parts of each tab, a lower bound past the cap', () => {
    expect(tabLabel('Resistors', 12, true)).toBe('Resistors (12)');
    expect(tabLabel('Resistors', undefined, true)).toBe('Resistors (0)');
    expect(tabLabel('Resistors', 1001, false)).toBe('Resistors (1,001+)');
    expect(tabLabel('Resistors', undefined, false)).toBe('Resistors');
  });

  it('turns filters into the search body, leaving out empty spec filters', () => {
    const body = searchBody({
      ...DEFAULT_FILTERS,
      specs: {
        4: { mode: 'range', value: '80n', to: '120n', optionIds: [] },
        5: { mode: 'gte', value: '', to: '', optionIds: [] },
        6: { mode: 'eq', value: '', to: '', optionIds: [3] },
      },
      sort: { colID: 'price', dir: 'asc' },
    });
    expect(body).toMatchObject({
      categories: [2],
      specs: [
        { specification_id: 4, mode: 'range', range: { from: '80n', to: '120n' } },
        { specification_id: 6, option_id: [3] },
      ],
      orderBy: { colID: 'price', dir: 'asc' },
    });
  });

  it('reads stored filters defensively', () => {
    expect(parseStoredFilters('junk')).toEqual(DEFAULT_FILTERS);
    expect(
      parseStoredFilters({ tab: 99, brands: ['x', 2], sort: { colID: 'evil', dir: 'asc' } }),
    ).toMatchObject({
      tab: 2,
      brands: [2],
      sort: null,
    });
  });

  it('labels facet counts, with "+" where the server stopped counting', () => {
    expect(facetLabel('X7R', 1234, true)).toBe('X7R (1,234)');
    expect(facetLabel('X7R', undefined, true)).toBe('X7R (0)');
    expect(facetLabel('X7R', 1234, false)).toBe('X7R (1,234+)');
    expect(facetLabel('X7R', undefined, false)).toBe('X7R');
  });
});

describe('the catalogue still loading', () => {
  it('says how many parts have loaded of how many', () => {
    expect(catalogueLoadingNote({ loaded: 5200, total: 22725 })).toBe(
      'The catalogue is still loading: 5,200 of 22,725 parts so far. A search finds only what has loaded.',
    );
  });
});
