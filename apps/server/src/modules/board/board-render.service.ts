import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BoardCache,
  BoardRender,
  type BoardSettingsOptions,
  type BoardStamp,
} from '@circuits/contracts';
import type { DfmReport } from '@circuits/dfm';
import {
  type BoardFileType,
  type BoardSettings,
  boardRenderColors,
  drawnFileType,
} from '@circuits/domain';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import {
  forbidden,
  invalidField,
  serviceUnavailable,
  validationFailed,
} from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { definedOnly } from '../../lib/defined-only.ts';
import { type WorkerPool, WorkerTaskError } from '../../lib/worker-pool.ts';
import type { Logger } from '../../logger.ts';
import type {
  BoardSource,
  EngineSource,
  FilesService,
  ProductRef,
} from '../files/files.service.ts';
import type { StorageService } from '../storage/storage.service.ts';
import type { BoardRenderRow, BoardRepository } from './board.repository.ts';
import type { RenderJob, RenderJobResult, RenderSummary } from './board-render-job.ts';
import { drawnInOrder, jobLayer } from './board-render-plan.ts';
import { boardStamp } from './board-stamp.ts';
import { svgProblem, svgsOf } from './render-svg-check.ts';

export type RenderPool = WorkerPool<RenderJob, RenderJobResult>;

/** What rendering a product's board means now: its drawn files, colours and stamp. */
type RenderPlan = {
  /** Null when nothing is drawn. */
  hash: string | null;
  /** SPEC §4: a board whose only file is the outline is rendered but never cached. */
  cacheable: boolean;
  layers: {
    source: BoardSource;
    fileType: BoardFileType;
    layerNumber: number | null;
    sha256: string;
  }[];
  /** Files the engine reads beside the drawn ones (NC drill parameters, job files). */
  inputs: (EngineSource & { sha256: string })[];
  job: () => Promise<RenderJob>;
};

// A claim older than the render time limit plus this is taken to belong to a stopped instance.
const CLAIM_GRACE_MS = 30_000;
const POLL_FIRST_MS = 25;
const POLL_MAX_MS = 500;

const NOTHING_TO_CACHE = 'Nothing is cached for a board whose only file is the outline';

export const DRAFT_RENDER_REFUSED =
  'Only members who may edit the product can have unsaved board files or settings rendered: ' +
  'the board as saved is rendered for everyone';

// Unused renders removed together by the sweep.
const COLLECT_BATCH = 200;

/**
 * The board render cache (SPEC §4, §7, §9): renders by stamp, made in the worker pool once per
 * stamp however many requests and instances ask together (the stamp's row is claimed in the
 * database), stored through the storage area; and the board analysis taken from them.
 */
export function createBoardRenderService(deps: {
  repository: BoardRepository;
  files: FilesService;
  storage: StorageService;
  pool: RenderPool;
  transactor: Transactor;
  clock: Clock;
  logger: Logger;
  renderTimeoutMs: number;
  /** Memory each render worker may use (RENDER_WORKER_MEMORY_MB), named when a render runs out. */
  renderMemoryMb: number;
  /** Renders of stamps that are no product's board as saved are kept this long. */
  draftTtlMs: number;
  /** This server instance, which render claims name. */
  instance: { registered(): Promise<string> };
  settings: {
    effectiveSettings(productId: number): Promise<BoardSettings>;
    options(): Promise<BoardSettingsOptions>;
    adoptAnalysis(productId: number, analysis: RenderSummary | null): Promise<void>;
  };
}) {
  const { repository, files, storage, pool, transactor, clock, logger } = deps;
  const staleAfterMs = deps.renderTimeoutMs + CLAIM_GRACE_MS;

  async function readText(key: string): Promise<string> {
    const object = await storage.store.open(key);
    if (!object) throw new Error(`stored object ${key} is missing`);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('latin1');
  }

  /** Content hashes of stored objects, computed (and kept) the first time they are needed. */
  async function contentHashes(keys: readonly string[]): Promise<Map<string, string>> {
    const known = await repository.contentHashes(keys);
    for (const key of keys) {
      if (known.has(key)) continue;
      const object = await storage.store.open(key);
      if (!object) throw new Error(`stored object ${key} is missing`);
      const hash = createHash('sha256');
      for await (const chunk of object.body) hash.update(chunk as Buffer);
      const sha256 = hash.digest('hex');
      await repository.saveContentHash(key, sha256);
      known.set(key, sha256);
    }
    return known;
  }

  /**
   * The plan for the product's board files as saved, or as the client assigns them (`stamp`):
   * listed ids must be the product's board files; absent colour settings are the saved ones.
   */
  async function planFor(product: ProductRef, stamp: BoardStamp = {}): Promise<RenderPlan> {
    const [sources, engineSources, saved, options] = await Promise.all([
      files.boardSources(product.id),
      files.engineSources(product.id),
      deps.settings.effectiveSettings(product.id),
      deps.settings.options(),
    ]);
    const byId = new Map(sources.map((source) => [source.boardFileId, source]));
    const assigned = stamp.boardFiles
      ? stamp.boardFiles.map((entry, index) => {
          const source = byId.get(entry.id);
          if (!source) {
            throw invalidField(
              `boardFiles.${index}.id`,
              `Board file ${entry.id} is not on this board`,
            );
          }
          return {
            source,
            fileType: entry.file_type,
            layerNumber: entry.layer_number ?? null,
            guess: source.guess,
          };
        })
      : sources.map((source) => ({
          source,
          fileType: source.fileType,
          layerNumber: source.layerNumber,
          guess: source.guess,
        }));
    const drawn = assigned.filter((entry) => drawnFileType(entry.fileType, entry.guess) !== null);
    const colorSettings = { ...saved, ...definedOnly(stamp.settings ?? {}) };
    const hashes = await contentHashes([
      ...drawn.map((entry) => entry.source.storageKey),
      ...engineSources.map((source) => source.storageKey),
    ]);
    const inputs = engineSources
      .map((source) => ({ ...source, sha256: hashes.get(source.storageKey)! }))
      .sort((a, b) => (a.sha256 < b.sha256 ? -1 : a.sha256 > b.sha256 ? 1 : 0));
    const layers = drawnInOrder(
      drawn.map((entry) => ({ ...entry, sha256: hashes.get(entry.source.storageKey)! })),
    );
    const colors = boardRenderColors(colorSettings, options);
    const job = async (): Promise<RenderJob> => ({
      colors,
      layers: await Promise.all(
        layers.map(async (layer) =>
          jobLayer(
            {
              name: layer.source.name,
              fileType: layer.fileType,
              layerNumber: layer.layerNumber,
              drawnAs: layer.drawnAs,
              guessed: layer.guessed,
            },
            await readText(layer.source.storageKey),
          ),
        ),
      ),
      inputs: await Promise.all(
        inputs.map(async (input) => ({
          filename: input.name,
          gerber: await readText(input.storageKey),
        })),
      ),
    });
    const outlineOnly = layers.length === 1 && layers[0]!.drawnAs === 'outline';
    return {
      hash:
        layers.length === 0
          ? null
          : boardStamp({
              layers,
              colors: { copperFinish: colors.copperFinish, mask: colors.mask, silk: colors.silk },
              inputs: inputs.map((input) => input.sha256),
            }),
      cacheable: !outlineOnly,
      layers,
      inputs,
      job,
    };
  }

  async function render(plan: RenderPlan): Promise<RenderJobResult> {
    try {
      return await pool.run(await plan.job());
    } catch (error) {
      if (error instanceof WorkerTaskError && error.reason === 'memory') {
        logger.warn({ err: error }, 'a board render ran out of memory');
        throw validationFailed({
          boardFiles:
            'The board could not be rendered: drawing it needs more memory than a render may ' +
            `use on this server (${deps.renderMemoryMb} MB). Check that the files are the ` +
            "board's Gerber and drill files; a file that repeats its drawing many times or " +
            'holds millions of holes cannot be drawn.',
        });
      }
      if (error instanceof WorkerTaskError && error.reason !== 'failed') {
        throw serviceUnavailable(
          error.reason === 'timeout'
            ? 'Rendering the board took too long; try again later'
            : 'The server is shutting down; try again in a moment',
        );
      }
      logger.error({ err: error }, 'a board render failed');
      throw validationFailed({
        boardFiles: `The board could not be rendered: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  /** Stores a render's JSON for the company; answers its key. */
  async function putRender(companyId: number, hash: string, json: string): Promise<string> {
    const data = Buffer.from(json, 'utf8');
    const key = await storage.put({ type: 'bytes', data }, 'application/json');
    try {
      await storage.register(companyId, [
        {
          key,
          name: `board-render-${hash.slice(0, 12)}.json`,
          size: data.length,
          contentType: 'application/json',
        },
      ]);
      return key;
    } catch (error) {
      await storage.discard([key]);
      throw error;
    }
  }

  /** Removes a stored render that no row files. */
  async function dropRender(key: string): Promise<void> {
    await storage.unregister([key]);
    await storage.discard([key]);
  }

  /**
   * The stored render of a cacheable plan: the cached one, or one rendered now. Whoever claims
   * the stamp's row renders; the others wait for it (polling), so a stamp is rendered once.
   */
  async function cachedRender(
    companyId: number,
    plan: RenderPlan & { hash: string },
  ): Promise<{ row: BoardRenderRow; fromCache: boolean }> {
    const instanceId = await deps.instance.registered();
    let pause = POLL_FIRST_MS;
    for (;;) {
      const row = await repository.findRender(companyId, plan.hash);
      if (row?.status === 'done') return { row, fromCache: true };
      const now = clock.now();
      const claimed = row
        ? await repository.reclaimStaleRender(
            companyId,
            plan.hash,
            new Date(now.getTime() - staleAfterMs),
            now,
            instanceId,
          )
        : await repository.claimRender(companyId, plan.hash, now, instanceId);
      if (claimed) {
        const rendered = await renderClaimed(companyId, plan, instanceId);
        if (rendered) return { row: rendered, fromCache: false };
      } else if (row) {
        await sleep(pause);
        pause = Math.min(pause * 2, POLL_MAX_MS);
      }
    }
  }

  /**
   * Renders a claimed stamp and files the render under the claim; null when the claim was lost
   * meanwhile (this instance was taken as stopped), the render made here then being dropped.
   */
  async function renderClaimed(
    companyId: number,
    plan: RenderPlan & { hash: string },
    instanceId: string,
  ): Promise<BoardRenderRow | null> {
    let key: string | undefined;
    let filed = false;
    logger.info({ companyId, hash: plan.hash }, 'board render started');
    try {
      const result = await render(plan);
      key = await putRender(companyId, plan.hash, result.json);
      filed = await repository.completeRender(companyId, plan.hash, instanceId, key, {
        ...result.summary,
        dfm: result.dfm,
      });
    } catch (error) {
      await repository.releaseRender(companyId, plan.hash, instanceId);
      if (key) await dropRender(key);
      throw error;
    }
    if (!filed) {
      await dropRender(key);
      return null;
    }
    return (await repository.findRender(companyId, plan.hash))!;
  }

  async function cacheOf(row: BoardRenderRow): Promise<BoardCache> {
    const links = await storage.linkMaker();
    const [stored] = await storage.find([row.storageKey!]);
    const file = links({
      key: row.storageKey!,
      name: stored?.name ?? 'board-render.json',
      size: stored?.size ?? 0,
    });
    return { hash: row.hash, file_path: file.link };
  }

  /** Keeps what the board measured, and hands it to the settings (which may adopt it). */
  async function saveAnalysis(productId: number, summary: RenderSummary): Promise<void> {
    await repository.saveAnalysis({
      productId,
      widthMm: summary.widthMm,
      lengthMm: summary.lengthMm,
      copperLayers: summary.copperLayers,
      sizeFrom:
        summary.boardShape === 'outline'
          ? 'outline'
          : summary.boardShape === 'copper-extent'
            ? 'layers'
            : null,
      analysedAt: clock.now(),
    });
    await deps.settings.adoptAnalysis(productId, summary);
  }

  async function forgetAnalysis(productId: number): Promise<void> {
    await repository.deleteAnalysis(productId);
    await deps.settings.adoptAnalysis(productId, null);
  }

  /** The stamp whose render the product's board as saved uses; null when none is cached. */
  function stampInUse(plan: RenderPlan): string | null {
    return plan.cacheable ? plan.hash : null;
  }

  /** Records the stamp of the board as saved, so the sweep keeps its render. */
  async function recordStampInUse(product: ProductRef, plan: RenderPlan): Promise<void> {
    await repository.saveCurrentStamp(product.id, product.companyId, stampInUse(plan), clock.now());
  }

  return {
    /**
     * SPEC §7 by_stamp: the render for these files and colours; rendered now on a miss. Only
     * callers who may save the board have other stamps than the saved board's rendered (and
     * stored): a read-only member's drafts are drawn by the viewer alone.
     */
    async byStamp(
      product: ProductRef,
      stamp: BoardStamp,
      options: {
        renderMiss: boolean;
        mayRenderDrafts: boolean;
        /** Runs when a render is about to be made for this request (not for a cached one). */
        beforeRender?: () => Promise<void>;
      },
    ) {
      const plan = await planFor(product, stamp);
      if (plan.hash === null || !plan.cacheable) {
        return { hash: null, cache: null, fromCache: false };
      }
      const hash = plan.hash;
      const existing = await repository.findRender(product.companyId, hash);
      if (existing?.status === 'done') {
        return { hash, cache: await cacheOf(existing), fromCache: true };
      }
      if (!options.renderMiss) return { hash, cache: null, fromCache: false };
      if (!options.mayRenderDrafts) {
        const saved = stamp.boardFiles || stamp.settings ? (await planFor(product)).hash : hash;
        if (hash !== saved) throw forbidden(DRAFT_RENDER_REFUSED);
      }
      await options.beforeRender?.();
      const { row, fromCache } = await cachedRender(product.companyId, { ...plan, hash });
      return { hash, cache: await cacheOf(row), fromCache };
    },

    /**
     * SPEC §7 board/cache: keeps a render the client made, under the stamp the server computes
     * for `stamp` (never one the client names). The first render stored for a stamp stays.
     */
    async storeClientRender(product: ProductRef, stamp: BoardStamp, upload: UploadedFile) {
      const plan = await planFor(product, stamp);
      if (plan.hash === null) throw invalidField('dataToHash', 'The board has no files to render');
      if (!plan.cacheable) throw invalidField('dataToHash', NOTHING_TO_CACHE);
      const hash = plan.hash;
      const existing = await repository.findRender(product.companyId, hash);
      if (existing?.status === 'done') return { hash, cache: await cacheOf(existing) };
      const json = await readClientRender(upload);
      const key = await putRender(product.companyId, hash, json);
      const kept = await repository.insertDoneRender(product.companyId, hash, key, clock.now());
      if (!kept) await dropRender(key);
      return {
        hash,
        cache: await cacheOf((await repository.findRender(product.companyId, hash))!),
      };
    },

    /** The page's SPEC §3 cache: the current stamp and its stored render, when there is one. */
    /**
     * One SHA-256 over the contents of the product's board files and the layer each is on: what
     * an order records, so the boards made are the files the customer saw priced.
     */
    async filesHash(product: ProductRef): Promise<string | null> {
      const sources = await files.boardSources(product.id);
      if (sources.length === 0) return null;
      const hashes = await contentHashes(sources.map((source) => source.storageKey));
      const entries = sources
        .map(
          (source) =>
            `${hashes.get(source.storageKey)} ${source.fileType} ${source.layerNumber ?? '-'}`,
        )
        .sort();
      return createHash('sha256').update(entries.join('\n')).digest('hex');
    },

    async currentCache(product: ProductRef): Promise<BoardCache> {
      try {
        const [plan, recorded] = await Promise.all([
          planFor(product),
          repository.findCurrentStamp(product.id),
        ]);
        const hash = stampInUse(plan);
        // Kept up to date here too, for changes made elsewhere (the offered colours).
        if (hash !== (recorded ?? null)) await recordStampInUse(product, plan);
        if (hash === null) return { hash: null, file_path: null };
        const row = await repository.findRender(product.companyId, hash);
        return row?.status === 'done' ? cacheOf(row) : { hash, file_path: null };
      } catch (error) {
        // The page must open even when a board file cannot be read; the viewer renders anew.
        logger.error(
          { err: error, productId: product.id },
          'the board cache could not be looked up',
        );
        return { hash: null, file_path: null };
      }
    },

    /**
     * After the board files changed: measures the board (size and copper layers, from the
     * render of the current files, cached as the viewer will want it) for the settings form to
     * propose. A board that cannot be rendered keeps no stale proposal.
     */
    async refreshAnalysis(product: ProductRef): Promise<void> {
      try {
        const plan = await planFor(product);
        await recordStampInUse(product, plan);
        if (plan.hash === null) {
          await forgetAnalysis(product.id);
        } else if (plan.cacheable) {
          const { row } = await cachedRender(product.companyId, { ...plan, hash: plan.hash });
          // A render stored by a client carries no measurements: the board is measured (and
          // checked) here.
          let summary = summaryOf(row);
          if (!summary) {
            const measured = await render(plan);
            await repository.saveRenderDfm(product.companyId, plan.hash, measured.dfm);
            summary = measured.summary;
          }
          await saveAnalysis(product.id, summary);
        } else {
          await saveAnalysis(product.id, (await render(plan)).summary);
        }
      } catch (error) {
        logger.warn({ err: error, productId: product.id }, 'the board could not be analysed');
        await forgetAnalysis(product.id);
      }
    },

    /**
     * The design-for-manufacture check of the board as saved, made with its render: the cached
     * one, else the board is rendered now (`beforeRender` runs first), and a render a client
     * stored is checked here once.
     */
    async dfmReport(
      product: ProductRef,
      options: { beforeRender?: () => Promise<void>; cachedOnly?: boolean },
    ): Promise<{ hash: string | null; report: DfmReport | null; checked: boolean }> {
      const plan = await planFor(product);
      if (plan.hash === null || !plan.cacheable)
        return { hash: null, report: null, checked: false };
      const hash = plan.hash;
      const existing = await repository.findRender(product.companyId, hash);
      if (existing?.status === 'done' && existing.dfm) {
        return { hash, report: existing.dfm, checked: true };
      }
      if (options.cachedOnly) return { hash, report: null, checked: false };
      await options.beforeRender?.();
      const { row } = await cachedRender(product.companyId, { ...plan, hash });
      if (row.dfm) return { hash, report: row.dfm, checked: true };
      const { dfm } = await render(plan);
      await repository.saveRenderDfm(product.companyId, hash, dfm);
      return { hash, report: dfm, checked: true };
    },

    /** After the settings were saved: their colours make the stamp of the board as saved. */
    async settingsSaved(product: ProductRef): Promise<void> {
      try {
        await recordStampInUse(product, await planFor(product));
      } catch (error) {
        // The page view records it again; the settings are saved all the same.
        logger.warn({ err: error, productId: product.id }, 'the board stamp could not be recorded');
      }
    },

    /**
     * Removes the renders no board uses (their stamp is no product's board as saved) once they
     * are older than the draft time, rows and objects; answers how many went.
     */
    async collectUnused(): Promise<number> {
      const before = new Date(clock.now().getTime() - deps.draftTtlMs);
      let removed = 0;
      for (;;) {
        const keys = await transactor.transaction(async () => {
          const taken = await repository.takeUnusedRenders(before, COLLECT_BATCH);
          await storage.unregister(taken);
          return taken;
        });
        await storage.discard(keys);
        removed += keys.length;
        if (keys.length < COLLECT_BATCH) return removed;
      }
    },
  };
}

export type BoardRenderService = ReturnType<typeof createBoardRenderService>;

/** What the server's render of the row measured; null for a render a client stored. */
function summaryOf(row: BoardRenderRow): RenderSummary | null {
  if (row.copperLayers === null) return null;
  return {
    widthMm: row.widthMm,
    lengthMm: row.lengthMm,
    copperLayers: row.copperLayers,
    boardShape: (row.boardShape as RenderSummary['boardShape'] | null) ?? 'none',
  };
}

/**
 * A client render: JSON in the BoardRender shape whose every SVG is made of what the renderer
 * writes (see render-svg-check.ts); answers it as text.
 */
async function readClientRender(upload: UploadedFile): Promise<string> {
  const text = await fs.readFile(upload.path, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidField('cache', 'The cache file must be JSON');
  }
  const render = BoardRender.safeParse(parsed);
  if (!render.success) {
    throw invalidField('cache', 'The cache file must be a board render with top and bottom sides');
  }
  for (const { path, svg } of svgsOf(render.data)) {
    const problem = svgProblem(svg);
    if (problem) throw invalidField('cache', `The SVG at ${path} ${problem}`);
  }
  // A preview is the server's own drawing of its SVG: one a client sends could show anything.
  const { topPreview: _, ...checked } = render.data;
  return JSON.stringify(checked);
}
