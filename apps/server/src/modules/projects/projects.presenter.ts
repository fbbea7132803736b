import type {
  Assembly,
  CompanySummary,
  ProductSummary,
  Project,
  ProjectSummary,
  StoredFile,
} from '@circuits/contracts';
import { DEFAULT_MARKED_COLOR, isMarkedColor } from '@circuits/domain';
import type { AssemblyRow, ProjectRow } from './projects.repository.ts';

export function presentProjectSummary(
  row: ProjectRow,
  company: CompanySummary,
  cover: StoredFile | null,
  canEdit: boolean,
): ProjectSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    markedColor: isMarkedColor(row.markedColor) ? row.markedColor : DEFAULT_MARKED_COLOR,
    imgLink: cover?.link ?? null,
    cover,
    visible: row.visible,
    comp: company,
    canEdit,
  };
}

export function presentAssembly(row: AssemblyRow, products: ProductSummary[]): Assembly {
  return {
    id: row.id,
    title: row.title,
    hidden: row.hidden,
    products: products.filter((product) => product.assembly_id === row.id),
  };
}

export function presentProject(
  summary: ProjectSummary,
  row: ProjectRow,
  assemblies: AssemblyRow[],
  products: ProductSummary[],
): Project {
  return {
    ...summary,
    assemblies: assemblies.map((assembly) => presentAssembly(assembly, products)),
    products: products.filter((product) => product.assembly_id === null),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
