import {
  MODERATION_PAGE_SIZE,
  type ModerationManufacturer,
  type ModerationPart,
} from '@circuits/contracts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import {
  type ModerationAction,
  useManufacturerTargets,
  useModerate,
  useModerationManufacturers,
  useModerationParts,
  usePartTargets,
} from '../api/moderation-api.ts';
import { ListState, Pages, SearchField, useSearchedPages } from './admin-list.tsx';

type Queue = 'parts' | 'manufacturers';

/**
 * The parts catalogue's moderation queue: what members added, waiting to be confirmed (then every
 * company sees it), merged into the entry it duplicates, or deleted. Administrators and
 * moderators both work it.
 */
export function ModerationSection() {
  const [queue, setQueue] = useState<Queue>('parts');
  return (
    <Stack gap="md">
      <SegmentedControl
        value={queue}
        onChange={(value) => setQueue(value as Queue)}
        data={[
          { value: 'parts', label: 'Unconfirmed parts' },
          { value: 'manufacturers', label: 'Unconfirmed manufacturers' },
        ]}
        w="fit-content"
        maw="100%"
      />
      {queue === 'parts' ? <PartsQueue /> : <ManufacturersQueue />}
    </Stack>
  );
}

function AddedBy({ added, at }: { added: ModerationPart['added']; at: string }) {
  return (
    <>
      <Text size="sm">{added.user_name ?? 'A former user'}</Text>
      <Text size="xs" c="dimmed">
        {added.company_name ?? 'No company'} · {formatDate(at)}
      </Text>
    </>
  );
}

/** Asks before a deletion; performs confirmations, merges and deletions with one mutation. */
function useActions() {
  const moderate = useModerate();
  const [deleting, setDeleting] = useState<ModerationAction | null>(null);
  const dialog = (
    <ConfirmDialog
      opened={deleting !== null}
      title={deleting?.kind === 'part' ? 'Delete this part?' : 'Delete this manufacturer?'}
      confirmLabel="Delete"
      danger
      loading={moderate.isPending}
      onCancel={() => setDeleting(null)}
      onConfirm={() => {
        if (deleting) moderate.mutate(deleting, { onSettled: () => setDeleting(null) });
      }}
    >
      {deleting?.label} is removed from the catalogue. What still uses it keeps it: the deletion is
      refused then, and merging it into the entry that replaces it is the way.
    </ConfirmDialog>
  );
  return { moderate, askDelete: setDeleting, dialog };
}

type QueueEntry = { kind: 'part' | 'manufacturer'; id: number; label: string };

/** Confirm, merge and delete for one entry of a queue; one action runs at a time. */
function QueueRowActions({
  entry,
  actions,
  onMerge,
}: {
  entry: QueueEntry;
  actions: ReturnType<typeof useActions>;
  onMerge: () => void;
}) {
  const { moderate, askDelete } = actions;
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        aria-label={`Confirm ${entry.label}`}
        loading={moderate.isPending && moderate.variables?.id === entry.id}
        disabled={moderate.isPending}
        onClick={() => moderate.mutate({ ...entry, type: 'confirm' })}
      >
        Confirm
      </Button>
      <Button
        size="xs"
        variant="default"
        aria-label={`Merge ${entry.label}`}
        disabled={moderate.isPending}
        onClick={onMerge}
      >
        Merge…
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-label={`Delete ${entry.label}`}
        disabled={moderate.isPending}
        onClick={() => askDelete({ ...entry, type: 'delete' })}
      >
        Delete
      </Button>
    </Group>
  );
}

function PartsQueue() {
  const { search, setSearch, debounced, page, setPage } = useSearchedPages();
  const [merging, setMerging] = useState<ModerationPart | null>(null);
  const parts = useModerationParts(debounced, page);
  const actions = useActions();
  return (
    <Stack gap="md">
      <SearchField
        label="Find by part number, name, manufacturer or company"
        value={search}
        onChange={setSearch}
      />
      <ListState
        what="Unconfirmed parts"
        query={parts}
        empty={{
          when: parts.data?.parts.length === 0,
          title: debounced ? 'No unconfirmed part matches' : 'No parts wait for moderation',
          text: debounced
            ? `No unconfirmed part's number, name, manufacturer or company contains "${debounced}".`
            : 'Parts members add to the catalogue are listed here until they are confirmed, merged or deleted.',
        }}
      >
        <Card padding={0}>
          <ScrollTable minWidth={760} verticalSpacing="sm" aria-label="Unconfirmed parts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Part</Table.Th>
                <Table.Th>Manufacturer</Table.Th>
                <Table.Th>Added by</Table.Th>
                <Table.Th>Used</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {parts.data?.parts.map((part) => {
                const label = part.part_number;
                return (
                  <Table.Tr key={part.id} data-part-id={part.id}>
                    <Table.Td maw={320}>
                      <Anchor component={Link} to={`/part/${part.id}`} fw={600}>
                        {part.part_number}
                      </Anchor>
                      <Text size="sm">{part.name}</Text>
                      <Text size="xs" c="dimmed">
                        {[part.category, part.package].filter(Boolean).join(' · ')}
                      </Text>
                      {part.duplicates.length > 0 ? (
                        <Text size="xs" c="orange.8">
                          Same number as{' '}
                          {part.duplicates
                            .map(
                              (duplicate) => `${duplicate.part_number} (${duplicate.manufacturer})`,
                            )
                            .join(', ')}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {part.manufacturer ? (
                        <Group gap={4}>
                          <Text size="sm">{part.manufacturer.name}</Text>
                          {part.manufacturer.confirmed ? null : (
                            <Badge size="xs" variant="light" color="yellow">
                              unconfirmed
                            </Badge>
                          )}
                        </Group>
                      ) : (
                        <Text size="sm" c="dimmed">
                          None
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <AddedBy added={part.added} at={part.created_at} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {part.bom_rows === 0
                          ? 'No BOM'
                          : `${part.bom_rows} BOM row${part.bom_rows === 1 ? '' : 's'}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <QueueRowActions
                        entry={{ kind: 'part', id: part.id, label }}
                        actions={actions}
                        onMerge={() => setMerging(part)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ScrollTable>
        </Card>
        <Pages
          page={page}
          total={parts.data?.total ?? 0}
          pageSize={MODERATION_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      {actions.dialog}
      <MergePartDialog part={merging} onClose={() => setMerging(null)} />
    </Stack>
  );
}

type Target = { id: number; label: string; detail: string };

/** Merging a duplicate part: the same-number parts first, any other part found by search. */
function MergePartDialog({ part, onClose }: { part: ModerationPart | null; onClose: () => void }) {
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const found = usePartTargets(part ? debounced : '');
  const moderate = useModerate();
  const close = () => {
    setKeyword('');
    setChosen(null);
    onClose();
  };
  const targets: Target[] = [
    ...(part?.duplicates ?? []).map((duplicate) => ({
      id: duplicate.id,
      label: duplicate.part_number,
      detail: `${duplicate.manufacturer} · ${duplicate.name} · same part number`,
    })),
    ...(debounced.length >= 2 ? (found.data ?? []) : []).map((row) => ({
      id: row.id,
      label: row.part_number,
      detail: `${row.manufacturer?.name ?? 'No manufacturer'} · ${row.name}`,
    })),
  ].filter(
    (target, index, all) =>
      target.id !== part?.id && all.findIndex((other) => other.id === target.id) === index,
  );
  const target = targets.find((entry) => String(entry.id) === chosen);
  return (
    <Modal
      opened={part !== null}
      onClose={close}
      title={`Merge ${part?.part_number ?? ''}`}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm">
          Its BOM rows, spec values, stock and price breaks move to the part you keep (what that
          part has already stays), then {part?.part_number} is deleted.
        </Text>
        <TextInput
          label="Find the part to keep"
          placeholder="Part number or words"
          leftSection={<IconSearch size={16} />}
          value={keyword}
          maxLength={200}
          onChange={(event) => setKeyword(event.currentTarget.value)}
        />
        {targets.length === 0 ? (
          <Text size="sm" c="dimmed">
            {debounced.length >= 2 && !found.isFetching
              ? `No other part matches "${debounced}".`
              : 'Type at least two characters to find the part to keep.'}
          </Text>
        ) : (
          <Radio.Group value={chosen} onChange={setChosen} label="Keep" name="merge-part-target">
            <Stack gap={6} mt={4}>
              {targets.map((entry) => (
                <Radio
                  key={entry.id}
                  value={String(entry.id)}
                  label={`${entry.label} (#${entry.id})`}
                  description={entry.detail}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={close} disabled={moderate.isPending}>
            Cancel
          </Button>
          <Button
            disabled={!target || !part}
            loading={moderate.isPending}
            onClick={() => {
              if (!target || !part) return;
              moderate.mutate(
                {
                  kind: 'part',
                  type: 'merge',
                  id: part.id,
                  label: part.part_number,
                  intoId: target.id,
                  intoLabel: target.label,
                },
                { onSuccess: close },
              );
            }}
          >
            Merge into {target ? target.label : '…'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ManufacturersQueue() {
  const { search, setSearch, debounced, page, setPage } = useSearchedPages();
  const [merging, setMerging] = useState<ModerationManufacturer | null>(null);
  const makers = useModerationManufacturers(debounced, page);
  const actions = useActions();
  return (
    <Stack gap="md">
      <SearchField label="Find by name, alias or company" value={search} onChange={setSearch} />
      <ListState
        what="Unconfirmed manufacturers"
        query={makers}
        empty={{
          when: makers.data?.manufacturers.length === 0,
          title: debounced
            ? 'No unconfirmed manufacturer matches'
            : 'No manufacturers wait for moderation',
          text: debounced
            ? `No unconfirmed manufacturer's name, alias or company contains "${debounced}".`
            : 'Manufacturers members add are listed here until they are confirmed, merged or deleted.',
        }}
      >
        <Card padding={0}>
          <ScrollTable minWidth={640} verticalSpacing="sm" aria-label="Unconfirmed manufacturers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Manufacturer</Table.Th>
                <Table.Th>Added by</Table.Th>
                <Table.Th>Parts</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {makers.data?.manufacturers.map((maker) => (
                <Table.Tr key={maker.id} data-manufacturer-id={maker.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {maker.name}
                    </Text>
                    {maker.aliases.length > 0 ? (
                      <Text size="xs" c="dimmed">
                        Also {maker.aliases.join(', ')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <AddedBy added={maker.added} at={maker.created_at} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{maker.parts_count}</Text>
                  </Table.Td>
                  <Table.Td>
                    <QueueRowActions
                      entry={{ kind: 'manufacturer', id: maker.id, label: maker.name }}
                      actions={actions}
                      onMerge={() => setMerging(maker)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </Card>
        <Pages
          page={page}
          total={makers.data?.total ?? 0}
          pageSize={MODERATION_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      {actions.dialog}
      <MergeManufacturerDialog maker={merging} onClose={() => setMerging(null)} />
    </Stack>
  );
}

function MergeManufacturerDialog({
  maker,
  onClose,
}: {
  maker: ModerationManufacturer | null;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const brands = useManufacturerTargets(maker !== null);
  const moderate = useModerate();
  const close = () => {
    setChosen(null);
    onClose();
  };
  const options = (brands.data ?? [])
    .filter((brand) => brand.id !== maker?.id)
    .map((brand) => ({
      value: String(brand.id),
      label: `${brand.name}${brand.confirmed ? '' : ' (unconfirmed)'}`,
    }));
  const target = brands.data?.find((brand) => String(brand.id) === chosen);
  return (
    <Modal opened={maker !== null} onClose={close} title={`Merge ${maker?.name ?? ''}`} size="md">
      <Stack gap="sm">
        <Text size="sm">
          Its parts move to the manufacturer you keep (a part the kept one has under the same number
          is merged into it), and {maker?.name} becomes one of its aliases.
        </Text>
        <Select
          label="Manufacturer to keep"
          placeholder={brands.isPending ? 'Loading manufacturers…' : 'Type to find'}
          searchable
          data={options}
          value={chosen}
          onChange={setChosen}
          nothingFoundMessage="No manufacturer of that name"
          error={brands.isError ? 'The manufacturers could not be loaded' : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={close} disabled={moderate.isPending}>
            Cancel
          </Button>
          <Button
            disabled={!target || !maker}
            loading={moderate.isPending}
            onClick={() => {
              if (!target || !maker) return;
              moderate.mutate(
                {
                  kind: 'manufacturer',
                  type: 'merge',
                  id: maker.id,
                  label: maker.name,
                  intoId: target.id,
                  intoLabel: target.name,
                },
                { onSuccess: close },
              );
            }}
          >
            Merge into {target ? target.name : '…'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
