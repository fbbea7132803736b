import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { rateLimitBuckets } from './rate-limits.tables.ts';

/** One use of an allowance: `amount` more in the bucket of (limit, subject). */
export type BucketUse = {
  limitName: string;
  subjectHash: string;
  amount: number;
  capacity: number;
  windowMs: number;
};

export type BucketKey = Pick<BucketUse, 'limitName' | 'subjectHash'>;

export type BucketState = BucketKey & {
  level: number;
  capacity: number;
  windowMs: number;
  updatedAt: Date;
};

const keyOf = (key: BucketKey) => `${key.limitName}\n${key.subjectHash}`;

const b = rateLimitBuckets;
// Inside ON CONFLICT DO UPDATE: the row as stored (b) and the use being added (excluded).
const elapsedMs = sql`greatest(0, extract(epoch from (excluded.updated_at - ${b.updatedAt})) * 1000)::double precision`;
const drainedLevel = sql`greatest(0, ${b.level} - ${elapsedMs} * excluded.capacity / excluded.window_ms)`;
const levelAfterUse = sql`(${drainedLevel} + excluded.level)`;

export function createRateLimitsRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    /**
     * Adds every use whose bucket has room for it, in one statement (atomic however many
     * instances count at once); answers the keys of the uses that had no room (nothing added).
     */
    async use(uses: readonly BucketUse[], now: Date): Promise<BucketKey[]> {
      const accepted = await db()
        .insert(b)
        .values(
          uses.map((use) => ({
            limitName: use.limitName,
            subjectHash: use.subjectHash,
            level: use.amount,
            capacity: use.capacity,
            windowMs: use.windowMs,
            updatedAt: now,
            drainedAt: new Date(now.getTime() + (use.amount * use.windowMs) / use.capacity),
          })),
        )
        .onConflictDoUpdate({
          target: [b.limitName, b.subjectHash],
          set: {
            level: levelAfterUse,
            capacity: sql`excluded.capacity`,
            windowMs: sql`excluded.window_ms`,
            updatedAt: sql`excluded.updated_at`,
            drainedAt: sql`excluded.updated_at + ${levelAfterUse} * excluded.window_ms / excluded.capacity * interval '1 millisecond'`,
          },
          setWhere: sql`${levelAfterUse} <= excluded.capacity`,
        })
        .returning({ limitName: b.limitName, subjectHash: b.subjectHash });
      const done = new Set(accepted.map(keyOf));
      return uses.filter((use) => !done.has(keyOf(use)));
    },

    async find(keys: readonly BucketKey[]): Promise<BucketState[]> {
      if (keys.length === 0) return [];
      return db()
        .select({
          limitName: b.limitName,
          subjectHash: b.subjectHash,
          level: b.level,
          capacity: b.capacity,
          windowMs: b.windowMs,
          updatedAt: b.updatedAt,
        })
        .from(b)
        .where(
          or(
            ...keys.map((key) =>
              and(eq(b.limitName, key.limitName), eq(b.subjectHash, key.subjectHash)),
            ),
          ),
        );
    },

    /** Takes `amount` back out of a bucket (a use that turned out not to count). */
    async giveBack(key: BucketKey, amount: number): Promise<void> {
      const level = sql`greatest(0, ${b.level} - ${amount})`;
      await db()
        .update(b)
        .set({
          level,
          drainedAt: sql`${b.updatedAt} + ${level} * ${b.windowMs} / ${b.capacity} * interval '1 millisecond'`,
        })
        .where(and(eq(b.limitName, key.limitName), eq(b.subjectHash, key.subjectHash)));
    },

    /** Forgets buckets that have drained to empty: they hold nothing a limit could count. */
    async deleteDrained(now: Date): Promise<void> {
      await db().delete(b).where(lt(b.drainedAt, now));
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
