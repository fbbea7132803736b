import {
  type AddProductForm,
  type BoardStamp,
  type BomRow,
  type CreateOutlineInput,
  type DfmResult,
  type Placement,
  type PlacementOffset,
  type ProductOrder,
  type ProductPage,
  type ProductSummary,
  REPORT_RECIPIENT_MESSAGE,
  type SaveBoardSettingsInput,
  type StoredFile,
  type UpdateBoardFilesInput,
  type UpdateFilesInput,
  type UpdateProductForm,
} from '@circuits/contracts';
import {
  cartAdditionError,
  checkProductIssues,
  PRODUCT_FILE_TYPES,
  type ProductIssue,
  type ProductIssuesInput,
  summarizeAddedFiles,
} from '@circuits/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { type ChangeFeed, createReadThroughCache } from '../../db/change-feed.ts';
import type { Transactor } from '../../db/database.ts';
import { invalidField, notFound, serviceUnavailable, validationFailed } from '../../http/errors.ts';
import type { UploadedFile, UploadedFiles } from '../../http/multipart.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Actor } from '../auth/actor.ts';
import {
  assertCanEditCompany,
  canEditCompany,
  canReadCompany,
  companyScope,
} from '../auth/authorization.ts';
import type { BoardService } from '../board/board.service.ts';
import { dfmIssues, presentDfm } from '../board/board-dfm-result.ts';
import type { BoardRenderService } from '../board/board-render.service.ts';
import type {
  FileCopies,
  FilesService,
  PreparedFiles,
  ProductRef,
  UploadOptions,
} from '../files/files.service.ts';
import type { ProjectProducts, ProjectsService } from '../projects/projects.service.ts';
import { PROJECT_DATA } from '../projects/projects.service.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { StorageService } from '../storage/storage.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { productReportEmail } from './product-report-email.ts';
import { presentProduct, presentProductSummary } from './products.presenter.ts';
import type { ProductChanges, ProductRow, ProductsRepository } from './products.repository.ts';

type Intent = 'read' | 'edit';

/** A product as a cart line shows it (ProductsService.cartProducts). */
export type CartProductInfo = {
  id: number;
  companyId: number;
  name: string;
  partNumber: string | null;
  imgLink: string | null;
  /** The caller may order it: an editor of its company, or an administrator. */
  canOrder: boolean;
};

/** What the BOM and placements areas give a product. */
export type ProductAssembly = {
  bomOf(productId: number): Promise<BomRow[]>;
  checkedBomOf(productId: number): Promise<ProductIssuesInput['bom']>;
  placementsOf(productId: number): Promise<{ placements: Placement[]; offset: PlacementOffset }>;
  checkedPlacementsOf(productId: number): Promise<ProductIssuesInput['placements']>;
  copy(from: ProductRef, to: ProductRef, fileIds: ReadonlyMap<number, number>): Promise<void>;
};

const FILE_TYPES = PRODUCT_FILE_TYPES.map(({ id, name }) => ({ id, name }));

const refOf = (row: ProductRow): ProductRef => ({ id: row.id, companyId: row.companyId });

// Product pages kept in memory while nothing they show changes.
const CACHED_PAGES = 2_000;

/** A product page as any reader of the product sees it, but for what they may change. */
type CachedPage = { productId: number; projectId: number; companyId: number; page: ProductPage };

function uploadOptions(form: {
  isAutoDetect?: boolean | undefined;
  isUnzipFlag?: boolean | undefined;
}): UploadOptions {
  return { autoDetect: form.isAutoDetect ?? true, unzip: form.isUnzipFlag ?? true };
}

export function createProductsService(deps: {
  repository: ProductsRepository;
  projects: ProjectsService;
  files: FilesService;
  board: BoardService;
  boardRenders: BoardRenderService;
  storage: StorageService;
  mailer: Mailer;
  logger: Logger;
  rateLimits: RateLimitsService;
  transactor: Transactor;
  clock: Clock;
  changes: ChangeFeed;
  /** Where users reach the app, for links in emails. */
  appUrl: string;
  /** The orders of a product (the orders area; late-bound, as orders read products). */
  productOrders?: () => (productId: number) => Promise<ProductOrder[]>;
  /** BOM and placements of a product (their areas; late-bound, as they read products). */
  assembly?: () => ProductAssembly;
  /** Who may receive a product's issue report. */
  users: Pick<UsersService, 'getEmailRecipient' | 'isConfirmedMemberEmail'>;
}) {
  const { repository, projects, files, board, boardRenders, storage, mailer, logger } = deps;
  const { rateLimits, transactor, clock } = deps;

  // By link period and product: every table a page is read from forgets what it changed.
  const forget =
    (field: 'productId' | 'projectId' | 'companyId') =>
    (key: string, cache: { deleteWhere(matches: (entry: CachedPage) => boolean): void }) => {
      const id = Number(key);
      cache.deleteWhere((entry) => entry[field] === id);
    };
  const pages = createReadThroughCache<string, CachedPage>({
    feed: deps.changes,
    maxEntries: CACHED_PAGES,
    bypass: transactor.inTransaction,
    invalidatedBy: {
      products: forget('productId'),
      product_files: forget('productId'),
      board_files: forget('productId'),
      product_board_settings: forget('productId'),
      board_analyses: forget('productId'),
      bom_rows: forget('productId'),
      placements: forget('productId'),
      placement_offsets: forget('productId'),
      package_corrections: forget('companyId'),
      product_render_stamps: forget('productId'),
      projects: forget('projectId'),
      companies: forget('companyId'),
      stored_files: forget('companyId'),
      board_renders: forget('companyId'),
      order_lines: forget('productId'),
      orders: forget('companyId'),
      content_hashes: 'all',
      board_settings_options: 'all',
      // What a BOM row shows of its part and a placement of its package (0022).
      parts: 'all',
      manufacturers: 'all',
      part_categories: 'all',
      part_specs: 'all',
      specifications: 'all',
      packages: 'all',
      part_stock: 'all',
      part_price_breaks: 'all',
    },
  });

  async function loadPage(actor: Actor, id: number): Promise<CachedPage> {
    const row = await requireProduct(actor, id, 'read');
    const links = await storage.linkMaker();
    const assembly = deps.assembly?.();
    const [project, covers, listed, saved, boardAnalysis, cache, bom, placed] = await Promise.all([
      projects.requireProject(actor, row.projectId, 'read'),
      storage.linksByKey([row.coverKey], links),
      files.listAll(row.id),
      board.settingsOf(row.id),
      board.analysisOf(row.id),
      boardRenders.currentCache(refOf(row)),
      assembly ? assembly.bomOf(row.id) : [],
      assembly ? assembly.placementsOf(row.id) : { placements: [], offset: { x: 0, y: 0 } },
    ]);
    const cover: StoredFile | null = (row.coverKey && covers.get(row.coverKey)) || null;
    return {
      productId: row.id,
      projectId: row.projectId,
      companyId: row.companyId,
      page: {
        product: presentProduct(row, cover),
        project: await projects.summary(actor, project, links),
        files: listed.files,
        files_types: FILE_TYPES,
        settings: saved.settings,
        settingsFromFiles: saved.takenFromFiles,
        boardAnalysis,
        boardFiles: listed.boardFiles,
        orders: (await deps.productOrders?.()(row.id)) ?? [],
        bom,
        placements: placed.placements,
        placementOffset: placed.offset,
        cache,
        canEdit: canEditCompany(actor, row.companyId),
      },
    };
  }

  /** The product if the actor may see it (404 otherwise) and, for edits, change it (403). */
  async function requireProduct(actor: Actor, id: number, intent: Intent): Promise<ProductRow> {
    const row = await repository.findProduct(companyScope(actor), id);
    if (!row) throw notFound('product');
    if (intent === 'edit') assertCanEditCompany(actor, row.companyId, PROJECT_DATA);
    return row;
  }

  async function present(id: number) {
    const row = (await repository.findProduct({ type: 'all' }, id))!;
    const links = await storage.linkMaker();
    const cover = row.coverKey
      ? ((await storage.linksByKey([row.coverKey], links)).get(row.coverKey) ?? null)
      : null;
    return presentProduct(row, cover);
  }

  async function assertProductsOf(
    ids: readonly number[],
    owner: { companyId: number } | { projectId: number },
  ): Promise<void> {
    const found = new Set(await repository.findIds(ids, owner));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) {
      const where = 'projectId' in owner ? 'this project' : 'this company';
      throw invalidField('products', `There is no product ${missing} in ${where}`);
    }
  }

  /** SPEC §4/§5 issue checker over the product's data. */
  async function productIssues(
    actor: Actor,
    id: number,
  ): Promise<{ row: ProductRow; issues: ProductIssue[] }> {
    const row = await requireProduct(actor, id, 'read');
    const assembly = deps.assembly?.();
    const [fileRows, sources, settings, options, bom, placements, dfm] = await Promise.all([
      files.listAll(row.id),
      files.boardSources(row.id),
      board.effectiveSettings(row.id),
      board.options(),
      assembly ? assembly.checkedBomOf(row.id) : [],
      assembly ? assembly.checkedPlacementsOf(row.id) : [],
      // The check made with the board's render; none is rendered for the issue list.
      boardRenders.dfmReport(refOf(row), { cachedOnly: true }),
    ]);
    const issues = checkProductIssues({
      product: { name: row.name, partNumber: row.partNumber },
      files: fileRows.files,
      boardFiles: sources.map((source) => ({
        file_type: source.fileType,
        layer_number: source.layerNumber,
      })),
      settings,
      options,
      bom,
      placements,
      dfm: dfmIssues(presentDfm(dfm, settings)),
    });
    return { row, issues };
  }

  /**
   * After the board files changed: the board is measured again (and its render cached) before
   * the answer, so the page loaded next proposes the new size and layer count.
   */
  async function afterBoardChange<T>(row: ProductRow, answer: T): Promise<T> {
    await boardRenders.refreshAnalysis(refOf(row));
    return answer;
  }

  const projectProducts: ProjectProducts = {
    async summariesOf(projectIds, links): Promise<ProductSummary[]> {
      const rows = await repository.listOfProjects(projectIds);
      const covers = await storage.linksByKey(
        rows.map((row) => row.coverKey),
        links,
      );
      return rows.map((row) =>
        presentProductSummary(row, (row.coverKey && covers.get(row.coverKey)) || null),
      );
    },

    async moveToProject(companyId, productIds, projectId) {
      await assertProductsOf(productIds, { companyId });
      await repository.updateProducts(productIds, { projectId, assemblyId: null }, clock.now());
    },

    async setAssembly(projectId, productIds, assemblyId) {
      await assertProductsOf(productIds, { projectId });
      await repository.updateProducts(productIds, { assemblyId }, clock.now());
    },
  };

  return {
    projectProducts,

    /** The product's id and company if the actor may see it (404) and, for edits, change it (403). */
    async productRef(actor: Actor, id: number, intent: Intent): Promise<ProductRef> {
      return refOf(await requireProduct(actor, id, intent));
    },

    /**
     * What an order needs of a product the actor may read: names, the board settings in force
     * (and whether they may be ordered, SPEC §5), the board size the files give, and the hash of
     * the board files.
     */
    async orderable(actor: Actor, id: number) {
      const row = await requireProduct(actor, id, 'read');
      const [settings, offered, analysis, filesHash] = await Promise.all([
        board.effectiveSettings(row.id),
        board.options(),
        board.analysisOf(row.id),
        boardRenders.filesHash(refOf(row)),
      ]);
      return {
        id: row.id,
        companyId: row.companyId,
        name: row.name,
        partNumber: row.partNumber,
        settings,
        settingsError: cartAdditionError(settings, offered),
        analysis,
        filesHash,
      };
    },

    /**
     * What the cart shows of the products the actor may see among `ids` (others are left out:
     * they do not exist for the caller), with the company each belongs to.
     */
    async cartProducts(actor: Actor, ids: readonly number[]): Promise<CartProductInfo[]> {
      const rows = await repository.findCartProducts(companyScope(actor), ids);
      const links = await storage.linkMaker();
      const covers = await storage.linksByKey(
        rows.map((row) => row.coverKey),
        links,
      );
      return rows.map((row) => ({
        id: row.id,
        companyId: row.companyId,
        name: row.name,
        partNumber: row.partNumber,
        imgLink: (row.coverKey && covers.get(row.coverKey)?.link) || null,
        canOrder: canEditCompany(actor, row.companyId),
      }));
    },

    async getPage(actor: Actor, id: number): Promise<ProductPage> {
      const period = await storage.linkPeriod();
      const cached = await pages.get(`${period}:${id}`, () => loadPage(actor, id));
      // Read by someone else: this reader must be allowed to see it too (the same 404).
      if (!cached || !canReadCompany(actor, cached.companyId)) throw notFound('product');
      const canEdit = canEditCompany(actor, cached.companyId);
      const { page } = cached;
      return { ...page, project: { ...page.project, canEdit }, canEdit };
    },

    async create(
      actor: Actor,
      projectId: number,
      form: z.output<typeof AddProductForm>,
      uploads: UploadedFiles,
    ) {
      const project = await projects.requireProject(actor, projectId, 'edit');
      const newProjectName = form.newProjectName || undefined;
      if (form.assemblyId !== undefined) {
        if (newProjectName) {
          throw validationFailed({
            assemblyId: 'A new project has no assemblies yet: leave the assembly empty',
          });
        }
        await projects.requireAssembly(project.id, form.assemblyId);
      }
      const boardFiles = uploads.files ?? [];
      const prepared: PreparedFiles | undefined = boardFiles.length
        ? await files.prepareUploads(boardFiles, uploadOptions(form))
        : undefined;
      try {
        const { product: row, added } = await storage.withCover(
          project.companyId,
          uploads.cover?.[0],
          async (cover) => {
            const target = newProjectName
              ? await projects.createProject(project.companyId, newProjectName)
              : project;
            const product = await repository.insertProduct(
              {
                companyId: project.companyId,
                projectId: target.id,
                assemblyId: form.assemblyId ?? null,
                name: form.name,
                partNumber: form.partNumber || null,
                job: null,
                notes: null,
                description: null,
                odooProducts: [],
                coverKey: cover?.key ?? null,
                visible: true,
              },
              clock.now(),
            );
            const saved = prepared ? await files.savePrepared(refOf(product), prepared) : [];
            return { product, added: saved };
          },
        );
        if (prepared) await boardRenders.refreshAnalysis(refOf(row));
        return {
          data: await present(row.id),
          added,
          summary: summarizeAddedFiles(added),
        };
      } catch (error) {
        await prepared?.discard();
        throw error;
      }
    },

    async update(
      actor: Actor,
      id: number,
      form: z.output<typeof UpdateProductForm>,
      coverUpload: UploadedFile | undefined,
    ) {
      const row = await requireProduct(actor, id, 'edit');
      const replacedCover =
        (coverUpload || form.removeCover) && row.coverKey ? row.coverKey : undefined;
      await storage.withCover(row.companyId, coverUpload, async (cover) => {
        const changes: ProductChanges = {};
        if (form.name !== undefined) changes.name = form.name;
        if (form.partNumber !== undefined) changes.partNumber = form.partNumber || null;
        if (form.job !== undefined) changes.job = form.job || null;
        if (form.notes !== undefined) changes.notes = form.notes || null;
        if (form.description !== undefined) changes.description = form.description || null;
        if (form.odoo_products !== undefined) changes.odooProducts = form.odoo_products;
        if (cover) changes.coverKey = cover.key;
        else if (form.removeCover) changes.coverKey = null;
        await repository.updateProducts([id], changes, clock.now());
        if (replacedCover) await storage.unregister([replacedCover]);
      });
      if (replacedCover) await storage.discard([replacedCover]);
      return present(id);
    },

    async setVisibility(actor: Actor, id: number, visible: boolean) {
      await requireProduct(actor, id, 'edit');
      await repository.updateProducts([id], { visible }, clock.now());
      return present(id);
    },

    /** A copy with its own stored files (and cover), in the same or another project of the company. */
    async duplicate(
      actor: Actor,
      id: number,
      input: { name?: string | undefined; project_id?: number | undefined },
    ) {
      const source = await requireProduct(actor, id, 'edit');
      const projectId = input.project_id ?? source.projectId;
      if (projectId !== source.projectId) {
        const target = await projects.requireProject(actor, projectId, 'edit');
        if (target.companyId !== source.companyId) {
          throw invalidField('project_id', 'Choose a project of the same company');
        }
      }
      const coverCopy = source.coverKey ? await storage.copy(source.coverKey) : undefined;
      let fileCopies: FileCopies | undefined;
      try {
        fileCopies = await files.copyObjects(refOf(source));
        const copiedFiles = fileCopies;
        const copy = await transactor.transaction(async () => {
          if (coverCopy && source.coverKey) {
            const [original] = await storage.find([source.coverKey]);
            await storage.register(source.companyId, [
              {
                key: coverCopy,
                name: original!.name,
                size: original!.size,
                contentType: original!.contentType,
              },
            ]);
          }
          const inserted = await repository.insertProduct(
            {
              companyId: source.companyId,
              projectId,
              assemblyId: projectId === source.projectId ? source.assemblyId : null,
              name: input.name ?? `${source.name} (copy)`,
              partNumber: source.partNumber,
              job: source.job,
              notes: source.notes,
              description: source.description,
              odooProducts: source.odooProducts,
              coverKey: coverCopy ?? null,
              visible: source.visible,
            },
            clock.now(),
          );
          const fileIds = await files.saveCopies(refOf(inserted), copiedFiles);
          await board.copyBoard(refOf(source), refOf(inserted));
          await deps.assembly?.().copy(refOf(source), refOf(inserted), fileIds);
          return inserted;
        });
        return present(copy.id);
      } catch (error) {
        if (coverCopy) await storage.discard([coverCopy]);
        await fileCopies?.discard();
        throw error;
      }
    },

    async moveToProject(
      actor: Actor,
      id: number,
      input: { product_id?: number | undefined; project_id: number },
    ) {
      if (input.product_id !== undefined && input.product_id !== id) {
        throw invalidField('product_id', 'product_id must be the product in the path');
      }
      const row = await requireProduct(actor, id, 'edit');
      const target = await projects.requireProject(actor, input.project_id, 'edit');
      if (target.companyId !== row.companyId) {
        throw invalidField('project_id', 'Choose a project of the same company');
      }
      if (target.id !== row.projectId) {
        await repository.updateProducts(
          [id],
          { projectId: target.id, assemblyId: null },
          clock.now(),
        );
      }
      return present(id);
    },

    async addFiles(
      actor: Actor,
      id: number,
      uploads: readonly UploadedFile[],
      form: { isAutoDetect?: boolean | undefined; isUnzipFlag?: boolean | undefined },
    ) {
      const row = await requireProduct(actor, id, 'edit');
      return afterBoardChange(
        row,
        await files.addUploads(refOf(row), uploads, uploadOptions(form)),
      );
    },

    async updateFiles(actor: Actor, id: number, input: z.output<typeof UpdateFilesInput>) {
      await requireProduct(actor, id, 'edit');
      return files.updateFiles(id, input);
    },

    async deleteFile(actor: Actor, id: number, fileId: number) {
      const row = await requireProduct(actor, id, 'edit');
      return afterBoardChange(row, await files.deleteFile(id, fileId));
    },

    async addToBoard(actor: Actor, id: number, fileId: number) {
      const row = await requireProduct(actor, id, 'edit');
      return afterBoardChange(row, await files.addToBoard(id, fileId));
    },

    async removeBoardFile(actor: Actor, id: number, fileId: number, boardId: number) {
      const row = await requireProduct(actor, id, 'edit');
      return afterBoardChange(row, await files.removeBoardFile(id, fileId, boardId));
    },

    async updateBoardFiles(
      actor: Actor,
      id: number,
      input: z.output<typeof UpdateBoardFilesInput>,
    ) {
      const row = await requireProduct(actor, id, 'edit');
      return afterBoardChange(row, await files.updateBoardFiles(id, input));
    },

    async createOutline(actor: Actor, id: number, input: z.output<typeof CreateOutlineInput>) {
      const row = await requireProduct(actor, id, 'edit');
      return afterBoardChange(row, await board.createOutline(refOf(row), input));
    },

    /**
     * Mails the issue report to `email` (SPEC §7 sendReport); anyone who sees the product may,
     * to their own address or the confirmed address of a member of the product's company (never
     * to any address typed: the server would be mailing strangers on a user's word). `address`
     * is the client's: a GET escapes the write budgets, so it is bounded here.
     */
    async sendReport(actor: Actor, id: number, email: string, address: string) {
      const { row, issues } = await productIssues(actor, id);
      const senderLimits = [
        { limit: 'reportEmailsPerUser', subject: actor.userId },
        { limit: 'reportEmailsPerAddress', subject: address },
      ] as const;
      const sender = await deps.users.getEmailRecipient(actor.userId);
      const own = !sender.detached && sender.email === email;
      if (!own && !(await deps.users.isConfirmedMemberEmail(row.companyId, email))) {
        // A refused address counts as a report sent, so addresses cannot be tried for free.
        await rateLimits.consume(...senderLimits);
        throw invalidField('email', REPORT_RECIPIENT_MESSAGE);
      }
      await rateLimits.consume(...senderLimits, {
        limit: 'reportEmailsPerRecipient',
        subject: email,
      });
      const message = productReportEmail({
        to: email,
        product: { name: row.name, partNumber: row.partNumber },
        issues,
        link: `${deps.appUrl}/product/${row.id}`,
      });
      try {
        await mailer.send(message);
      } catch (error) {
        logger.warn({ err: error }, 'the issue report could not be mailed');
        throw serviceUnavailable('The report could not be sent: the mail server did not accept it');
      }
      return { sent: true as const, email, issues };
    },

    async boardCacheByStamp(
      actor: Actor,
      id: number,
      input: BoardStamp & { render?: boolean | undefined },
    ) {
      const row = await requireProduct(actor, id, 'read');
      const { render, ...stamp } = input;
      return boardRenders.byStamp(refOf(row), stamp, {
        renderMiss: render ?? true,
        mayRenderDrafts: canEditCompany(actor, row.companyId),
        // Only a render made for the caller counts against their allowance; cached ones are free.
        beforeRender: () =>
          rateLimits.consume({ limit: 'boardRendersPerUser', subject: actor.userId }),
      });
    },

    /** The board's design-for-manufacture check, classed for its settings. */
    async boardDfm(actor: Actor, id: number): Promise<DfmResult> {
      const row = await requireProduct(actor, id, 'read');
      const [found, settings] = await Promise.all([
        boardRenders.dfmReport(refOf(row), {
          // Checking a board not rendered yet renders it: counted as a render made for the caller.
          beforeRender: () =>
            rateLimits.consume({ limit: 'boardRendersPerUser', subject: actor.userId }),
        }),
        board.effectiveSettings(row.id),
      ]);
      return presentDfm(found, settings);
    },

    async storeBoardCache(actor: Actor, id: number, stamp: BoardStamp, file: UploadedFile) {
      const row = await requireProduct(actor, id, 'edit');
      return boardRenders.storeClientRender(refOf(row), stamp, file);
    },

    async saveSettings(actor: Actor, id: number, input: z.output<typeof SaveBoardSettingsInput>) {
      const row = await requireProduct(actor, id, 'edit');
      const settings = await board.saveSettings(refOf(row), input);
      await boardRenders.settingsSaved(refOf(row));
      return settings;
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
