import type {
  AddProductForm,
  BoardStamp,
  CreateOutlineInput,
  ProductPage,
  ProductSummary,
  SaveBoardSettingsInput,
  StoredFile,
  UpdateBoardFilesInput,
  UpdateFilesInput,
  UpdateProductForm,
} from '@circuits/contracts';
import {
  checkProductIssues,
  PRODUCT_FILE_TYPES,
  type ProductIssue,
  summarizeAddedFiles,
} from '@circuits/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import { invalidField, notFound, serviceUnavailable, validationFailed } from '../../http/errors.ts';
import type { UploadedFile, UploadedFiles } from '../../http/multipart.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Actor } from '../auth/actor.ts';
import { assertCanEditCompany, canEditCompany, companyScope } from '../auth/authorization.ts';
import type { BoardService } from '../board/board.service.ts';
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
import { productReportEmail } from './product-report-email.ts';
import { presentProduct, presentProductSummary } from './products.presenter.ts';
import type { ProductChanges, ProductRow, ProductsRepository } from './products.repository.ts';

type Intent = 'read' | 'edit';

const FILE_TYPES = PRODUCT_FILE_TYPES.map(({ id, name }) => ({ id, name }));

const refOf = (row: ProductRow): ProductRef => ({ id: row.id, companyId: row.companyId });

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
  /** Where users reach the app, for links in emails. */
  appUrl: string;
}) {
  const { repository, projects, files, board, boardRenders, storage, mailer, logger } = deps;
  const { rateLimits, transactor, clock } = deps;

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

  /**
   * SPEC §4/§5 issue checker over the product's data. BOM and placements are not kept yet, so
   * their tabs report that the information is missing.
   */
  async function productIssues(
    actor: Actor,
    id: number,
  ): Promise<{ row: ProductRow; issues: ProductIssue[] }> {
    const row = await requireProduct(actor, id, 'read');
    const [fileRows, sources, settings, options] = await Promise.all([
      files.listAll(row.id),
      files.boardSources(row.id),
      board.effectiveSettings(row.id),
      board.options(),
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
      bom: [],
      placements: [],
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

    async getPage(actor: Actor, id: number): Promise<ProductPage> {
      const row = await requireProduct(actor, id, 'read');
      const links = await storage.linkMaker();
      const [project, covers, listed, saved, boardAnalysis, cache] = await Promise.all([
        projects.requireProject(actor, row.projectId, 'read'),
        storage.linksByKey([row.coverKey], links),
        files.listAll(row.id),
        board.settingsOf(row.id),
        board.analysisOf(row.id),
        boardRenders.currentCache(refOf(row)),
      ]);
      const cover: StoredFile | null = (row.coverKey && covers.get(row.coverKey)) || null;
      return {
        product: presentProduct(row, cover),
        project: await projects.summary(actor, project, links),
        files: listed.files,
        files_types: FILE_TYPES,
        settings: saved.settings,
        settingsFromFiles: saved.takenFromFiles,
        boardAnalysis,
        boardFiles: listed.boardFiles,
        orders: [],
        bom: [],
        placements: [],
        cache,
        canEdit: canEditCompany(actor, row.companyId),
      };
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
          await files.saveCopies(refOf(inserted), copiedFiles);
          await board.copyBoard(refOf(source), refOf(inserted));
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
     * Mails the issue report to `email` (SPEC §7 sendReport); anyone who sees the product may.
     * `address` is the client's: a GET escapes the write budgets, so it is bounded here.
     */
    async sendReport(actor: Actor, id: number, email: string, address: string) {
      const { row, issues } = await productIssues(actor, id);
      await rateLimits.consume(
        { limit: 'reportEmailsPerUser', subject: actor.userId },
        { limit: 'reportEmailsPerRecipient', subject: email },
        { limit: 'reportEmailsPerAddress', subject: address },
      );
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
