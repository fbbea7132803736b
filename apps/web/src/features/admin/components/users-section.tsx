import { ADMIN_PAGE_SIZE } from '@circuits/contracts';
import { Anchor, Card, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useAdminUsers } from '../api/admin-api.ts';
import { ListState, Pages, SearchField, useSearchedPages } from './admin-list.tsx';
import { UserDrawer } from './user-drawer.tsx';
import { UserStateBadges } from './user-state-badges.tsx';

export function UsersSection({ canChange }: { canChange: boolean }) {
  const { search, setSearch, debounced, page, setPage } = useSearchedPages();
  const [openId, setOpenId] = useState<number | null>(null);
  const users = useAdminUsers(debounced, page);
  return (
    <Stack gap="md">
      <SearchField
        label="Find users by name, email or company"
        value={search}
        onChange={setSearch}
      />
      <ListState
        what="Users"
        query={users}
        empty={{
          when: users.data?.users.length === 0,
          title: 'No users found',
          text: debounced ? `Nobody's name, email or company contains "${debounced}".` : '',
        }}
      >
        <Card padding={0}>
          <ScrollTable minWidth={640} highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Roles and state</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data?.users.map((user) => (
                <Table.Tr key={user.id} data-user-id={user.id}>
                  <Table.Td>
                    <Anchor component="button" fw={600} onClick={() => setOpenId(user.id)}>
                      {user.name} {user.lastname}
                    </Anchor>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{user.company_name}</Table.Td>
                  <Table.Td>
                    <UserStateBadges user={user} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </Card>
        <Pages
          page={page}
          total={users.data?.total ?? 0}
          pageSize={ADMIN_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      <UserDrawer userId={openId} canChange={canChange} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
