import { useEffect, useMemo, useRef, useState } from 'react';
import { type PricedBoards, requestPrices } from '../api/cart-api.ts';
import { createLatestRequest } from '../lib/latest-request.ts';

export type BoardLine = {
  id: number;
  amount: number;
  material: string | null;
  /** A build time id of the price book; absent or null: its first. */
  lead_time?: string | null;
};

export type BoardPrices = {
  /** The answer to the newest request (kept while a newer one is pending). */
  data: PricedBoards | undefined;
  /** A request for the lines as they are now is pending. */
  loading: boolean;
  failed: boolean;
};

/**
 * Prices the lines whenever they change (SPEC §4: prices reload after any change); a request
 * still pending when the lines change again is cancelled, so the answer shown is always the
 * newest one. `onRejected` hears of each line the server would not price.
 */
export function useBoardPrices(
  lines: readonly BoardLine[],
  options: {
    enabled?: boolean;
    /** Anything else the prices depend on (the board settings): a change reloads them. */
    refreshKey?: string;
    onRejected?: (rejected: PricedBoards['rejected']) => void;
    request?: typeof requestPrices;
  } = {},
): BoardPrices {
  const { enabled = true } = options;
  // What is asked, and what else it depends on: any change reloads the prices.
  const key = JSON.stringify({
    lines: lines.map((line) => [line.id, line.amount, line.material, line.lead_time ?? null]),
    refresh: options.refreshKey ?? '',
  });
  const latest = useMemo(() => createLatestRequest(), []);
  const [state, setState] = useState<BoardPrices>({
    data: undefined,
    loading: false,
    failed: false,
  });
  const callbacks = useRef(options);
  callbacks.current = options;

  useEffect(() => {
    if (!enabled) return;
    const wanted = (JSON.parse(key) as { lines: [number, number, string | null, string | null][] })
      .lines;
    const boards = wanted.map(([id, amount, material, lead_time]) => ({
      id,
      amount,
      material,
      lead_time,
    }));
    if (boards.length === 0) {
      latest.cancel();
      setState({ data: undefined, loading: false, failed: false });
      return;
    }
    setState((previous) => ({ ...previous, loading: true }));
    const request = callbacks.current.request ?? requestPrices;
    latest
      .run((signal) => request(boards, signal))
      .then(
        (outcome) => {
          if (outcome.type === 'superseded') return;
          setState({ data: outcome.value, loading: false, failed: false });
          if (outcome.value.rejected.length > 0)
            callbacks.current.onRejected?.(outcome.value.rejected);
        },
        () => setState((previous) => ({ ...previous, loading: false, failed: true })),
      );
  }, [key, enabled, latest]);

  useEffect(() => () => latest.cancel(), [latest]);
  return state;
}
