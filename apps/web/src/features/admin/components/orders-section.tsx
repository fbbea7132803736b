import { ORDER_STATUS_LABELS, type OrderStatus, type OrderSummary } from '@circuits/contracts';
import { formatMoney, orderMovesFrom } from '@circuits/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useAllOrders, useSetOrderStatus } from '../api/admin-api.ts';
import { ListState } from './admin-list.tsx';

/** The statuses an administrator may move an order to from its own (the state machine's). */
function statusOptions(from: OrderStatus) {
  return orderMovesFrom(from, 'admin').map((value) => ({
    value,
    label: value === 'paid' ? 'Paid (bank transfer received)' : ORDER_STATUS_LABELS[value],
  }));
}

export function OrdersSection({ canChange }: { canChange: boolean }) {
  const orders = useAllOrders();
  const [changing, setChanging] = useState<OrderSummary | null>(null);
  return (
    <Stack gap="md">
      <ListState
        what="Orders"
        query={orders}
        empty={{
          when: orders.data?.length === 0,
          title: 'No orders yet',
          text: 'Orders and pre-orders of every company appear here when they are placed.',
        }}
      >
        <Card padding={0}>
          <ScrollTable minWidth={720} highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data?.map((order) => (
                <Table.Tr key={order.id} data-order-id={order.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/order/${order.id}`} fw={600}>
                      {order.type === 'preorder' ? 'Pre-order' : 'Order'} {order.id}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {order.name} · {formatDate(order.date)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{order.company_name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" data-status={order.status}>
                      {ORDER_STATUS_LABELS[order.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(order.total, order.currency as 'USD')}
                  </Table.Td>
                  <Table.Td ta="right">
                    {canChange && statusOptions(order.status).length > 0 ? (
                      <Button size="xs" variant="light" onClick={() => setChanging(order)}>
                        Change status
                      </Button>
                    ) : (
                      <Anchor component={Link} to={`/order/${order.id}`} size="sm">
                        Documents and payment
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </Card>
        <Text size="sm" c="dimmed">
          Each order's page shows its documents (confirmation, proforma), its payment and its
          timeline.
        </Text>
      </ListState>
      {changing ? <StatusDialog order={changing} onClose={() => setChanging(null)} /> : null}
    </Stack>
  );
}

function StatusDialog({ order, onClose }: { order: OrderSummary; onClose: () => void }) {
  const options = statusOptions(order.status);
  const [status, setStatus] = useState<OrderStatus>(options[0]!.value);
  const [note, setNote] = useState('');
  const change = useSetOrderStatus(order.id);
  return (
    <Modal opened onClose={onClose} title={`Order ${order.id}: change the status`} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate({ status, note }, { onSuccess: onClose });
        }}
      >
        <Stack gap="md">
          <Select
            label="Status"
            data={options}
            description={`From ${ORDER_STATUS_LABELS[order.status]}: orders move forward only`}
            value={status}
            allowDeselect={false}
            onChange={(value) => value && setStatus(value as OrderStatus)}
          />
          <Textarea
            label="Note for the customer"
            description="Shown on the order's timeline, e.g. the tracking number"
            required
            autosize
            minRows={2}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Button type="submit" loading={change.isPending} disabled={note.trim() === ''}>
            Save status
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
