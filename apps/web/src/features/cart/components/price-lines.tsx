import type { PriceLine } from '@circuits/contracts';
import { type CurrencyCode, formatMoney } from '@circuits/domain';
import { Table, Text } from '@mantine/core';
import { ScrollTable } from '../../../components/scroll-table.tsx';

/** Every line of a quote with the reason the customer reads and what it adds. */
export function PriceLines({
  lines,
  order,
}: {
  lines: readonly PriceLine[];
  order: readonly CurrencyCode[];
}) {
  const [first] = order;
  if (!first) return null;
  return (
    <ScrollTable minWidth={300} verticalSpacing={4} fz="sm" aria-label="How the price is made">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>What</Table.Th>
          <Table.Th ta="right">Qty</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {/* The cents a unit price was rounded by, only in a currency where it changed anything. */}
        {lines
          .filter((line) => line.rule !== 'rounding' || line.amount[first] !== 0)
          .map((line) => (
            <Table.Tr key={`${line.rule}:${line.reason}`}>
              <Table.Td>{line.reason}</Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
                  {line.quantity === 1
                    ? 'once'
                    : `${line.quantity} × ${formatMoney(line.unit[first], first)}`}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.amount[first], first)}
              </Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
