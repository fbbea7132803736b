import type { Clock } from '../../clock.ts';
import { tooManyRequests, waitTime } from '../../http/errors.ts';
import type { AttemptKey, AuthRepository } from './auth.repository.ts';

export type LoginLimits = {
  windowMs: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
};

// Old attempts are pruned once they can no longer count towards any limit.
const KEEP_ATTEMPTS_MS = 24 * 3600 * 1000;

/**
 * Limits failed logins per account and per client address within a sliding window. Attempts live
 * in the database, so every server instance enforces the same limits.
 */
export function createLoginThrottle(deps: {
  repository: AuthRepository;
  clock: Clock;
  limits: LoginLimits;
}) {
  const { repository, clock, limits } = deps;

  async function secondsUntilAllowed(key: AttemptKey, max: number, now: Date): Promise<number> {
    const since = new Date(now.getTime() - limits.windowMs);
    const { failures, oldest } = await repository.failuresSince(key, since);
    if (failures < max || !oldest) return 0;
    // The oldest failure leaving the window brings the count back under the limit.
    return (oldest.getTime() + limits.windowMs - now.getTime()) / 1000;
  }

  return {
    async assertAllowed(email: string, ipAddress: string): Promise<void> {
      const now = clock.now();
      const wait = Math.max(
        await secondsUntilAllowed({ type: 'email', email }, limits.maxFailuresPerAccount, now),
        await secondsUntilAllowed({ type: 'ip', ipAddress }, limits.maxFailuresPerAddress, now),
      );
      if (wait > 0) {
        throw tooManyRequests(
          `Too many failed login attempts. Please try again in ${waitTime(wait)}.`,
          wait,
        );
      }
    },

    async record(email: string, ipAddress: string, succeeded: boolean): Promise<void> {
      const now = clock.now();
      await repository.recordAttempt({ email, ipAddress, succeeded, at: now });
      if (!succeeded) {
        const keepMs = Math.max(KEEP_ATTEMPTS_MS, limits.windowMs);
        await repository.deleteAttemptsBefore(new Date(now.getTime() - keepMs));
      }
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
