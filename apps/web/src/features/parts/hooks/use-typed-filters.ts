import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchFilters } from '../components/part-search-filters.ts';

/** The filters a user types into: they reach the search after a pause, not at every key. */
export type TypedFilters = Pick<SearchFilters, 'keyword' | 'specs'>;

const TYPING_PAUSE_MS = 400;

function sameSpecs(a: TypedFilters['specs'], b: TypedFilters['specs']): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What the user has typed into the keyword and value filters, ahead of the search. A pause in
 * typing sends it to `onChange`. `replace` sends filters that overrule what was typed (Reset
 * filters, another tab), pending or not; new filters from the page (another user's stored
 * filters) replace what was typed in the fields they change.
 *
 * Each side compares against the last value either side agreed on, never against the other's
 * current value: the search's answer to an earlier pause must not undo what was typed since, and
 * the pending pause must not bring back what Reset cleared.
 */
export function useTypedFilters(
  filters: SearchFilters,
  onChange: (filters: SearchFilters) => void,
): {
  typed: TypedFilters;
  setTyped: (update: (draft: TypedFilters) => TypedFilters) => void;
  replace: (next: SearchFilters) => void;
} {
  const [draft, setDraft] = useState<TypedFilters>({
    keyword: filters.keyword,
    specs: filters.specs,
  });
  const [paused] = useDebouncedValue(draft, TYPING_PAUSE_MS);
  const agreed = useRef<TypedFilters>(draft);
  // The pause effect and `replace` run later than this render: they read the newest props here.
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  useEffect(() => {
    const keywordChanged = filters.keyword !== agreed.current.keyword;
    const specsChanged = !sameSpecs(filters.specs, agreed.current.specs);
    if (!keywordChanged && !specsChanged) return;
    agreed.current = { keyword: filters.keyword, specs: filters.specs };
    setDraft((current) => ({
      keyword: keywordChanged ? filters.keyword : current.keyword,
      specs: specsChanged ? filters.specs : current.specs,
    }));
  }, [filters.keyword, filters.specs]);

  useEffect(() => {
    const { keyword, specs } = agreed.current;
    if (paused.keyword === keyword && sameSpecs(paused.specs, specs)) return;
    agreed.current = paused;
    latest.current.onChange({ ...latest.current.filters, ...paused });
  }, [paused]);

  const replace = useCallback((next: SearchFilters) => {
    agreed.current = { keyword: next.keyword, specs: next.specs };
    setDraft(agreed.current);
    latest.current.onChange(next);
  }, []);

  return { typed: draft, setTyped: setDraft, replace };
}
