import type { ErrorReportInput } from '@circuits/contracts';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Actor } from '../auth/actor.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { ErrorReportsRepository } from './error-reports.repository.ts';

export function createErrorReportsService(deps: {
  repository: ErrorReportsRepository;
  rateLimits: RateLimitsService;
  clock: Clock;
}) {
  const { repository, rateLimits, clock } = deps;
  return {
    /** Newest first, for the admin panel (callers have checked the actor is staff). */
    list(offset: number, limit: number) {
      return repository.list(offset, limit);
    },

    async store(
      actor: Actor,
      report: z.output<typeof ErrorReportInput>,
      userAgent: string | undefined,
    ): Promise<void> {
      // A browser stuck in an error loop must not fill the database.
      await rateLimits.consume({ limit: 'errorReportsPerUser', subject: actor.userId });
      const now = clock.now();
      await repository.insert({
        userId: actor.userId,
        message: report.message,
        errorName: report.error_name ?? null,
        trace: report.trace ?? null,
        location: report.location ?? null,
        userAgent: userAgent?.slice(0, 500) ?? null,
        createdAt: now,
      });
    },
  };
}

export type ErrorReportsService = ReturnType<typeof createErrorReportsService>;
