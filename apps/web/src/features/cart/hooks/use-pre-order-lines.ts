import type { CurrencyCode } from '@circuits/domain';
import { useUserPreference } from '../../../hooks/use-user-preference.ts';
import { useCartData } from '../api/cart-api.ts';
import { parsePreOrderCart } from '../lib/pre-order-cart.ts';
import { useBoardPrices } from './use-board-prices.ts';

/** A line of the pre-order as the document page reviews it. */
export type PreOrderReviewLine = {
  product_id: number;
  title: string;
  pn: string | null;
  amount: number;
  material: string | null;
  line_price: Record<CurrencyCode, number> | null;
  error: string | null;
};

/**
 * The pre-order cart kept in this browser, as lines to review and place as a pre-order: titles
 * from the server, prices from the server (never the browser's), and a way to empty it once the
 * pre-order is made (SPEC §4).
 */
export function usePreOrderLines(userId: number | undefined, enabled: boolean) {
  const [stored, setStored] = useUserPreference(userId, 'preOrderCart', parsePreOrderCart);
  const data = useCartData(
    stored.map((line) => line.id),
    enabled,
  );
  const prices = useBoardPrices(stored, { enabled });
  const infoOf = new Map(data.data?.products.map((product) => [product.id, product]));
  const priceOf = new Map(prices.data?.prices.map((price) => [price.id, price]));
  const rejectedOf = new Map(prices.data?.rejected.map((line) => [line.product_id, line.message]));
  const lines: PreOrderReviewLine[] = stored.flatMap((line) => {
    const info = infoOf.get(line.id);
    if (!info) return [];
    const price = priceOf.get(line.id);
    return [
      {
        product_id: line.id,
        title: info.title,
        pn: info.pn,
        amount: line.amount,
        material: line.material ?? info.material,
        line_price: price ? (price.line_price as Record<CurrencyCode, number>) : null,
        error: rejectedOf.get(line.id) ?? null,
      },
    ];
  });
  return {
    lines,
    loading: enabled && stored.length > 0 && (data.isPending || (!prices.data && !prices.failed)),
    taxPercent: prices.data?.totals.tax_percent ?? 0,
    clear: () => setStored([]),
  };
}
