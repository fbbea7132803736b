import { DOCUMENT_TYPES, type DocumentType } from '@circuits/contracts';
import { Anchor, Button, Container, Grid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { downloadPdf, useOrderDocument } from '../../features/orders/api/orders-api.ts';
import { OrderLines } from '../../features/orders/components/order-lines.tsx';
import { OrderFacts } from '../../features/orders/components/order-panels.tsx';
import { OrderStatusBadge } from '../../features/orders/components/order-status-badge.tsx';
import { formatDate } from '../../lib/format.ts';
import { NotFoundView } from './not-found.tsx';
import { parseOrderId } from './order-id.ts';

function parseType(param: string | undefined): DocumentType | null {
  return (DOCUMENT_TYPES as readonly string[]).includes(param ?? '')
    ? (param as DocumentType)
    : null;
}

/** /document/{type}/{id}: an order's confirmation (or the pre-order) or its proforma invoice. */
export function DocumentView() {
  const params = useParams();
  const type = parseType(params.type);
  const id = parseOrderId(params.id);
  const document = useOrderDocument(type, id);
  const [downloading, setDownloading] = useState(false);
  if (type === null || id === null) return <NotFoundView />;
  const data = document.data;
  return (
    <Container size="xl" py="xl">
      {document.isPending ? (
        <LoadingBlock label="Loading the document…" />
      ) : document.isError || !data ? (
        <LoadErrorBlock
          what="The document"
          error={document.error}
          onRetry={() => document.refetch()}
        />
      ) : (
        <>
          <PageHeader
            title={data.document.title}
            description={
              <>
                No. {data.document.number} · {formatDate(data.order.date)} ·{' '}
                <Anchor component={Link} to={`/order/${data.order.id}`} size="sm">
                  {data.order.type === 'preorder' ? 'Pre-order' : 'Order'} {data.order.id}
                </Anchor>
              </>
            }
            actions={
              <>
                <OrderStatusBadge status={data.order.status} />
                <Button
                  leftSection={<IconDownload size={16} />}
                  loading={downloading}
                  onClick={async () => {
                    setDownloading(true);
                    try {
                      await downloadPdf(type, id, data.document.file_name);
                    } finally {
                      setDownloading(false);
                    }
                  }}
                >
                  Download PDF
                </Button>
              </>
            }
          />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <OrderLines order={data.order} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="lg">
                <OrderFacts order={data.order} />
                {type === 'proforma' ? (
                  <Text size="sm" c="dimmed">
                    A proforma invoice is a request for payment, not a tax invoice. Quote the
                    reference {data.document.number} with a bank transfer.
                  </Text>
                ) : null}
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Container>
  );
}
