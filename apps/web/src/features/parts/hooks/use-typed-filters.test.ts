import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_FILTERS,
  resetFilters,
  type SearchFilters,
  type SpecFilterState,
  switchTab,
} from '../components/part-search-filters.ts';
import { useTypedFilters } from './use-typed-filters.ts';

const CAPACITANCE: SpecFilterState = { mode: 'range', value: '80n', to: '120n', optionIds: [] };
const X7R: SpecFilterState = { mode: 'eq', value: '', to: '', optionIds: [41] };

/**
 * The search page around the hook: it keeps the filters and takes `echoDelayMs` to hold a change,
 * as a page busy rendering the previous answer does.
 */
function renderSearchPage(echoDelayMs = 0) {
  const sent: SearchFilters[] = [];
  const page = renderHook(() => {
    const [filters, setFilters] = useState<SearchFilters>(DEFAULT_FILTERS);
    const { typed, setTyped, replace } = useTypedFilters(filters, (next) => {
      sent.push(next);
      if (echoDelayMs === 0) setFilters(next);
      else setTimeout(() => setFilters(next), echoDelayMs);
    });
    return { filters, setFilters, typed, setTyped, replace };
  });
  const type = (keyword: string) =>
    act(() => page.result.current.setTyped((draft) => ({ ...draft, keyword })));
  const setSpec = (id: string, state: SpecFilterState) =>
    act(() =>
      page.result.current.setTyped((draft) => ({
        ...draft,
        specs: { ...draft.specs, [id]: state },
      })),
    );
  // In steps, so that React renders, and its effects start their timers, as time goes by.
  const wait = async (ms: number) => {
    for (let step = 0; step < ms; step += 10) await act(() => vi.advanceTimersByTime(10));
  };
  return { page, sent, type, setSpec, wait };
}

describe('useTypedFilters', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends what was typed once, after a pause', async () => {
    const { page, sent, type, wait } = renderSearchPage();
    await type('1');
    await wait(100);
    await type('10');
    await wait(100);
    await type('100n');
    await wait(300);
    expect(sent).toEqual([]);
    await wait(200);
    expect(sent.map((filters) => filters.keyword)).toEqual(['100n']);
    expect(page.result.current.filters.keyword).toBe('100n');
  });

  it('keeps a value picked while the page is still taking the previous pause', async () => {
    const { page, sent, setSpec, wait } = renderSearchPage(200);
    await setSpec('3', CAPACITANCE);
    await wait(450);
    expect(sent).toHaveLength(1);
    // The dielectric is picked after the range went out and before the page took it.
    await setSpec('7', X7R);
    await wait(1000);
    expect(page.result.current.typed.specs).toEqual({ 3: CAPACITANCE, 7: X7R });
    expect(page.result.current.filters.specs).toEqual({ 3: CAPACITANCE, 7: X7R });
  });

  it('clears what was typed on Reset filters, and it stays cleared', async () => {
    const { page, type, setSpec, wait } = renderSearchPage();
    await type('100n');
    await setSpec('3', CAPACITANCE);
    await wait(500);
    expect(page.result.current.filters.keyword).toBe('100n');
    await act(() => page.result.current.replace(resetFilters(page.result.current.filters)));
    expect(page.result.current.typed).toEqual({ keyword: '', specs: {} });
    await wait(1000);
    expect(page.result.current.filters).toMatchObject({ keyword: '', specs: {} });
    expect(page.result.current.typed).toEqual({ keyword: '', specs: {} });
  });

  it('drops a pending pause on Reset filters', async () => {
    const { page, sent, type, wait } = renderSearchPage();
    await type('100n');
    await wait(100);
    await act(() => page.result.current.replace(resetFilters(page.result.current.filters)));
    await wait(1000);
    // Only the reset itself went out.
    expect(sent.map((filters) => filters.keyword)).toEqual(['']);
    expect(page.result.current.typed.keyword).toBe('');
  });

  it('keeps the keyword being typed and drops the value filters on another tab', async () => {
    const { page, sent, type, setSpec, wait } = renderSearchPage();
    await setSpec('3', CAPACITANCE);
    await wait(500);
    await setSpec('7', X7R);
    await type('murata');
    await act(() => {
      const { filters, typed, replace } = page.result.current;
      replace(switchTab({ ...filters, ...typed }, 5));
    });
    expect(page.result.current.typed).toEqual({ keyword: 'murata', specs: {} });
    await wait(1000);
    expect(page.result.current.filters).toMatchObject({ tab: 5, keyword: 'murata', specs: {} });
    expect(sent.at(-1)).toMatchObject({ tab: 5, keyword: 'murata', specs: {} });
  });

  it('takes new filters from the page into the fields they change', async () => {
    const { page, type, wait } = renderSearchPage();
    await type('100n');
    await wait(500);
    const stored: SearchFilters = { ...DEFAULT_FILTERS, keyword: '4k7', specs: { 3: CAPACITANCE } };
    await act(() => page.result.current.setFilters(stored));
    expect(page.result.current.typed).toEqual({ keyword: '4k7', specs: { 3: CAPACITANCE } });
    await wait(1000);
    expect(page.result.current.filters).toBe(stored);
  });
});
