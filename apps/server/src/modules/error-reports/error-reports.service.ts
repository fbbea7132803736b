import type { ErrorReportInput } from '@circuits/contracts';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { tooManyRequests } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import type { ErrorReportsRepository } from './error-reports.repository.ts';

// A browser stuck in an error loop must not fill the database.
const MAX_REPORTS_PER_HOUR = 100;

export function createErrorReportsService(deps: {
  repository: ErrorReportsRepository;
  clock: Clock;
}) {
  const { repository, clock } = deps;
  return {
    async store(
      actor: Actor,
      report: z.output<typeof ErrorReportInput>,
      userAgent: string | undefined,
    ): Promise<void> {
      const now = clock.now();
      const lastHour = new Date(now.getTime() - 3_600_000);
      if ((await repository.countSince(actor.userId, lastHour)) >= MAX_REPORTS_PER_HOUR) {
        throw tooManyRequests('Too many error reports; later ones in this hour are dropped', 3600);
      }
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
