import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}

/** One block of a page: a heading with its action above the content. */
export function SectionCard({ title, description, action, children }: SectionCardProps) {
  return (
    <Card padding="lg" component="section" aria-label={title}>
      {/* On a narrow screen the action moves below the heading instead of squeezing it. */}
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 15rem' }}>
          <Title order={2} fz={18}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {action}
      </Group>
      {children}
    </Card>
  );
}
