import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchStoredRender, takePrefetchedRender } from './render-prefetch.ts';

afterEach(() => vi.unstubAllGlobals());

describe('prefetchStoredRender', () => {
  it('downloads a render once and hands it over for a link to the same object', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ top: 'svg' })));
    vi.stubGlobal('fetch', fetch);
    prefetchStoredRender('/storage/renders/a?expires=1&signature=x');
    prefetchStoredRender('/storage/renders/a?expires=2&signature=y');
    expect(fetch).toHaveBeenCalledTimes(1);
    // The viewer's link is signed afresh: same object, other query.
    expect(await takePrefetchedRender('/storage/renders/a?expires=3&signature=z')?.full).toEqual({
      top: 'svg',
    });
    // Taken once: the next look downloads anew.
    expect(takePrefetchedRender('/storage/renders/a?expires=3&signature=z')).toBeUndefined();
  });

  it('hands over null for a download that failed, and nothing for another object', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    prefetchStoredRender('/storage/renders/b');
    expect(takePrefetchedRender('/storage/renders/c')).toBeUndefined();
    expect(await takePrefetchedRender('/storage/renders/b')?.full).toBeNull();
  });

  it('keeps at most two downloads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    for (const name of ['d', 'e', 'f']) prefetchStoredRender(`/storage/renders/${name}`);
    expect(takePrefetchedRender('/storage/renders/d')).toBeUndefined();
    expect(takePrefetchedRender('/storage/renders/f')).toBeDefined();
  });
});
