import type { AdminUser } from '@circuits/contracts';
import { Badge, Group } from '@mantine/core';

/** A user's role, company role and account state, as short badges. */
export function UserStateBadges({ user }: { user: AdminUser }) {
  return (
    <Group gap={4} wrap="wrap">
      {user.role !== 'other' ? (
        <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'indigo'}>
          {user.role}
        </Badge>
      ) : null}
      <Badge variant="light" color={user.company_role === 'edit' ? 'teal' : 'gray'}>
        {user.company_role === 'edit' ? 'editor' : 'viewer'}
      </Badge>
      {user.disabled ? (
        <Badge variant="filled" color="red">
          disabled
        </Badge>
      ) : null}
      {user.isConfirmedEmail ? null : (
        <Badge variant="light" color="yellow">
          email unconfirmed
        </Badge>
      )}
    </Group>
  );
}
