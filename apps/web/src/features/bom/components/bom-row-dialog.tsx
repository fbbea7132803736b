import type { BomRow } from '@circuits/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Chip,
  Divider,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, failureMessage } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toasts.ts';
import { type BomRowChange, useDeleteBomRows, useSaveBomRow } from '../api/bom-api.ts';
import {
  BOM_ROW_STATE_LABELS,
  bomRowState,
  formatUnitPrice,
  refDesignText,
} from '../lib/bom-format.ts';
import { changesOf, type Draft, draftOf, TEXT_FIELDS } from '../lib/bom-row-draft.ts';
import { BomPartFinder } from './bom-part-finder.tsx';
import { BomSubstitutesEditor } from './bom-substitutes-editor.tsx';

interface BomRowDialogProps {
  productId: number;
  row: BomRow;
  canEdit: boolean;
  onClose: () => void;
}

function reason(error: unknown): string {
  return error instanceof ApiError ? failureMessage(error.failure) : 'Not saved';
}

/**
 * One BOM row: its fields, the catalogue part linked to it and the parts proposed for it (by
 * part number, or by value and package), who confirmed it, whether the customer supplies the
 * part, and the substitutes accepted.
 */
export function BomRowDialog({ productId, row, canEdit, onClose }: BomRowDialogProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  const save = useSaveBomRow(productId);
  const remove = useDeleteBomRows(productId);
  const [deleting, setDeleting] = useState(false);
  const changes = changesOf(row, draft);
  const dirty = Object.keys(changes).length > 0;
  const state = bomRowState(row);

  const send = (change: BomRowChange, done: string) =>
    save.mutate(
      { id: row.id, change },
      {
        onSuccess: (answer) => {
          setDraft(draftOf(answer.data));
          showToast('success', done);
        },
      },
    );

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        <Group gap="xs">
          <Text fw={650}>{refDesignText(row.refDesign, 6) || 'BOM row'}</Text>
          <Badge
            variant="light"
            color={state === 'unconfirmed' ? 'yellow' : 'green'}
            radius="sm"
            tt="none"
          >
            {BOM_ROW_STATE_LABELS[state]}
          </Badge>
        </Group>
      }
    >
      <Stack gap="md">
        <Card withBorder padding="sm" radius="md">
          <Group justify="space-between" gap="sm" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Catalogue part
              </Text>
              {row.part_info ? (
                <>
                  <Text fw={650}>
                    {row.part_info.part_number}{' '}
                    <Text span c="dimmed" size="sm">
                      {row.part_info.manufacturer ?? ''}
                    </Text>
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {row.part_info.short_specs}
                  </Text>
                  <Text size="sm">
                    {row.part_info.qty.available.toLocaleString('en')} in stock ·{' '}
                    {formatUnitPrice(row.part_info.price)} each
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  None linked. Pick one of the parts below, or confirm the row as it is.
                </Text>
              )}
            </Stack>
            {canEdit ? (
              <Group gap="xs">
                {row.part_info ? (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => send({ part_id: null }, 'Part unlinked')}
                    loading={save.isPending}
                  >
                    Unlink
                  </Button>
                ) : null}
                <Button
                  size="xs"
                  variant={row.confirmed_by ? 'default' : 'filled'}
                  onClick={() =>
                    send(
                      { confirmed: !row.confirmed_by },
                      row.confirmed_by ? 'Confirmation withdrawn' : 'Row confirmed',
                    )
                  }
                  loading={save.isPending}
                >
                  {row.confirmed_by ? 'Withdraw confirmation' : 'Confirm as it is'}
                </Button>
              </Group>
            ) : null}
          </Group>
          {row.confirmed_by_name ? (
            <Text size="xs" c="dimmed" mt={6}>
              Confirmed by {row.confirmed_by_name}
            </Text>
          ) : null}
        </Card>

        <BomPartFinder productId={productId} row={row} canEdit={canEdit} send={send} />

        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {TEXT_FIELDS.map(([key, label]) => (
            <TextInput
              key={key}
              label={label}
              value={draft[key]}
              readOnly={!canEdit}
              onChange={(event) => set(key, event.currentTarget.value)}
            />
          ))}
          <NumberInput
            label="Quantity"
            description={
              typeof draft.quantity === 'number' && draft.quantity !== draft.refDesign.length
                ? `The row lists ${draft.refDesign.length} designators`
                : undefined
            }
            value={draft.quantity}
            readOnly={!canEdit}
            min={0}
            allowDecimal={false}
            onChange={(value) => set('quantity', value)}
          />
        </SimpleGrid>

        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Designators
          </Text>
          <Text size="xs" c="dimmed">
            {canEdit ? 'Click a designator to mark it do not populate (DNP).' : null}
          </Text>
          <Group gap={6}>
            {draft.refDesign.map((ref, index) => (
              <Chip
                key={ref.refDesign}
                size="xs"
                color="gray"
                checked={ref.doNotPopulate}
                disabled={!canEdit}
                onChange={(checked) =>
                  set(
                    'refDesign',
                    draft.refDesign.map((entry, at) =>
                      at === index ? { ...entry, doNotPopulate: checked } : entry,
                    ),
                  )
                }
              >
                {ref.refDesign}
                {ref.doNotPopulate ? ' · DNP' : ''}
              </Chip>
            ))}
          </Group>
        </Stack>

        <Switch
          label="The customer supplies this part"
          description="We place it from the parts you send; it needs no catalogue part."
          checked={draft.custWillSupply}
          disabled={!canEdit}
          onChange={(event) => set('custWillSupply', event.currentTarget.checked)}
        />

        <BomSubstitutesEditor
          substitutions={draft.substitutions}
          canEdit={canEdit}
          onChange={(substitutions) => set('substitutions', substitutions)}
        />

        {save.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
            {reason(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {canEdit ? (
            <Button
              variant="subtle"
              color="red"
              mr="auto"
              loading={remove.isPending}
              onClick={() => {
                if (!deleting) {
                  setDeleting(true);
                  return;
                }
                remove.mutate([row.id], {
                  onSuccess: () => {
                    showToast('success', 'BOM row deleted');
                    onClose();
                  },
                });
              }}
            >
              {deleting ? 'Delete it for good' : 'Delete row'}
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose}>
            {dirty ? 'Cancel' : 'Close'}
          </Button>
          {canEdit ? (
            <Button
              disabled={!dirty}
              loading={save.isPending}
              onClick={() => send(changes, 'BOM row saved')}
            >
              Save changes
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
