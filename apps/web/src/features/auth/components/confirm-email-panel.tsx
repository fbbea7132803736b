import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, failureMessage } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toasts.ts';
import { currentUserQuery, useLogout, useResendConfirmationEmail } from '../api/auth-api.ts';

export type ConfirmationLinkProblem = 'expired' | 'invalid';

/** The button rests after a link is sent or refused as too soon: the server sends one a minute. */
export const RESEND_PAUSE_SECONDS = 60;

/** One toast for the link sent, however often it is sent. */
const RESEND_TOAST_ID = 'confirmation-link-sent';

/** Seconds left until `until` (epoch ms), counting down once a second; 0 when past. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

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
  const [pausedUntil, setPausedUntil] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(pausedUntil);
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

  const pause = () => setPausedUntil(Date.now() + RESEND_PAUSE_SECONDS * 1000);
  const sendAgain = () => {
    if (resend.isPending || secondsLeft > 0) return;
    resend.mutate(undefined, {
      onSuccess: ({ isEmailWithConfirmWasSend }) => {
        if (isEmailWithConfirmWasSend) {
          pause();
          showToast(
            'success',
            `A new confirmation link is on its way to ${user.data?.email ?? 'your email address'}.`,
            {
              id: RESEND_TOAST_ID,
            },
          );
        } else {
          showToast('warning', 'The email could not be sent. Please try again in a minute.', {
            id: RESEND_TOAST_ID,
          });
        }
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.failure.type === 'session-expired') return;
        // Too soon after the last email: the server says how long to wait.
        if (error.status === 429) pause();
        showToast(error.status === 429 ? 'warning' : 'error', failureMessage(error.failure), {
          id: RESEND_TOAST_ID,
        });
      },
    });
  };

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconMailCheck size={24} />
        </ThemeIcon>
        {/* A long address breaks rather than widening the page on a phone. */}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
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
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button
          variant="default"
          onClick={sendAgain}
          loading={resend.isPending}
          disabled={secondsLeft > 0}
        >
          {secondsLeft > 0 ? `Sent. Again in ${secondsLeft} s` : 'Send the link again'}
        </Button>
        <Button onClick={checkAgain} loading={user.isFetching}>
          I have confirmed
        </Button>
      </SimpleGrid>
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
