import { describe, expect, it } from 'vitest';
import { createLatestRequest } from './latest-request.ts';

/** A request answering `value` after `ms`, or failing as fetch does when aborted. */
function delayed<T>(value: T, ms: number, seen: AbortSignal[]) {
  return (signal: AbortSignal) => {
    seen.push(signal);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => resolve(value), ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  };
}

describe('createLatestRequest', () => {
  it('cancels an older pending request when a newer one starts', async () => {
    const latest = createLatestRequest();
    const signals: AbortSignal[] = [];
    const older = latest.run(delayed('price for 5', 50, signals));
    const newer = latest.run(delayed('price for 10', 10, signals));
    expect(signals[0]!.aborted).toBe(true);
    expect(await older).toEqual({ type: 'superseded' });
    expect(await newer).toEqual({ type: 'answer', value: 'price for 10' });
  });

  it('never hands over an older answer that arrives after a newer one, even if not aborted', async () => {
    const latest = createLatestRequest();
    // A transport that ignores the abort signal and answers late anyway.
    const slow = latest.run(() => new Promise((resolve) => setTimeout(() => resolve('stale'), 40)));
    const fast = latest.run(() => new Promise((resolve) => setTimeout(() => resolve('fresh'), 5)));
    expect(await fast).toEqual({ type: 'answer', value: 'fresh' });
    expect(await slow).toEqual({ type: 'superseded' });
  });

  it('passes the failure of the newest request on, and swallows those of superseded ones', async () => {
    const latest = createLatestRequest();
    const failing = latest.run(() => Promise.reject(new Error('server down')));
    await expect(failing).rejects.toThrow('server down');
    const older = latest.run(
      () => new Promise((_, reject) => setTimeout(() => reject(new Error('late failure')), 20)),
    );
    const newer = latest.run(() => Promise.resolve('ok'));
    expect(await newer).toEqual({ type: 'answer', value: 'ok' });
    expect(await older).toEqual({ type: 'superseded' });
  });

  it('cancel aborts the pending request', async () => {
    const latest = createLatestRequest();
    const signals: AbortSignal[] = [];
    const pending = latest.run(delayed(1, 30, signals));
    latest.cancel();
    expect(signals[0]!.aborted).toBe(true);
    expect(await pending).toEqual({ type: 'superseded' });
  });
});
