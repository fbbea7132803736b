import { describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL, createChangeFeed, createReadThroughCache } from './change-feed.ts';
import type { NotificationHandlers } from './connection.ts';

function fakeDatabase() {
  let handlers: NotificationHandlers | undefined;
  let settles = 0;
  return {
    async listen(channel: string, given: NotificationHandlers) {
      expect(channel).toBe(CHANGES_CHANNEL);
      handlers = given;
      given.onStatus(true);
      return {
        settle: async () => {
          settles += 1;
        },
        stop: async () => given.onStatus(false),
      };
    },
    notify: (payload: string) => handlers!.onNotification(payload),
    status: (listening: boolean) => handlers!.onStatus(listening),
    settles: () => settles,
  };
}

async function setUp(options: { maxEntries?: number; bypass?: () => boolean } = {}) {
  const database = fakeDatabase();
  const feed = createChangeFeed(database);
  await feed.start();
  const cache = createReadThroughCache<number, string>({
    feed,
    maxEntries: options.maxEntries ?? 10,
    ...(options.bypass && { bypass: options.bypass }),
    invalidatedBy: {
      users: (key, entries) => entries.delete(Number(key)),
      companies: 'all',
    },
  });
  let reads = 0;
  const read = (key: number, value = `user ${key}`) =>
    cache.get(key, async () => {
      reads += 1;
      return value;
    });
  return { database, feed, cache, read, reads: () => reads };
}

describe('read-through cache on the change feed', () => {
  it('reads once, then answers from memory until the row is notified as changed', async () => {
    const { database, read, reads } = await setUp();
    expect(await read(1)).toBe('user 1');
    expect(await read(1, 'changed')).toBe('user 1');
    expect(reads()).toBe(1);
    database.notify('users:2');
    expect(await read(1, 'changed')).toBe('user 1');
    database.notify('users:1');
    expect(await read(1, 'changed')).toBe('changed');
    expect(reads()).toBe(2);
    database.notify('companies:7');
    expect(await read(1, 'again')).toBe('again');
    database.notify('projects:1');
    expect(await read(1, 'not read')).toBe('again');
  });

  it('does not keep a value read before a change was notified', async () => {
    const { database, cache, read } = await setUp();
    let finish: (value: string) => void = () => {};
    const slow = cache.get(1, () => new Promise<string>((resolve) => (finish = resolve)));
    database.notify('users:1');
    finish('stale');
    expect(await slow).toBe('stale');
    expect(await read(1, 'fresh')).toBe('fresh');
  });

  it('reads through while the feed is not heard, and forgets everything when it is lost', async () => {
    const { database, read, reads } = await setUp();
    await read(1);
    database.status(false);
    expect(await read(1, 'first')).toBe('first');
    expect(await read(1, 'second')).toBe('second');
    database.status(true);
    expect(await read(1, 'third')).toBe('third');
    expect(await read(1, 'kept')).toBe('third');
    expect(reads()).toBe(4);
  });

  it('reads through when told to (inside a transaction), and keeps at most maxEntries', async () => {
    let inTransaction = true;
    const { cache, read, reads } = await setUp({ maxEntries: 2, bypass: () => inTransaction });
    await read(1);
    await read(1);
    expect(reads()).toBe(2);
    expect(cache.size).toBe(0);
    inTransaction = false;
    await read(1);
    await read(2);
    await read(3);
    expect(cache.size).toBe(2);
    await read(1);
    expect(reads()).toBe(6);
  });

  it('settles through the listening connection only while it is heard', async () => {
    const { database, feed } = await setUp();
    await feed.settle();
    expect(database.settles()).toBe(1);
    database.status(false);
    await feed.settle();
    expect(database.settles()).toBe(1);
  });
});
