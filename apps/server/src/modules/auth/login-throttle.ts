import type { Clock } from '../../clock.ts';
import type { LoginLimits } from '../../config.ts';
import { tooManyRequests, waitTime } from '../../http/errors.ts';
import type { LimitedUse, RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { AuthRepository } from './auth.repository.ts';

/** What the caller reports once the password has been checked. */
export type LoginAttempt = {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
};

// Pairs past their memory are deleted at most this often per instance.
const PRUNE_INTERVAL_MS = 60_000;

/**
 * Slows password guessing without letting anyone lock a user out:
 * - each account and client address pair has a few free failures, then waits a delay that
 *   doubles with each further failure, so a victim logging in from their own address is never
 *   held up by an attacker failing from another;
 * - an address failing across many accounts (one guess each) is limited, except for the
 *   accounts that have logged in from it before, so the colleagues behind a shared proxy still
 *   get in.
 * An attempt is counted before its password is checked, atomically in the database, so parallel
 * attempts cannot slip past a limit, and every instance sees the same counts.
 */
export function createLoginThrottle(deps: {
  repository: AuthRepository;
  rateLimits: RateLimitsService;
  clock: Clock;
  limits: LoginLimits;
}) {
  const { repository, rateLimits, clock, limits } = deps;
  let lastPrunedAt = 0;

  async function pruneForgottenPairs(now: Date): Promise<void> {
    if (now.getTime() - lastPrunedAt < PRUNE_INTERVAL_MS) return;
    lastPrunedAt = now.getTime();
    const keepMs = Math.max(limits.failureMemoryMs, limits.knownAddressTtlMs);
    await repository.deleteLoginThrottlesBefore(new Date(now.getTime() - keepMs));
  }

  async function isKnownAddress(email: string, ipAddress: string, now: Date): Promise<boolean> {
    const pair = await repository.findLoginThrottle(email, ipAddress);
    const lastSuccess = pair?.lastSuccessAt?.getTime();
    return lastSuccess !== undefined && now.getTime() - lastSuccess < limits.knownAddressTtlMs;
  }

  return {
    /**
     * Counts a password attempt for `email` from `ipAddress` before the password is checked;
     * throws 429 with Retry-After when the pair or the address must wait.
     */
    async begin(email: string, ipAddress: string): Promise<LoginAttempt> {
      const now = clock.now();
      const known = await isKnownAddress(email, ipAddress, now);
      const addressFailure: LimitedUse | undefined = known
        ? undefined
        : { limit: 'loginFailuresPerAddress', subject: ipAddress };
      if (addressFailure) await rateLimits.consume(addressFailure);
      const claim = await repository.claimLoginAttempt({
        email,
        ipAddress,
        now,
        forgetBefore: new Date(now.getTime() - limits.failureMemoryMs),
        delays: limits,
      });
      if (!claim.claimed) {
        if (addressFailure) await rateLimits.giveBack(addressFailure);
        const wait = Math.max(1, (claim.nextAttemptAt.getTime() - now.getTime()) / 1000);
        throw tooManyRequests(
          `Too many failed login attempts. Please try again in ${waitTime(wait)}, ` +
            'or set a new password with "Forgot your password?".',
          wait,
        );
      }
      return {
        async succeeded() {
          await repository.recordLoginSuccess(email, ipAddress, clock.now());
          if (addressFailure) await rateLimits.giveBack(addressFailure);
        },
        async failed() {
          await pruneForgottenPairs(clock.now());
        },
      };
    },

    /** The password of `email` was just reset from `ipAddress`: its failures there are over. */
    forgetFailures(email: string, ipAddress: string): Promise<void> {
      return repository.clearLoginFailures(email, ipAddress, clock.now());
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
