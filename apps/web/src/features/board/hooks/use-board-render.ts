import type { BoardFile, BoardSettingsOptions, BoardStamp, ProductFile } from '@circuits/contracts';
import {
  type BoardSettings,
  boardFileLayer,
  boardRenderColors,
  drawnFileType,
} from '@circuits/domain';
import { engineInputKind } from '@circuits/gerber';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { queryKeys } from '../../../lib/query-keys.ts';
import { findCachedRender, loadCachedRender, storeRender } from '../api/board-api.ts';
import type { BoardRender } from '../lib/board-render.ts';
import { renderInWorker } from '../lib/render-in-worker.ts';
import type { RenderJob, RenderProgress } from '../lib/render-job.ts';

export type ColorSettings = Pick<BoardSettings, 'finishing' | 'maskColor' | 'silkColor'>;

/** Where a render stands while it is being made. */
export type RenderStep = { stage: 'cache' } | RenderProgress;

export type RenderSource = 'cache' | 'browser';

/**
 * Board files the renderer draws: those whose layer is chosen, and those without one that
 * identification could only guess, drawn as the guess (marked, not measured).
 */
export function drawnBoardFiles(boardFiles: readonly BoardFile[]) {
  return boardFiles.flatMap((boardFile) => {
    const drawn = drawnFileType(boardFile.file_type, boardFile.guess);
    const layer = drawn && boardFileLayer(drawn.fileType);
    return layer ? [{ boardFile, layer, guessed: drawn.guessed }] : [];
  });
}

/** A product file off the board that the engine reads with it (Allegro nc_param.txt). */
export type EngineFile = Pick<ProductFile, 'id' | 'name' | 'link'>;

/** The product's files that are not on the board but that the render must read with it. */
export function engineFilesOf(
  files: readonly ProductFile[],
  boardFiles: readonly BoardFile[],
): EngineFile[] {
  const onBoard = new Set(boardFiles.map((boardFile) => boardFile.product_file_id));
  return files.filter((file) => !onBoard.has(file.id) && engineInputKind(file.name) !== null);
}

/** SPEC §4: nothing is cached for a board whose only file is the outline. */
export function isOutlineOnly(boardFiles: readonly BoardFile[]): boolean {
  return boardFiles.length === 1 && boardFiles[0]?.file_type === 'outline';
}

/**
 * The board's render for its files and colours (SPEC §4): the cached one when the stamp matches,
 * otherwise rendered in a worker and stored for next time (unless the only file is the outline).
 * While a new render is made, the previous one stays on screen.
 */
export function useBoardRender({
  productId,
  boardFiles,
  engineFiles = [],
  colors,
  options,
}: {
  productId: number;
  boardFiles: readonly BoardFile[];
  /** Files off the board the engine reads with it; the server's stamp counts them too. */
  engineFiles?: readonly EngineFile[];
  colors: ColorSettings;
  options: BoardSettingsOptions;
}) {
  const [step, setStep] = useState<RenderStep | null>(null);
  // What a stored render shows while the rest is still arriving: its preview, then its sides.
  const [partial, setPartial] = useState<{ key: string; render: BoardRender } | null>(null);
  const stamp: BoardStamp = useMemo(
    () => ({
      boardFiles: boardFiles.map(({ id, file_type, layer_number }) => ({
        id,
        file_type,
        layer_number,
      })),
      settings: {
        finishing: colors.finishing,
        maskColor: colors.maskColor,
        silkColor: colors.silkColor,
      },
    }),
    [boardFiles, colors.finishing, colors.maskColor, colors.silkColor],
  );
  const drawn = drawnBoardFiles(boardFiles);
  const stampKey = JSON.stringify({ stamp, inputs: engineFiles.map((file) => file.id) });
  const query = useQuery({
    queryKey: queryKeys.boardRender(productId, stampKey),
    enabled: drawn.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async ({ signal }): Promise<{ render: BoardRender; source: RenderSource }> => {
      setStep({ stage: 'cache' });
      const found = await findCachedRender(productId, stamp, signal);
      const link = found?.cache?.file_path;
      const cached = link
        ? await loadCachedRender(link, signal, (part) =>
            setPartial({ key: stampKey, render: part }),
          )
        : null;
      if (cached) return { render: cached, source: 'cache' };
      const job: RenderJob = {
        layers: drawn.map(({ boardFile, layer, guessed }) => ({
          filename: boardFile.file.name,
          url: new URL(boardFile.file.link, window.location.href).href,
          side: layer.side,
          type: layer.type,
          ...(guessed ? { guessed } : {}),
        })),
        inputs: engineFiles.map((file) => ({
          filename: file.name,
          url: new URL(file.link, window.location.href).href,
        })),
        colors: boardRenderColors(colors, options),
      };
      const render = await renderInWorker(job, { signal, onProgress: setStep });
      // A render that could not be stored is still shown; the next visit renders it again.
      if (found?.hash && !isOutlineOnly(boardFiles)) {
        await storeRender(productId, stamp, render, signal).catch(() => undefined);
      }
      return { render, source: 'browser' };
    },
  });
  const partialRender = partial?.key === stampKey ? partial.render : null;
  // The render of these files and colours, whole or its sides so far; else the previous one.
  const current = query.isPlaceholderData ? undefined : query.data;
  const shown =
    current ??
    (partialRender ? { render: partialRender, source: 'cache' as const } : undefined) ??
    query.data;
  return {
    render: shown?.render ?? null,
    source: shown?.source ?? null,
    /** A new render is being made (the one shown, if any, is the previous one). */
    working: query.isFetching,
    step,
    error: query.error,
    retry: () => void query.refetch(),
    hasDrawableFiles: drawn.length > 0,
  };
}
