import type { User } from '@circuits/contracts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ScrollTable } from '../../components/scroll-table.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import {
  useAddPart,
  useBrands,
  useCategories,
  usePackages,
  usePartsList,
} from '../../features/parts/api/parts-api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { showToast } from '../../lib/toasts.ts';

function canAddParts(user: User): boolean {
  return user.role === 'admin' || user.role === 'moderator' || user.company_role === 'edit';
}

function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}

function AddPartForm({ onAdded }: { onAdded: (id: number) => void }) {
  const brands = useBrands();
  const categories = useCategories();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const packages = usePackages(categoryId ? [Number(categoryId)] : undefined);
  const add = useAddPart();
  const [name, setName] = useState('');
  const [partNumber, setPartNumber] = useState('');
  const [manufacturerId, setManufacturerId] = useState<string | null>(null);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const errors = fieldErrors(add.error);
  const packageOptions = [
    ...new Map(
      (packages.data ?? [])
        .flatMap((category) => category.packages)
        .map((pkg) => [pkg.id, { value: String(pkg.id), label: pkg.pkgName }]),
    ).values(),
  ];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!manufacturerId) return;
        add.mutate(
          {
            name,
            part_number: partNumber,
            manufacturer_id: Number(manufacturerId),
            category_id: categoryId ? Number(categoryId) : null,
            package_id: packageId ? Number(packageId) : null,
            description,
          },
          { onSuccess: ({ part }) => onAdded(part.id) },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Part number"
          required
          value={partNumber}
          onChange={(e) => setPartNumber(e.currentTarget.value)}
          error={errors.part_number}
        />
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <Select
          label="Manufacturer"
          required
          searchable
          data={(brands.data ?? []).map((brand) => ({
            value: String(brand.id),
            label: brand.name,
          }))}
          value={manufacturerId}
          onChange={setManufacturerId}
          error={errors.manufacturer_id}
          nothingFoundMessage="No manufacturer by that name: add it on the Manufacturers page"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Category"
          data={(categories.data ?? []).map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
          value={categoryId}
          onChange={(value) => {
            setCategoryId(value);
            setPackageId(null);
          }}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Package"
          searchable
          data={packageOptions}
          value={packageId}
          onChange={setPackageId}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Text size="xs" c="dimmed">
          Parts added by company editors stay unconfirmed, seen by your company only, until an
          administrator or moderator confirms them.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} disabled={!manufacturerId}>
            Add part
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PartsView() {
  const user = useCurrentUser();
  const categories = useCategories();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const [category, setCategory] = useState<string | null>(null);
  const [which, setWhich] = useState<'all' | 'unconfirmed'>('all');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const list = usePartsList({
    keyword: debounced,
    page,
    categories: category ? [Number(category)] : [],
    onlyUnconfirmed: which === 'unconfirmed',
  });
  const current = user.data;

  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Parts"
        description="The parts catalogue: every part with its manufacturer, package and stock. Editors add parts; administrators and moderators confirm them."
        actions={
          <Group gap="sm">
            <Anchor component={Link} to="/experimental_parts" size="sm">
              Parts search
            </Anchor>
            <Anchor component={Link} to="/packages" size="sm">
              Packages
            </Anchor>
            <Anchor component={Link} to="/manufacturers" size="sm">
              Manufacturers
            </Anchor>
            {current && canAddParts(current) ? (
              <Button onClick={() => setAdding(true)}>Add part</Button>
            ) : null}
          </Group>
        }
      />
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add a part">
        <AddPartForm
          onAdded={(id) => {
            setAdding(false);
            showToast('success', 'Part added');
            navigate(`/part/${id}`);
          }}
        />
      </Modal>
      <Card withBorder padding="md">
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Part number, name or value"
            value={keyword}
            onChange={(e) => {
              setKeyword(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Category"
            placeholder="All categories"
            data={(categories.data ?? []).map((entry) => ({
              value: String(entry.id),
              label: entry.name,
            }))}
            value={category}
            onChange={(value) => {
              setCategory(value);
              setPage(1);
            }}
            clearable
            style={{ flex: '1 1 180px' }}
            comboboxProps={{ withinPortal: true }}
          />
          <SegmentedControl
            value={which}
            onChange={(value) => {
              setWhich(value as 'all' | 'unconfirmed');
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              { value: 'unconfirmed', label: 'Unconfirmed' },
            ]}
            aria-label="Which parts"
          />
        </Group>
        {list.isPending ? (
          <LoadingBlock label="Loading parts…" />
        ) : list.isError ? (
          <LoadErrorBlock what="The parts" error={list.error} onRetry={() => list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {which === 'unconfirmed' ? 'No unconfirmed parts' : 'No parts match'}
          </Text>
        ) : (
          <Stack gap="md" style={{ opacity: list.isFetching ? 0.6 : 1 }}>
            <ScrollTable minWidth={640} striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Part number</Table.Th>
                  <Table.Th>Manufacturer</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Package</Table.Th>
                  <Table.Th ta="right">Available</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/part/${row.id}`} size="sm" fw={600}>
                        {row.part_number}
                      </Anchor>
                      {row.confirmed ? null : (
                        <Badge ml={6} size="xs" color="yellow" variant="light">
                          Unconfirmed
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {row.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.manufacturer?.name ?? '—'}</Table.Td>
                    <Table.Td>{row.category?.name ?? '—'}</Table.Td>
                    <Table.Td>{row.package?.pkgName ?? '—'}</Table.Td>
                    <Table.Td ta="right">{row.qty.available.toLocaleString('en')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {list.data.totalAmount.toLocaleString('en')} parts
              </Text>
              <Pagination
                total={list.data.totalPages}
                value={page}
                onChange={setPage}
                size="sm"
                siblings={0}
              />
            </Group>
          </Stack>
        )}
      </Card>
    </Container>
  );
}
