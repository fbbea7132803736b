import type { BomRow, BomSubstitution } from '@circuits/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Chip,
  Divider,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, failureMessage } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toasts.ts';
import {
  type BomRowChange,
  useBomPartSearch,
  useDeleteBomRows,
  useSaveBomRow,
  useSaveSuggestResults,
} from '../api/bom-api.ts';
import {
  BOM_ROW_STATE_LABELS,
  bomRowState,
  formatUnitPrice,
  refDesignText,
  searchWordOf,
} from '../lib/bom-format.ts';

interface BomRowDialogProps {
  productId: number;
  row: BomRow;
  canEdit: boolean;
  onClose: () => void;
}

type Draft = {
  part_number: string;
  manufacturer: string;
  value: string;
  footprint: string;
  description: string;
  quantity: number | string;
  refDesign: BomRow['refDesign'];
  custWillSupply: boolean;
  substitutions: BomSubstitution[];
};

function draftOf(row: BomRow): Draft {
  return {
    part_number: row.part_number ?? '',
    manufacturer: row.manufacturer ?? '',
    value: row.value ?? '',
    footprint: row.footprint ?? '',
    description: row.description ?? '',
    quantity: row.quantity ?? '',
    refDesign: row.refDesign,
    custWillSupply: row.custWillSupply,
    substitutions: row.substitutions_rows,
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());

/** The row's text fields, in the order the dialog shows them. */
const TEXT_FIELDS = [
  ['part_number', 'Part number'],
  ['manufacturer', 'Manufacturer'],
  ['value', 'Value'],
  ['footprint', 'Footprint'],
  ['description', 'Description'],
] as const satisfies readonly (readonly [keyof Draft, string])[];

function changesOf(row: BomRow, draft: Draft): BomRowChange {
  const change: BomRowChange = {};
  if (text(draft.part_number) !== row.part_number) change.part_number = text(draft.part_number);
  if (text(draft.manufacturer) !== row.manufacturer) change.manufacturer = text(draft.manufacturer);
  if (text(draft.value) !== row.value) change.value = text(draft.value);
  if (text(draft.footprint) !== row.footprint) change.footprint = text(draft.footprint);
  if (text(draft.description) !== row.description) change.description = text(draft.description);
  const quantity = typeof draft.quantity === 'number' ? draft.quantity : null;
  if (quantity !== row.quantity) change.quantity = quantity;
  if (JSON.stringify(draft.refDesign) !== JSON.stringify(row.refDesign)) {
    change.refDesign = draft.refDesign;
  }
  if (draft.custWillSupply !== row.custWillSupply) change.custWillSupply = draft.custWillSupply;
  if (JSON.stringify(draft.substitutions) !== JSON.stringify(row.substitutions_rows)) {
    change.substitutions_rows = draft.substitutions.map((entry) => ({
      part_id: entry.part_id,
      part_number: entry.part_number,
      manufacturer: entry.manufacturer,
      note: entry.note,
    }));
  }
  return change;
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
  const [word, setWord] = useState(() => searchWordOf(row));
  const save = useSaveBomRow(productId);
  const remove = useDeleteBomRows(productId);
  const [deleting, setDeleting] = useState(false);
  const search = useBomPartSearch(productId, word);
  const keep = useSaveSuggestResults(productId);
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

  const suggestions = search.data?.suggestions ?? row.suggestions;
  // Parts found by a search the row does not keep yet: the user may keep them as its suggestions.
  const found = search.data?.suggestions ?? [];
  const foundIds = found.slice(0, 8).map((part) => part.part_id);
  const keptAlready =
    JSON.stringify(foundIds) ===
    JSON.stringify(row.suggestions.slice(0, 8).map((part) => part.part_id));

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

        {canEdit ? (
          <Stack gap="xs">
            <TextInput
              label="Find a part in the catalogue"
              description="A part number, or a value with a package such as 10k 0402"
              leftSection={<IconSearch size={14} />}
              value={word}
              onChange={(event) => setWord(event.currentTarget.value)}
            />
            {search.isFetching ? <Loader size="xs" /> : null}
            {suggestions.length === 0 && !search.isFetching ? (
              <Text size="sm" c="dimmed">
                {word.trim().length < 2 ? 'Type at least two characters.' : 'No part found.'}
              </Text>
            ) : null}
            <Stack gap={4} aria-label="Parts proposed">
              {suggestions.slice(0, 8).map((part) => (
                <Group
                  key={part.part_id}
                  justify="space-between"
                  gap="xs"
                  wrap="nowrap"
                  p={6}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {part.part_number}{' '}
                      <Text span size="xs" c="dimmed">
                        {part.manufacturer ?? ''} {part.package ? `· ${part.package}` : ''}
                      </Text>
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {part.short_specs}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="xs" c={part.available > 0 ? undefined : 'red'} ta="right" w={90}>
                      {part.available.toLocaleString('en')} in stock
                    </Text>
                    <Text size="xs" w={64} ta="right">
                      {formatUnitPrice(part.price)}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant={row.part_id === part.part_id ? 'light' : 'default'}
                      disabled={row.part_id === part.part_id}
                      onClick={() =>
                        send({ part_id: part.part_id }, `${part.part_number} linked to the row`)
                      }
                    >
                      {row.part_id === part.part_id ? 'Linked' : 'Use'}
                    </Button>
                  </Group>
                </Group>
              ))}
            </Stack>
            {foundIds.length > 0 ? (
              <Group gap="xs">
                <Button
                  size="compact-xs"
                  variant="default"
                  disabled={keptAlready}
                  loading={keep.isPending}
                  onClick={() =>
                    keep.mutate([{ bom_id: row.id, part_ids: foundIds }], {
                      onSuccess: () =>
                        showToast(
                          'success',
                          `${foundIds.length} parts kept as the row's suggestions`,
                        ),
                    })
                  }
                >
                  {keptAlready ? 'Kept as suggestions' : 'Keep these as the row’s suggestions'}
                </Button>
                <Text size="xs" c="dimmed">
                  Kept with the BOM: "Link the best proposed part" uses the first.
                </Text>
              </Group>
            ) : null}
          </Stack>
        ) : null}

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

        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Substitutes accepted
            </Text>
            {canEdit ? (
              <Button
                size="compact-xs"
                variant="default"
                leftSection={<IconPlus size={12} />}
                onClick={() =>
                  set('substitutions', [
                    ...draft.substitutions,
                    { part_id: null, part_number: '', manufacturer: null, note: null },
                  ])
                }
              >
                Add a substitute
              </Button>
            ) : null}
          </Group>
          {draft.substitutions.length === 0 ? (
            <Text size="xs" c="dimmed">
              None. A substitute we may place instead confirms the row.
            </Text>
          ) : null}
          {draft.substitutions.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a substitute being typed has no identity but its place
            <Group key={index} gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                size="xs"
                label={index === 0 ? 'Part number' : undefined}
                aria-label={`Substitute ${index + 1} part number`}
                value={entry.part_number}
                readOnly={!canEdit}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  set(
                    'substitutions',
                    draft.substitutions.map((old, at) =>
                      at === index ? { ...old, part_number: value } : old,
                    ),
                  );
                }}
                w={180}
              />
              <TextInput
                size="xs"
                label={index === 0 ? 'Manufacturer' : undefined}
                aria-label={`Substitute ${index + 1} manufacturer`}
                value={entry.manufacturer ?? ''}
                readOnly={!canEdit}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  set(
                    'substitutions',
                    draft.substitutions.map((old, at) =>
                      at === index ? { ...old, manufacturer: text(value) } : old,
                    ),
                  );
                }}
                w={150}
              />
              <TextInput
                size="xs"
                label={index === 0 ? 'Note' : undefined}
                aria-label={`Substitute ${index + 1} note`}
                value={entry.note ?? ''}
                readOnly={!canEdit}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  set(
                    'substitutions',
                    draft.substitutions.map((old, at) =>
                      at === index ? { ...old, note: text(value) } : old,
                    ),
                  );
                }}
                style={{ flex: 1, minWidth: 120 }}
              />
              {canEdit ? (
                <Tooltip label="Remove the substitute">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove substitute ${index + 1}`}
                    onClick={() =>
                      set(
                        'substitutions',
                        draft.substitutions.filter((_, at) => at !== index),
                      )
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          ))}
        </Stack>

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
