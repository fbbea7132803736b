import type { Currency } from '@circuits/contracts';
import type { CurrencyRow } from './currencies.repository.ts';

export function presentCurrency(row: CurrencyRow): Currency {
  return { id: row.id, name: row.name };
}
