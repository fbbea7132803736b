import { decideSandboxPayment, getPaymentMethods, getSandboxPayment } from '@circuits/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** How orders can be paid on this server (what the order form offers). */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payments', 'methods'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => (await apiRequest(getPaymentMethods, { signal })).methods,
  });
}

/** A payment at the embedded sandbox provider, for its payer's page. */
export function useSandboxPayment(token: string | null) {
  return useQuery({
    queryKey: ['payments', 'sandbox', token],
    enabled: token !== null,
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(getSandboxPayment, {
          signal,
          params: { token: token! },
          errors: 'silent',
        })
      ).payment,
  });
}

/** Approves or cancels at the sandbox provider; answers where the payer goes back to. */
export function useSandboxDecision(token: string) {
  return useMutation({
    mutationFn: async (decision: 'approve' | 'cancel') =>
      (
        await apiRequest(decideSandboxPayment, {
          params: { token },
          body: { decision },
        })
      ).redirect_url,
  });
}
