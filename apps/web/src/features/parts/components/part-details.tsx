import type { Part, User } from '@circuits/contracts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useConfirmPart, useUpdatePart } from '../api/parts-api.ts';
import { PackageOutline } from './package-outline.tsx';

function usd(minor: number): string {
  const dollars = minor / 100;
  return dollars >= 1 ? `$${dollars.toFixed(2)}` : `$${Number(dollars.toFixed(6))}`;
}

/** Who may change a part: staff, or editors of the company that added it while unconfirmed. */
export function canEditPart(user: User, part: Part, companyOfAdder: boolean): boolean {
  if (user.role === 'admin' || user.role === 'moderator') return true;
  return !part.confirmed && companyOfAdder && user.company_role === 'edit';
}

function EditPart({ part, onDone }: { part: Part; onDone: () => void }) {
  const update = useUpdatePart(part.id);
  const [name, setName] = useState(part.name);
  const [description, setDescription] = useState(part.description);
  const [datasheet, setDatasheet] = useState(part.datasheet ?? '');
  const [image, setImage] = useState(part.image ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { name, description, datasheet, image },
          {
            onSuccess: () => {
              showToast('success', 'Part saved');
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <TextInput
          label="Datasheet link"
          value={datasheet}
          onChange={(e) => setDatasheet(e.currentTarget.value)}
        />
        <TextInput
          label="Image link"
          value={image}
          onChange={(e) => setImage(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PartDetails({
  part,
  user,
  compact,
}: {
  part: Part;
  user: User;
  /** The compact read-only layout of /part_old/{id}. */
  compact: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const confirm = useConfirmPart(part.id);
  const staff = user.role === 'admin' || user.role === 'moderator';
  // The server decides; an unconfirmed part a member can see was added by their company.
  const editable = !compact && canEditPart(user, part, !part.confirmed);

  const specsTable = (
    <ScrollTable minWidth={compact ? 280 : 360} verticalSpacing={compact ? 2 : 'xs'} striped>
      <Table.Tbody>
        {part.specifications.map((spec) => (
          <Table.Tr key={spec.id}>
            <Table.Th w="45%">{spec.name}</Table.Th>
            <Table.Td>{spec.value}</Table.Td>
          </Table.Tr>
        ))}
        {part.specifications.length === 0 ? (
          <Table.Tr>
            <Table.Td c="dimmed">No specifications recorded</Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </ScrollTable>
  );

  const stockTable = (
    <ScrollTable minWidth={360} verticalSpacing="xs" aria-label="Stock per location">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Location</Table.Th>
          <Table.Th>Lot</Table.Th>
          <Table.Th ta="right">Qty</Table.Th>
          <Table.Th ta="right">Reserved</Table.Th>
          <Table.Th ta="right">Available</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {part.locs.map((lot) => (
          <Table.Tr key={`${lot.location_id}-${lot.lot}`} data-testid="stock-row">
            <Table.Td>{lot.location}</Table.Td>
            <Table.Td>{lot.lot}</Table.Td>
            <Table.Td ta="right">{lot.qty.toLocaleString('en')}</Table.Td>
            <Table.Td ta="right">{lot.reserved.toLocaleString('en')}</Table.Td>
            <Table.Td ta="right">{lot.available.toLocaleString('en')}</Table.Td>
          </Table.Tr>
        ))}
        {part.locs.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={5} c="dimmed">
              Not in stock anywhere
            </Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={2}>Total</Table.Th>
          <Table.Th ta="right">{part.qty.qty.toLocaleString('en')}</Table.Th>
          <Table.Th ta="right">{part.qty.reserved.toLocaleString('en')}</Table.Th>
          <Table.Th ta="right">{part.qty.available.toLocaleString('en')}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </ScrollTable>
  );

  const priceTable = (
    <ScrollTable minWidth={240} verticalSpacing="xs" aria-label="Price breaks">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>From quantity</Table.Th>
          <Table.Th ta="right">Unit price (USD)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {part.price_breaks.map((entry) => (
          <Table.Tr key={entry.quantity}>
            <Table.Td>{entry.quantity.toLocaleString('en')}</Table.Td>
            <Table.Td ta="right">{usd(entry.unit_price_minor)}</Table.Td>
          </Table.Tr>
        ))}
        {part.price_breaks.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={2} c="dimmed">
              No price yet
            </Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </ScrollTable>
  );

  const summary = (
    <Stack gap={4}>
      <Group gap="xs">
        <Title order={2} fz={compact ? 18 : 22} style={{ wordBreak: 'break-all' }}>
          {part.part_number}
        </Title>
        {part.confirmed ? (
          <Badge color="teal" variant="light">
            Confirmed
          </Badge>
        ) : (
          <Badge color="yellow" variant="light">
            Unconfirmed
          </Badge>
        )}
      </Group>
      <Text>{part.name}</Text>
      <Text size="sm" c="dimmed">
        {[part.manufacturer, part.category?.name, part.package?.pkgName, part.mount_type]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {part.description ? <Text size="sm">{part.description}</Text> : null}
      {part.supplier_codes.length > 0 ? (
        <Text size="sm" data-testid="part-supplier-codes">
          {part.supplier_codes.map((code, index) => (
            <span key={`${code.supplier}:${code.sku}`}>
              {index > 0 ? ' · ' : null}
              <Text span c="dimmed" size="sm">
                {code.supplier}
              </Text>{' '}
              {code.sku}
            </span>
          ))}
        </Text>
      ) : null}
      {part.datasheet ? (
        <Anchor href={part.datasheet} target="_blank" rel="noreferrer" size="sm">
          Datasheet
        </Anchor>
      ) : null}
      {part.added_by ? (
        <Text size="xs" c="dimmed">
          Added by {part.added_by.name}
        </Text>
      ) : null}
    </Stack>
  );

  if (compact) {
    return (
      <Card withBorder padding="md">
        <Stack gap="sm">
          {summary}
          {specsTable}
          <Text size="sm">
            Available {part.qty.available.toLocaleString('en')} in {part.locs.length} location
            {part.locs.length === 1 ? '' : 's'}
            {part.price === null ? '' : ` · from ${usd(part.price * 100)} each`}
          </Text>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <SimpleGrid cols={{ base: 1, sm: part.image || part.package ? 2 : 1 }} spacing="lg">
          <Stack gap="md">
            {editing ? <EditPart part={part} onDone={() => setEditing(false)} /> : summary}
            {!editing && (editable || (staff && !part.confirmed)) ? (
              <Group gap="sm">
                {editable ? (
                  <Button variant="default" size="xs" onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                ) : null}
                {staff && !part.confirmed ? (
                  <Button
                    size="xs"
                    color="teal"
                    loading={confirm.isPending}
                    onClick={() =>
                      confirm.mutate(undefined, {
                        onSuccess: () => showToast('success', 'Part confirmed'),
                      })
                    }
                  >
                    Confirm part
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Stack>
          <Stack gap="sm" align="center">
            {part.image ? <Image src={part.image} alt={part.name} mah={180} fit="contain" /> : null}
            {part.package ? (
              <Box w="100%" maw={260}>
                <PackageOutline pkg={part.package} size={160} />
              </Box>
            ) : null}
          </Stack>
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="md">
          <Title order={3} fz={16} mb="sm">
            Specifications
          </Title>
          {specsTable}
        </Card>
        <Card withBorder padding="md">
          <Title order={3} fz={16} mb="sm">
            Price breaks
          </Title>
          {priceTable}
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={3} fz={16} mb="sm">
          Stock per location
        </Title>
        {stockTable}
      </Card>
    </Stack>
  );
}
