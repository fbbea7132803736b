import { listShippingAgents } from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { ShippingService } from './shipping.service.ts';

export function registerShippingRoutes(router: Router, shipping: ShippingService): void {
  router.route(listShippingAgents, async () => ({ shippingAgents: await shipping.listAgents() }));
}
