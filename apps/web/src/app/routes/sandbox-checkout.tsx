import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { errorReason, LoadingBlock } from '../../components/load-states.tsx';
import { useSandboxDecision, useSandboxPayment } from '../../features/orders/api/payments-api.ts';

/**
 * /sandbox/paypal/checkoutnow?token=…: the payer's page of the embedded sandbox payment provider
 * (demo mode only). It stands where PayPal's approval page would: an editor of the ordering
 * company approves or cancels and is sent back to /paypal_payment. No money moves, and the
 * banner says so.
 */
export function SandboxCheckoutView() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const payment = useSandboxPayment(token);
  const decide = useSandboxDecision(token ?? '');
  const go = async (decision: 'approve' | 'cancel') => {
    window.location.assign(await decide.mutateAsync(decision));
  };
  const data = payment.data;
  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Alert
          color="yellow"
          variant="filled"
          icon={<IconAlertTriangle size={18} />}
          title="Sandbox payment provider: no money moves"
          role="note"
        >
          This Circuits server runs in demo mode. With PayPal set up you would approve the payment
          at PayPal; here the payment is only pretended.
        </Alert>
        <Card padding="lg">
          {token === null ? (
            <Alert color="red" title="No payment">
              This page is where a payment is approved; it was opened without one.
            </Alert>
          ) : payment.isPending ? (
            <LoadingBlock label="Loading the payment…" />
          ) : payment.isError || !data ? (
            <Alert color="red" title="Payment not found">
              {errorReason(payment.error)}
            </Alert>
          ) : (
            <Stack gap="md">
              <Title order={1} fz={22}>
                {data.status === 'awaiting_approval'
                  ? 'Approve your payment'
                  : 'Payment approved already'}
              </Title>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                <Text size="sm" c="dimmed">
                  Pay to
                </Text>
                <Text size="sm">Circuits</Text>
                <Text size="sm" c="dimmed">
                  For
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {data.description}
                </Text>
                <Text size="sm" c="dimmed">
                  Amount
                </Text>
                <Text fz={22} fw={700} data-testid="sandbox-amount">
                  {data.amount} {data.currency}
                </Text>
              </SimpleGrid>
              {!data.can_decide ? (
                <Alert color="gray" title="Not yours to approve">
                  Only an editor of the company that placed order {data.order_id} can approve or
                  cancel its payment.
                </Alert>
              ) : data.status === 'awaiting_approval' ? (
                <Group grow wrap="wrap">
                  <Button
                    size="md"
                    loading={decide.isPending && decide.variables === 'approve'}
                    disabled={decide.isPending}
                    onClick={() => go('approve').catch(() => undefined)}
                  >
                    Approve
                  </Button>
                  <Button
                    size="md"
                    variant="default"
                    loading={decide.isPending && decide.variables === 'cancel'}
                    disabled={decide.isPending}
                    onClick={() => go('cancel').catch(() => undefined)}
                  >
                    Cancel
                  </Button>
                </Group>
              ) : (
                <Button
                  variant="light"
                  loading={decide.isPending}
                  onClick={() => go('approve').catch(() => undefined)}
                >
                  Back to Circuits
                </Button>
              )}
            </Stack>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
