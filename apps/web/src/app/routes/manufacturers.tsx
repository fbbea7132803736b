import type { Manufacturer, User } from '@circuits/contracts';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ScrollTable } from '../../components/scroll-table.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { useBrands, useManufacturerActions } from '../../features/parts/api/parts-api.ts';
import { showToast } from '../../lib/toasts.ts';

const isStaff = (user: User | undefined) => user?.role === 'admin' || user?.role === 'moderator';

function AliasEditor({ maker, onDone }: { maker: Manufacturer; onDone: () => void }) {
  const { update } = useManufacturerActions();
  const [name, setName] = useState(maker.name);
  const [aliases, setAliases] = useState(maker.aliases);
  return (
    <Stack gap="xs">
      <TextInput
        label="Name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        size="xs"
      />
      <TagsInput label="Aliases" value={aliases} onChange={setAliases} size="xs" />
      <Group gap="xs">
        <Button
          size="xs"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: maker.id, name, aliases },
              {
                onSuccess: () => {
                  showToast('success', `${name} saved`);
                  onDone();
                },
              },
            )
          }
        >
          Save
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

export function ManufacturersView() {
  const user = useCurrentUser();
  const brands = useBrands();
  const actions = useManufacturerActions();
  const [filter, setFilter] = useState('');
  const [name, setName] = useState('');
  const [aliases, setAliases] = useState<string[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Manufacturer | null>(null);
  const staff = isStaff(user.data);
  const canAdd = staff || user.data?.company_role === 'edit';
  const needle = filter.trim().toLowerCase();
  const shown = (brands.data ?? []).filter(
    (maker) =>
      !needle ||
      maker.name.toLowerCase().includes(needle) ||
      maker.aliases.some((alias) => alias.toLowerCase().includes(needle)),
  );

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Manufacturers"
        description="Manufacturers with the other names BOMs use for them (TI for Texas Instruments). Editors add manufacturers; administrators and moderators confirm, edit and delete them."
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete manufacturer"
        confirmLabel="Delete"
        danger
        loading={actions.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          actions.remove.mutate(deleting.id, {
            onSuccess: () => showToast('success', `${deleting.name} deleted`),
            onSettled: () => setDeleting(null),
          })
        }
      >
        <Text size="sm">
          {deleting
            ? `Delete ${deleting.name}? A manufacturer that parts still use cannot be deleted.`
            : ''}
        </Text>
      </ConfirmDialog>
      <Stack gap="lg">
        {canAdd ? (
          <Card withBorder padding="md" component="section" aria-label="Add a manufacturer">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                actions.add.mutate(
                  { name, aliases },
                  {
                    onSuccess: () => {
                      showToast(
                        'success',
                        staff
                          ? `${name} added`
                          : `${name} added; it stays unconfirmed until a moderator confirms it`,
                      );
                      setName('');
                      setAliases([]);
                    },
                  },
                );
              }}
            >
              <Group align="flex-end" wrap="wrap" gap="sm">
                <TextInput
                  label="New manufacturer"
                  required
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  style={{ flex: '1 1 200px' }}
                />
                <TagsInput
                  label="Aliases"
                  value={aliases}
                  onChange={setAliases}
                  style={{ flex: '1 1 200px' }}
                  placeholder="Enter to add"
                />
                <Button type="submit" loading={actions.add.isPending}>
                  Add
                </Button>
              </Group>
            </form>
          </Card>
        ) : null}
        <Card withBorder padding="md">
          <TextInput
            placeholder="Filter by name or alias"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            mb="md"
            aria-label="Filter manufacturers"
          />
          {brands.isPending ? (
            <LoadingBlock label="Loading manufacturers…" />
          ) : brands.isError ? (
            <LoadErrorBlock
              what="The manufacturers"
              error={brands.error}
              onRetry={() => brands.refetch()}
            />
          ) : shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No manufacturers match
            </Text>
          ) : (
            <ScrollTable minWidth={560} verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Aliases</Table.Th>
                  <Table.Th ta="right">Parts</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((maker) => (
                  <Table.Tr key={maker.id} data-testid="manufacturer-row">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {maker.name}
                      </Text>
                      {maker.confirmed ? null : (
                        <Badge size="xs" color="yellow" variant="light">
                          Unconfirmed
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {editing === maker.id ? (
                        <AliasEditor maker={maker} onDone={() => setEditing(null)} />
                      ) : (
                        <Text size="sm">{maker.aliases.join(', ') || '—'}</Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{maker.parts_count.toLocaleString('en')}</Table.Td>
                    <Table.Td>
                      {staff && editing !== maker.id ? (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {maker.confirmed ? null : (
                            <Button
                              size="compact-xs"
                              color="teal"
                              onClick={() =>
                                actions.confirm.mutate(maker.id, {
                                  onSuccess: () => showToast('success', `${maker.name} confirmed`),
                                })
                              }
                            >
                              Confirm
                            </Button>
                          )}
                          <Button
                            size="compact-xs"
                            variant="default"
                            onClick={() => setEditing(maker.id)}
                          >
                            Edit
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(maker)}
                          >
                            Delete
                          </Button>
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
