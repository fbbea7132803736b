import { isLengthUnit } from '@circuits/domain';
import { Alert, Anchor, Container, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CreateOutlineForm } from '../../features/board/components/create-outline-form.tsx';
import { useProductPage } from '../../features/products/api/products-api.ts';
import { useRouteTitle } from '../layout/document-title.tsx';
import { PROJECTS_PATH } from '../navigation-guard.ts';
import { productPath } from '../product-tabs.ts';
import { parseProductId } from './product-id.ts';

/** /createOutline/{product_id}: a rectangular outline for a board that has none (SPEC §2). */
export function CreateOutlineView() {
  const params = useParams();
  const productId = parseProductId(params.product_id);
  const navigate = useNavigate();
  const title = useRouteTitle();
  const page = useProductPage(productId ?? 0);
  const failed = productId === null || page.isError;
  useEffect(() => {
    if (failed) navigate(PROJECTS_PATH, { replace: true });
  }, [failed, navigate]);

  if (failed || page.isPending) {
    return (
      <Container size="md" py="lg">
        <PageHeader title={title} />
        <LoadingBlock label="Loading the product…" />
      </Container>
    );
  }
  const { product, settings, boardFiles, canEdit } = page.data;
  const boardPath = productPath(product.id, 'Board');
  const outline = boardFiles.find((file) => file.file_type === 'outline');
  const unit = settings?.unitsIn;
  return (
    <Container size="md" py="lg">
      <PageHeader
        title={title}
        description={
          <>
            A rectangular board outline for{' '}
            <Anchor component={Link} to={boardPath} size="sm">
              {product.name}
            </Anchor>
            , added to its board as a Gerber outline file.
          </>
        }
      />
      {outline ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          <Text size="sm">
            The board already has an outline file ({outline.file.name}). To draw a new one, first
            take that file off the board in the{' '}
            <Anchor component={Link} to={productPath(product.id, 'Files')}>
              Files tab
            </Anchor>
            .
          </Text>
        </Alert>
      ) : canEdit ? (
        <CreateOutlineForm
          productId={product.id}
          unit={isLengthUnit(unit) ? unit : 'mm'}
          onCreated={() => navigate(boardPath)}
          onCancel={() => navigate(boardPath)}
        />
      ) : (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          Only editors of the company can add files to this board.
        </Alert>
      )}
    </Container>
  );
}
