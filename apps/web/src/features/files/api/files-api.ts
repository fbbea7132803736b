import {
  addFileToBoard,
  addProductFiles,
  type BoardFile,
  deleteProductFile,
  type ProductFile,
  type ProductPage,
  productFileFirstRows,
  removeBoardFile,
  type UpdateBoardFilesInput,
  updateBoardFiles,
  updateProductFiles,
} from '@circuits/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Every files call answers with the product's files and board files as they are now; the product
// page's cached answer takes them over at once, so what the user sees is what the server has. The
// server also measured the board again (and may have taken its size and layer count as the
// settings): the rest of the page is fetched anew.

type FilesState = { files?: ProductFile[]; boardFiles: BoardFile[] };

function applyFiles(client: QueryClient, productId: number, state: FilesState) {
  client.setQueryData<ProductPage>(queryKeys.product(productId), (page) =>
    page ? { ...page, files: state.files ?? page.files, boardFiles: state.boardFiles } : page,
  );
}

function useFilesMutation<TInput, TResult extends FilesState>(
  productId: number,
  send: (input: TInput) => Promise<TResult>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (state) => {
      applyFiles(client, productId, state);
      void client.invalidateQueries({ queryKey: queryKeys.product(productId) });
    },
  });
}

export interface FilesUpload {
  form: FormData;
  onUploadProgress: (fraction: number) => void;
}

export function useUploadFiles(productId: number) {
  return useFilesMutation(productId, ({ form, onUploadProgress }: FilesUpload) =>
    apiRequest(addProductFiles, {
      params: { id: productId },
      body: form,
      errors: 'inline',
      onUploadProgress,
    }),
  );
}

export function useChangeFileType(productId: number) {
  return useFilesMutation(productId, ({ fileId, typeId }: { fileId: number; typeId: number }) =>
    apiRequest(updateProductFiles, {
      params: { id: productId },
      body: { files: [{ id: fileId, type_id: typeId }] },
    }),
  );
}

export function useDeleteFile(productId: number) {
  return useFilesMutation(productId, (fileId: number) =>
    apiRequest(deleteProductFile, { params: { id: productId, fileId } }),
  );
}

export function useAddToBoard(productId: number) {
  return useFilesMutation(productId, (fileId: number) =>
    apiRequest(addFileToBoard, { params: { id: productId, fileId } }),
  );
}

export function useRemoveFromBoard(productId: number) {
  return useFilesMutation(productId, ({ fileId, boardId }: { fileId: number; boardId: number }) =>
    apiRequest(removeBoardFile, { params: { id: productId, fileId, boardId } }),
  );
}

export type BoardFileChange = z.input<typeof UpdateBoardFilesInput>['boardFiles'][number];

export function useUpdateBoardFile(productId: number) {
  return useFilesMutation(productId, (change: BoardFileChange) =>
    apiRequest(updateBoardFiles, { params: { id: productId }, body: { boardFiles: [change] } }),
  );
}

/**
 * Keeps one file picked from the computer with the product's files as the given type (a BOM or a
 * pick-and-place file, whatever the server guessed from its name); answers its id.
 */
export function useUploadFileAs(productId: number, typeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('files[]', file, file.name);
      form.append('isUnzipFlag', 'false');
      const added = await apiRequest(addProductFiles, {
        params: { id: productId },
        body: form,
        errors: 'inline',
      });
      const fileId = added.addedFileIds[0];
      if (fileId === undefined) throw new Error(`${file.name} was not added`);
      const stored = added.files.find((entry) => entry.id === fileId);
      if (stored && stored.type_id !== typeId) {
        await apiRequest(updateProductFiles, {
          params: { id: productId },
          body: { files: [{ id: fileId, type_id: typeId }] },
        });
      }
      return fileId;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.product(productId) }),
  });
}

/**
 * The first rows of a product file as cells (of `sheet`, or its first sheet), asked only while
 * `enabled`: shown when the file cannot be read, to say where its header is.
 */
export function useFileFirstRows(
  productId: number,
  fileId: number | null,
  enabled: boolean,
  sheet?: string,
) {
  return useQuery({
    queryKey: ['file-first-rows', productId, fileId, sheet ?? null],
    queryFn: ({ signal }) =>
      apiRequest(productFileFirstRows, {
        params: { id: productId, fileId: fileId! },
        query: sheet ? { sheet } : {},
        signal,
        errors: 'inline',
      }),
    enabled: enabled && fileId !== null,
    staleTime: 60_000,
  });
}
