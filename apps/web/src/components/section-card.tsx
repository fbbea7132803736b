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
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Stack gap={2}>
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
