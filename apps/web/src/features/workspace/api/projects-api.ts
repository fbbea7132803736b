import {
  addAssembly,
  addProject,
  attachProductsToAssembly,
  detachProductFromAssembly,
  getCompanyShort,
  hideAssembly,
  listProjects,
  updateAssembly,
  updateProject,
  updateProjectVisibility,
} from '@circuits/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient as appQueryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The projects the user sees; admins and moderators narrow them to one company (SPEC §6). */
export function useProjects(companyId: number | null, { enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.projectList(companyId),
    queryFn: async ({ signal }) =>
      (await apiRequest(listProjects, { query: { companyId: companyId ?? undefined }, signal }))
        .projects,
    enabled,
  });
}

/** Companies the user can choose from: every company for admins and moderators. */
export function useCompanies(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.companies,
    queryFn: async ({ signal }) => (await apiRequest(getCompanyShort, { signal })).companies,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** After a project, assembly or product changed anywhere, the lists show it on their next look. */
export function invalidateProjects(client = appQueryClient) {
  return client.invalidateQueries({ queryKey: queryKeys.projects });
}

function useProjectsMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => invalidateProjects(client) });
}

export type ProjectChange =
  | { type: 'add'; form: FormData }
  | { type: 'update'; projectId: number; form: FormData };

export function useSaveProject() {
  return useProjectsMutation(async (change: ProjectChange) =>
    change.type === 'add'
      ? (await apiRequest(addProject, { body: change.form, errors: 'inline' })).data
      : (
          await apiRequest(updateProject, {
            params: { id: change.projectId },
            body: change.form,
            errors: 'inline',
          })
        ).project,
  );
}

export function useProjectVisibility() {
  return useProjectsMutation(({ projectId, visible }: { projectId: number; visible: boolean }) =>
    apiRequest(updateProjectVisibility, { params: { id: projectId }, body: { visible } }),
  );
}

export type AssemblyChange =
  | { type: 'add'; projectId: number; title: string }
  | { type: 'rename'; projectId: number; assemblyId: number; title: string }
  | { type: 'hide'; projectId: number; assemblyId: number; hidden: boolean };

export function useChangeAssembly() {
  return useProjectsMutation((change: AssemblyChange) => {
    switch (change.type) {
      case 'add':
        return apiRequest(addAssembly, {
          params: { id: change.projectId },
          body: { title: change.title },
          errors: 'inline',
        });
      case 'rename':
        return apiRequest(updateAssembly, {
          params: { id: change.projectId, aid: change.assemblyId },
          body: { title: change.title },
          errors: 'inline',
        });
      case 'hide':
        return apiRequest(hideAssembly, {
          params: { id: change.projectId, aid: change.assemblyId },
          body: { hidden: change.hidden },
        });
    }
  });
}

/** Puts a product of the project into an assembly, or takes it out of one. */
export interface AssemblyMembership {
  type: 'attach' | 'detach';
  projectId: number;
  assemblyId: number;
  productId: number;
}

export function useAssemblyMembership() {
  return useProjectsMutation((change: AssemblyMembership) => {
    const params = { id: change.projectId, aid: change.assemblyId };
    return change.type === 'attach'
      ? apiRequest(attachProductsToAssembly, { params, body: { products: [change.productId] } })
      : apiRequest(detachProductFromAssembly, { params, body: { product_id: change.productId } });
  });
}
