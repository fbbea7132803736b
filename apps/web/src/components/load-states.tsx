import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError, failureMessage } from '../lib/api-error.ts';

/** Shown while a block's data loads. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    </Center>
  );
}

/** What went wrong, in words for the user: the server's own message where there is one. */
export function errorReason(error: unknown, { showErrorText = false } = {}): string {
  if (error instanceof ApiError) return failureMessage(error.failure);
  if (showErrorText && error instanceof Error) return error.message;
  return 'Something went wrong';
}

/** A block that failed, why, and a way to try again. */
export function ErrorBlock({
  title,
  reason,
  onRetry,
}: {
  title: string;
  reason: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={title}
      w="100%"
    >
      <Text size="sm" mb="sm">
        {reason}
      </Text>
      <Button size="xs" variant="white" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** Shown when a block's data could not be loaded, with a way to try again. */
export function LoadErrorBlock({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <ErrorBlock
      title={`${what} could not be loaded`}
      reason={errorReason(error)}
      onRetry={onRetry}
    />
  );
}
