import type { OrderSummary } from '@circuits/contracts';
import { Anchor, Card, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { money } from '../lib/order-format.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

/** The orders of a company (or, for staff, of every company), newest first. */
export function OrdersTable({
  orders,
  showCompany,
}: {
  orders: OrderSummary[];
  showCompany: boolean;
}) {
  return (
    <Card padding={0}>
      <ScrollTable minWidth={showCompany ? 760 : 620} highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            {showCompany ? <Table.Th>Company</Table.Th> : null}
            <Table.Th>Date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Lines</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id} data-order-id={order.id}>
              <Table.Td>
                <Anchor component={Link} to={`/order/${order.id}`} fw={600}>
                  {order.type === 'preorder' ? 'Pre-order' : 'Order'} {order.id}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {order.name}
                </Text>
              </Table.Td>
              {showCompany ? <Table.Td>{order.company_name}</Table.Td> : null}
              <Table.Td>{formatDate(order.date)}</Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td ta="right">{order.lines_count}</Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {money(order.total, order.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
    </Card>
  );
}
