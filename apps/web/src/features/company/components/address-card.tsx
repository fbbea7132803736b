import type { Address } from '@circuits/contracts';
import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { countryName } from '../../../components/country-select.tsx';

interface AddressCardProps {
  address: Address;
  onEdit: (() => void) | null;
}

export function AddressCard({ address, onEdit }: AddressCardProps) {
  const cityLine = [address.city, address.region, address.postal_code].filter(Boolean).join(', ');
  const label = address.line1 ?? countryName(address.country_code);
  return (
    <Card padding="md" h="100%" data-testid="address-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
        <Text fw={650} truncate>
          {address.contact_name || 'No contact name'}
        </Text>
        {onEdit ? (
          <Tooltip label="Edit address" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onEdit}
              aria-label={`Edit address ${label}`}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <Stack gap={2}>
        {address.line1 ? <Text size="sm">{address.line1}</Text> : null}
        {address.line2 ? <Text size="sm">{address.line2}</Text> : null}
        {cityLine ? <Text size="sm">{cityLine}</Text> : null}
        <Text size="sm">{countryName(address.country_code)}</Text>
        {address.phone ? (
          <Text size="sm" c="dimmed">
            {address.phone}
          </Text>
        ) : null}
      </Stack>
      {address.is_company_address || address.is_default ? (
        <Group gap={6} mt="sm">
          {address.is_company_address ? (
            <Badge variant="light" radius="sm" tt="none">
              Company address
            </Badge>
          ) : null}
          {address.is_default ? (
            <Badge variant="light" color="blue" radius="sm" tt="none">
              Default shipping
            </Badge>
          ) : null}
        </Group>
      ) : null}
    </Card>
  );
}
