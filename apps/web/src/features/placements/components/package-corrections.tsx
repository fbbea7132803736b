import type { PackageCorrection } from '@circuits/contracts';
import { ActionIcon, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorBlock, LoadingBlock } from '../../../components/load-states.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useDeletePackageCorrection, usePackageCorrections } from '../api/placements-api.ts';
import { formatMm } from '../lib/placement-format.ts';
import {
  type CorrectionEdit,
  correctionLabel,
  PackageCorrectionDialog,
} from './package-correction-dialog.tsx';

interface PackageCorrectionsProps {
  productId: number;
  canEdit: boolean;
}

/** The company's package corrections: what each turns and shifts, and how many parts here. */
export function PackageCorrections({ productId, canEdit }: PackageCorrectionsProps) {
  const corrections = usePackageCorrections(productId);
  const remove = useDeletePackageCorrection(productId);
  const [edit, setEdit] = useState<CorrectionEdit | null>(null);
  const [removing, setRemoving] = useState<PackageCorrection | null>(null);

  const body = () => {
    if (corrections.isPending) return <LoadingBlock label="Loading package corrections" />;
    if (corrections.isError)
      return (
        <LoadErrorBlock
          what="The package corrections"
          error={corrections.error}
          onRetry={() => void corrections.refetch()}
        />
      );
    if (corrections.data.length === 0)
      return (
        <Text size="sm" c="dimmed">
          None yet. When a package sits turned or off-centre on the board, pick one of its rows and
          choose "Correct this package…": the correction is kept for your company's next imports.
        </Text>
      );
    return (
      <ScrollTable minWidth={420}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Package</Table.Th>
            <Table.Th ta="right">Rotation</Table.Th>
            <Table.Th ta="right">Shift x, y mm</Table.Th>
            <Table.Th ta="right">Parts here</Table.Th>
            {canEdit ? (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {corrections.data.map((correction) => (
            <Table.Tr key={correction.id}>
              <Table.Td>{correctionLabel(correction)}</Table.Td>
              <Table.Td ta="right">{correction.rotation}°</Table.Td>
              <Table.Td ta="right">
                {formatMm(correction.x)}, {formatMm(correction.y)}
              </Table.Td>
              <Table.Td ta="right">{correction.placements}</Table.Td>
              {canEdit ? (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit the correction of ${correctionLabel(correction)}`}
                      onClick={() => setEdit({ kind: 'existing', correction })}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete the correction of ${correctionLabel(correction)}`}
                      onClick={() => setRemoving(correction)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
    );
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="package-corrections-title">
      <Stack gap={0}>
        <Title order={3} fz={16} id="package-corrections-title">
          Package corrections
        </Title>
        <Text size="sm" c="dimmed">
          Your company's rotation and centre corrections, applied to every import.
        </Text>
      </Stack>
      {body()}
      <PackageCorrectionDialog productId={productId} edit={edit} onClose={() => setEdit(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Delete package correction"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              showToast('success', `The correction of ${correctionLabel(removing)} is deleted`);
              setRemoving(null);
            },
          });
        }}
        onCancel={() => setRemoving(null)}
      >
        Delete the correction of {removing ? correctionLabel(removing) : ''}? Its placements go back
        to the positions the files wrote, in every product of your company.
      </ConfirmDialog>
    </Stack>
  );
}
