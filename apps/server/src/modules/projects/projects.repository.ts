import { and, asc, eq, inArray } from 'drizzle-orm';
import { type CompanyScope, inScope } from '../../db/company-scope.ts';
import type { Transactor } from '../../db/database.ts';
import { assemblies, projects } from './projects.tables.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type AssemblyRow = typeof assemblies.$inferSelect;
export type ProjectChanges = Partial<
  Pick<ProjectRow, 'title' | 'description' | 'markedColor' | 'coverKey' | 'visible'>
>;
export type AssemblyChanges = Partial<Pick<AssemblyRow, 'title' | 'hidden'>>;

export function createProjectsRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async insertProject(
      row: Omit<ProjectRow, 'id' | 'createdAt' | 'updatedAt' | 'visible'>,
      now: Date,
    ): Promise<ProjectRow> {
      const [inserted] = await db()
        .insert(projects)
        .values({ ...row, createdAt: now, updatedAt: now })
        .returning();
      return inserted!;
    },

    async findProject(scope: CompanyScope, id: number): Promise<ProjectRow | undefined> {
      const [row] = await db()
        .select()
        .from(projects)
        .where(and(eq(projects.id, id), inScope(scope, projects.companyId)));
      return row;
    },

    listProjects(scope: CompanyScope, companyId: number | undefined): Promise<ProjectRow[]> {
      return db()
        .select()
        .from(projects)
        .where(
          and(
            inScope(scope, projects.companyId),
            companyId === undefined ? undefined : eq(projects.companyId, companyId),
          ),
        )
        .orderBy(asc(projects.title), asc(projects.id));
    },

    async updateProject(id: number, changes: ProjectChanges, now: Date): Promise<void> {
      await db()
        .update(projects)
        .set({ ...changes, updatedAt: now })
        .where(eq(projects.id, id));
    },

    async insertAssembly(projectId: number, title: string, now: Date): Promise<AssemblyRow> {
      const [inserted] = await db()
        .insert(assemblies)
        .values({ projectId, title, createdAt: now, updatedAt: now })
        .returning();
      return inserted!;
    },

    async findAssembly(projectId: number, id: number): Promise<AssemblyRow | undefined> {
      const [row] = await db()
        .select()
        .from(assemblies)
        .where(and(eq(assemblies.id, id), eq(assemblies.projectId, projectId)));
      return row;
    },

    listAssemblies(projectIds: readonly number[]): Promise<AssemblyRow[]> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db()
        .select()
        .from(assemblies)
        .where(inArray(assemblies.projectId, [...projectIds]))
        .orderBy(asc(assemblies.id));
    },

    async updateAssembly(id: number, changes: AssemblyChanges, now: Date): Promise<void> {
      await db()
        .update(assemblies)
        .set({ ...changes, updatedAt: now })
        .where(eq(assemblies.id, id));
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
