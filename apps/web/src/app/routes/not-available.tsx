import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useSessionToken } from '../../hooks/use-session-token.ts';
import { useRouteTitle } from '../layout/document-title.tsx';

/** Holds the place of a view that does not exist yet, saying so instead of pretending to work. */
export function NotAvailableView() {
  const title = useRouteTitle();
  const navigate = useNavigate();
  const loggedIn = useSessionToken() !== null;
  return (
    <Center mih="calc(100vh - 60px)" p="xl">
      <Paper p={40} maw={520} shadow="xs">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={60} radius="xl" variant="light">
            <IconTools size={30} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            {title}
          </Title>
          <Text c="dimmed">This part of Circuits is not available yet.</Text>
          <Group>
            <Button variant="default" onClick={() => navigate(-1)}>
              Go back
            </Button>
            <Button component={Link} to={loggedIn ? '/workspace' : '/'}>
              {loggedIn ? 'Open the workspace' : 'Go to the home page'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
