import type { DfmFinding } from '@circuits/contracts';
import { Anchor, Box, Button, Card, Container } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useBoardSettingsOptions } from '../../features/board/api/board-api.ts';
import { BoardDfmCard, findingMarker } from '../../features/board/components/board-dfm.tsx';
import { BoardPreview } from '../../features/board/components/board-preview.tsx';
import { engineFilesOf } from '../../features/board/hooks/use-board-render.ts';
import { readPlacements } from '../../features/board/lib/placement-outlines.ts';
import { useUpdatePlacements } from '../../features/placements/api/placements-api.ts';
import { useProductPage } from '../../features/products/api/products-api.ts';
import { showToast } from '../../lib/toasts.ts';
import { useRouteTitle } from '../layout/document-title.tsx';
import { PROJECTS_PATH } from '../navigation-guard.ts';
import { productPath } from '../product-tabs.ts';
import { parseProductId } from './product-id.ts';

/** The viewer's height: the window less the header, the page heading and the summary below. */
const VIEWER_HEIGHT = 'calc(100vh - 300px)';

/** /board/{id}: the product's board on its own, as big as the window allows (SPEC §2). */
export function BoardView() {
  const params = useParams();
  const productId = parseProductId(params.id);
  const navigate = useNavigate();
  const title = useRouteTitle();
  const page = useProductPage(productId ?? 0);
  const options = useBoardSettingsOptions();
  const failed = productId === null || page.isError;
  useEffect(() => {
    if (failed) navigate(PROJECTS_PATH, { replace: true });
  }, [failed, navigate]);
  const placements = useMemo(() => readPlacements(page.data?.placements ?? []), [page.data]);
  const updatePlacements = useUpdatePlacements(productId ?? 0);
  const [pickedFinding, setPickedFinding] = useState<DfmFinding | null>(null);
  const marker = useMemo(
    () => findingMarker(pickedFinding, page.data?.boardFiles ?? []),
    [pickedFinding, page.data?.boardFiles],
  );

  if (failed || page.isPending || options.isPending) {
    return (
      <Container size="xl" py="lg">
        <PageHeader title={title} />
        <LoadingBlock label="Loading the board…" />
      </Container>
    );
  }
  if (options.isError) {
    return (
      <Container size="xl" py="lg">
        <PageHeader title={title} />
        <LoadErrorBlock
          what="The board settings"
          error={options.error}
          onRetry={() => options.refetch()}
        />
      </Container>
    );
  }
  const { product, settings, boardFiles, canEdit } = page.data;
  const boardPath = productPath(product.id, 'Board');
  return (
    <Container size="xl" py="lg">
      <PageHeader
        title={title}
        description={
          <>
            The board of{' '}
            <Anchor component={Link} to={boardPath} size="sm">
              {product.name}
            </Anchor>{' '}
            {settings ? 'with its saved settings.' : 'with the default settings (none saved yet).'}
          </>
        }
        actions={
          <Button
            component={Link}
            to={boardPath}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to the product
          </Button>
        }
      />
      <Card padding="md">
        <BoardPreview
          productId={product.id}
          boardFiles={boardFiles}
          engineFiles={engineFilesOf(page.data.files, boardFiles)}
          colors={settings ?? options.data.defaults}
          options={options.data.options}
          placements={placements}
          placementOffset={{
            offset: page.data.placementOffset,
            onSave: canEdit
              ? (offset) =>
                  updatePlacements
                    .mutateAsync({ offset })
                    .then(() => showToast('success', 'Alignment saved'))
              : undefined,
          }}
          height={VIEWER_HEIGHT}
          filesPath={productPath(product.id, 'Files')}
          createOutlinePath={canEdit ? `/createOutline/${product.id}` : null}
          marker={marker}
        />
      </Card>
      <Box mt="md">
        <BoardDfmCard page={page.data} picked={pickedFinding} onPick={setPickedFinding} />
      </Box>
    </Container>
  );
}
