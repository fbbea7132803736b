import {
  addToCart,
  type CartAnswer,
  cartData,
  clearCart,
  getCart,
  priceCart,
  removeFromCart,
  updateCartLine,
} from '@circuits/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The cart kept on the server (one per user). */
export const CART_QUERY_KEY = ['cart'] as const;

export function useCart(enabled: boolean) {
  return useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest(getCart, { signal }),
    enabled,
  });
}

/** Every change answers with the cart as the server now keeps it. */
function useCartChange<Input, Answer extends CartAnswer>(
  change: (input: Input) => Promise<Answer>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (cart) => client.setQueryData(CART_QUERY_KEY, cart),
  });
}

export function useAddToCart() {
  return useCartChange((input: { product_id: number; amount: number; material: string | null }) =>
    apiRequest(addToCart, { body: input }),
  );
}

export function useUpdateCartLine() {
  return useCartChange(
    (input: {
      productId: number;
      amount?: number;
      material?: string | null;
      lead_time?: string | null;
    }) =>
      apiRequest(updateCartLine, {
        params: { productId: input.productId },
        body: {
          ...(input.amount === undefined ? {} : { amount: input.amount }),
          ...(input.material === undefined ? {} : { material: input.material }),
          ...(input.lead_time === undefined ? {} : { lead_time: input.lead_time }),
        },
      }),
  );
}

export function useRemoveFromCart() {
  return useCartChange((productId: number) =>
    apiRequest(removeFromCart, { params: { productId }, errors: 'silent' }),
  );
}

export function useClearCart() {
  return useCartChange(() => apiRequest(clearCart));
}

export type PricedBoards = Awaited<ReturnType<typeof requestPrices>>;

/** POST /api/v2/cart/price for boards held in the page (fromState). */
export function requestPrices(
  boards: readonly { id: number; amount: number; material: string | null }[],
  signal: AbortSignal,
) {
  return apiRequest(priceCart, {
    body: { boards: boards.map((board) => ({ ...board })), fromState: true },
    signal,
  });
}

/** What lines of a cart kept in the browser show (POST /api/products/cartData). */
export function useCartData(ids: readonly number[], enabled: boolean) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['cart-data', sorted],
    queryFn: ({ signal }) => apiRequest(cartData, { body: { products: sorted }, signal }),
    enabled: enabled && sorted.length > 0,
  });
}
