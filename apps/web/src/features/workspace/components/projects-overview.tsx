import type { Assembly, Project, User } from '@circuits/contracts';
import {
  Button,
  Card,
  EmptyState,
  Group,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFolderPlus, IconFolders, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { LoadErrorBlock, LoadingBlock } from '../../../components/load-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { canEditCompanyData, seesAllCompanies } from '../../../lib/permissions.ts';
import { showToast } from '../../../lib/toasts.ts';
import {
  useAssemblyMembership,
  useChangeAssembly,
  useCompanies,
  useProjects,
  useProjectVisibility,
} from '../api/projects-api.ts';
import { useFixedCompany } from '../hooks/use-fixed-company.ts';
import { useWorkspaceSettings } from '../hooks/use-workspace-settings.ts';
import { countHidden, listProjects } from '../lib/visible-projects.ts';
import { AssemblyTitleDialog } from './assembly-title-dialog.tsx';
import { CompanyPicker } from './company-picker.tsx';
import { ProjectCard, type ProjectCardActions } from './project-card.tsx';
import { type CompanyChoice, ProjectFormDialog } from './project-form-dialog.tsx';

export interface NewProductSlot {
  /** Every project listed, for the dialog's project choice. */
  projects: readonly Project[];
  /** Where the product goes; null while the dialog is closed. */
  target: { projectId: number; assemblyId: number | null } | null;
  onClose: () => void;
}

type ProjectDialog = { type: 'closed' } | { type: 'new' } | { type: 'edit'; project: Project };
type AssemblyDialog =
  | { type: 'closed' }
  | { type: 'new'; project: Project }
  | { type: 'rename'; project: Project; assembly: Assembly };

interface ProjectsOverviewProps {
  user: User;
  /** The route supplies the new product dialog (another feature). */
  renderNewProductDialog: (slot: NewProductSlot) => ReactNode;
}

/**
 * What an empty workspace says, by who looks at it: only those who may create a project are
 * invited to; moderators and read-only members are told where projects come from.
 */
function noProjectsText(
  user: User,
  canCreateProject: boolean,
  fixedCompanyName: string | null,
): { title: string; description: string } {
  const what =
    'A project holds the boards of one design: their Gerber and drill files and their board settings.';
  if (canCreateProject) {
    return user.role === 'admin'
      ? {
          title: fixedCompanyName ? `${fixedCompanyName} has no projects yet` : 'No projects yet',
          description: `${what} As an administrator you can create one for any company.`,
        }
      : { title: 'No projects yet — create your first project', description: what };
  }
  if (seesAllCompanies(user)) {
    return {
      title: fixedCompanyName
        ? `${fixedCompanyName} has no projects yet`
        : 'No company has a project yet',
      description:
        'Moderators see the projects of every company but do not create them; they are listed here once a company member creates one.',
    };
  }
  return {
    title: 'No projects yet',
    description:
      'A colleague who can edit the company creates its projects; they will be listed here.',
  };
}

export function ProjectsOverview({ user, renderNewProductDialog }: ProjectsOverviewProps) {
  const staff = seesAllCompanies(user);
  const { fixedCompany, setFixedCompany } = useFixedCompany(user);
  const [settings, setSettings] = useWorkspaceSettings(user.id);
  const companies = useCompanies(staff);
  const projects = useProjects(fixedCompany?.id ?? null);
  const changeVisibility = useProjectVisibility();
  const changeAssembly = useChangeAssembly();
  const assemblyMembership = useAssemblyMembership();
  const [search, setSearch] = useState('');
  const [projectDialog, setProjectDialog] = useState<ProjectDialog>({ type: 'closed' });
  const [assemblyDialog, setAssemblyDialog] = useState<AssemblyDialog>({ type: 'closed' });
  const [newProduct, setNewProduct] = useState<NewProductSlot['target']>(null);

  const listed = useMemo(
    () => listProjects(projects.data ?? [], { search, showHidden: settings.showHidden }),
    [projects.data, search, settings.showHidden],
  );
  const hiddenCount = useMemo(() => countHidden(projects.data ?? []), [projects.data]);

  // Admins create projects for any company; everyone else for their own, if they may edit it.
  const isAdmin = user.role === 'admin';
  const canCreateProject = isAdmin || canEditCompanyData(user, user.company.id);
  const companyChoice: CompanyChoice | null = isAdmin
    ? {
        companies: companies.data ?? [user.company],
        defaultCompanyId: fixedCompany?.id ?? user.company.id,
      }
    : null;
  const editableProjects = (projects.data ?? []).filter((project) => project.canEdit);
  const firstEditable = editableProjects[0];

  const actions: ProjectCardActions = {
    onEdit: (project) => setProjectDialog({ type: 'edit', project }),
    onVisibilityChange: (project, visible) =>
      changeVisibility.mutate(
        { projectId: project.id, visible },
        {
          onSuccess: () =>
            showToast(
              'success',
              visible ? `"${project.title}" is shown` : `"${project.title}" is hidden`,
            ),
        },
      ),
    onNewProduct: (project, assemblyId) => setNewProduct({ projectId: project.id, assemblyId }),
    onNewAssembly: (project) => setAssemblyDialog({ type: 'new', project }),
    onRenameAssembly: (project, assembly) =>
      setAssemblyDialog({ type: 'rename', project, assembly }),
    onAssemblyHiddenChange: (project, assembly, hidden) =>
      changeAssembly.mutate({
        type: 'hide',
        projectId: project.id,
        assemblyId: assembly.id,
        hidden,
      }),
    onMoveProduct: (project, product, target) =>
      assemblyMembership.mutate(
        {
          type: target.type === 'assembly' ? 'attach' : 'detach',
          projectId: project.id,
          assemblyId: target.assembly.id,
          productId: product.id,
        },
        {
          onSuccess: () =>
            showToast(
              'success',
              target.type === 'assembly'
                ? `"${product.name}" moved to ${target.assembly.title}`
                : `"${product.name}" taken out of ${target.assembly.title}`,
            ),
        },
      ),
  };

  const scopeName = staff ? (fixedCompany?.name ?? 'every company') : user.company.name;

  return (
    <>
      <PageHeader
        title="Workspace"
        description={`Projects and boards of ${scopeName}`}
        actions={
          <>
            {staff ? (
              <CompanyPicker
                companies={companies.data}
                value={fixedCompany}
                onChange={setFixedCompany}
                loading={companies.isPending}
              />
            ) : null}
            {firstEditable ? (
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => setNewProduct({ projectId: firstEditable.id, assemblyId: null })}
              >
                New product
              </Button>
            ) : null}
            {canCreateProject ? (
              <Button
                leftSection={<IconFolderPlus size={16} />}
                onClick={() => setProjectDialog({ type: 'new' })}
              >
                New project
              </Button>
            ) : null}
          </>
        }
      />

      {projects.isPending ? (
        <LoadingBlock label="Loading projects…" />
      ) : projects.isError ? (
        <LoadErrorBlock what="Projects" error={projects.error} onRetry={() => projects.refetch()} />
      ) : projects.data.length === 0 ? (
        <Card padding="xl">
          <EmptyState
            icon={<IconFolders size={28} />}
            variant="light"
            {...noProjectsText(user, canCreateProject, fixedCompany?.name ?? null)}
          >
            {canCreateProject ? (
              <EmptyState.Actions>
                <Button
                  leftSection={<IconFolderPlus size={16} />}
                  onClick={() => setProjectDialog({ type: 'new' })}
                >
                  Create a project
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        </Card>
      ) : (
        <>
          <Group justify="space-between" mb="md" gap="md">
            <TextInput
              aria-label="Search projects and boards"
              placeholder="Search by project, board name or part number"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: '100%', sm: 380 }}
            />
            <Group gap="lg">
              <Text size="sm" c="dimmed">
                {listed.length} of {projects.data.length}{' '}
                {projects.data.length === 1 ? 'project' : 'projects'}
              </Text>
              <Switch
                label={`Show hidden${hiddenCount > 0 ? ` (${hiddenCount})` : ''}`}
                checked={settings.showHidden}
                onChange={(event) => setSettings({ showHidden: event.currentTarget.checked })}
              />
            </Group>
          </Group>
          {listed.length === 0 ? (
            <Card padding="xl">
              <EmptyState
                icon={<IconSearch size={26} />}
                variant="light"
                title={
                  search.trim() ? `Nothing matches “${search.trim()}”` : 'Every project is hidden'
                }
                description={
                  search.trim()
                    ? 'Search looks at project titles and descriptions, board names and part numbers.'
                    : 'Turn on "Show hidden" to see them.'
                }
              />
            </Card>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
              {listed.map((entry) => (
                <ProjectCard
                  key={entry.project.id}
                  listed={entry}
                  canEdit={entry.project.canEdit}
                  showCompany={staff && fixedCompany === null}
                  actions={actions}
                />
              ))}
            </SimpleGrid>
          )}
        </>
      )}

      <ProjectFormDialog
        opened={projectDialog.type !== 'closed'}
        project={projectDialog.type === 'edit' ? projectDialog.project : null}
        companyChoice={companyChoice}
        onCancel={() => setProjectDialog({ type: 'closed' })}
        onSaved={() => setProjectDialog({ type: 'closed' })}
      />
      <AssemblyTitleDialog
        opened={assemblyDialog.type !== 'closed'}
        title={assemblyDialog.type === 'rename' ? assemblyDialog.assembly.title : null}
        projectTitle={assemblyDialog.type === 'closed' ? '' : assemblyDialog.project.title}
        onClose={() => setAssemblyDialog({ type: 'closed' })}
        onSubmit={async (title) => {
          if (assemblyDialog.type === 'new') {
            await changeAssembly.mutateAsync({
              type: 'add',
              projectId: assemblyDialog.project.id,
              title,
            });
            showToast('success', `Assembly "${title}" created`);
          } else if (assemblyDialog.type === 'rename') {
            await changeAssembly.mutateAsync({
              type: 'rename',
              projectId: assemblyDialog.project.id,
              assemblyId: assemblyDialog.assembly.id,
              title,
            });
          }
        }}
      />
      {renderNewProductDialog({
        projects: projects.data ?? [],
        target: newProduct,
        onClose: () => setNewProduct(null),
      })}
    </>
  );
}
