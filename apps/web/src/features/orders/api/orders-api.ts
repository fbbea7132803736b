import {
  type CreateOrderInput,
  type CreatePreorderInput,
  cancelPayment,
  capturePayment,
  createOrder,
  createPreorder,
  type DocumentType,
  downloadDocument,
  getDocument,
  getOrder,
  listAddresses,
  listOrders,
  markOrderPaid,
  startPayment,
} from '@circuits/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, buildUrl } from '../../../lib/api-client.ts';
import { readToken } from '../../../lib/browser-storage.ts';
import { showToast } from '../../../lib/toasts.ts';

export const orderKeys = {
  all: ['orders'] as const,
  list: (companyId: number | null) => ['orders', 'list', companyId ?? 'all'] as const,
  order: (id: number) => ['orders', 'order', id] as const,
  document: (type: DocumentType, id: number) => ['orders', 'document', type, id] as const,
};

export function useOrders(companyId: number | null) {
  return useQuery({
    queryKey: orderKeys.list(companyId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(listOrders, {
          signal,
          query: companyId === null ? {} : { companyId },
          errors: 'silent',
        })
      ).orders,
  });
}

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orderKeys.order(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await apiRequest(getOrder, { signal, params: { id: id! }, errors: 'silent' })).order,
  });
}

export function useOrderDocument(type: DocumentType | null, id: number | null) {
  return useQuery({
    queryKey: orderKeys.document(type ?? 'order', id ?? 0),
    enabled: type !== null && id !== null,
    queryFn: async ({ signal }) =>
      apiRequest(getDocument, { signal, params: { type: type!, id: id! }, errors: 'silent' }),
  });
}

/** Makes (or resumes) the online payment and answers where the payer approves it. */
export function useStartPayment(orderId: number) {
  return useMutation({
    mutationFn: async () => (await apiRequest(startPayment, { params: { id: orderId } })).payment,
  });
}

export function useMarkPaid(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest(markOrderPaid, { params: { id: orderId } })).order,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.order(orderId), order);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      showToast('success', `Order ${order.id} recorded as paid`);
    },
  });
}

/** The payer is back from the provider: capture (applied once, however often this runs). */
export function capture(token: string) {
  return apiRequest(capturePayment, { body: { token }, errors: 'silent' });
}

export function cancel(token: string) {
  return apiRequest(cancelPayment, { body: { token }, errors: 'silent' });
}

/** Downloads a document's PDF with the session's token and saves it under its name. */
export async function downloadPdf(type: DocumentType, id: number, fileName: string) {
  const token = readToken();
  const response = await fetch(buildUrl(downloadDocument.path, { type, id }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    // The server says why (too many new documents in a short time: when to try again).
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    showToast(
      'error',
      response.status === 404
        ? 'Not found'
        : typeof body?.error === 'string'
          ? body.error
          : 'The document could not be downloaded',
    );
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The company's addresses (staff may name another company). */
export function useCompanyAddresses(companyId: number, own: boolean) {
  return useQuery({
    queryKey: ['company', 'addresses', own ? 'own' : companyId],
    queryFn: async ({ signal }) =>
      (await apiRequest(listAddresses, { signal, query: own ? {} : { companyId } })).addresses,
  });
}

export function usePlaceDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input:
        | { type: 'order'; body: CreateOrderInput }
        | { type: 'preorder'; body: CreatePreorderInput },
    ) =>
      input.type === 'order'
        ? { type: 'order' as const, answer: await apiRequest(createOrder, { body: input.body }) }
        : {
            type: 'preorder' as const,
            answer: await apiRequest(createPreorder, { body: input.body }),
          },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
