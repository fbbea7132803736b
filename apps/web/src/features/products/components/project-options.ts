import type { Project } from '@circuits/contracts';

// The projects a product can be created in, copied to or moved to: those of one company, since a
// product stays in its company.

export interface ProjectOption {
  id: number;
  title: string;
  companyName: string;
  assemblies: readonly { id: number; title: string }[];
}

export function projectOptions(projects: readonly Project[], companyId: number): ProjectOption[] {
  return projects
    .filter((project) => project.comp.id === companyId)
    .map((project) => ({
      id: project.id,
      title: project.title,
      companyName: project.comp.name,
      assemblies: project.assemblies.map(({ id, title }) => ({ id, title })),
    }));
}
