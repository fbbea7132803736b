import type { BomRow, ProductFile } from '@circuits/contracts';
import { Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconListDetails, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NothingImported } from '../../../components/import-panel.tsx';
import { errorReason } from '../../../components/load-states.tsx';
import { TableToolbar } from '../../../components/table-toolbar.tsx';
import { VirtualTable } from '../../../components/virtual-table.tsx';
import { showToast } from '../../../lib/toasts.ts';
import {
  type BomRowChange,
  useDeleteBomRows,
  useSaveBomRow,
  useSaveBomRows,
} from '../api/bom-api.ts';
import {
  type BomCellField,
  type BomFilter,
  bomCellChange,
  bomRowState,
  filterBomRows,
} from '../lib/bom-format.ts';
import { BomAddLine } from './bom-add-line.tsx';
import { BomBulkMenu } from './bom-bulk-menu.tsx';
import { BomImport } from './bom-import.tsx';
import { BomRowDialog } from './bom-row-dialog.tsx';
import { bomTableColumns } from './bom-table-columns.tsx';

interface BomTabProps {
  productId: number;
  files: readonly ProductFile[];
  bom: readonly BomRow[];
  canEdit: boolean;
}

const TABLE_HEIGHT = 'clamp(320px, calc(100vh - 380px), 720px)';

/**
 * Product view, BOM tab: the rows of the bill of materials with the catalogue part each is
 * matched to, its stock and price; rows are confirmed, marked customer-supplied, given a part or
 * substitutes, one by one in the row's dialog or for the rows chosen at once.
 */
export function BomTab({ productId, files, bom, canEdit }: BomTabProps) {
  const [importing, setImporting] = useState(false);
  const [filter, setFilter] = useState<BomFilter>({ text: '', state: 'all' });
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const saveRows = useSaveBomRows(productId);
  const saveRow = useSaveBomRow(productId);
  const [adding, setAdding] = useState(false);
  const remove = useDeleteBomRows(productId);
  const shown = useMemo(() => filterBomRows(bom, filter), [bom, filter]);
  const open = openId === null ? null : (bom.find((row) => row.id === openId) ?? null);

  const counts = useMemo(() => {
    const states = bom.map((row) => bomRowState(row));
    return {
      unconfirmed: states.filter((state) => state === 'unconfirmed').length,
      matched: bom.filter((row) => row.part_id !== null).length,
      parts: bom.reduce(
        (sum, row) => sum + row.refDesign.filter((ref) => !ref.doNotPopulate).length,
        0,
      ),
    };
  }, [bom]);

  if (bom.length === 0 && !importing) {
    return (
      <NothingImported
        icon={<IconListDetails size={26} />}
        title="No bill of materials yet"
        canEdit={canEdit}
        editText="Import the BOM of the board (CSV, XLSX or XLS from any CAD tool): its rows are matched to the parts catalogue with stock and prices, and you confirm each before ordering."
        readText="A colleague who can edit the company imports the BOM; its rows show here once they have."
        actions={
          <>
            <Button leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
              Import a BOM
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => setAdding(true)}
            >
              Add line
            </Button>
          </>
        }
      >
        <BomAddLine productId={productId} opened={adding} onClose={() => setAdding(false)} />
      </NothingImported>
    );
  }

  // The bulk actions work on the rows ticked, or on every row shown when none is.
  const targets = picked.size > 0 ? bom.filter((row) => picked.has(row.id)) : shown;
  const scope =
    picked.size > 0
      ? `${picked.size.toLocaleString('en')} chosen`
      : shown.length === bom.length
        ? 'all'
        : `${shown.length.toLocaleString('en')} shown`;

  const bulk = (change: (row: BomRow) => BomRowChange | null, done: (rows: string) => string) => {
    const boms = targets.flatMap((row) => {
      const next = change(row);
      return next ? [{ id: row.id, ...next }] : [];
    });
    if (boms.length === 0) {
      showToast('info', 'Nothing to change');
      return;
    }
    saveRows.mutate(boms, {
      onSuccess: () => {
        setPicked(new Set());
        showToast('success', done(boms.length === 1 ? '1 row' : `${boms.length} rows`));
      },
    });
  };

  const saveCell = (row: BomRow, field: BomCellField, text: string) => {
    const change = bomCellChange(field, text);
    if (typeof change === 'string') return change;
    return saveRow.mutateAsync({ id: row.id, change }).catch((error: unknown) => {
      showToast('error', errorReason(error));
      throw error;
    });
  };

  const columns = bomTableColumns({
    canEdit,
    shown,
    picked,
    setPicked,
    saveCell,
    onOpen: setOpenId,
  });

  return (
    <Stack gap="md">
      {importing ? (
        <BomImport
          productId={productId}
          files={files}
          existing={bom.length}
          onDone={() => setImporting(false)}
          onCancel={() => setImporting(false)}
        />
      ) : null}
      {bom.length > 0 ? (
        <Card padding="md" component="section" aria-labelledby="bom-title">
          <Group justify="space-between" mb="sm" gap="xs" align="flex-start">
            <Stack gap={2}>
              <Title order={2} fz={18} id="bom-title">
                Bill of materials
              </Title>
              <Group gap="xs">
                <Badge
                  variant="light"
                  color={counts.unconfirmed > 0 ? 'yellow' : 'green'}
                  radius="sm"
                  tt="none"
                  data-testid="bom-unconfirmed"
                >
                  {counts.unconfirmed > 0
                    ? `${counts.unconfirmed.toLocaleString('en')} to confirm`
                    : 'All confirmed'}
                </Badge>
                <Text size="xs" c="dimmed">
                  {bom.length.toLocaleString('en')} rows · {counts.parts.toLocaleString('en')} parts
                  to place · {counts.matched.toLocaleString('en')} matched to the catalogue
                </Text>
              </Group>
            </Stack>
            {canEdit && !importing ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setAdding(true)}
                >
                  Add line
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconFileImport size={14} />}
                  onClick={() => setImporting(true)}
                >
                  Import again
                </Button>
              </Group>
            ) : null}
          </Group>
          <Box mb="sm">
            <TableToolbar
              search={{
                label: 'Find a BOM row',
                placeholder: 'Designator, part number, value',
                value: filter.text,
                onChange: (text) => setFilter({ ...filter, text }),
                width: 220,
              }}
              filters={[
                {
                  label: 'Rows shown',
                  value: filter.state,
                  onChange: (value) => setFilter({ ...filter, state: value as BomFilter['state'] }),
                  data: [
                    { value: 'all', label: 'All' },
                    { value: 'unconfirmed', label: `To confirm (${counts.unconfirmed})` },
                    { value: 'unmatched', label: 'Not matched' },
                  ],
                },
              ]}
              actions={
                canEdit ? (
                  <BomBulkMenu
                    label={picked.size > 0 ? `${picked.size} chosen` : 'Rows shown'}
                    loading={saveRows.isPending || remove.isPending}
                    disabled={targets.length === 0}
                    scope={scope}
                    bulk={bulk}
                    onDelete={() => setConfirmDelete(true)}
                  />
                ) : null
              }
            />
          </Box>
          <VirtualTable
            label="BOM rows"
            rows={shown}
            columns={columns}
            rowKey={(row) => row.id}
            height={TABLE_HEIGHT}
            minWidth={canEdit ? 1280 : 1240}
            rowHeight={48}
            onActivate={(row) => setOpenId(row.id)}
            rowState={(row) => (bomRowState(row) === 'unconfirmed' ? 'warning' : undefined)}
            empty={
              <Text size="sm" c="dimmed">
                No row matches the filter.
              </Text>
            }
          />
          <Text size="xs" c="dimmed" mt="xs">
            {canEdit
              ? 'Click a cell to edit it (Enter saves, Escape cancels); click elsewhere on a row (or press Enter on it) to pick its part, confirm it or add substitutes.'
              : 'Click a row (or press Enter on it) to see its part and substitutes.'}
          </Text>
        </Card>
      ) : null}
      <BomAddLine productId={productId} opened={adding} onClose={() => setAdding(false)} />
      {open ? (
        <BomRowDialog
          key={open.id}
          productId={productId}
          row={open}
          canEdit={canEdit}
          onClose={() => setOpenId(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete BOM rows"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => {
          remove.mutate(
            targets.map((row) => row.id),
            {
              onSuccess: (answer) => {
                setConfirmDelete(false);
                setPicked(new Set());
                showToast('success', `${answer.ids.length} BOM rows deleted`);
              },
            },
          );
        }}
        onCancel={() => setConfirmDelete(false)}
      >
        Delete {scope} rows of the BOM? The BOM file stays in the Files tab and can be imported
        again.
      </ConfirmDialog>
    </Stack>
  );
}
