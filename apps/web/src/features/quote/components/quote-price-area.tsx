import { type CurrencyCode, formatMoney } from '@circuits/domain';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { LoadingBlock } from '../../../components/load-states.tsx';
import { ApiError, failureMessage } from '../../../lib/api-error.ts';
import { PriceAmounts } from '../../cart/components/price-amounts.tsx';
import { PriceLines } from '../../cart/components/price-lines.tsx';
import type { useInstantPrice } from '../api/quote-api.ts';

/** The instant quote's price, line by line, or what is missing before there is one. */
export function PriceArea({
  price,
  waiting,
  stale,
  hasBoard,
  order,
}: {
  price: ReturnType<typeof useInstantPrice>;
  waiting: boolean;
  stale: boolean;
  hasBoard: boolean;
  /** The company's currency first for a member; USD first for a visitor. */
  order: readonly CurrencyCode[];
}) {
  if (waiting) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {hasBoard
          ? 'Complete the board options marked in red to see the price.'
          : 'Drop the board files, or fill in the size and layers, to see the price.'}
      </Text>
    );
  }
  if (price.isError) {
    return (
      <Alert color="red" title="No price">
        {price.error instanceof ApiError
          ? failureMessage(price.error.failure)
          : 'The price could not be loaded'}
      </Alert>
    );
  }
  if (!price.data) return <LoadingBlock label="Pricing…" />;
  const { quote } = price.data;
  return (
    <Stack gap="xs" aria-busy={stale || price.isFetching} style={{ opacity: stale ? 0.6 : 1 }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {quote.quantity} {quote.unit_name}
            {quote.quantity === 1 ? '' : 's'}, {quote.lead_time.label.toLowerCase()} (
            {quote.lead_time.workingDays} working days)
          </Text>
          <Text size="sm" c="dimmed">
            {formatMoney(quote.per_one[order[0]!], order[0]!)} per {quote.unit_name}
          </Text>
        </Stack>
        <PriceAmounts amounts={quote.total} order={[...order]} label="Quote total" size="lg" />
      </Group>
      <PriceLines lines={quote.lines} order={[...order]} />
      <Text size="xs" c="dimmed">
        Price book version {quote.book_version}; taxes are added in the cart by your company's
        country.
      </Text>
    </Stack>
  );
}
