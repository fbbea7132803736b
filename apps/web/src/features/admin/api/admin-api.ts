import {
  type AdminUser,
  adminConfirmUserEmail,
  adminGetCompany,
  adminGetUser,
  adminListAudit,
  adminListCompanies,
  adminListErrorReports,
  adminListUsers,
  adminPreviewPriceBook,
  adminPriceBooks,
  adminPublishPriceBook,
  adminSendPasswordReset,
  adminSetCompanyCurrency,
  adminSetOrderStatus,
  adminSetUserDisabled,
  adminUpdateUser,
  type CompanyRole,
  listOrders,
  type OrderStatus,
  type PriceBookVersion,
  type Role,
} from '@circuits/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';

export const adminKeys = {
  all: ['admin'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  companies: (search: string) => ['admin', 'companies', search] as const,
  company: (id: number) => ['admin', 'company', id] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
  errorReports: (page: number) => ['admin', 'error-reports', page] as const,
  priceBooks: ['admin', 'price-books'] as const,
};

/** Orders are read through the orders list; a status change refreshes every view of them. */
const ORDER_KEYS = ['orders'] as const;

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(search, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest(adminListUsers, {
        signal,
        query: { ...(search ? { search } : {}), page },
        errors: 'silent',
      }),
  });
}

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: adminKeys.user(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await apiRequest(adminGetUser, { signal, params: { id: id! }, errors: 'silent' })).user,
  });
}

type UserChange =
  | { type: 'roles'; role?: Role; company_role?: CompanyRole }
  | { type: 'disabled'; disabled: boolean }
  | { type: 'confirmEmail' };

async function changeUser(id: number, change: UserChange): Promise<AdminUser> {
  switch (change.type) {
    case 'roles': {
      const { type: _type, ...body } = change;
      return (await apiRequest(adminUpdateUser, { params: { id }, body })).user;
    }
    case 'disabled':
      return (
        await apiRequest(adminSetUserDisabled, {
          params: { id },
          body: { disabled: change.disabled },
        })
      ).user;
    case 'confirmEmail':
      return (await apiRequest(adminConfirmUserEmail, { params: { id } })).user;
  }
}

const CHANGE_DONE: Record<UserChange['type'], (user: AdminUser) => string> = {
  roles: (user) => `${user.email} is now ${user.role}, company_role ${user.company_role}`,
  disabled: (user) =>
    user.disabled
      ? `${user.email} is disabled and logged out everywhere`
      : `${user.email} is enabled again`,
  confirmEmail: (user) => `The email of ${user.email} is confirmed`,
};

export function useChangeUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => changeUser(id, change),
    onSuccess: async (user, change) => {
      queryClient.setQueryData(adminKeys.user(id), user);
      showToast('success', CHANGE_DONE[change.type](user));
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function useSendPasswordReset(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(adminSendPasswordReset, { params: { id } }),
    onSuccess: async (answer) => {
      showToast('success', answer.message);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function useAdminCompanies(search: string) {
  return useQuery({
    queryKey: adminKeys.companies(search),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(adminListCompanies, {
          signal,
          query: search ? { search } : {},
          errors: 'silent',
        })
      ).companies,
  });
}

export function useAdminCompany(id: number | null) {
  return useQuery({
    queryKey: adminKeys.company(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiRequest(adminGetCompany, { signal, params: { id: id! }, errors: 'silent' }),
  });
}

export function useSetCompanyCurrency(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (currency: number) =>
      (await apiRequest(adminSetCompanyCurrency, { params: { id }, body: { currency } })).company,
    onSuccess: async (company) => {
      showToast('success', `${company.name} now pays in ${company.currency.name}`);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function useSetOrderStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { status: OrderStatus; note: string }) =>
      (await apiRequest(adminSetOrderStatus, { params: { id }, body: input })).order,
    onSuccess: async (order) => {
      showToast('success', `Order ${order.id} is now ${order.status.replace('_', ' ')}`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDER_KEYS }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]);
    },
  });
}

/** Orders of every company (the orders list answers staff with all of them), newest first. */
export function useAllOrders() {
  return useQuery({
    queryKey: [...ORDER_KEYS, 'list', 'all'],
    queryFn: async ({ signal }) =>
      (await apiRequest(listOrders, { signal, query: {}, errors: 'silent' })).orders,
  });
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: adminKeys.audit(page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest(adminListAudit, { signal, query: { page }, errors: 'silent' }),
  });
}

export function useErrorReports(page: number) {
  return useQuery({
    queryKey: adminKeys.errorReports(page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest(adminListErrorReports, { signal, query: { page }, errors: 'silent' }),
  });
}

export function usePriceBooks() {
  return useQuery({
    queryKey: adminKeys.priceBooks,
    queryFn: ({ signal }) => apiRequest(adminPriceBooks, { signal, errors: 'silent' }),
  });
}

type Book = PriceBookVersion['book'];

export function usePreviewPriceBook() {
  return useMutation({
    mutationFn: (book: Book) => apiRequest(adminPreviewPriceBook, { body: { book } }),
  });
}

export function usePublishPriceBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { book: Book; note: string }) =>
      (await apiRequest(adminPublishPriceBook, { body: input })).priceBook,
    onSuccess: async (book) => {
      showToast('success', `Price book version ${book.version} is in force`);
      // Every price shown anywhere follows the new version.
      await queryClient.invalidateQueries();
    },
  });
}
