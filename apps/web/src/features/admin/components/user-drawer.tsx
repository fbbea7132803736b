import { COMPANY_ROLES, ROLES } from '@circuits/contracts';
import { Button, Drawer, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorBlock, LoadingBlock } from '../../../components/load-states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAdminUser, useChangeUser, useSendPasswordReset } from '../api/admin-api.ts';
import { UserStateBadges } from './user-state-badges.tsx';

const ROLE_LABELS = { admin: 'Administrator', moderator: 'Moderator', other: 'Member' } as const;
const COMPANY_ROLE_LABELS = { edit: 'Editor (edit)', view: 'Read-only (view)' } as const;

export function UserDrawer({
  userId,
  canChange,
  onClose,
}: {
  userId: number | null;
  canChange: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title="User"
      aria-label="User"
    >
      {userId !== null ? <UserDetail userId={userId} canChange={canChange} /> : null}
    </Drawer>
  );
}

function UserDetail({ userId, canChange }: { userId: number; canChange: boolean }) {
  const user = useAdminUser(userId);
  const change = useChangeUser(userId);
  const reset = useSendPasswordReset(userId);
  const [confirmDisable, setConfirmDisable] = useState(false);
  if (user.isPending) return <LoadingBlock label="Loading the user…" />;
  if (user.isError) {
    return <LoadErrorBlock what="The user" error={user.error} onRetry={() => user.refetch()} />;
  }
  const data = user.data;
  const busy = change.isPending || reset.isPending;
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text fw={700} size="lg">
          {data.name} {data.lastname}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {data.email}
        </Text>
        <Text size="sm" c="dimmed">
          {data.company_name} · since {formatDateTime(data.created_at)}
        </Text>
        <UserStateBadges user={data} />
      </Stack>
      <Select
        label="Role"
        data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        value={data.role}
        allowDeselect={false}
        disabled={!canChange || busy}
        onChange={(value) => {
          if (value && value !== data.role) {
            change.mutate({ type: 'roles', role: value as (typeof ROLES)[number] });
          }
        }}
      />
      <Select
        label="Company role"
        description="Editors change the company's projects, products and details"
        data={COMPANY_ROLES.map((role) => ({ value: role, label: COMPANY_ROLE_LABELS[role] }))}
        value={data.company_role}
        allowDeselect={false}
        disabled={!canChange || busy}
        onChange={(value) => {
          if (value && value !== data.company_role) {
            change.mutate({
              type: 'roles',
              company_role: value as (typeof COMPANY_ROLES)[number],
            });
          }
        }}
      />
      {canChange ? (
        <Group gap="sm">
          {data.disabled ? (
            <Button
              variant="light"
              color="teal"
              loading={change.isPending}
              onClick={() => change.mutate({ type: 'disabled', disabled: false })}
            >
              Enable account
            </Button>
          ) : (
            <Button
              variant="light"
              color="red"
              disabled={busy}
              onClick={() => setConfirmDisable(true)}
            >
              Disable account
            </Button>
          )}
          {data.isConfirmedEmail ? null : (
            <Button
              variant="default"
              disabled={busy}
              onClick={() => change.mutate({ type: 'confirmEmail' })}
            >
              Mark email confirmed
            </Button>
          )}
          <Button
            variant="default"
            loading={reset.isPending}
            disabled={busy || data.disabled}
            onClick={() => reset.mutate()}
          >
            Send password reset link
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Moderators see users but cannot change them.
        </Text>
      )}
      <ConfirmDialog
        opened={confirmDisable}
        title="Disable this account?"
        confirmLabel="Disable account"
        danger
        loading={change.isPending}
        onCancel={() => setConfirmDisable(false)}
        onConfirm={() =>
          change.mutate(
            { type: 'disabled', disabled: true },
            { onSettled: () => setConfirmDisable(false) },
          )
        }
      >
        {data.email} is logged out everywhere at once and cannot log in until the account is enabled
        again.
      </ConfirmDialog>
    </Stack>
  );
}
