import type { BoardQuote, PriceBookVersion } from '@circuits/contracts';
import { CURRENCY_CODES, type Quote, roundMinor, zeroAmounts } from '@circuits/domain';
import type { PriceBookRow } from './pricing.repository.ts';

export function presentPriceBook(row: PriceBookRow): PriceBookVersion {
  return {
    version: row.version,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    book: row.book,
  };
}

export function presentQuote(bookVersion: number, quote: Quote): BoardQuote {
  const perOne = zeroAmounts();
  for (const code of CURRENCY_CODES) perOne[code] = roundMinor(quote.perUnit[code]);
  return {
    book_version: bookVersion,
    quantity: quote.quantity,
    unit_name: quote.unitName,
    boards_per_unit: quote.boardsPerUnit,
    layers: quote.layers,
    material: quote.material,
    lead_time: quote.leadTime,
    lines: quote.lines,
    total: quote.total,
    per_one: perOne,
    rates: quote.rates,
  };
}
