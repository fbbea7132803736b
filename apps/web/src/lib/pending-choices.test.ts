import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePendingChoices } from './pending-choices.ts';

describe('usePendingChoices', () => {
  it('shows the pick until the stored value has changed, then the stored value', () => {
    const { result } = renderHook(() => usePendingChoices<number, boolean>());
    expect(result.current.shown(1, true)).toBe(true);
    act(() => result.current.choose(1, false, true));
    // The request has succeeded but the control is rendered with the old value once more.
    expect(result.current.shown(1, true)).toBe(false);
    expect(result.current.shown(1, false)).toBe(false);
    // Later the stored value changes again (another user): it wins.
    expect(result.current.shown(1, true)).toBe(true);
  });

  it('drops a pick the server refused', () => {
    const { result } = renderHook(() => usePendingChoices<number, boolean>());
    act(() => result.current.choose(1, false, true));
    act(() => result.current.drop(1));
    expect(result.current.shown(1, true)).toBe(true);
  });

  it('keeps picks apart by key', () => {
    const { result } = renderHook(() => usePendingChoices<number, boolean>());
    act(() => result.current.choose(1, false, true));
    expect(result.current.shown(2, true)).toBe(true);
    expect(result.current.shown(1, true)).toBe(false);
  });
});
