import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">
          Loading Circuits…
        </Text>
      </Stack>
    </Center>
  );
}
