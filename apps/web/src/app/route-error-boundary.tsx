import { Button, Center, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconLock, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { reportError } from '../lib/error-reporter.ts';
import { isChunkLoadError } from './chunk-load-error.ts';

function reload() {
  window.location.reload();
}

function ChunkLoadFailed() {
  return (
    <Stack align="center" gap="md" maw={480} ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="orange">
        <IconCloudOff size={30} />
      </ThemeIcon>
      <Title order={2}>This page could not be loaded</Title>
      <Text c="dimmed">
        Part of Circuits did not download, usually because the connection dropped or a new version
        was just released. Reloading the page fetches it again; nothing you saved is lost.
      </Text>
      <Button leftSection={<IconRefresh size={18} />} onClick={reload} size="md">
        Reload page
      </Button>
    </Stack>
  );
}

function UnexpectedError({ error }: { error: unknown }) {
  useEffect(() => reportError(error), [error]);
  const detail = error instanceof Error ? error.message : null;
  return (
    <Stack align="center" gap="md" maw={520} ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="red">
        <IconAlertTriangle size={30} />
      </ThemeIcon>
      <Title order={2}>Something went wrong</Title>
      <Text c="dimmed">
        This page hit an unexpected error. It has been reported; reloading usually helps.
      </Text>
      {detail ? (
        <Code block w="100%" ta="left">
          {detail}
        </Code>
      ) : null}
      <Group>
        <Button leftSection={<IconRefresh size={18} />} onClick={reload}>
          Reload page
        </Button>
        <Button component={Link} to="/" variant="default">
          Go to the home page
        </Button>
      </Group>
    </Stack>
  );
}

function NotAllowed() {
  return (
    <Stack align="center" gap="md" maw={480} ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconLock size={30} />
      </ThemeIcon>
      <Title order={2}>Not allowed</Title>
      <Text c="dimmed">
        This page is for administrators and moderators of Circuits. Your account cannot open it; if
        you need it, ask an administrator.
      </Text>
      <Button component={Link} to="/workspace">
        Open the workspace
      </Button>
    </Stack>
  );
}

function ErrorContent() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkLoadFailed />;
  if (isRouteErrorResponse(error) && error.status === 403) return <NotAllowed />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Stack align="center" gap="sm" ta="center">
        <Title order={2}>Page not found</Title>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      </Stack>
    );
  }
  return <UnexpectedError error={error} />;
}

/** Inside the app shell: the header stays, so the user can still move on. */
export function RouteErrorBoundary() {
  return (
    <Center mih="calc(100vh - 60px)" p="xl">
      <ErrorContent />
    </Center>
  );
}

/** Last resort when the shell itself fails. */
export function RootErrorBoundary() {
  return (
    <Center mih="100vh" p="xl" bg="gray.0">
      <Paper p="xl" shadow="sm">
        <ErrorContent />
      </Paper>
    </Center>
  );
}
