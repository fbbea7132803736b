import type { ProductPage, User } from '@circuits/contracts';
import { checkProductIssues, INITIAL_BOARD_FILE_TYPE, isFilesTabValid } from '@circuits/domain';
import { Badge, Container, Tabs } from '@mantine/core';
import { IconListDetails, IconTarget } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ComingSoonPanel } from '../../components/coming-soon-panel.tsx';
import { LoadingBlock } from '../../components/load-states.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { useBoardSettingsOptions, useSendReport } from '../../features/board/api/board-api.ts';
import { BoardTab } from '../../features/board/components/board-tab.tsx';
import { BoardFilesTable } from '../../features/files/components/board-files-table.tsx';
import { FilesTab } from '../../features/files/components/files-tab.tsx';
import { useProductPage } from '../../features/products/api/products-api.ts';
import { AdminViewPanel } from '../../features/products/components/admin-view-panel.tsx';
import { DuplicateProductDialog } from '../../features/products/components/duplicate-product-dialog.tsx';
import { MoveProductDialog } from '../../features/products/components/move-product-dialog.tsx';
import { ProductHeader } from '../../features/products/components/product-header.tsx';
import { ProductInfoForm } from '../../features/products/components/product-info-form.tsx';
import { ProductIssuesPanel } from '../../features/products/components/product-issues-panel.tsx';
import { projectOptions } from '../../features/products/components/project-options.ts';
import { useProjects } from '../../features/workspace/api/projects-api.ts';
import { seesAllCompanies } from '../../lib/permissions.ts';
import { PROJECTS_PATH } from '../navigation-guard.ts';
import {
  INIT_TAB_PARAM,
  PRODUCT_TABS,
  type ProductTab,
  productPath,
  productTabFromParam,
} from '../product-tabs.ts';
import { parseProductId } from './product-id.ts';

type Dialog = 'closed' | 'duplicate' | 'move';

/**
 * SPEC §4 issue checker over what the page holds: saved settings (or a new board's defaults),
 * checked against the options in force. BOM rows and placements are not on the page yet.
 */
function ProductIssues({ page, user }: { page: ProductPage; user: User }) {
  const options = useBoardSettingsOptions();
  const sendReport = useSendReport(page.product.id);
  if (!options.data) return null;
  const issues = checkProductIssues({
    product: page.product,
    files: page.files,
    boardFiles: page.boardFiles,
    settings: page.settings ?? options.data.defaults,
    options: options.data.options,
    bom: [],
    placements: [],
  });
  return (
    <ProductIssuesPanel
      issues={issues}
      defaultEmail={user.email}
      onSendReport={(email) => sendReport.mutateAsync(email)}
    />
  );
}

/** The projects of the product's company, for copying or moving the product. */
function useCompanyProjects(user: User | undefined, companyId: number | null, wanted: boolean) {
  // Members list their own company's projects; staff ask for the product's company.
  const filter = user && seesAllCompanies(user) ? companyId : null;
  const projects = useProjects(filter, { enabled: wanted && companyId !== null });
  return {
    options: companyId === null ? [] : projectOptions(projects.data ?? [], companyId),
    loading: projects.isPending,
  };
}

export function ProductView() {
  const params = useParams();
  const productId = parseProductId(params.id);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = productTabFromParam(searchParams.get(INIT_TAB_PARAM));
  const user = useCurrentUser();
  const page = useProductPage(productId ?? 0);
  const [dialog, setDialog] = useState<Dialog>('closed');
  const [adminView, setAdminView] = useState(false);
  const companyId = page.data?.project.comp.id ?? null;
  const projects = useCompanyProjects(user.data, companyId, dialog !== 'closed');

  // SPEC §8: a product that cannot be loaded sends the user to the projects (the client has
  // already said why in a toast).
  const failed = productId === null || page.isError;
  useEffect(() => {
    if (failed) navigate(PROJECTS_PATH, { replace: true });
  }, [failed, navigate]);

  if (failed || page.isPending || !user.data) {
    return (
      <Container size="xl" py="lg">
        <LoadingBlock label="Loading the product…" />
      </Container>
    );
  }

  const { product, project } = page.data;
  const isAdmin = user.data.role === 'admin';
  const { canEdit } = page.data;
  const filesNeedTypes =
    !isFilesTabValid(page.data.files) ||
    page.data.boardFiles.some((file) => file.file_type === INITIAL_BOARD_FILE_TYPE);
  const selectTab = (value: string | null) => {
    if (!value) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(INIT_TAB_PARAM, value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Container size="xl" py="lg">
      <ProductHeader
        product={product}
        project={project}
        canEdit={canEdit}
        onDuplicate={() => setDialog('duplicate')}
        onMove={() => setDialog('move')}
        adminView={isAdmin ? { enabled: adminView, onChange: setAdminView } : null}
      />
      {isAdmin && adminView ? <AdminViewPanel page={page.data} /> : null}
      <ProductIssues page={page.data} user={user.data} />
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="md">
          {PRODUCT_TABS.map((entry) => (
            <Tabs.Tab
              key={entry.value}
              value={entry.value}
              rightSection={
                entry.value === 'Files' && page.data.files.length > 0 ? (
                  <Badge
                    size="sm"
                    variant="light"
                    color={filesNeedTypes ? 'yellow' : 'gray'}
                    radius="sm"
                    title={filesNeedTypes ? 'Some files need a type' : undefined}
                  >
                    {page.data.files.length}
                  </Badge>
                ) : null
              }
            >
              {entry.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={'Board' satisfies ProductTab}>
          <BoardTab
            page={page.data}
            canEdit={canEdit}
            filesPath={productPath(product.id, 'Files')}
            createOutlinePath={`/createOutline/${product.id}`}
            boardFilesList={
              <BoardFilesTable
                productId={product.id}
                boardFiles={page.data.boardFiles}
                canEdit={canEdit}
                adminView={isAdmin && adminView}
              />
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value={'Files' satisfies ProductTab}>
          <FilesTab
            productId={product.id}
            files={page.data.files}
            boardFiles={page.data.boardFiles}
            fileTypes={page.data.files_types}
            canEdit={canEdit}
            adminView={isAdmin && adminView}
          />
        </Tabs.Panel>
        <Tabs.Panel value={'ProductInfo' satisfies ProductTab}>
          <ProductInfoForm key={product.id} product={product} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value={'Placement' satisfies ProductTab}>
          <ComingSoonPanel
            icon={<IconTarget size={28} />}
            title="Placement"
            description="Where each part sits on the board (reference, side, position and rotation), read from the pick-and-place files, drawn on the board and checked against the BOM."
          />
        </Tabs.Panel>
        <Tabs.Panel value={'BOM' satisfies ProductTab}>
          <ComingSoonPanel
            icon={<IconListDetails size={28} />}
            title="Bill of materials"
            description="The parts of the board, read from the BOM files and matched to the parts catalogue with live stock and prices, each row confirmed before the board is ordered."
          />
        </Tabs.Panel>
      </Tabs>

      <DuplicateProductDialog
        opened={dialog === 'duplicate'}
        product={product}
        projects={projects.options}
        onClose={() => setDialog('closed')}
        onCopied={(copy) => {
          setDialog('closed');
          navigate(productPath(copy.id, tab));
        }}
      />
      <MoveProductDialog
        opened={dialog === 'move'}
        product={product}
        projects={projects.options}
        loadingProjects={projects.loading}
        onClose={() => setDialog('closed')}
      />
    </Container>
  );
}
