import type { Clock } from '../../clock.ts';
import type { AuthRepository } from './auth.repository.ts';

/** What a bucket bounds: at most `capacity` requests at once, draining evenly over `windowMs`. */
export type BucketLimit = { scope: string; capacity: number; windowMs: number };

// Drained buckets are deleted at most this often per instance.
const PRUNE_INTERVAL_MS = 60_000;

/**
 * Bounds requests per key (an address, an email) with leaky buckets kept in the database, so
 * every server instance counts the same requests.
 */
export function createRequestBuckets(deps: { repository: AuthRepository; clock: Clock }) {
  const { repository, clock } = deps;
  const lastPrunedAt = new Map<string, number>();

  async function pruneDrained(limit: BucketLimit, now: Date): Promise<void> {
    const last = lastPrunedAt.get(limit.scope) ?? 0;
    if (now.getTime() - last < PRUNE_INTERVAL_MS) return;
    lastPrunedAt.set(limit.scope, now.getTime());
    await repository.deleteBucketsBefore(limit.scope, new Date(now.getTime() - limit.windowMs));
  }

  return {
    /** Counts one request; answers how long to wait instead when the bucket is full. */
    async take(
      limit: BucketLimit,
      key: string,
    ): Promise<{ taken: true } | { taken: false; retryAfterSeconds: number }> {
      const now = clock.now();
      await pruneDrained(limit, now);
      const result = await repository.takeFromBucket({ ...limit, key, now });
      return result.taken
        ? result
        : { taken: false, retryAfterSeconds: Math.max(1, result.retryAfterMs / 1000) };
    },

    /** Takes back a request that turned out not to count. */
    giveBack(limit: BucketLimit, key: string): Promise<void> {
      return repository.giveBackToBucket(limit.scope, key);
    },
  };
}

export type RequestBuckets = ReturnType<typeof createRequestBuckets>;
