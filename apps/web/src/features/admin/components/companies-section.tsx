import type { AdminCompanySummary } from '@circuits/contracts';
import { Anchor, Badge, Card, Drawer, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { LoadErrorBlock, LoadingBlock } from '../../../components/load-states.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useAdminCompanies, useAdminCompany, useSetCompanyCurrency } from '../api/admin-api.ts';
import { ListState, SearchField } from './admin-list.tsx';
import { UserStateBadges } from './user-state-badges.tsx';

const CURRENCIES = [
  { value: '1', label: 'CAD' },
  { value: '2', label: 'USD' },
  { value: '3', label: 'EUR' },
];

export function CompaniesSection({ canChange }: { canChange: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [openId, setOpenId] = useState<number | null>(null);
  const companies = useAdminCompanies(debounced);
  return (
    <Stack gap="md">
      <SearchField label="Find companies by name" value={search} onChange={setSearch} />
      <ListState
        what="Companies"
        query={companies}
        empty={{
          when: companies.data?.length === 0,
          title: 'No companies found',
          text: debounced ? `No company's name contains "${debounced}".` : '',
        }}
      >
        <Card padding={0}>
          <ScrollTable minWidth={600} highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Company</Table.Th>
                <Table.Th>Country</Table.Th>
                <Table.Th>Currency and tax</Table.Th>
                <Table.Th ta="right">Members</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {companies.data?.map((company: AdminCompanySummary) => (
                <Table.Tr key={company.id} data-company-id={company.id}>
                  <Table.Td>
                    <Anchor component="button" fw={600} onClick={() => setOpenId(company.id)}>
                      {company.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      since {formatDate(company.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{company.country_code ?? '—'}</Table.Td>
                  <Table.Td>
                    {company.currency}, tax {company.tax} %
                  </Table.Td>
                  <Table.Td ta="right">{company.members}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </Card>
      </ListState>
      <Drawer
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size="md"
        title="Company"
      >
        {openId !== null ? <CompanyDetail companyId={openId} canChange={canChange} /> : null}
      </Drawer>
    </Stack>
  );
}

function CompanyDetail({ companyId, canChange }: { companyId: number; canChange: boolean }) {
  const detail = useAdminCompany(companyId);
  const currency = useSetCompanyCurrency(companyId);
  if (detail.isPending) return <LoadingBlock label="Loading the company…" />;
  if (detail.isError) {
    return (
      <LoadErrorBlock what="The company" error={detail.error} onRetry={() => detail.refetch()} />
    );
  }
  const { company, addresses, members } = detail.data;
  return (
    <Stack gap="md">
      <Text fw={700} size="lg">
        {company.name}
      </Text>
      <Select
        label="Currency"
        description={`Tax ${company.tax} %, from the country of the company address`}
        data={CURRENCIES}
        value={String(company.currency.id)}
        allowDeselect={false}
        disabled={!canChange || currency.isPending}
        onChange={(value) => {
          if (value && Number(value) !== company.currency.id) currency.mutate(Number(value));
        }}
      />
      <Stack gap={4}>
        <Title order={3} fz={16}>
          Addresses
        </Title>
        {addresses.length === 0 ? (
          <Text size="sm" c="dimmed">
            No addresses yet.
          </Text>
        ) : (
          addresses.map((address) => (
            <Card key={address.id} withBorder padding="sm">
              <Text size="sm">
                {[address.contact_name, address.line1, address.line2, address.city]
                  .filter(Boolean)
                  .join(', ') || 'Only the country is known'}
                {' · '}
                {[address.region, address.postal_code, address.country_code]
                  .filter(Boolean)
                  .join(' ')}
              </Text>
              {address.is_company_address ? (
                <Badge size="xs" variant="light" mt={4}>
                  company address
                </Badge>
              ) : null}
              {address.is_default ? (
                <Badge size="xs" variant="light" color="teal" mt={4} ml={4}>
                  default shipping
                </Badge>
              ) : null}
            </Card>
          ))
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={3} fz={16}>
          Members ({members.length})
        </Title>
        {members.map((member) => (
          <Card key={member.id} withBorder padding="sm">
            <Text size="sm" fw={600}>
              {member.name} {member.lastname}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Text>
            <UserStateBadges user={member} />
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
