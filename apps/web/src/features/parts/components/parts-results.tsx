// The parts search's results table: sortable headers, a part's row, its stock and its price.

import type { PartsSearchRow } from '@circuits/contracts';
import { Anchor, Badge, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { nextSort, type SearchFilters, type SortColumn } from './part-search-filters.ts';

function formatUsd(price: number | null): string {
  if (price === null) return '—';
  return price >= 1
    ? `$${price.toFixed(2)}`
    : `$${price.toFixed(4).replace(/0+$/, '').replace(/\.$/, '.00')}`;
}

export function SortHeader({
  label,
  column,
  filters,
  onChange,
}: {
  label: string;
  column: SortColumn;
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
}) {
  const active = filters.sort?.colID === column ? filters.sort.dir : null;
  const Icon = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th
      aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton
        onClick={() => onChange({ ...filters, sort: nextSort(filters.sort, column) })}
        aria-label={`Sort by ${label.toLowerCase()}`}
      >
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function StockCell({ row }: { row: PartsSearchRow }) {
  const lines = row.locs.map(
    (lot) => `${lot.location} (${lot.lot}): ${lot.available.toLocaleString('en')} available`,
  );
  return (
    <Tooltip
      label={lines.join('\n') || 'No stock'}
      multiline
      w={280}
      style={{ whiteSpace: 'pre-line' }}
    >
      <Stack gap={0} tabIndex={0} aria-label={`Stock: ${lines.join('; ') || 'none'}`}>
        <Text size="sm" fw={600} c={row.qty.available > 0 ? undefined : 'dimmed'}>
          {row.qty.available.toLocaleString('en')}
        </Text>
        <Text size="xs" c="dimmed">
          {row.qty.qty.toLocaleString('en')} qty · {row.qty.reserved.toLocaleString('en')} reserved
          · {row.locs.length} loc.
        </Text>
      </Stack>
    </Tooltip>
  );
}

/** A part in the results: its number, maker, package, short specs, stock and price. */
export function PartResultRow({ row }: { row: PartsSearchRow }) {
  return (
    <Table.Tr data-testid="part-row">
      <Table.Td>
        <Anchor component={Link} to={`/part/${row.id}`} fw={600} size="sm">
          {row.part_number}
        </Anchor>
        {row.confirmed ? null : (
          <Badge ml={6} size="xs" color="yellow" variant="light">
            Unconfirmed
          </Badge>
        )}
        <Text size="xs" c="dimmed" lineClamp={1} maw={260}>
          {row.description}
        </Text>
        {row.supplier_codes.length > 0 ? (
          <Text size="xs" c="dimmed" lineClamp={1} maw={260} data-testid="part-supplier-codes">
            {row.supplier_codes.map((code) => `${code.supplier} ${code.sku}`).join(' · ')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.manufacturer?.name ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.package?.pkgName ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" lineClamp={2} maw={260}>
          {row.short_specs.map((spec) => spec.value).join(' · ')}
        </Text>
      </Table.Td>
      <Table.Td>
        <StockCell row={row} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} data-testid="part-price">
          {formatUsd(row.price)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
