import { healthz, readyz } from '@circuits/contracts';
import { serviceUnavailable } from '../../http/errors.ts';
import type { Router } from '../../http/router.ts';

export type Readiness = {
  /** False once shutdown has begun, so load balancers stop sending traffic. */
  accepting(): boolean;
  pingDatabase(): Promise<void>;
};

export function registerSystemRoutes(router: Router, readiness: Readiness): void {
  router.route(healthz, async () => ({ status: 'ok' }) as const);

  router.route(readyz, async ({ request }) => {
    if (!readiness.accepting()) throw serviceUnavailable('Shutting down');
    try {
      await readiness.pingDatabase();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database unavailable');
      throw serviceUnavailable('Database unavailable');
    }
    return { status: 'ready' } as const;
  });
}
