import {
  addManufacturer,
  addPart,
  allBrands,
  allCategories,
  confirmManufacturer,
  confirmPart,
  deleteManufacturer,
  filterParts,
  getPackages,
  getPart,
  listSpecs,
  type PartInput,
  type PartsSearchInput,
  searchParts,
  specsOptions,
  updateManufacturer,
  updatePackage,
  updatePart,
} from '@circuits/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type FormValue, toFormData } from '../../../lib/form-data.ts';

export const partsKeys = {
  all: ['parts'] as const,
  categories: ['parts', 'categories'] as const,
  specs: ['parts', 'specs'] as const,
  brands: ['parts', 'brands'] as const,
  packages: (categoryIds: string) => ['parts', 'packages', categoryIds] as const,
  search: (body: PartsSearchInput) => ['parts', 'search', body] as const,
  list: (body: object) => ['parts', 'list', body] as const,
  part: (id: number) => ['parts', 'part', id] as const,
};

/** SPEC §9: 30 rows first, then 15 per load-more. */
export const FIRST_PAGE_SIZE = 30;
export const MORE_PAGE_SIZE = 15;

/**
 * The page after `loaded` pages: the first load is page 1 of 30 rows, then pages of 15 from
 * page 3 on (rows 31–45, …). Load-more stops when 15 × page exceeds the total (SPEC §9).
 */
export function nextSearchPage(
  lastPage: number,
  totalAmount: number,
  last?: { totalCapped: boolean; rows: number; perPage: number },
): number | undefined {
  const next = lastPage === 1 ? 3 : lastPage + 1;
  // Past the count's cap the total is a lower bound: go on while pages come back full.
  if (last?.totalCapped) return last.rows < last.perPage ? undefined : next;
  return MORE_PAGE_SIZE * (next - 1) >= totalAmount ? undefined : next;
}

export function useCategories() {
  return useQuery({
    queryKey: partsKeys.categories,
    queryFn: async ({ signal }) => (await apiRequest(allCategories, { signal })).categories,
    staleTime: 10 * 60_000,
  });
}

export function useSpecs() {
  return useQuery({
    queryKey: partsKeys.specs,
    queryFn: async ({ signal }) => (await apiRequest(listSpecs, { signal })).specs,
    staleTime: 10 * 60_000,
  });
}

/** Specs of a tab with their options (option specs) and the values in the catalogue (numbers). */
export function useSpecsOptions(specIds: readonly number[]) {
  return useQuery({
    queryKey: ['parts', 'spec-options', specIds.join(',')],
    queryFn: async ({ signal }) =>
      (await apiRequest(specsOptions, { signal, body: { specs: [...specIds] } })).specs,
    enabled: specIds.length > 0,
    staleTime: 5 * 60_000,
  });
}

export function useBrands() {
  return useQuery({
    queryKey: partsKeys.brands,
    queryFn: async ({ signal }) => (await apiRequest(allBrands, { signal })).brands,
  });
}

export function usePackages(categoryIds?: readonly number[]) {
  const key = categoryIds?.join(',') ?? '';
  return useQuery({
    queryKey: partsKeys.packages(key),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(getPackages, {
          signal,
          query: key ? { category_ids: key } : {},
        })
      ).categories,
    staleTime: 5 * 60_000,
  });
}

/** The parts search: the first 30 rows, then 15 per `fetchNextPage`. */
export function usePartsSearch(body: Omit<PartsSearchInput, 'page' | 'perPage'>) {
  return useInfiniteQuery({
    queryKey: partsKeys.search(body),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const result = await apiRequest(searchParts, {
        signal,
        body: {
          ...body,
          page: pageParam,
          perPage: pageParam === 1 ? FIRST_PAGE_SIZE : MORE_PAGE_SIZE,
          facets: pageParam === 1,
        },
      });
      return { ...result, page: pageParam };
    },
    getNextPageParam: (last) =>
      nextSearchPage(last.page, last.totalAmount, {
        totalCapped: last.totalCapped,
        rows: last.data.length,
        perPage: last.page === 1 ? FIRST_PAGE_SIZE : MORE_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    // While the catalogue loads, the search is asked again now and then: more has loaded.
    refetchInterval: (query) => (query.state.data?.pages[0]?.catalogueLoading ? 5000 : false),
  });
}

export function usePartsList(body: {
  keyword: string;
  page: number;
  categories?: number[];
  brands?: number[];
  onlyUnconfirmed: boolean;
}) {
  return useQuery({
    queryKey: partsKeys.list(body),
    queryFn: async ({ signal }) =>
      apiRequest(filterParts, {
        signal,
        body: {
          keyword: body.keyword || null,
          page: body.page,
          perPage: 25,
          categories: body.categories?.length ? body.categories : null,
          brands: body.brands?.length ? body.brands : null,
          isShowUnconfirmed: true,
          onlyUnconfirmed: body.onlyUnconfirmed,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePart(id: number) {
  return useQuery({
    queryKey: partsKeys.part(id),
    queryFn: async ({ signal }) => (await apiRequest(getPart, { signal, params: { id } })).part,
  });
}

export function useAddPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PartInput) => apiRequest(addPart, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partsKeys.all }),
  });
}

export function useUpdatePart(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: Record<string, FormValue>) =>
      apiRequest(updatePart, { params: { id }, body: toFormData(fields) }),
    onSuccess: ({ part }) => {
      queryClient.setQueryData(partsKeys.part(id), part);
      return queryClient.invalidateQueries({ queryKey: partsKeys.all });
    },
  });
}

/** Confirms a part (and its manufacturer with it), written to the admin audit log. */
export function useConfirmPart(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(confirmPart, { params: { id } }),
    onSuccess: ({ part }) => {
      queryClient.setQueryData(partsKeys.part(id), part);
      return queryClient.invalidateQueries({ queryKey: partsKeys.all });
    },
  });
}

export function useManufacturerActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: partsKeys.all });
  return {
    add: useMutation({
      mutationFn: (input: { name: string; aliases: string[] }) =>
        apiRequest(addManufacturer, { body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: { id: number; name: string; aliases: string[] }) =>
        apiRequest(updateManufacturer, { params: { id }, body: input }),
      onSuccess: refresh,
    }),
    confirm: useMutation({
      mutationFn: (id: number) => apiRequest(confirmManufacturer, { params: { id } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest(deleteManufacturer, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; mountType?: 'SMD' | 'THT'; numOfPins?: number }) =>
      apiRequest(updatePackage, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['parts', 'packages'] }),
  });
}
