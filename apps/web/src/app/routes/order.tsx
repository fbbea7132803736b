import { Button, Container, Grid, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { useAddToCart, useUpdateCartLine } from '../../features/cart/api/cart-api.ts';
import { useMarkPaid, useOrder } from '../../features/orders/api/orders-api.ts';
import { OrderLines } from '../../features/orders/components/order-lines.tsx';
import {
  OrderDocuments,
  OrderFacts,
  OrderPayment,
  OrderTimeline,
} from '../../features/orders/components/order-panels.tsx';
import { OrderStatusBadge } from '../../features/orders/components/order-status-badge.tsx';
import { formatDate } from '../../lib/format.ts';
import { canEditCompanyData } from '../../lib/permissions.ts';
import { NotFoundView } from './not-found.tsx';
import { parseOrderId } from './order-id.ts';

export function OrderView() {
  const id = parseOrderId(useParams().id);
  const order = useOrder(id);
  const user = useCurrentUser();
  const markPaid = useMarkPaid(id ?? 0);
  const addToCart = useAddToCart();
  const updateLine = useUpdateCartLine();
  const navigate = useNavigate();
  const [ordering, setOrdering] = useState(false);
  if (id === null) return <NotFoundView />;
  const data = order.data;
  const canOrder = Boolean(data && user.data && canEditCompanyData(user.data, data.company_id));

  /** A pre-order's boards go into the cart with its amounts, to be ordered (priced anew). */
  const orderPreorder = async () => {
    if (!data) return;
    setOrdering(true);
    try {
      for (const line of data.lines) {
        const added = await addToCart.mutateAsync({
          product_id: line.product_id,
          amount: line.amount,
          material: line.material,
        });
        if (added.warning) {
          await updateLine.mutateAsync({
            productId: line.product_id,
            amount: line.amount,
            material: line.material,
          });
        }
      }
      navigate(`/createDocument/order/${data.company_id}`);
    } catch {
      // The API client showed why.
    } finally {
      setOrdering(false);
    }
  };
  return (
    <Container size="xl" py="xl">
      {order.isPending ? (
        <LoadingBlock label="Loading the order…" />
      ) : order.isError || !data ? (
        <LoadErrorBlock what="The order" error={order.error} onRetry={() => order.refetch()} />
      ) : (
        <>
          <PageHeader
            title={`${data.type === 'preorder' ? 'Pre-order' : 'Order'} ${data.id}`}
            description={`${data.name} · ${data.company_name} · ${formatDate(data.date)}`}
            actions={
              <Group gap="sm">
                <OrderStatusBadge status={data.status} />
                {data.type === 'preorder' && canOrder ? (
                  <Button loading={ordering} onClick={orderPreorder}>
                    Order these boards
                  </Button>
                ) : null}
              </Group>
            }
          />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="lg">
                <OrderLines order={data} />
                <OrderFacts order={data} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="lg">
                <OrderPayment
                  order={data}
                  canPay={user.data ? canEditCompanyData(user.data, data.company_id) : false}
                  canMarkPaid={user.data?.role === 'admin'}
                  marking={markPaid.isPending}
                  onMarkPaid={() => markPaid.mutate()}
                />
                <OrderDocuments order={data} />
                <OrderTimeline order={data} />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Container>
  );
}
