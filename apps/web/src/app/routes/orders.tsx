import { Button, Card, Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { useOrders } from '../../features/orders/api/orders-api.ts';
import { OrdersTable } from '../../features/orders/components/orders-table.tsx';
import { seesAllCompanies } from '../../lib/permissions.ts';

export function OrdersView() {
  const user = useCurrentUser();
  const staff = user.data ? seesAllCompanies(user.data) : false;
  const orders = useOrders(null);
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Orders"
        description={
          staff
            ? 'Orders and pre-orders of every company, newest first.'
            : "Your company's orders and pre-orders, newest first."
        }
      />
      {orders.isPending ? (
        <LoadingBlock label="Loading orders…" />
      ) : orders.isError ? (
        <LoadErrorBlock what="The orders" error={orders.error} onRetry={() => orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <Card padding="xl">
          <Stack align="center" gap="sm">
            <Text fw={600}>No orders yet</Text>
            <Text size="sm" c="dimmed" ta="center">
              Put boards in the cart from their product pages, then place the order or a pre-order
              from the cart.
            </Text>
            <Button component={Link} to="/workspace" variant="light">
              Go to the workspace
            </Button>
          </Stack>
        </Card>
      ) : (
        <OrdersTable orders={orders.data} showCompany={staff} />
      )}
    </Container>
  );
}
