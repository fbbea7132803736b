import { Button, Group } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useLogoutEverywhere } from '../api/auth-api.ts';

/** Ends every session of the account, for a lost device or a shared computer left logged in. */
export function LogOutEverywhereCard() {
  const [asking, setAsking] = useState(false);
  const logoutEverywhere = useLogoutEverywhere();

  const confirm = () =>
    logoutEverywhere.mutate(undefined, {
      onSuccess: ({ endedSessions }) =>
        showToast(
          'success',
          `You are logged out everywhere (${endedSessions} session${endedSessions === 1 ? '' : 's'}).`,
        ),
      onSettled: () => setAsking(false),
    });

  return (
    <SectionCard
      title="Sessions"
      description="Left your account open on another computer, or lost a phone? End every session of your account, this one included."
    >
      <Group>
        <Button
          color="red"
          variant="light"
          leftSection={<IconLogout size={16} stroke={1.8} />}
          onClick={() => setAsking(true)}
        >
          Log out everywhere
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title="Log out everywhere?"
        confirmLabel="Log out everywhere"
        danger
        loading={logoutEverywhere.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        Every browser and device logged in to your account will have to log in again, this one
        included.
      </ConfirmDialog>
    </SectionCard>
  );
}
