import { Alert, Anchor, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showToast } from '../../../lib/toasts.ts';
import { currentUserQuery, useLogout, useResendConfirmationEmail } from '../api/auth-api.ts';

export type ConfirmationLinkProblem = 'expired' | 'invalid';

const LINK_PROBLEM_TEXT: Record<ConfirmationLinkProblem, string> = {
  expired: 'That confirmation link has expired. Send yourself a new one below.',
  invalid:
    'That confirmation link is not valid, perhaps because a newer one was sent. Use the latest email, or send a new link below.',
};

interface ConfirmEmailPanelProps {
  linkProblem: ConfirmationLinkProblem | null;
  onConfirmed: () => void;
}

/** Waits for the user to open the link in the email; checks again whenever they come back. */
export function ConfirmEmailPanel({ linkProblem, onConfirmed }: ConfirmEmailPanelProps) {
  const user = useQuery({ ...currentUserQuery, refetchOnWindowFocus: 'always' });
  const resend = useResendConfirmationEmail();
  const logout = useLogout();
  const confirmed = user.data?.isConfirmedEmail === true;

  useEffect(() => {
    if (confirmed) onConfirmed();
  }, [confirmed, onConfirmed]);

  const checkAgain = async () => {
    const result = await user.refetch();
    if (result.data && !result.data.isConfirmedEmail) {
      showToast('warning', 'Your email address is not confirmed yet. Open the link in the email.');
    }
  };

  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: ({ isEmailWithConfirmWasSend }) =>
        isEmailWithConfirmWasSend
          ? showToast('success', `A new confirmation link is on its way to ${user.data?.email}.`)
          : showToast('warning', 'The email could not be sent. Please try again in a minute.'),
    });

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconMailCheck size={24} />
        </ThemeIcon>
        <Text size="sm">
          We sent a confirmation link to{' '}
          <Text span fw={650}>
            {user.data?.email ?? 'your email address'}
          </Text>
          . Open it to activate your account; this page moves on by itself once you have.
        </Text>
      </Group>
      {linkProblem ? (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {LINK_PROBLEM_TEXT[linkProblem]}
        </Alert>
      ) : null}
      <Group grow>
        <Button variant="default" onClick={sendAgain} loading={resend.isPending}>
          Send the link again
        </Button>
        <Button onClick={checkAgain} loading={user.isFetching}>
          I have confirmed
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        No email after a few minutes? Check the spam folder, or{' '}
        <Anchor component="button" type="button" size="xs" onClick={() => logout.mutate()}>
          log out and use another address
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
