import {
  type BoardSettings,
  type BoardStamp,
  createOutline,
  type EndpointBody,
  getBoardCacheByStamp,
  getBoardSettingsOptions,
  type ProductPage,
  RenderedPreview,
  BoardRender as StoredBoardRender,
  saveBoardSettings,
  sendProductReport,
  storeBoardCache,
} from '@circuits/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { downloadRender } from '../../../lib/render-download-in-worker.ts';
import { takePrefetchedRender } from '../../../lib/render-prefetch.ts';
import { showToast } from '../../../lib/toasts.ts';
import type { BoardRender } from '../lib/board-render.ts';
import { previewRender, viewerRender } from '../lib/render-job.ts';

/**
 * The options offered change only when an administrator edits them: kept a minute, so an open
 * Board tab follows an edit soon (the admin panel's own edits refresh them at once).
 */
export function useBoardSettingsOptions() {
  return useQuery({
    queryKey: queryKeys.boardSettingsOptions,
    queryFn: ({ signal }) => apiRequest(getBoardSettingsOptions, { signal }),
    staleTime: 60_000,
  });
}

export function useSaveBoardSettings(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: BoardSettings) =>
      (
        await apiRequest(saveBoardSettings, {
          params: { id: productId },
          body: settings,
          errors: 'inline',
        })
      ).settings,
    onSuccess: (settings) =>
      client.setQueryData<ProductPage>(queryKeys.product(productId), (page) =>
        page ? { ...page, settings, settingsFromFiles: false } : page,
      ),
  });
}

export type OutlineInput = EndpointBody<typeof createOutline>;

export function useCreateOutline(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (outline: OutlineInput) =>
      apiRequest(createOutline, { params: { id: productId }, body: outline, errors: 'inline' }),
    // The board's files, analysis and render stamp all change: load the page again.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.product(productId) }),
  });
}

export function useSendReport(productId: number) {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(sendProductReport, { params: { id: productId }, query: { email } }),
    onSuccess: (answer) => showToast('success', `The report was sent to ${answer.email}`),
  });
}

/**
 * The render cache's answer for a stamp, without rendering on the server when it is missing; null
 * when the cache cannot be asked (the board is then rendered here all the same).
 */
export async function findCachedRender(productId: number, stamp: BoardStamp, signal: AbortSignal) {
  try {
    return await apiRequest(getBoardCacheByStamp, {
      params: { id: productId },
      body: { ...stamp, render: false },
      signal,
      errors: 'silent',
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

/**
 * A stored render, read from its signed link; null when it cannot be read as one. `onPart` is
 * given what can be shown before the whole has arrived: the top's preview (large boards), then
 * the render without its layers' pictures. Every render given keeps the preview first shown, so
 * the viewer does not draw it again.
 */
export async function loadCachedRender(
  link: string,
  signal: AbortSignal,
  onPart?: (render: BoardRender) => void,
): Promise<BoardRender | null> {
  try {
    // Under way already when the product page named it (lib/render-prefetch.ts).
    const download = takePrefetchedRender(link) ?? downloadRender(link, signal);
    let headGiven = false;
    let shownPreview: BoardRender['topPreview'];
    const keepPreview = (render: BoardRender): BoardRender =>
      shownPreview && render.topPreview ? { ...render, topPreview: shownPreview } : render;
    void Promise.all([download.opening, download.preview]).then(([opening, bitmap]) => {
      const members = opening as { topPreview?: unknown } | null;
      const preview = RenderedPreview.safeParse(members?.topPreview);
      if (!preview.success || headGiven || signal.aborted) return;
      shownPreview = bitmap ?? preview.data.src;
      onPart?.(previewRender(opening, preview.data, shownPreview));
    });
    void download.head.then((head) => {
      const stored = StoredBoardRender.safeParse(head);
      if (!stored.success || signal.aborted) return;
      headGiven = true;
      onPart?.(keepPreview(viewerRender(stored.data)));
    });
    const json = await download.full;
    signal.throwIfAborted();
    const stored = StoredBoardRender.safeParse(json);
    return stored.success ? keepPreview(viewerRender(stored.data)) : null;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

/** Keeps a render made in the browser, so the next visit (and other users) get it at once. */
export function storeRender(
  productId: number,
  stamp: BoardStamp,
  render: BoardRender,
  signal: AbortSignal,
) {
  const form = new FormData();
  form.append(
    'cache',
    new Blob([JSON.stringify(render)], { type: 'application/json' }),
    'board-render.json',
  );
  form.append('dataToHash', JSON.stringify(stamp));
  return apiRequest(storeBoardCache, {
    params: { id: productId },
    body: form,
    signal,
    errors: 'silent',
  });
}
