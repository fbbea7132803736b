import { listCurrencies } from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { CurrenciesService } from './currencies.service.ts';

export function registerCurrencyRoutes(router: Router, currencies: CurrenciesService): void {
  router.route(listCurrencies, async () => ({ currencies: await currencies.list() }));
}
