import { Alert, Button, Card, Container, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorReason, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { cancel, capture } from '../../features/orders/api/orders-api.ts';

/**
 * /paypal_payment: where the payment provider sends the payer back (?token=…&PayerID=…, or
 * ?cancelled=1&token=… after Cancel). The capture is applied once however often this page loads.
 * The boards ordered left the cart when the order was placed.
 */
export function PayPalPaymentView() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const cancelled = search.get('cancelled') === '1';
  const result = useQuery({
    queryKey: ['payments', cancelled ? 'cancel' : 'capture', token],
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => (cancelled ? cancel(token!) : capture(token!)),
  });
  return (
    <Container size="sm" py="xl">
      <PageHeader title="Payment" />
      <Card padding="lg">
        {token === null ? (
          <Alert color="red" title="No payment">
            This page is where the payment provider sends you back; it was opened without a payment.
          </Alert>
        ) : result.isPending ? (
          <LoadingBlock
            label={cancelled ? 'Recording the cancellation…' : 'Confirming your payment…'}
          />
        ) : result.isError ? (
          <Stack>
            <Alert color="red" title="The payment could not be confirmed">
              {errorReason(result.error)}
            </Alert>
            <Button onClick={() => result.refetch()}>Try again</Button>
          </Stack>
        ) : cancelled || result.data.status !== 'paid' ? (
          <Stack>
            <Alert color="yellow" title="Not paid">
              {cancelled
                ? `You cancelled the payment. Order ${result.data.order_id} waits for payment.`
                : `Order ${result.data.order_id} is not paid yet.`}
            </Alert>
            <Group>
              <Button component={Link} to={`/payment/${result.data.order_id}`}>
                Pay now
              </Button>
              <Button component={Link} to={`/order/${result.data.order_id}`} variant="light">
                Open the order
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Alert color="teal" title="Payment received">
              Order {result.data.order_id} is paid. We start making your boards.
            </Alert>
            <Group>
              <Button component={Link} to={`/order/${result.data.order_id}`}>
                Open the order
              </Button>
              <Button component={Link} to="/orders" variant="light">
                All orders
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
    </Container>
  );
}
