import type { DatabaseConnection, Listening } from './connection.ts';

/** The channel the row triggers of the migrations notify: `<table>:<key>` per changed row. */
export const CHANGES_CHANNEL = 'circuits_changes';

type Subscriber = {
  onChange(table: string, key: string): void;
  /** Everything may have changed (the feed was lost, or has just started). */
  onReset(): void;
};

/**
 * What changed in the database, whichever instance changed it: row triggers notify
 * CHANGES_CHANNEL at commit and every instance listens. Caches serve only while the feed is
 * live, so an instance that cannot hear changes reads the database every time.
 */
export type ChangeFeed = {
  readonly live: boolean;
  /**
   * Resolves once every change committed before the call has reached the caches: called at the
   * start of each authenticated request, so that it sees what was done before it arrived.
   */
  settle(): Promise<void>;
  subscribe(subscriber: Subscriber): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createChangeFeed(database: Pick<DatabaseConnection, 'listen'>): ChangeFeed {
  const subscribers: Subscriber[] = [];
  let live = false;
  let listening: Listening | undefined;
  const reset = () => {
    for (const subscriber of subscribers) subscriber.onReset();
  };
  return {
    get live() {
      return live;
    },
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },
    async settle() {
      if (live) await listening?.settle();
    },
    async start() {
      listening ??= await database.listen(CHANGES_CHANNEL, {
        onNotification(payload) {
          const colon = payload.indexOf(':');
          if (colon < 0) return;
          const table = payload.slice(0, colon);
          const key = payload.slice(colon + 1);
          for (const subscriber of subscribers) subscriber.onChange(table, key);
        },
        onStatus(listening) {
          // Whatever happened while nobody listened is unknown: start afresh either way.
          live = listening;
          reset();
        },
      });
    },
    async stop() {
      const last = listening;
      listening = undefined;
      await last?.stop();
      live = false;
      reset();
    },
  };
}

export type CacheOptions<K, V> = {
  feed: ChangeFeed;
  maxEntries: number;
  /**
   * Whether to read through without keeping anything, e.g. inside a transaction, whose reads may
   * see what it has not committed yet.
   */
  bypass?: () => boolean;
  /**
   * What a change of a row does to the cache, by table: forget the entry of that key (`key`
   * maps the notified key to the cache's key) or everything (`'all'`). Tables not named here
   * leave the cache alone.
   */
  invalidatedBy: Record<string, 'all' | ((key: string, cache: ReadThroughCache<K, V>) => void)>;
};

/**
 * Values read from the database, kept while the change feed is live and nothing they were read
 * from has changed. A read that began before a change is not kept, so no stale value outlives
 * the change's notification.
 */
export type ReadThroughCache<K, V> = {
  get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /** Whether a value is kept for the key (and would be served without a read). */
  has(key: K): boolean;
  delete(key: K): void;
  deleteWhere(matches: (value: V, key: K) => boolean): void;
  clear(): void;
  readonly size: number;
};

export function createReadThroughCache<K, V>(options: CacheOptions<K, V>): ReadThroughCache<K, V> {
  const entries = new Map<K, V>();
  // Bumped by every invalidation: a read begun under an older generation is not kept.
  let generation = 0;
  const cache: ReadThroughCache<K, V> = {
    async get(key, load) {
      if (!options.feed.live || options.bypass?.()) return load();
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const readAt = generation;
      const value = await load();
      if (value !== undefined && readAt === generation && options.feed.live) {
        if (entries.size >= options.maxEntries) {
          // The oldest entry goes first (Maps keep insertion order).
          entries.delete(entries.keys().next().value as K);
        }
        entries.set(key, value);
      }
      return value;
    },
    has(key) {
      return options.feed.live && !options.bypass?.() && entries.has(key);
    },
    delete(key) {
      generation += 1;
      entries.delete(key);
    },
    deleteWhere(matches) {
      generation += 1;
      for (const [key, value] of entries) if (matches(value, key)) entries.delete(key);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
  options.feed.subscribe({
    onChange(table, key) {
      const action = options.invalidatedBy[table];
      if (action === 'all') cache.clear();
      else action?.(key, cache);
    },
    onReset: () => cache.clear(),
  });
  return cache;
}
