import {
  addPackageCorrection,
  deletePackageCorrection,
  deletePlacements,
  listPackageCorrections,
  type Placement,
  type PlacementOffset,
  type ProductPage,
  placementsFromFile,
  updatePackageCorrection,
  updatePlacements,
} from '@circuits/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Every placement call answers with the product's placements as they are now: the product page's
// cached answer takes them over at once, and the page (its issue checker) is fetched anew.

function applyPlacements(
  client: QueryClient,
  productId: number,
  placements: Placement[],
  offset?: PlacementOffset,
) {
  client.setQueryData<ProductPage>(queryKeys.product(productId), (page) =>
    page ? { ...page, placements, placementOffset: offset ?? page.placementOffset } : page,
  );
  void client.invalidateQueries({ queryKey: queryKeys.product(productId) });
}

/** What the user chose for a file before it is read (over what the reader found). */
export type PlacementReadChoices = {
  unit?: 'mm' | 'mil' | 'inch';
  side?: 'top' | 'bottom';
  /** The header line the user chose (after a read error, from the file's first rows). */
  headerLine?: number;
  /** Column (0-based) of each field, as the user chose. */
  mapping?: Record<string, number>;
};

/**
 * Reads a pick-and-place file of the product without saving: what it holds, unit and sides,
 * and one page of its placements (the file stays on the server; each page reads it there).
 */
export function usePreviewPlacements(productId: number) {
  return useMutation({
    mutationFn: async ({
      fileId,
      choices,
      offset,
      limit,
    }: {
      fileId: number;
      choices: PlacementReadChoices;
      offset: number;
      limit: number;
    }) =>
      (
        await apiRequest(placementsFromFile, {
          params: { id: productId },
          body: { file_id: fileId, data: { ...choices, preview: true, offset, limit } },
          errors: 'inline',
        })
      ).parsed,
  });
}

/** Reads the file again with the user's choices and saves its placements over the old ones. */
export function useSavePlacementsFromFile(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, choices }: { fileId: number; choices: PlacementReadChoices }) =>
      apiRequest(placementsFromFile, {
        params: { id: productId },
        body: { file_id: fileId, data: { ...choices, preview: false, replace: true } },
        errors: 'inline',
      }),
    onSuccess: (answer) => applyPlacements(client, productId, answer.data),
  });
}

export type PlacementChange = { id: number } & Partial<
  Pick<Placement, 'confirmed' | 'dnp' | 'side' | 'x' | 'y' | 'angle'>
>;

/** Changes placements (confirm, do not populate) and the offset, all or none. */
export function useUpdatePlacements(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { placements?: PlacementChange[]; offset?: PlacementOffset }) =>
      apiRequest(updatePlacements, {
        params: { id: productId },
        body: { placements: change.placements ?? [], offset: change.offset },
      }),
    onSuccess: (answer) => applyPlacements(client, productId, answer.data, answer.offset),
  });
}

export function useDeletePlacements(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest(deletePlacements, { params: { id: productId }, body: { ids } }),
    onSuccess: (answer) => applyPlacements(client, productId, answer.placements),
  });
}

// ---- Package corrections: the company's, reached through the product shown -------------------

const correctionsKey = (productId: number) => ['package-corrections', productId] as const;

/** The company's package corrections, with how many placements of this product each corrects. */
export function usePackageCorrections(productId: number) {
  return useQuery({
    queryKey: correctionsKey(productId),
    queryFn: ({ signal }) =>
      apiRequest(listPackageCorrections, { params: { id: productId }, signal, errors: 'silent' }),
    select: (answer) => answer.data,
  });
}

/** What the correction dialog saves: a new correction, or new values for one. */
export type CorrectionSave =
  | {
      id?: undefined;
      packageName?: string;
      package_id?: number;
      rotation: number;
      x: number;
      y: number;
    }
  | { id: number; rotation: number; x: number; y: number };

export function useSavePackageCorrection(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: CorrectionSave) =>
      save.id === undefined
        ? apiRequest(addPackageCorrection, {
            params: { id: productId },
            body: save,
            errors: 'inline',
          })
        : apiRequest(updatePackageCorrection, {
            params: { id: productId, correctionId: save.id },
            body: { rotation: save.rotation, x: save.x, y: save.y },
            errors: 'inline',
          }),
    onSuccess: (answer) => {
      applyPlacements(client, productId, answer.placements);
      void client.invalidateQueries({ queryKey: correctionsKey(productId) });
    },
  });
}

export function useDeletePackageCorrection(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (correctionId: number) =>
      apiRequest(deletePackageCorrection, { params: { id: productId, correctionId } }),
    onSuccess: (answer) => {
      applyPlacements(client, productId, answer.placements);
      void client.invalidateQueries({ queryKey: correctionsKey(productId) });
    },
  });
}
