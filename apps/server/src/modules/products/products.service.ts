import type {
  AddProductForm,
  ProductPage,
  ProductSummary,
  StoredFile,
  UpdateBoardFilesInput,
  UpdateFilesInput,
  UpdateProductForm,
} from '@circuits/contracts';
import { PRODUCT_FILE_TYPES } from '@circuits/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Transactor } from '../../db/database.ts';
import { invalidField, notFound, validationFailed } from '../../http/errors.ts';
import type { UploadedFile, UploadedFiles } from '../../http/multipart.ts';
import type { Actor } from '../auth/actor.ts';
import { assertCanEditCompany, canEditCompany, companyScope } from '../auth/authorization.ts';
import type {
  FilesService,
  PreparedFiles,
  ProductRef,
  UploadOptions,
} from '../files/files.service.ts';
import type { ProjectProducts, ProjectsService } from '../projects/projects.service.ts';
import { PROJECT_DATA } from '../projects/projects.service.ts';
import type { StorageService } from '../storage/storage.service.ts';
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
  storage: StorageService;
  transactor: Transactor;
  clock: Clock;
}) {
  const { repository, projects, files, storage, transactor, clock } = deps;

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
      const [project, covers, listed] = await Promise.all([
        projects.requireProject(actor, row.projectId, 'read'),
        storage.linksByKey([row.coverKey], links),
        files.listAll(row.id),
      ]);
      const cover: StoredFile | null = (row.coverKey && covers.get(row.coverKey)) || null;
      return {
        product: presentProduct(row, cover),
        project: await projects.summary(actor, project, links),
        files: listed.files,
        files_types: FILE_TYPES,
        settings: null,
        boardFiles: listed.boardFiles,
        orders: [],
        bom: [],
        placements: [],
        cache: { hash: null, file_path: null },
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
        const row = await storage.withCover(
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
            if (prepared) await files.savePrepared(refOf(product), prepared);
            return product;
          },
        );
        return present(row.id);
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
      try {
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
          await files.copyFiles(refOf(source), refOf(inserted));
          return inserted;
        });
        return present(copy.id);
      } catch (error) {
        if (coverCopy) await storage.discard([coverCopy]);
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
      return files.addUploads(refOf(row), uploads, uploadOptions(form));
    },

    async updateFiles(actor: Actor, id: number, input: z.output<typeof UpdateFilesInput>) {
      await requireProduct(actor, id, 'edit');
      return files.updateFiles(id, input);
    },

    async deleteFile(actor: Actor, id: number, fileId: number) {
      await requireProduct(actor, id, 'edit');
      return files.deleteFile(id, fileId);
    },

    async addToBoard(actor: Actor, id: number, fileId: number) {
      await requireProduct(actor, id, 'edit');
      return files.addToBoard(id, fileId);
    },

    async removeBoardFile(actor: Actor, id: number, fileId: number, boardId: number) {
      await requireProduct(actor, id, 'edit');
      return files.removeBoardFile(id, fileId, boardId);
    },

    async updateBoardFiles(
      actor: Actor,
      id: number,
      input: z.output<typeof UpdateBoardFilesInput>,
    ) {
      await requireProduct(actor, id, 'edit');
      return files.updateBoardFiles(id, input);
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
