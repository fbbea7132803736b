import { Alert, Button, Card, Container, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useOrder, useStartPayment } from '../../features/orders/api/orders-api.ts';
import { money, PAYMENT_METHOD_TEXT } from '../../features/orders/lib/order-format.ts';
import { NotFoundView } from './not-found.tsx';
import { parseOrderId } from './order-id.ts';

/** /payment/{doc_id}: pay an order online; the payer approves at the provider and comes back. */
export function PaymentView() {
  const id = parseOrderId(useParams().doc_id);
  const order = useOrder(id);
  const start = useStartPayment(id ?? 0);
  if (id === null) return <NotFoundView />;
  const data = order.data;
  const pay = async () => {
    const payment = await start.mutateAsync();
    if (payment.payer_action_url) window.location.assign(payment.payer_action_url);
    else await order.refetch();
  };
  return (
    <Container size="sm" py="xl">
      <PageHeader title="Payment" description={id ? `Order ${id}` : undefined} />
      {order.isPending ? (
        <LoadingBlock label="Loading the order…" />
      ) : order.isError || !data ? (
        <LoadErrorBlock what="The order" error={order.error} onRetry={() => order.refetch()} />
      ) : (
        <Card padding="lg">
          <Stack gap="md">
            <Text>
              {data.name} · {data.lines.length} board{data.lines.length === 1 ? '' : 's'}
            </Text>
            <Text fz={28} fw={700} data-testid="amount-due">
              {money(data.total, data.currency)}
            </Text>
            {data.status === 'paid' || data.payment?.status === 'captured' ? (
              <Alert color="teal" title="Paid">
                This order is paid.
              </Alert>
            ) : data.payment && data.status === 'cancelled' ? (
              <Alert color="gray" title="Cancelled">
                This order is cancelled: it can no longer be paid.
              </Alert>
            ) : data.payment?.method === 'bank_transfer' ? (
              <Alert color="blue" title="Bank transfer">
                Pay by bank transfer against proforma invoice PF-{data.id}; production starts when
                it arrives.
              </Alert>
            ) : data.payment ? (
              <>
                <Text size="sm" c="dimmed">
                  You approve the payment at {PAYMENT_METHOD_TEXT[data.payment.method]} and come
                  back here. Production starts once it is captured.
                </Text>
                <Button size="md" loading={start.isPending} onClick={pay}>
                  Pay {money(data.total, data.currency)}
                </Button>
              </>
            ) : (
              <Alert color="gray" title="Pre-order">
                A pre-order is not paid.
              </Alert>
            )}
            <Button component={Link} to={`/order/${data.id}`} variant="subtle">
              Open the order
            </Button>
          </Stack>
        </Card>
      )}
    </Container>
  );
}
