import { describe, expect, it } from 'vitest';
import { onceAsync } from './once-async.ts';

describe('onceAsync', () => {
  it('loads once and shares the result', async () => {
    let loads = 0;
    const get = onceAsync(async () => ++loads);
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    expect(await get()).toBe(1);
  });

  it('retries after a failed load', async () => {
    let attempt = 0;
    const get = onceAsync(async () => {
      attempt++;
      if (attempt === 1) throw new Error('database unavailable');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('database unavailable');
    expect(await get()).toBe('loaded');
  });
});
