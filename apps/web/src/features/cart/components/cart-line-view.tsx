import type { CartBoardPrice, CartLine, LeadTimeOption } from '@circuits/contracts';
import { type CurrencyCode, leadTimeText } from '@circuits/domain';
import {
  ActionIcon,
  Badge,
  Divider,
  Group,
  Image,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconCpu, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PriceAmounts } from './price-amounts.tsx';

/** What a line shows while the customer edits it. */
export type LocalLine = Pick<
  CartLine,
  'product_id' | 'title' | 'pn' | 'img' | 'material' | 'materials' | 'panelization'
> & { amount: number | string; lead_time?: string | null };

export type LineChange = Partial<Pick<LocalLine, 'amount' | 'material' | 'lead_time'>>;

/**
 * One line of a cart: image, title, part number, panelization, amount, material, and the price
 * per piece and per line in the three currencies (the company's first).
 */
export function CartLineView({
  line,
  price,
  pending,
  order,
  onChange,
  onNavigate,
  extra,
  leadTimes,
  testId = 'cart-line',
}: {
  line: LocalLine;
  price: CartBoardPrice | undefined;
  /** The price shown is for other inputs than those on screen (a newer one is on its way). */
  pending: boolean;
  order: CurrencyCode[];
  onChange: (change: LineChange) => void;
  onNavigate: () => void;
  extra?: ReactNode;
  /** The build times offered; without them the line shows no build time choice. */
  leadTimes?: readonly LeadTimeOption[] | undefined;
  testId?: string;
}) {
  return (
    <Stack
      key={line.product_id}
      gap="xs"
      component="article"
      aria-label={`Cart line ${line.title}`}
      data-testid={testId}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {line.img ? (
          <Image src={line.img} alt="" w={56} h={56} radius="sm" fit="cover" />
        ) : (
          <ThemeIcon variant="light" color="gray" size={56} radius="sm">
            <IconCpu size={28} />
          </ThemeIcon>
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text
            component={Link}
            to={`/product/${line.product_id}`}
            onClick={onNavigate}
            c="var(--mantine-color-text)"
            fw={600}
            lineClamp={2}
          >
            {line.title}
          </Text>
          <Group gap={6}>
            {line.pn ? (
              <Text size="xs" c="dimmed" ff="monospace">
                {line.pn}
              </Text>
            ) : null}
            {line.panelization ? (
              <Badge size="sm" variant="light" color="gray" tt="none">
                Panel {line.panelization}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${line.title}`}
          onClick={() => onChange({ amount: 0 })}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" justify="space-between">
        <Group gap="sm" align="flex-end">
          <NumberInput
            label="Amount"
            value={line.amount}
            onChange={(value) => onChange({ amount: value })}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            w={100}
            size="xs"
          />
          <Select
            label="Material"
            data={line.materials}
            value={line.material}
            onChange={(value) => value && onChange({ material: value })}
            allowDeselect={false}
            w={150}
            size="xs"
          />
          {leadTimes && leadTimes.length > 0 ? (
            <Select
              label="Build time"
              data={leadTimes.map((option) => ({ value: option.id, label: leadTimeText(option) }))}
              value={line.lead_time ?? leadTimes[0]!.id}
              onChange={(value) => value && onChange({ lead_time: value })}
              allowDeselect={false}
              w={{ base: '100%', xs: 300 }}
              size="xs"
            />
          ) : null}
        </Group>
        {price ? (
          <Group gap="md" style={{ opacity: pending ? 0.45 : 1 }} data-pending={pending}>
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                per {price.quote.unit_name}
              </Text>
              <PriceAmounts
                amounts={price.per_one}
                order={order}
                label="Price per piece"
                size="xs"
              />
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                line
              </Text>
              <PriceAmounts amounts={price.line_price} order={order} label="Line price" />
            </Stack>
          </Group>
        ) : (
          <Loader size="xs" aria-label="Pricing" />
        )}
      </Group>
      {extra}
      <Divider />
    </Stack>
  );
}
