import type { Amounts } from '@circuits/contracts';
import { type CurrencyCode, formatMoney } from '@circuits/domain';
import { Stack, Text } from '@mantine/core';

/**
 * An amount in the three cart currencies (SPEC §9), the company's currency first and largest,
 * the other two beneath it.
 */
export function PriceAmounts({
  amounts,
  order,
  label,
  size = 'sm',
}: {
  amounts: Amounts;
  /** The currency codes, the company's first. */
  order: readonly CurrencyCode[];
  /** What the amount is, for screen readers and tests ("Line price"). */
  label?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const [first, ...others] = order;
  if (!first) return null;
  return (
    <Stack
      gap={0}
      align="flex-end"
      aria-label={label}
      data-price-first={formatMoney(amounts[first], first)}
    >
      <Text size={size} fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(amounts[first], first)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {others.map((code) => formatMoney(amounts[code], code)).join(' · ')}
      </Text>
    </Stack>
  );
}
