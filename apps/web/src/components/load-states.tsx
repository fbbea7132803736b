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
  const reason = error instanceof ApiError ? failureMessage(error.failure) : 'Something went wrong';
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`${what} could not be loaded`}
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
