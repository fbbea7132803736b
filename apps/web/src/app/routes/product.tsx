import type { BoardFile, ProductPage, User } from '@circuits/contracts';
import {
  cartAdditionError,
  checkProductIssues,
  guessConfirmation,
  INITIAL_BOARD_FILE_TYPE,
  isFilesTabValid,
} from '@circuits/domain';
import { Badge, Container, Tabs } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { useBoardSettingsOptions, useSendReport } from '../../features/board/api/board-api.ts';
import { BoardPreview } from '../../features/board/components/board-preview.tsx';
import { type BoardEditState, BoardTab } from '../../features/board/components/board-tab.tsx';
import { engineFilesOf } from '../../features/board/hooks/use-board-render.ts';
import { readPlacements } from '../../features/board/lib/placement-outlines.ts';
import { BomTab } from '../../features/bom/components/bom-tab.tsx';
import { AddToCartCard } from '../../features/cart/components/add-to-cart-card.tsx';
import { useUpdateBoardFile } from '../../features/files/api/files-api.ts';
import { BoardFilesTable } from '../../features/files/components/board-files-table.tsx';
import { FilesTab } from '../../features/files/components/files-tab.tsx';
import { useUpdatePlacements } from '../../features/placements/api/placements-api.ts';
import {
  type PlacementBoardArgs,
  PlacementTab,
} from '../../features/placements/components/placement-tab.tsx';
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
import { prepareRenderDownload } from '../../lib/render-download-in-worker.ts';
import { prefetchStoredRender } from '../../lib/render-prefetch.ts';
import { showToast } from '../../lib/toasts.ts';
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
 * checked against the options in force, the BOM rows and the placements.
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
    bom: page.bom,
    placements: page.placements,
  });
  return (
    <ProductIssuesPanel
      issues={issues}
      defaultEmail={user.email}
      onSendReport={(email) => sendReport.mutateAsync(email)}
    />
  );
}

/** SPEC §5: a board goes into the cart only with valid settings; the price is shown first. */
function OrderBoard({
  page,
  user,
  boardEdit,
}: {
  page: ProductPage;
  user: User;
  boardEdit: BoardEditState | null;
}) {
  const options = useBoardSettingsOptions();
  if (!options.data) return null;
  const settings = page.settings ?? options.data.defaults;
  // The cart takes the saved settings: what the Board tab shows unsaved is saved first, or named.
  const unsaved = boardEdit?.dirty
    ? boardEdit.firstError
      ? `The Board tab has changes that are not valid: ${boardEdit.firstError}`
      : 'The Board tab has changes that are not saved: save the board settings to order the board as the form shows it'
    : null;
  return (
    <AddToCartCard
      key={page.product.id}
      userId={user.id}
      productId={page.product.id}
      boardMaterial={settings.boardMaterial}
      materials={options.data.options.materials}
      settingsError={unsaved ?? cartAdditionError(settings, options.data.options)}
      canOrder={page.canEdit}
      settingsKey={JSON.stringify(settings)}
    />
  );
}

/** The viewer height beside the placements table. */
const PLACEMENT_VIEWER_HEIGHT = 'clamp(320px, calc(100vh - 330px), 700px)';

/** The board with the placements drawn over it, for the Placement tab. */
function PlacementBoard({ page, args }: { page: ProductPage; args: PlacementBoardArgs }) {
  const options = useBoardSettingsOptions();
  const placements = useMemo(() => readPlacements(page.placements), [page.placements]);
  if (options.isPending) return <LoadingBlock label="Loading the board…" />;
  if (options.isError) {
    return (
      <LoadErrorBlock
        what="The board settings"
        error={options.error}
        onRetry={() => options.refetch()}
      />
    );
  }
  const productId = page.product.id;
  return (
    <BoardPreview
      productId={productId}
      boardFiles={page.boardFiles}
      engineFiles={engineFilesOf(page.files, page.boardFiles)}
      colors={page.settings ?? options.data.defaults}
      options={options.data.options}
      placements={placements}
      height={PLACEMENT_VIEWER_HEIGHT}
      filesPath={productPath(productId, 'Files')}
      createOutlinePath={page.canEdit ? `/createOutline/${productId}` : null}
      selection={{ id: args.selectedId, onChange: args.onSelect }}
      placementOffset={{ offset: args.offset, onSave: args.onSaveOffset }}
    />
  );
}

/** Saves the placements' alignment from the Board tab's viewer. */
function useSaveOffset(productId: number, canEdit: boolean) {
  const update = useUpdatePlacements(productId);
  if (!canEdit) return undefined;
  return (offset: { x: number; y: number }) =>
    update.mutateAsync({ offset }).then(() => showToast('success', 'Alignment saved'));
}

/** The one click that confirms a board file drawn as a guess as what it is drawn as. */
function useConfirmGuess(productId: number, canEdit: boolean) {
  const update = useUpdateBoardFile(productId);
  if (!canEdit) return undefined;
  return (boardFile: BoardFile) => {
    const change = guessConfirmation(boardFile);
    if (change) update.mutate(change);
  };
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
  // The board's stored render, the heaviest download, starts with the page's data.
  const page = useProductPage(productId ?? 0, (loaded) => {
    if (tab === 'Board' && loaded.cache.file_path) prefetchStoredRender(loaded.cache.file_path);
  });
  // Asked beside the page's data, not after it: the order card and the Board tab need both.
  useBoardSettingsOptions();
  useEffect(prepareRenderDownload, []);
  const [dialog, setDialog] = useState<Dialog>('closed');
  const [adminView, setAdminView] = useState(false);
  const [boardEdit, setBoardEdit] = useState<BoardEditState | null>(null);
  const companyId = page.data?.project.comp.id ?? null;
  const projects = useCompanyProjects(user.data, companyId, dialog !== 'closed');
  const saveOffset = useSaveOffset(productId ?? 0, page.data?.canEdit ?? false);
  const confirmGuess = useConfirmGuess(productId ?? 0, page.data?.canEdit ?? false);
  const bom = page.data?.bom;
  const bomDoNotPopulate = useMemo(
    () =>
      new Set(
        (bom ?? []).flatMap((row) =>
          row.refDesign
            .filter((ref) => ref.doNotPopulate)
            .map((ref) => ref.refDesign.toUpperCase()),
        ),
      ),
    [bom],
  );

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
    // The board's render downloads while the tab is being drawn.
    if (value === 'Board' && page.data.cache.file_path) {
      prefetchStoredRender(page.data.cache.file_path);
    }
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
      <OrderBoard page={page.data} user={user.data} boardEdit={boardEdit} />
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
            onEditState={setBoardEdit}
            page={page.data}
            canEdit={canEdit}
            filesPath={productPath(product.id, 'Files')}
            createOutlinePath={`/createOutline/${product.id}`}
            placementOffset={{ offset: page.data.placementOffset, onSave: saveOffset }}
            onConfirmGuess={confirmGuess}
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
          <ProductInfoForm
            key={product.id}
            product={product}
            canEdit={canEdit}
            showErpRecords={user.data.role === 'admin' || user.data.role === 'moderator'}
          />
        </Tabs.Panel>
        <Tabs.Panel value={'Placement' satisfies ProductTab}>
          <PlacementTab
            productId={product.id}
            files={page.data.files}
            placements={page.data.placements}
            offset={page.data.placementOffset}
            canEdit={canEdit}
            bomDoNotPopulate={bomDoNotPopulate}
            board={(args) => <PlacementBoard page={page.data} args={args} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value={'BOM' satisfies ProductTab}>
          <BomTab
            productId={product.id}
            files={page.data.files}
            bom={page.data.bom}
            canEdit={canEdit}
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
