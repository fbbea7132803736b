import { createHash } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { RateLimitName, RateLimits } from '../../config.ts';
import type { Transactor } from '../../db/database.ts';
import { addressGroup } from '../../http/address-groups.ts';
import { AppError, tooManyRequests, waitTime } from '../../http/errors.ts';
import type { Caller } from '../../http/router.ts';
import { describeBytes } from '../../lib/byte-sizes.ts';
import type { BucketState, BucketUse, RateLimitsRepository } from './rate-limits.repository.ts';

/** One use of a limited thing: by whom (or to whom), and how much (1 unless bytes). */
export type LimitedUse = { limit: RateLimitName; subject: string | number; amount?: number };

type Refusal = {
  /** What was limited, completed with the allowance ("at most 20 per hour"). */
  what: (allowance: string) => string;
  /** A limit counted in bytes: one use may be larger than the whole allowance (413). */
  bytes?: { tooLarge: (amount: string, allowance: string) => string };
};

// The sentence a refused caller reads: what was limited; the answer adds when to try again.
const REFUSALS: Readonly<Record<RateLimitName, Refusal>> = {
  writesPerUser: {
    what: (a) => `You have made too many changes in a short time: at most ${a}`,
  },
  writesPerAddress: {
    what: (a) => `Too many changes have come from your network address: at most ${a}`,
  },
  registrationsPerAddress: {
    what: (a) => `Too many accounts have been registered from your network address: at most ${a}`,
  },
  confirmationResendsPerUser: {
    what: (a) => `You have asked for the confirmation email again too often: at most ${a}`,
  },
  confirmationEmailsPerAddress: {
    what: (a) =>
      `Too many confirmation emails have been sent from your network address: at most ${a}`,
  },
  reportEmailsPerUser: {
    what: (a) => `You have sent too many issue reports: at most ${a}`,
  },
  reportEmailsPerRecipient: {
    what: (a) => `Too many issue reports have been sent to this address: at most ${a}`,
  },
  reportEmailsPerAddress: {
    what: (a) => `Too many issue reports have been sent from your network address: at most ${a}`,
  },
  // The account limits do not state their allowance: it would tell a guesser how fast to go.
  passwordResetsPerEmail: {
    what: () => 'Too many password reset requests for this email',
  },
  passwordResetsPerAddress: {
    what: () => 'Too many password reset requests from your network',
  },
  loginFailuresPerAddress: {
    what: () => 'Too many failed logins from your network',
  },
  boardRendersPerUser: {
    what: (a) => `You have asked for too many new board renders: at most ${a}`,
  },
  // The upload limits name their variable, as the upload size limits do.
  uploadBytesPerUser: {
    what: (a) => `You have uploaded too much: at most ${a} (LIMIT_UPLOAD_BYTES_PER_USER)`,
    bytes: {
      tooLarge: (amount, a) =>
        `This upload (${amount}) is larger than all you may upload: at most ${a} (LIMIT_UPLOAD_BYTES_PER_USER)`,
    },
  },
  errorReportsPerUser: {
    what: (a) => `You have sent too many error reports: at most ${a}`,
  },
  quotesPerAddress: {
    what: (a) => `Too many instant quotes have been asked from your network address: at most ${a}`,
  },
  pdfRendersPerUser: {
    what: (a) => `You have asked for too many new PDF documents: at most ${a}`,
  },
  pdfRendersPerAddress: {
    what: (a) =>
      `Too many new PDF documents have been asked for from your network address: at most ${a}`,
  },
};

// Drained buckets are deleted at most this often by each instance.
const PRUNE_INTERVAL_MS = 60_000;

const UNITS = [
  { ms: 86_400_000, name: 'day' },
  { ms: 3_600_000, name: 'hour' },
  { ms: 60_000, name: 'minute' },
  { ms: 1000, name: 'second' },
] as const;

/** "hour", "10 minutes", "2 days". */
function describeWindow(windowMs: number): string {
  const unit = UNITS.find((candidate) => windowMs % candidate.ms === 0) ?? UNITS[3];
  const count = windowMs / unit.ms;
  return count === 1 ? unit.name : `${count} ${unit.name}s`;
}

/** The allowance in words: "20 per hour", "2 GB per day". */
function allowanceOf(limit: RateLimitName, limits: RateLimits): string {
  const { max, windowMs } = limits[limit];
  const amount = REFUSALS[limit].bytes ? describeBytes(max) : String(max);
  return `${amount} per ${describeWindow(windowMs)}`;
}

/**
 * The subject a use is counted against, hashed. A client address counts as its group: an IPv6
 * address by its /64, which one client holds whole (http/address-groups.ts).
 */
function hashSubject(use: LimitedUse): string {
  const subject = use.limit.endsWith('PerAddress')
    ? addressGroup(String(use.subject))
    : String(use.subject);
  return createHash('sha256').update(subject).digest('base64url');
}

/**
 * Rate limits on what users and client addresses may ask for (emails, registrations, renders,
 * uploads, changes). Each limit is a bucket per subject in the database that fills with each use
 * and drains evenly over its window, counted in one atomic statement, so every instance on one
 * database enforces the same limits.
 */
export function createRateLimitsService(deps: {
  repository: RateLimitsRepository;
  transactor: Transactor;
  clock: Clock;
  limits: RateLimits;
}) {
  const { repository, transactor, clock, limits } = deps;
  let lastPrunedAt = 0;

  function refusal(limit: RateLimitName, waitSeconds: number): AppError {
    const what = REFUSALS[limit].what(allowanceOf(limit, limits));
    return tooManyRequests(`${what}. Please try again in ${waitTime(waitSeconds)}.`, waitSeconds);
  }

  /** A single use larger than the whole allowance can never be allowed: 413, not 429. */
  function neverAllowed(limit: RateLimitName, amount: number): AppError {
    const bytes = REFUSALS[limit].bytes;
    const allowance = allowanceOf(limit, limits);
    return new AppError(
      'payload_too_large',
      bytes
        ? bytes.tooLarge(describeBytes(amount), allowance)
        : `This is more than the whole allowance of ${allowance}`,
    );
  }

  /** Seconds until the bucket has room for `amount` again. */
  function secondsUntilRoom(state: BucketState, amount: number, now: Date): number {
    const perMs = state.capacity / state.windowMs;
    const elapsedMs = Math.max(0, now.getTime() - state.updatedAt.getTime());
    const level = Math.max(0, state.level - elapsedMs * perMs);
    return Math.max(1, (level + amount - state.capacity) / perMs / 1000);
  }

  /**
   * Counts the uses, or throws 429 naming the first limit reached and when to try again (413 for
   * a use larger than the whole allowance). A refused request counts against none of them.
   */
  async function consume(...uses: LimitedUse[]): Promise<void> {
    const now = clock.now();
    const byKey = new Map<string, BucketUse & { limit: RateLimitName }>();
    for (const use of uses) {
      const { max, windowMs } = limits[use.limit];
      const amount = use.amount ?? 1;
      if (amount <= 0) continue;
      if (amount > max) throw neverAllowed(use.limit, amount);
      const subjectHash = hashSubject(use);
      const key = `${use.limit}\n${subjectHash}`;
      const same = byKey.get(key);
      if (same) same.amount += amount;
      else {
        byKey.set(key, {
          limit: use.limit,
          limitName: use.limit,
          subjectHash,
          amount,
          capacity: max,
          windowMs,
        });
      }
    }
    if (byKey.size === 0) return;
    if (now.getTime() - lastPrunedAt >= PRUNE_INTERVAL_MS) {
      lastPrunedAt = now.getTime();
      await repository.deleteDrained(now);
    }
    const use = async () => {
      const refused = await repository.use([...byKey.values()], now);
      if (refused.length === 0) return;
      const refusedKeys = new Set(refused.map((key) => `${key.limitName}\n${key.subjectHash}`));
      const first = [...byKey.entries()].find(([key]) => refusedKeys.has(key))![1];
      const waits = (await repository.find(refused)).map((state) =>
        secondsUntilRoom(state, byKey.get(`${state.limitName}\n${state.subjectHash}`)!.amount, now),
      );
      // Thrown inside the transaction: what the other buckets counted is rolled back.
      throw refusal(first.limit, Math.max(1, ...waits));
    };
    // One bucket is counted atomically by its statement; several together in a transaction.
    await (byKey.size === 1 ? use() : transactor.transaction(use));
  }

  return {
    consume,

    /** Takes back a use that turned out not to count (a login that succeeded after all). */
    giveBack(use: LimitedUse): Promise<void> {
      return repository.giveBack(
        { limitName: use.limit, subjectHash: hashSubject(use) },
        use.amount ?? 1,
      );
    },

    /** A call that may change something: the write budgets of its user and of its address. */
    write(caller: Caller): Promise<void> {
      return consume(
        ...(caller.actor
          ? [{ limit: 'writesPerUser' as const, subject: caller.actor.userId }]
          : []),
        { limit: 'writesPerAddress', subject: caller.address },
      );
    },

    /** An upload's bytes, against its user's upload allowance (its address's, anonymously). */
    upload(caller: Caller, bytes: number): Promise<void> {
      return consume({
        limit: 'uploadBytesPerUser',
        subject: caller.actor ? caller.actor.userId : `address ${caller.address}`,
        amount: bytes,
      });
    },
  };
}

export type RateLimitsService = ReturnType<typeof createRateLimitsService>;
