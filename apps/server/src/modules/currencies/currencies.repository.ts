import { asc } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { currencies } from './currencies.tables.ts';

export type CurrencyRow = typeof currencies.$inferSelect;

export function createCurrenciesRepository(transactor: Transactor) {
  return {
    listAll(): Promise<CurrencyRow[]> {
      return transactor.executor().select().from(currencies).orderBy(asc(currencies.id));
    },
  };
}

export type CurrenciesRepository = ReturnType<typeof createCurrenciesRepository>;
