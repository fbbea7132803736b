import type { Order } from '@circuits/contracts';
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { money } from '../lib/order-format.ts';

/** Every line with the rules that made its price, and the totals. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <Card padding="lg" component="section" aria-label="Boards">
      <Title order={2} fz={18} mb="sm">
        Boards
      </Title>
      <ScrollTable minWidth={640} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Board</Table.Th>
            <Table.Th>Material</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Per piece</Table.Th>
            <Table.Th ta="right">Line</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line) => (
            <Fragment key={line.line_number}>
              <Table.Tr data-line={line.line_number}>
                <Table.Td>{line.line_number}</Table.Td>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {line.product_name}
                  </Text>
                  {line.part_number ? (
                    <Text size="xs" c="dimmed">
                      {line.part_number}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {line.material}
                  <Text size="xs" c="dimmed">
                    {line.lead_time.label}: ships {line.ship_date}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{line.amount}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.unit_price, order.currency)}
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {money(line.line_price, order.currency)}
                </Table.Td>
              </Table.Tr>
              {line.prices.map((price) => (
                <Table.Tr key={`${line.line_number}-${price.rule}-${price.reason}`}>
                  <Table.Td />
                  <Table.Td colSpan={4}>
                    <Text size="xs" c="dimmed">
                      {price.reason}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="xs" c="dimmed">
                      {money(price.amount, order.currency)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </ScrollTable>
      <Stack gap={4} mt="md" ml="auto" w={{ base: '100%', xs: 320 }}>
        <Group justify="space-between">
          <Text size="sm">Subtotal</Text>
          <Text size="sm">{money(order.subtotal, order.currency)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Tax {order.tax_percent} %</Text>
          <Text size="sm">{money(order.tax, order.currency)}</Text>
        </Group>
        {order.tax_basis ? (
          <Text size="xs" c="dimmed" data-testid="tax-basis">
            {order.tax_basis.rule}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="order-total">
            {money(order.total, order.currency)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
