import { Container } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { NewProductDialog } from '../../features/products/components/new-product-dialog.tsx';
import { projectOptions } from '../../features/products/components/project-options.ts';
import { ProjectsOverview } from '../../features/workspace/components/projects-overview.tsx';

/** The home of a logged-in user: the company's projects with their assemblies and boards. */
export function WorkspaceView() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  // From here the user opens a product, or makes one and lands on it: its page's code (a third of
  // a second to fetch after "Create product") loads while this page is read.
  // A failure is left for the router's own load to meet and report.
  useEffect(() => {
    import('./product.tsx').catch(() => undefined);
  }, []);
  return (
    <Container size="xl" py="lg">
      {user.isPending ? (
        <>
          <PageHeader title="Workspace" />
          <LoadingBlock label="Loading your workspace…" />
        </>
      ) : user.isError || !user.data ? (
        <>
          <PageHeader title="Workspace" />
          <LoadErrorBlock what="Your account" error={user.error} onRetry={() => user.refetch()} />
        </>
      ) : (
        <ProjectsOverview
          user={user.data}
          renderNewProductDialog={({ projects, target, onClose }) => {
            const targetProject = projects.find((project) => project.id === target?.projectId);
            return (
              <NewProductDialog
                target={target}
                projects={targetProject ? projectOptions(projects, targetProject.comp.id) : []}
                onCancel={onClose}
                onCreated={(product) => navigate(`/product/${product.id}?initTab=Files`)}
              />
            );
          }}
        />
      )}
    </Container>
  );
}
