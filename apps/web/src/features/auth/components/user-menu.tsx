import { Avatar, Box, Group, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import {
  IconBuildingFactory2,
  IconChevronDown,
  IconLogout,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser, useLogout } from '../api/auth-api.ts';

function initials(name: string, lastname: string): string {
  return `${name.trim().charAt(0)}${lastname.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The header's account menu: who is logged in, their company, and the way out. */
export function UserMenu() {
  const { data: user, isPending } = useCurrentUser();
  const logout = useLogout();

  if (isPending || !user) {
    return <Skeleton height={36} width={36} radius="xl" aria-label="Loading your account" />;
  }

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${user.name} ${user.lastname}`}>
          <Group gap={10} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34}>
              {initials(user.name, user.lastname)}
            </Avatar>
            {/* On a phone the avatar alone opens the menu, which names the user. */}
            <Box visibleFrom="sm" style={{ lineHeight: 1.15 }}>
              <Text size="sm" fw={600} truncate maw={160}>
                {user.name} {user.lastname}
              </Text>
              <Text size="xs" c="dimmed" truncate maw={160}>
                {user.company.name}
              </Text>
            </Box>
            <IconChevronDown size={16} stroke={1.8} color="var(--mantine-color-gray-6)" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate hiddenFrom="sm">
            {user.name} {user.lastname}, {user.company.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            Signed in as {user.email}
          </Text>
        </Menu.Label>
        {user.isConfirmedEmail ? (
          <Menu.Item
            component={Link}
            to="/account"
            leftSection={<IconUserCircle size={16} stroke={1.8} />}
          >
            Your account and password
          </Menu.Item>
        ) : null}
        {user.isConfirmedEmail ? (
          <Menu.Item
            component={Link}
            to="/cabinet"
            leftSection={<IconBuildingFactory2 size={16} stroke={1.8} />}
          >
            Company cabinet
          </Menu.Item>
        ) : null}
        {user.isConfirmedEmail && (user.role === 'admin' || user.role === 'moderator') ? (
          <Menu.Item
            component={Link}
            to="/adminPanel"
            leftSection={<IconShieldLock size={16} stroke={1.8} />}
          >
            Admin panel
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} stroke={1.8} />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
