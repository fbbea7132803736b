import { getInstantQuoteOptions, priceInstantQuote } from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { QuoteService } from './quote.service.ts';

export function registerQuoteRoutes(router: Router, quote: QuoteService): void {
  router.route(getInstantQuoteOptions, () => quote.options());

  router.route(priceInstantQuote, ({ body }) => quote.price(body), { budget: quote.charge });
}
