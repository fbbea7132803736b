import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface CenteredPanelProps {
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
}

/** A single task on its own: log in, create an account, confirm the email. */
export function CenteredPanel({
  title,
  subtitle,
  width = 420,
  children,
  footer,
}: CenteredPanelProps) {
  return (
    <Center mih="calc(100vh - 60px)" p={{ base: 'md', xs: 'lg' }}>
      <Stack w="100%" maw={width} gap="md">
        <Paper p={{ base: 'lg', xs: 32 }} shadow="sm">
          <Stack gap={4} mb="lg">
            <Title order={1} fz={24}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Paper>
        {footer ? (
          <Text ta="center" size="sm" c="dimmed">
            {footer}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
