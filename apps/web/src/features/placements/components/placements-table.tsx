import type { Placement } from '@circuits/contracts';
import { ActionIcon, Badge, Checkbox, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconRotateClockwise2 } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { BulkMenu, TableToolbar } from '../../../components/table-toolbar.tsx';
import { type VirtualColumn, VirtualTable } from '../../../components/virtual-table.tsx';
import { showToast } from '../../../lib/toasts.ts';
import {
  type PlacementChange,
  useDeletePlacements,
  useUpdatePlacements,
} from '../api/placements-api.ts';
import {
  filterPlacements,
  formatMm,
  NO_FILTER,
  type PlacementFilter,
} from '../lib/placement-format.ts';
import { type CorrectionEdit, PackageCorrectionDialog } from './package-correction-dialog.tsx';

interface PlacementsTableProps {
  productId: number;
  placements: readonly Placement[];
  canEdit: boolean;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  height: number | string;
  /** Designators the BOM marks do not populate (any case). */
  bomDoNotPopulate: ReadonlySet<string>;
}

/**
 * The product's placements: filter by reference, value or package, side and state; confirm and
 * mark do-not-populate row by row or for every row shown; a row picked is shown on the board.
 */
export function PlacementsTable({
  productId,
  placements,
  canEdit,
  selectedId,
  onSelect,
  height,
  bomDoNotPopulate,
}: PlacementsTableProps) {
  const [filter, setFilter] = useState<PlacementFilter>(NO_FILTER);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [correcting, setCorrecting] = useState<CorrectionEdit | null>(null);
  const update = useUpdatePlacements(productId);
  const remove = useDeletePlacements(productId);
  const shown = useMemo(() => filterPlacements(placements, filter), [placements, filter]);
  const unconfirmed = placements.filter((entry) => !entry.confirmed && !entry.dnp).length;
  // Parts the BOM leaves off the board but the placements still place.
  const placedAgainstBom = placements.filter(
    (entry) => !entry.dnp && bomDoNotPopulate.has(entry.refDesign.toUpperCase()),
  );

  const change = (changes: PlacementChange[], done?: string) => {
    if (changes.length === 0) return;
    update.mutate(
      { placements: changes },
      { onSuccess: () => (done ? showToast('success', done) : undefined) },
    );
  };

  const columns: VirtualColumn<Placement>[] = [
    {
      key: 'ref',
      header: 'Ref',
      width: 'minmax(60px, 1fr)',
      cell: (row) => (
        <Text span fw={650} size="sm">
          {row.refDesign}
        </Text>
      ),
    },
    { key: 'side', header: 'Side', width: '64px', cell: (row) => row.side },
    {
      key: 'x',
      header: 'X mm',
      width: '76px',
      align: 'right',
      cell: (row) => <CorrectedValue row={row} of="x" />,
    },
    {
      key: 'y',
      header: 'Y mm',
      width: '76px',
      align: 'right',
      cell: (row) => <CorrectedValue row={row} of="y" />,
    },
    {
      key: 'angle',
      header: 'Angle',
      width: '68px',
      align: 'right',
      cell: (row) => <CorrectedValue row={row} of="angle" />,
    },
    {
      key: 'package',
      header: 'Package',
      width: 'minmax(84px, 1.2fr)',
      cell: (row) => (
        <Group gap={2} wrap="nowrap">
          <Text
            span
            size="sm"
            truncate
            title={row.package ? `Catalogue package ${row.package.pkgName}` : undefined}
          >
            {row.package?.pkgName ?? row.packageName ?? '—'}
          </Text>
          {canEdit && (row.packageName || row.package) ? (
            <Tooltip label="Correct this package…">
              <ActionIcon
                size="sm"
                variant="subtle"
                aria-label={`Correct the package of ${row.refDesign}`}
                onClick={() =>
                  setCorrecting({
                    kind: 'new',
                    target: {
                      packageName: row.packageName,
                      package: row.package
                        ? { id: row.package.id, pkgName: row.package.pkgName }
                        : null,
                    },
                  })
                }
              >
                <IconRotateClockwise2 size={14} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'confirmed',
      header: 'Confirmed',
      width: '88px',
      align: 'center',
      cell: (row) => (
        <Checkbox
          size="xs"
          mx="auto"
          w="fit-content"
          aria-label={`${row.refDesign} confirmed`}
          checked={row.confirmed}
          disabled={!canEdit || row.dnp}
          onChange={(event) => change([{ id: row.id, confirmed: event.currentTarget.checked }])}
        />
      ),
    },
    {
      key: 'dnp',
      header: 'DNP',
      width: '48px',
      align: 'center',
      cell: (row) => (
        <Checkbox
          size="xs"
          mx="auto"
          w="fit-content"
          aria-label={`${row.refDesign} do not populate`}
          checked={row.dnp}
          disabled={!canEdit}
          onChange={(event) => change([{ id: row.id, dnp: event.currentTarget.checked }])}
        />
      ),
    },
  ];

  const filtered = shown.length !== placements.length;
  const scope = filtered ? `the ${shown.length.toLocaleString('en')} shown` : 'all';

  return (
    <Stack gap="sm">
      <TableToolbar
        search={{
          label: 'Find a placement',
          placeholder: 'Ref, value or package',
          value: filter.text,
          onChange: (text) => setFilter({ ...filter, text }),
          width: 180,
        }}
        filters={[
          {
            label: 'Side shown',
            value: filter.side,
            onChange: (value) => setFilter({ ...filter, side: value as PlacementFilter['side'] }),
            data: [
              { value: 'all', label: 'Both' },
              { value: 'top', label: 'Top' },
              { value: 'bottom', label: 'Bottom' },
            ],
          },
          {
            label: 'Placements shown',
            value: filter.status,
            onChange: (value) =>
              setFilter({ ...filter, status: value as PlacementFilter['status'] }),
            data: [
              { value: 'all', label: 'All' },
              { value: 'unconfirmed', label: `To confirm (${unconfirmed})` },
              { value: 'dnp', label: 'DNP' },
            ],
          },
        ]}
        actions={
          canEdit ? (
            <BulkMenu
              label={filtered ? `${shown.length.toLocaleString('en')} shown` : 'All placements'}
              loading={update.isPending || remove.isPending}
              disabled={shown.length === 0}
            >
              <Menu.Item
                onClick={() =>
                  change(
                    shown
                      .filter((row) => !row.confirmed && !row.dnp)
                      .map((row) => ({ id: row.id, confirmed: true })),
                    `Confirmed ${scope} placements`,
                  )
                }
              >
                Confirm {scope}
              </Menu.Item>
              <Menu.Item
                onClick={() =>
                  change(
                    shown
                      .filter((row) => row.confirmed)
                      .map((row) => ({ id: row.id, confirmed: false })),
                  )
                }
              >
                Unconfirm {scope}
              </Menu.Item>
              <Menu.Item
                onClick={() =>
                  change(shown.filter((row) => !row.dnp).map((row) => ({ id: row.id, dnp: true })))
                }
              >
                Mark {scope} do not populate
              </Menu.Item>
              <Menu.Item
                onClick={() =>
                  change(shown.filter((row) => row.dnp).map((row) => ({ id: row.id, dnp: false })))
                }
              >
                Populate {scope}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                disabled={placedAgainstBom.length === 0}
                onClick={() =>
                  change(
                    placedAgainstBom.map((row) => ({ id: row.id, dnp: true })),
                    `${placedAgainstBom.length} placements marked do not populate, as in the BOM`,
                  )
                }
              >
                Do not populate as the BOM says ({placedAgainstBom.length})
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => setConfirmDelete(true)}>
                Delete {scope}
              </Menu.Item>
            </BulkMenu>
          ) : null
        }
      />
      <VirtualTable
        label="Placements"
        rows={shown}
        columns={columns}
        rowKey={(row) => row.id}
        height={height}
        minWidth={560}
        activeKey={selectedId}
        onActivate={(row) => onSelect(row.id === selectedId ? null : row.id)}
        rowState={(row) => (row.dnp ? 'muted' : !row.confirmed ? 'warning' : undefined)}
        empty={
          <Text size="sm" c="dimmed">
            No placement matches the filter.
          </Text>
        }
      />
      <Group gap="xs">
        <Badge variant="light" color={unconfirmed > 0 ? 'yellow' : 'green'} radius="sm" tt="none">
          {unconfirmed > 0 ? `${unconfirmed.toLocaleString('en')} to confirm` : 'All confirmed'}
        </Badge>
        <Text size="xs" c="dimmed">
          {placements.length.toLocaleString('en')} placements ·{' '}
          {placements.filter((row) => row.dnp).length.toLocaleString('en')} do not populate · click
          a row to find it on the board
          {placements.some((row) => row.corrected)
            ? ' · blue values are corrected for their package (hover for the imported one)'
            : ''}
        </Text>
      </Group>
      <PackageCorrectionDialog
        productId={productId}
        edit={correcting}
        onClose={() => setCorrecting(null)}
      />
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete placements"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => {
          setConfirmDelete(false);
          remove.mutate(
            shown.map((row) => row.id),
            {
              onSuccess: (answer) =>
                showToast('success', `${answer.ids.length} placements deleted`),
            },
          );
        }}
        onCancel={() => setConfirmDelete(false)}
      >
        Delete {scope} placements? The pick-and-place file stays in the Files tab and can be
        imported again.
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * A position or angle as the machine will use it: the corrected value when the company corrects
 * the package, with the imported one beside it, so neither is hidden.
 */
function CorrectedValue({ row, of }: { row: Placement; of: 'x' | 'y' | 'angle' }) {
  const show = (value: number) => (of === 'angle' ? `${value}°` : formatMm(value));
  if (!row.corrected || row.corrected[of] === row[of]) return <>{show(row[of])}</>;
  return (
    <Tooltip label={`Imported ${show(row[of])}; corrected for the package`}>
      <Text
        span
        size="sm"
        c="blue"
        fw={600}
        aria-label={`${show(row.corrected[of])}, imported ${show(row[of])}`}
      >
        {show(row.corrected[of])}
      </Text>
    </Tooltip>
  );
}
