import type { Assembly, ProductSummary, Project } from '@circuits/contracts';

// What the workspace lists: projects filtered by the search text, and without what is hidden
// unless the user asked to see hidden things too.

export interface ListedProject {
  project: Project;
  /** Products in no assembly that are listed. */
  products: ProductSummary[];
  assemblies: { assembly: Assembly; products: ProductSummary[] }[];
  /** Products listed in the whole card. */
  productCount: number;
}

export interface ProjectFilter {
  search: string;
  showHidden: boolean;
}

function normalise(text: string): string {
  return text.trim().toLowerCase();
}

function includes(text: string | null, query: string): boolean {
  return text?.toLowerCase().includes(query) ?? false;
}

function productMatches(product: ProductSummary, query: string): boolean {
  return includes(product.name, query) || includes(product.partNumber, query);
}

/**
 * A project is listed when its title or description matches, with all its products; or when some
 * of its products match by name or part number, with only those.
 */
export function listProjects(projects: readonly Project[], filter: ProjectFilter): ListedProject[] {
  const query = normalise(filter.search);
  const listed: ListedProject[] = [];
  for (const project of projects) {
    if (!filter.showHidden && !project.visible) continue;
    const wholeProject =
      query === '' || includes(project.title, query) || includes(project.description, query);
    const shown = (product: ProductSummary) =>
      (filter.showHidden || product.visible) && (wholeProject || productMatches(product, query));
    const products = project.products.filter(shown);
    const assemblies = project.assemblies
      .filter((assembly) => filter.showHidden || !assembly.hidden)
      .map((assembly) => ({ assembly, products: assembly.products.filter(shown) }))
      .filter((entry) => wholeProject || entry.products.length > 0);
    const productCount =
      products.length + assemblies.reduce((sum, entry) => sum + entry.products.length, 0);
    if (!wholeProject && productCount === 0) continue;
    listed.push({ project, products, assemblies, productCount });
  }
  return listed;
}

/** How many projects, assemblies and products are hidden (listed only on demand). */
export function countHidden(projects: readonly Project[]): number {
  let hidden = 0;
  for (const project of projects) {
    if (!project.visible) hidden += 1;
    for (const assembly of project.assemblies) {
      if (assembly.hidden) hidden += 1;
      hidden += assembly.products.filter((product) => !product.visible).length;
    }
    hidden += project.products.filter((product) => !product.visible).length;
  }
  return hidden;
}
