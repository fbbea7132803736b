import { addPriceBookVersion, getPriceBook } from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { PricingService } from './pricing.service.ts';

export function registerPricingRoutes(router: Router, pricing: PricingService): void {
  router.route(getPriceBook, async () => ({ priceBook: await pricing.currentBook() }));

  router.route(addPriceBookVersion, async ({ actor, body }) => ({
    priceBook: await pricing.addVersion(actor, body.book, body.note),
  }));
}
