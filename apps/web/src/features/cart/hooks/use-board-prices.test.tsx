import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PricedBoards, requestPrices } from '../api/cart-api.ts';
import { type BoardLine, useBoardPrices } from './use-board-prices.ts';

/** An answer naming what was asked, so a test sees which request it came from. */
function answer(boards: readonly BoardLine[], rejected: PricedBoards['rejected'] = []) {
  return {
    prices: boards.map((board) => ({ id: board.id, amount: board.amount })),
    rejected,
  } as unknown as PricedBoards;
}

/** A price request answering after a delay chosen per amount; abort rejects it as fetch does. */
function delayedRequests(delayOf: (amount: number) => number) {
  const asked: number[] = [];
  const request = ((boards, signal) => {
    asked.push(boards[0]!.amount);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(answer(boards)), delayOf(boards[0]!.amount));
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  }) as typeof requestPrices;
  return { asked, request };
}

describe('useBoardPrices', () => {
  it('shows the answer to the newest request when an older one answers later', async () => {
    // The request for 1 takes long, the one for 12 answers at once.
    const { asked, request } = delayedRequests((amount) => (amount === 1 ? 80 : 5));
    const { result, rerender } = renderHook(
      ({ amount }) => useBoardPrices([{ id: 3, amount, material: null }], { request }),
      { initialProps: { amount: 1 } },
    );
    rerender({ amount: 12 });
    await waitFor(() => expect(result.current.data?.prices[0]).toMatchObject({ amount: 12 }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    expect(result.current.data?.prices[0]).toMatchObject({ amount: 12 });
    expect(result.current.loading).toBe(false);
    expect(asked).toEqual([1, 12]);
  });

  it('reloads when something else the price depends on changes', async () => {
    const { asked, request } = delayedRequests(() => 1);
    const { result, rerender } = renderHook(
      ({ settings }) =>
        useBoardPrices([{ id: 3, amount: 5, material: null }], { request, refreshKey: settings }),
      { initialProps: { settings: 'ENIG' } },
    );
    await waitFor(() => expect(result.current.data).toBeDefined());
    rerender({ settings: 'HASL' });
    await waitFor(() => expect(asked).toHaveLength(2));
    rerender({ settings: 'HASL' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(asked).toHaveLength(2);
  });

  it('tells of the lines the server rejected', async () => {
    const rejected: unknown[] = [];
    const request = ((boards) =>
      Promise.resolve(
        answer(boards, [{ product_id: 3, message: 'Board sizes should be selected' }]),
      )) as typeof requestPrices;
    renderHook(() =>
      useBoardPrices([{ id: 3, amount: 5, material: null }], {
        request,
        onRejected: (lines) => rejected.push(...lines),
      }),
    );
    await waitFor(() =>
      expect(rejected).toEqual([{ product_id: 3, message: 'Board sizes should be selected' }]),
    );
  });
});
