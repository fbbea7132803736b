import type { Amounts, CurrencyCode } from '@circuits/domain';
import type { PricingService } from '../pricing/pricing.service.ts';

// What the orders area needs of the pricing area: each board priced line by line in the three
// currencies with one price book version, whose number and rates the order records.

export type BoardToPrice = {
  productId: number;
  quantity: number;
  material: string | null;
  /** A price book lead time id; null: the book's first. */
  leadTime: string | null;
};

export type PricedBoard =
  | {
      type: 'priced';
      material: string;
      leadTime: { id: string; label: string; workingDays: number };
      lines: { rule: string; reason: string; amount: Amounts }[];
      total: Amounts;
      /** The price of one unit: total = perUnit × quantity. */
      perUnit: Amounts;
    }
  | { type: 'unpriceable'; message: string };

export type PricedBoards = {
  version: number;
  rates: Record<CurrencyCode, number>;
  boards: PricedBoard[];
};

export type OrderPricing = {
  /** Prices the boards with the price book in force (one version for all of them). */
  priceBoards(boards: readonly BoardToPrice[]): Promise<PricedBoards>;
};

export function orderPricing(pricing: PricingService): OrderPricing {
  return {
    async priceBoards(boards) {
      const book = await pricing.currentBook();
      const prices = await pricing.priceProducts(
        boards.map((board) => ({
          productId: board.productId,
          quantity: board.quantity,
          material: board.material,
          leadTime: board.leadTime,
        })),
        { bookVersion: book.version },
      );
      return {
        version: book.version,
        rates: { ...book.book.rates },
        boards: prices.map((price): PricedBoard => {
          if (price.type === 'rejected') return { type: 'unpriceable', message: price.message };
          return {
            type: 'priced',
            material: price.engineQuote.material,
            leadTime: { ...price.engineQuote.leadTime },
            lines: price.engineQuote.lines.map((line) => ({
              rule: line.rule,
              reason: line.reason,
              amount: line.amount,
            })),
            total: price.engineQuote.total,
            perUnit: price.engineQuote.perUnit,
          };
        }),
      };
    },
  };
}
