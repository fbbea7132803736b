import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export function NotFoundView() {
  const location = useLocation();
  return (
    <Center mih="calc(100vh - 60px)" p="xl">
      <Stack align="center" ta="center" gap="sm" maw={480}>
        <Text fw={800} fz={64} c="brand.7" lh={1}>
          404
        </Text>
        <Title order={1} fz={26}>
          Page not found
        </Title>
        <Text c="dimmed">
          There is no page at <code>{location.pathname}</code>. Check the address, or start again
          from the home page.
        </Text>
        <Button component={Link} to="/" mt="sm">
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}
