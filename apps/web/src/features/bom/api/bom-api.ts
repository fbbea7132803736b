import {
  addBomRow,
  type BomRow,
  bomFromFile,
  bomPrices,
  bomReadRows,
  deleteBomRows,
  type EndpointBody,
  type ProductPage,
  parseBom,
  parseExistedBom,
  saveBomRow,
  saveBomRows,
  saveBomSuggestResults,
} from '@circuits/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Every BOM call that changes rows answers with them; the product page's cached answer takes
// them over at once and the page (its issue checker) is fetched anew.

function applyRows(client: QueryClient, productId: number, rows: BomRow[], whole: boolean) {
  client.setQueryData<ProductPage>(queryKeys.product(productId), (page) => {
    if (!page) return page;
    if (whole) return { ...page, bom: rows };
    const changed = new Map(rows.map((row) => [row.id, row]));
    const kept = page.bom.map((row) => changed.get(row.id) ?? row);
    const added = rows.filter((row) => !page.bom.some((old) => old.id === row.id));
    return { ...page, bom: [...kept, ...added] };
  });
  void client.invalidateQueries({ queryKey: queryKeys.product(productId) });
}

/** The column mapping the user set: field to column index (0-based). */
export type BomMapping = Partial<Record<string, number | number[] | null>>;

export type BomReadChoices = { sheet?: string; headerLine?: number; mapping?: BomMapping };

function readForm(choices: BomReadChoices): FormData {
  const form = new FormData();
  if (choices.sheet) form.append('sheet', choices.sheet);
  if (choices.headerLine) form.append('headerLine', String(choices.headerLine));
  if (choices.mapping) form.append('mapping', JSON.stringify(choices.mapping));
  return form;
}

/** A BOM file to read: one of the product's files, or one picked from the computer. */
export type BomSource = { type: 'stored'; fileId: number } | { type: 'new'; file: File };

/** Reads a BOM (columns, rows, proposed parts) without saving anything. */
export function useParseBom(productId: number) {
  return useMutation({
    mutationFn: async ({ source, choices }: { source: BomSource; choices: BomReadChoices }) => {
      const form = readForm(choices);
      if (source.type === 'stored') {
        form.append('file_id', String(source.fileId));
        return (
          await apiRequest(parseExistedBom, {
            params: { id: productId },
            body: form,
            errors: 'inline',
          })
        ).parsed;
      }
      form.append('table', source.file, source.file.name);
      return (
        await apiRequest(parseBom, { params: { id: productId }, body: form, errors: 'inline' })
      ).parsed;
    },
  });
}

/**
 * Rows `offset` to `offset + limit` of a read kept on the server (bom/parse, bom/parseExisted),
 * for paging its preview; not asked while `enabled` is false.
 */
export function useBomReadPage(
  productId: number,
  readId: number | null,
  offset: number,
  limit: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['bom-read-rows', productId, readId, offset, limit],
    queryFn: ({ signal }) =>
      apiRequest(bomReadRows, {
        params: { id: productId, readId: readId! },
        query: { offset, limit },
        signal,
        errors: 'inline',
      }),
    enabled: enabled && readId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type BomFileRows = EndpointBody<typeof bomFromFile>;

/** Saves the rows read from a file as the product's BOM (replacing it). */
export function useBomFromFile(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BomFileRows) =>
      apiRequest(bomFromFile, { params: { id: productId }, body: input, errors: 'inline' }),
    // The answer holds the first rows only: the product page is read again for them all.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.product(productId) }),
  });
}

export type BomRowChange = EndpointBody<typeof saveBomRow>;

export function useSaveBomRow(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: BomRowChange }) =>
      apiRequest(saveBomRow, {
        params: { id: productId, bomId: id },
        body: change,
        errors: 'inline',
      }),
    onSuccess: (answer) => applyRows(client, productId, [answer.data], false),
  });
}

export function useSaveBomRows(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (boms: ({ id: number } & BomRowChange)[]) =>
      apiRequest(saveBomRows, { params: { id: productId }, body: { boms } }),
    onSuccess: (answer) => applyRows(client, productId, answer.data, false),
  });
}

/** Keeps the parts found for rows as their suggestions (saved with the BOM, not shown as rows). */
export function useSaveSuggestResults(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (results: { bom_id: number; part_ids: number[] }[]) =>
      apiRequest(saveBomSuggestResults, { params: { id: productId }, body: { results } }),
    onSuccess: (answer) => applyRows(client, productId, answer.data, false),
  });
}

export function useAddBomRow(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (row: EndpointBody<typeof addBomRow>) =>
      apiRequest(addBomRow, { params: { id: productId }, body: row, errors: 'inline' }),
    onSuccess: (answer) => applyRows(client, productId, [answer.data], false),
  });
}

export function useDeleteBomRows(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest(deleteBomRows, { params: { id: productId }, body: { ids } }),
    onSuccess: (answer) => applyRows(client, productId, answer.bom, true),
  });
}

/** Catalogue parts for one BOM line (a part number, or a value with a package). */
export function useBomPartSearch(productId: number, word: string) {
  const trimmed = word.trim();
  return useQuery({
    queryKey: ['bom-prices', productId, trimmed.replace(/\s+/g, ' ').toLowerCase()],
    queryFn: ({ signal }) =>
      apiRequest(bomPrices, {
        params: { id: productId },
        query: { word: trimmed },
        signal,
        errors: 'silent',
      }),
    enabled: trimmed.length >= 2,
    staleTime: 60_000,
  });
}
