import {
  type AddressInput,
  type AddShippingAccountInput,
  addShippingAccount,
  type Company,
  createAddress,
  listAddresses,
  listCurrencies,
  listShippingAgents,
  type UpdateShippingAccountInput,
  updateAddress,
  updateCompanyCurrency,
  updateShippingAccount,
} from '@circuits/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const companyKeys = {
  addresses: ['company', 'addresses'] as const,
  shippingAgents: ['company', 'shipping-agents'] as const,
  currencies: ['company', 'currencies'] as const,
};

/** Called with the company as the server has it after a change (its addresses, accounts, currency). */
export type OnCompanyChange = (company: Company) => void;

export function useAddresses() {
  return useQuery({
    queryKey: companyKeys.addresses,
    queryFn: async ({ signal }) => (await apiRequest(listAddresses, { signal })).addresses,
  });
}

export function useShippingAgents() {
  return useQuery({
    queryKey: companyKeys.shippingAgents,
    queryFn: async ({ signal }) =>
      (await apiRequest(listShippingAgents, { signal })).shippingAgents,
    staleTime: 10 * 60_000,
  });
}

export function useCurrencies() {
  return useQuery({
    queryKey: companyKeys.currencies,
    queryFn: async ({ signal }) => (await apiRequest(listCurrencies, { signal })).currencies,
    staleTime: 10 * 60_000,
  });
}

export function useSaveAddress(onCompanyChange: OnCompanyChange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AddressInput }) =>
      id === null
        ? apiRequest(createAddress, { body: input })
        : apiRequest(updateAddress, { params: { id }, body: input }),
    onSuccess: async ({ company }) => {
      onCompanyChange(company);
      await queryClient.invalidateQueries({ queryKey: companyKeys.addresses });
    },
  });
}

export function useSaveShippingAccount(onCompanyChange: OnCompanyChange) {
  return useMutation({
    mutationFn: (
      change:
        | { type: 'add'; input: AddShippingAccountInput }
        | { type: 'update'; input: UpdateShippingAccountInput },
    ) =>
      change.type === 'add'
        ? apiRequest(addShippingAccount, { body: change.input })
        : apiRequest(updateShippingAccount, { body: change.input }),
    onSuccess: ({ company }) => onCompanyChange(company),
  });
}

export function useUpdateCompanyCurrency(onCompanyChange: OnCompanyChange) {
  return useMutation({
    mutationFn: (currencyId: number) =>
      apiRequest(updateCompanyCurrency, { body: { currency: currencyId } }),
    onSuccess: ({ company }) => onCompanyChange(company),
  });
}
