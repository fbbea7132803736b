import {
  allBrands,
  confirmManufacturer,
  confirmPart,
  deleteManufacturer,
  deletePart,
  mergeManufacturer,
  mergePart,
  moderationManufacturers,
  moderationParts,
  searchParts,
} from '@circuits/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { adminKeys } from './admin-api.ts';

// The parts catalogue's moderation queue. A change refreshes the queue, the audit log and every
// parts view (a confirmed part is now seen by every company; a merged one is gone).

export const moderationKeys = {
  all: [...adminKeys.all, 'moderation'] as const,
  parts: (search: string, page: number) =>
    [...adminKeys.all, 'moderation', 'parts', search, page] as const,
  manufacturers: (search: string, page: number) =>
    [...adminKeys.all, 'moderation', 'manufacturers', search, page] as const,
  targets: (kind: 'parts' | 'brands', keyword: string) =>
    [...adminKeys.all, 'moderation', 'targets', kind, keyword] as const,
};

export function useModerationParts(search: string, page: number) {
  return useQuery({
    queryKey: moderationKeys.parts(search, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest(moderationParts, {
        signal,
        query: { ...(search ? { search } : {}), page },
        errors: 'silent',
      }),
  });
}

export function useModerationManufacturers(search: string, page: number) {
  return useQuery({
    queryKey: moderationKeys.manufacturers(search, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest(moderationManufacturers, {
        signal,
        query: { ...(search ? { search } : {}), page },
        errors: 'silent',
      }),
  });
}

/** Parts a duplicate may be merged into, found by number or words (confirmed or not). */
export function usePartTargets(keyword: string) {
  return useQuery({
    queryKey: moderationKeys.targets('parts', keyword),
    enabled: keyword.length >= 2,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(searchParts, {
          signal,
          body: { keyword, page: 1, perPage: 8, isShowUnconfirmed: true },
          errors: 'silent',
        })
      ).data,
  });
}

/** Every manufacturer, to merge a duplicate into. */
export function useManufacturerTargets(enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.targets('brands', ''),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest(allBrands, { signal, errors: 'silent' })).brands,
  });
}

export type ModerationAction =
  | { kind: 'part'; type: 'confirm' | 'delete'; id: number; label: string }
  | { kind: 'part'; type: 'merge'; id: number; label: string; intoId: number; intoLabel: string }
  | { kind: 'manufacturer'; type: 'confirm' | 'delete'; id: number; label: string }
  | {
      kind: 'manufacturer';
      type: 'merge';
      id: number;
      label: string;
      intoId: number;
      intoLabel: string;
    };

async function perform(action: ModerationAction): Promise<string> {
  const params = { id: action.id };
  if (action.kind === 'part') {
    switch (action.type) {
      case 'confirm':
        await apiRequest(confirmPart, { params });
        return `${action.label} is confirmed: every company sees it now`;
      case 'delete':
        await apiRequest(deletePart, { params });
        return `${action.label} is deleted`;
      case 'merge': {
        const { moved } = await apiRequest(mergePart, { params, body: { into_id: action.intoId } });
        return `${action.label} is merged into ${action.intoLabel}: ${moved.bom_rows} BOM rows, ${moved.specs} spec values, ${moved.stock_lots} stock lots and ${moved.price_breaks} price breaks moved`;
      }
    }
  }
  switch (action.type) {
    case 'confirm':
      await apiRequest(confirmManufacturer, { params });
      return `${action.label} is confirmed`;
    case 'delete':
      await apiRequest(deleteManufacturer, { params });
      return `${action.label} is deleted`;
    case 'merge': {
      const { moved } = await apiRequest(mergeManufacturer, {
        params,
        body: { into_id: action.intoId },
      });
      return `${action.label} is merged into ${action.intoLabel}: ${moved.parts} parts moved, ${moved.merged_parts} duplicate parts merged`;
    }
  }
}

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: perform,
    onSuccess: async (message) => {
      showToast('success', message);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['parts'] });
    },
  });
}
