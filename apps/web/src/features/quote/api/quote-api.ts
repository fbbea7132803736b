import {
  addProduct,
  addProject,
  addToCart,
  getInstantQuoteOptions,
  type InstantQuoteRequest,
  priceInstantQuote,
  saveBoardSettings,
} from '@circuits/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toFormData } from '../../../lib/form-data.ts';
import type { PendingOrder } from '../lib/pending-order.ts';

/** The board settings options, for anyone. */
export function useInstantQuoteOptions() {
  return useQuery({
    queryKey: ['instant-quote', 'options'],
    queryFn: ({ signal }) => apiRequest(getInstantQuoteOptions, { signal }),
    staleTime: 10 * 60_000,
  });
}

/**
 * The price of the board as it is now; a newer request cancels an older one still pending (the
 * query key changes), and the last price stays on screen while the next one loads.
 */
export function useInstantPrice(request: InstantQuoteRequest | null) {
  return useQuery({
    queryKey: ['instant-quote', 'price', request],
    queryFn: ({ signal }) =>
      apiRequest(priceInstantQuote, { body: request!, signal, errors: 'silent' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

export type OrderStep = 'project' | 'upload' | 'settings' | 'cart';

/**
 * Turns a quote into an order line: a project and a product holding the dropped files, the
 * chosen settings saved on it, and the board in the cart with the quoted quantity.
 */
export async function orderQuotedBoard(
  order: PendingOrder,
  onStep: (step: OrderStep, progress?: number) => void,
): Promise<{ productId: number; settingsSaved: boolean }> {
  onStep('project');
  const project = await apiRequest(addProject, {
    body: toFormData({ title: `Instant quote: ${order.name}`.slice(0, 200) }),
    errors: 'silent',
  });
  onStep('upload', 0);
  const product = await apiRequest(addProduct, {
    params: { id: project.data.id },
    body: toFormData({ name: order.name.slice(0, 200), 'files[]': order.files }),
    errors: 'silent',
    onUploadProgress: (fraction) => onStep('upload', fraction),
  });
  const productId = product.data.id;
  onStep('settings');
  let settingsSaved = true;
  try {
    await apiRequest(saveBoardSettings, {
      params: { id: productId },
      body: order.request.settings,
      errors: 'silent',
    });
  } catch {
    // The files as the server reads them may need a choice (a file type, a layer order): the
    // Board tab shows what; the cart takes only boards whose settings are saved and valid.
    settingsSaved = false;
  }
  if (settingsSaved) {
    onStep('cart');
    await apiRequest(addToCart, {
      body: {
        product_id: productId,
        amount: order.request.quantity,
        lead_time: order.request.lead_time ?? null,
      },
      errors: 'silent',
    });
  }
  return { productId, settingsSaved };
}
