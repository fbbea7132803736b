// The columns of the BOM table: a pick box when the user may edit, designators and quantity,
// the text fields edited where they stand, the catalogue part with its stock and price, the
// row's state, and the button that opens the row's dialog.

import type { BomRow } from '@circuits/contracts';
import { ActionIcon, Badge, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { Dispatch, SetStateAction } from 'react';
import { EditableCell } from '../../../components/editable-cell.tsx';
import type { VirtualColumn } from '../../../components/virtual-table.tsx';
import {
  BOM_ROW_STATE_LABELS,
  type BomCellField,
  bomRowState,
  formatUnitPrice,
  refDesignText,
} from '../lib/bom-format.ts';

const STATE_COLOR = {
  confirmed: 'green',
  dnp: 'gray',
  customer: 'blue',
  unconfirmed: 'yellow',
} as const;

const MATCH_TEXT = {
  matched: 'Matched',
  suggested: 'Suggestions',
  none: 'No match',
} as const;

/** The text fields of a row, edited in the table where they stand. */
const TEXT_CELLS = [
  { field: 'part_number', header: 'Part number', width: 'minmax(130px, 1.3fr)' },
  { field: 'manufacturer', header: 'Manufacturer', width: 'minmax(110px, 1fr)' },
  { field: 'value', header: 'Value', width: 'minmax(80px, 0.8fr)' },
  { field: 'footprint', header: 'Footprint', width: 'minmax(100px, 1fr)' },
  { field: 'description', header: 'Description', width: 'minmax(140px, 1.5fr)' },
] as const;

const MATCH_COLOR = { matched: 'green', suggested: 'yellow', none: 'red' } as const;

export interface BomTableColumnsOptions {
  canEdit: boolean;
  /** The rows the filter shows: the header's box picks them all. */
  shown: readonly BomRow[];
  picked: ReadonlySet<number>;
  setPicked: Dispatch<SetStateAction<ReadonlySet<number>>>;
  /** Saves an edited cell: a message when the text is refused, else the save under way. */
  saveCell: (row: BomRow, field: BomCellField, text: string) => string | Promise<unknown>;
  onOpen: (id: number) => void;
}

/** The table's columns for this render: they close over the picked rows and the savers. */
export function bomTableColumns({
  canEdit,
  shown,
  picked,
  setPicked,
  saveCell,
  onOpen,
}: BomTableColumnsOptions): VirtualColumn<BomRow>[] {
  const toggle = (id: number, checked: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const allShownPicked = shown.length > 0 && shown.every((row) => picked.has(row.id));
  return [
    ...(canEdit
      ? [
          {
            key: 'pick',
            header: (
              <Checkbox
                size="xs"
                aria-label="Choose every row shown"
                checked={allShownPicked}
                indeterminate={!allShownPicked && shown.some((row) => picked.has(row.id))}
                onChange={(event) =>
                  setPicked(
                    event.currentTarget.checked ? new Set(shown.map((row) => row.id)) : new Set(),
                  )
                }
              />
            ),
            width: '36px',
            cell: (row: BomRow) => (
              <Checkbox
                size="xs"
                aria-label={`Choose ${refDesignText(row.refDesign, 3)}`}
                checked={picked.has(row.id)}
                onChange={(event) => toggle(row.id, event.currentTarget.checked)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'refs',
      header: 'Designators',
      width: 'minmax(120px, 1.3fr)',
      cell: (row) => (
        <span title={refDesignText(row.refDesign, 200)}>{refDesignText(row.refDesign, 6)}</span>
      ),
    },
    {
      key: 'qty',
      header: 'Qty',
      width: '72px',
      align: 'right',
      cell: (row) => {
        const listed = row.refDesign.length;
        const mismatch = row.quantity !== null && listed > 0 && row.quantity !== listed;
        return (
          <Group gap={2} wrap="nowrap" justify="flex-end">
            {mismatch ? (
              <Tooltip label={`The row lists ${listed} designators`}>
                <Text span size="sm" c="orange" fw={650} aria-label="Quantity differs">
                  ≠
                </Text>
              </Tooltip>
            ) : null}
            <EditableCell
              value={row.quantity === null ? '' : String(row.quantity)}
              label={`Quantity of ${refDesignText(row.refDesign, 3)}`}
              canEdit={canEdit}
              onSave={(text) => saveCell(row, 'quantity', text)}
            />
          </Group>
        );
      },
    },
    ...TEXT_CELLS.map(
      ({ field, header, width }): VirtualColumn<BomRow> => ({
        key: field,
        header,
        width,
        cell: (row) => (
          <EditableCell
            value={row[field] ?? ''}
            label={`${header} of ${refDesignText(row.refDesign, 3)}`}
            canEdit={canEdit}
            onSave={(text) => saveCell(row, field, text)}
          />
        ),
      }),
    ),
    {
      key: 'match',
      header: 'Catalogue',
      width: 'minmax(150px, 1.5fr)',
      cell: (row) =>
        row.part_info ? (
          <Stack gap={0}>
            <Text size="sm" truncate>
              {row.part_info.part_number}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {row.part_info.short_specs}
            </Text>
          </Stack>
        ) : (
          <Badge
            size="sm"
            variant="light"
            color={MATCH_COLOR[row.match.status]}
            tt="none"
            title={row.match.reason ?? undefined}
          >
            {MATCH_TEXT[row.match.status]}
            {row.match.status === 'suggested' && row.suggestions.length > 0
              ? ` (${row.suggestions.length})`
              : ''}
          </Badge>
        ),
    },
    {
      key: 'stock',
      header: 'Stock',
      width: '76px',
      align: 'right',
      cell: (row) => {
        if (!row.part_info) return '—';
        const available = row.part_info.qty.available;
        const needed = row.refDesign.filter((ref) => !ref.doNotPopulate).length;
        return (
          <Text span size="sm" c={available < needed ? 'red' : undefined}>
            {available.toLocaleString('en')}
          </Text>
        );
      },
    },
    {
      key: 'price',
      header: 'Price',
      width: '72px',
      align: 'right',
      cell: (row) => formatUnitPrice(row.part_info?.price ?? null),
    },
    {
      key: 'state',
      header: 'State',
      width: '104px',
      cell: (row) => {
        const state = bomRowState(row);
        return (
          <Badge size="sm" variant="light" color={STATE_COLOR[state]} tt="none">
            {BOM_ROW_STATE_LABELS[state]}
          </Badge>
        );
      },
    },
    {
      key: 'open',
      header: '',
      width: '40px',
      cell: (row) => (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Open ${refDesignText(row.refDesign, 3)}`}
          onClick={() => onOpen(row.id)}
        >
          <IconDots size={16} />
        </ActionIcon>
      ),
    },
  ];
}
