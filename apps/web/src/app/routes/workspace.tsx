import { Button, Card, Container, EmptyState, Grid, Group, Stack, Text } from '@mantine/core';
import { IconBuildingFactory2, IconFolders } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';

export function WorkspaceView() {
  const user = useCurrentUser();
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Workspace"
        description={
          user.data ? `Welcome, ${user.data.name}. This is where your boards live.` : ' '
        }
      />
      {user.isPending ? (
        <LoadingBlock label="Loading your workspace…" />
      ) : user.isError ? (
        <LoadErrorBlock what="Your account" error={user.error} onRetry={() => user.refetch()} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card padding="xl" h="100%">
              <EmptyState
                icon={<IconFolders size={28} />}
                variant="light"
                title="Projects are not available yet"
                description="Your company's projects and boards will be listed here, with their files, settings and orders. This part of Circuits arrives in an upcoming release."
              />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card padding="lg" h="100%">
              <Stack gap="sm">
                <Group gap="xs">
                  <IconBuildingFactory2 size={20} color="var(--mantine-color-brand-7)" />
                  <Text fw={650}>{user.data.company.name}</Text>
                </Group>
                <Text size="sm" c="dimmed">
                  Prices are quoted in {user.data.company.currency.name}. Keep your addresses and
                  carrier accounts up to date before you order.
                </Text>
                <Button component={Link} to="/cabinet" variant="light" mt="xs">
                  Open the company cabinet
                </Button>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
