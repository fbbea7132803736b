import type { Currency } from '@circuits/contracts';
import { onceAsync } from '../../lib/once-async.ts';
import { presentCurrency } from './currencies.presenter.ts';
import type { CurrenciesRepository } from './currencies.repository.ts';

export function createCurrenciesService(deps: { repository: CurrenciesRepository }) {
  // Reference data fixed by migrations: read once per process.
  const all = onceAsync(async () => (await deps.repository.listAll()).map(presentCurrency));

  return {
    list: all,

    async find(id: number): Promise<Currency | undefined> {
      return (await all()).find((currency) => currency.id === id);
    },

    async get(id: number): Promise<Currency> {
      const currency = (await all()).find((candidate) => candidate.id === id);
      if (!currency) throw new Error(`Currency ${id} is missing from the currencies table`);
      return currency;
    },
  };
}

export type CurrenciesService = ReturnType<typeof createCurrenciesService>;
