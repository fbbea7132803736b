import type {
  AddProjectForm,
  CompanySummary,
  ProductSummary,
  Project,
  ProjectSummary,
  UpdateProjectForm,
} from '@circuits/contracts';
import { DEFAULT_MARKED_COLOR } from '@circuits/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { type ChangeFeed, createReadThroughCache } from '../../db/change-feed.ts';
import type { Transactor } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import type { Actor } from '../auth/actor.ts';
import {
  assertCanEditCompany,
  canEditCompany,
  canReadCompany,
  companyScope,
} from '../auth/authorization.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { LinkMaker, StorageService } from '../storage/storage.service.ts';
import { presentProject, presentProjectSummary } from './projects.presenter.ts';
import type {
  AssemblyRow,
  ProjectChanges,
  ProjectRow,
  ProjectsRepository,
} from './projects.repository.ts';

/** What projects need from the products area (which in turn needs projects: see services.ts). */
export type ProjectProducts = {
  summariesOf(projectIds: readonly number[], links: LinkMaker): Promise<ProductSummary[]>;
  /** Moves products of the company into the project, out of any assembly. */
  moveToProject(companyId: number, productIds: readonly number[], projectId: number): Promise<void>;
  /** Puts products of the project into an assembly (null: out of their assembly). */
  setAssembly(
    projectId: number,
    productIds: readonly number[],
    assemblyId: number | null,
  ): Promise<void>;
};

export const PROJECT_DATA = 'projects and products';

/** Project lists kept in memory: one per kind of reader, company filter and link period. */
const CACHED_LISTS = 500;

type Intent = 'read' | 'edit';

export function createProjectsService(deps: {
  repository: ProjectsRepository;
  companies: CompaniesService;
  storage: StorageService;
  products: () => ProjectProducts;
  transactor: Transactor;
  clock: Clock;
  changes: ChangeFeed;
}) {
  const { repository, companies, storage, transactor, clock } = deps;

  // The list shows projects, their assemblies and products, the companies' names and the covers'
  // links: a change to any of these tables, by any instance, forgets every list (they change far
  // less often than the list is read).
  const lists = createReadThroughCache<string, Project[]>({
    feed: deps.changes,
    maxEntries: CACHED_LISTS,
    bypass: transactor.inTransaction,
    invalidatedBy: {
      projects: 'all',
      assemblies: 'all',
      products: 'all',
      companies: 'all',
      stored_files: 'all',
    },
  });

  /** What a list depends on of its reader: the companies seen and which of them may be edited. */
  function readerKey(actor: Actor): string {
    return `${actor.role}:${actor.companyId}:${actor.companyRole}`;
  }

  async function companyNames(actor: Actor): Promise<Map<number, CompanySummary>> {
    return new Map((await companies.listCompanies(actor)).map((company) => [company.id, company]));
  }

  async function summaries(actor: Actor, rows: readonly ProjectRow[], links: LinkMaker) {
    const [names, coverOf] = await Promise.all([
      companyNames(actor),
      storage.linksByKey(
        rows.map((row) => row.coverKey),
        links,
      ),
    ]);
    return rows.map((row) =>
      presentProjectSummary(
        row,
        names.get(row.companyId) ?? { id: row.companyId, name: '' },
        (row.coverKey && coverOf.get(row.coverKey)) || null,
        canEditCompany(actor, row.companyId),
      ),
    );
  }

  async function presentAll(actor: Actor, rows: readonly ProjectRow[]): Promise<Project[]> {
    const links = await storage.linkMaker();
    const ids = rows.map((row) => row.id);
    const [heads, assemblyRows, productRows] = await Promise.all([
      summaries(actor, rows, links),
      repository.listAssemblies(ids),
      deps.products().summariesOf(ids, links),
    ]);
    return rows.map((row, index) =>
      presentProject(
        heads[index]!,
        row,
        assemblyRows.filter((assembly) => assembly.projectId === row.id),
        productRows.filter((product) => product.project_id === row.id),
      ),
    );
  }

  async function presentOne(actor: Actor, id: number): Promise<Project> {
    const row = await repository.findProject({ type: 'all' }, id);
    return (await presentAll(actor, [row!]))[0]!;
  }

  /** The project if the actor may see it (404 otherwise) and, for edits, change it (403). */
  async function requireProject(actor: Actor, id: number, intent: Intent): Promise<ProjectRow> {
    const row = await repository.findProject(companyScope(actor), id);
    if (!row) throw notFound('project');
    if (intent === 'edit') assertCanEditCompany(actor, row.companyId, PROJECT_DATA);
    return row;
  }

  async function requireAssembly(projectId: number, assemblyId: number): Promise<AssemblyRow> {
    const row = await repository.findAssembly(projectId, assemblyId);
    if (!row) throw notFound('assembly');
    return row;
  }

  async function assemblyResult(actor: Actor, projectId: number, assemblyId: number) {
    const project = await presentOne(actor, projectId);
    const assembly = project.assemblies.find((entry) => entry.id === assemblyId)!;
    return { assembly, project };
  }

  return {
    requireProject,
    requireAssembly,

    async summary(actor: Actor, row: ProjectRow, links: LinkMaker): Promise<ProjectSummary> {
      return (await summaries(actor, [row], links))[0]!;
    },

    /** A new project of a company (for a product created with a new project's name). */
    createProject(companyId: number, title: string): Promise<ProjectRow> {
      return repository.insertProject(
        { companyId, title, description: null, markedColor: DEFAULT_MARKED_COLOR, coverKey: null },
        clock.now(),
      );
    },

    async list(actor: Actor, companyId: number | undefined): Promise<Project[]> {
      if (companyId !== undefined && !canReadCompany(actor, companyId)) throw notFound('company');
      const period = await storage.linkPeriod();
      const key = `${period}:${readerKey(actor)}:${companyId ?? 'all'}`;
      const list = await lists.get(key, async () =>
        presentAll(actor, await repository.listProjects(companyScope(actor), companyId)),
      );
      return list!;
    },

    async get(actor: Actor, id: number): Promise<Project> {
      return (await presentAll(actor, [await requireProject(actor, id, 'read')]))[0]!;
    },

    async add(
      actor: Actor,
      form: z.output<typeof AddProjectForm>,
      cover: UploadedFile | undefined,
    ) {
      const companyId = form.comp ?? actor.companyId;
      if (!canReadCompany(actor, companyId)) throw notFound('company');
      assertCanEditCompany(actor, companyId, PROJECT_DATA);
      await companies.getCompany(companyId);
      const row = await storage.withCover(companyId, cover, (stored) =>
        repository.insertProject(
          {
            companyId,
            title: form.title,
            description: form.description || null,
            markedColor: form.markedColor ?? DEFAULT_MARKED_COLOR,
            coverKey: stored?.key ?? null,
          },
          clock.now(),
        ),
      );
      return presentOne(actor, row.id);
    },

    async update(
      actor: Actor,
      id: number,
      form: z.output<typeof UpdateProjectForm>,
      cover: UploadedFile | undefined,
    ) {
      const row = await requireProject(actor, id, 'edit');
      const replacedCover = (cover || form.removeCover) && row.coverKey ? row.coverKey : undefined;
      await storage.withCover(row.companyId, cover, async (stored) => {
        const changes: ProjectChanges = {};
        if (form.title !== undefined) changes.title = form.title;
        if (form.description !== undefined) changes.description = form.description || null;
        if (form.markedColor !== undefined) changes.markedColor = form.markedColor;
        if (stored) changes.coverKey = stored.key;
        else if (form.removeCover) changes.coverKey = null;
        await repository.updateProject(id, changes, clock.now());
        if (replacedCover) await storage.unregister([replacedCover]);
      });
      if (replacedCover) await storage.discard([replacedCover]);
      return presentOne(actor, id);
    },

    async setVisibility(actor: Actor, id: number, visible: boolean) {
      await requireProject(actor, id, 'edit');
      await repository.updateProject(id, { visible }, clock.now());
      return presentOne(actor, id);
    },

    async attachProducts(actor: Actor, id: number, productIds: readonly number[]) {
      const row = await requireProject(actor, id, 'edit');
      await transactor.transaction(() =>
        deps.products().moveToProject(row.companyId, productIds, row.id),
      );
      return presentOne(actor, id);
    },

    async addAssembly(
      actor: Actor,
      projectId: number,
      input: { title: string; products?: number[] | undefined },
    ) {
      await requireProject(actor, projectId, 'edit');
      const assembly = await transactor.transaction(async () => {
        const created = await repository.insertAssembly(projectId, input.title, clock.now());
        if (input.products)
          await deps.products().setAssembly(projectId, input.products, created.id);
        return created;
      });
      return assemblyResult(actor, projectId, assembly.id);
    },

    async renameAssembly(actor: Actor, projectId: number, assemblyId: number, title: string) {
      await requireProject(actor, projectId, 'edit');
      await requireAssembly(projectId, assemblyId);
      await repository.updateAssembly(assemblyId, { title }, clock.now());
      return assemblyResult(actor, projectId, assemblyId);
    },

    async attachToAssembly(
      actor: Actor,
      projectId: number,
      assemblyId: number,
      productIds: readonly number[],
    ) {
      await requireProject(actor, projectId, 'edit');
      await requireAssembly(projectId, assemblyId);
      await transactor.transaction(() =>
        deps.products().setAssembly(projectId, productIds, assemblyId),
      );
      return assemblyResult(actor, projectId, assemblyId);
    },

    async detachFromAssembly(
      actor: Actor,
      projectId: number,
      assemblyId: number,
      productId: number,
    ) {
      await requireProject(actor, projectId, 'edit');
      await requireAssembly(projectId, assemblyId);
      const project = await presentOne(actor, projectId);
      const inAssembly = project.assemblies
        .find((assembly) => assembly.id === assemblyId)!
        .products.some((product) => product.id === productId);
      if (!inAssembly) throw notFound('product in this assembly');
      await deps.products().setAssembly(projectId, [productId], null);
      return assemblyResult(actor, projectId, assemblyId);
    },

    async hideAssembly(actor: Actor, projectId: number, assemblyId: number, hidden: boolean) {
      await requireProject(actor, projectId, 'edit');
      await requireAssembly(projectId, assemblyId);
      await repository.updateAssembly(assemblyId, { hidden }, clock.now());
      return assemblyResult(actor, projectId, assemblyId);
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
