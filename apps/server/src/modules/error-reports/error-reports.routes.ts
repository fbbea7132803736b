import { storeErrorReport } from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { ErrorReportsService } from './error-reports.service.ts';

export function registerErrorReportRoutes(router: Router, reports: ErrorReportsService): void {
  router.route(storeErrorReport, async ({ actor, body, request }) => {
    await reports.store(actor, body, request.headers['user-agent']);
    return { success: true } as const;
  });
}
