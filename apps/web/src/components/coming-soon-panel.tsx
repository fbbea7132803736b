import { Badge, Card, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

interface ComingSoonPanelProps {
  icon: ReactNode;
  title: string;
  /** What the panel will hold, so the user knows what to expect. */
  description: string;
}

/** Holds the place of a part of a page that does not exist yet, saying so plainly. */
export function ComingSoonPanel({ icon, title, description }: ComingSoonPanelProps) {
  return (
    <Card padding="xl">
      <EmptyState icon={icon} variant="light" title={title} description={description}>
        <EmptyState.Actions>
          <Badge variant="light" color="gray" radius="sm" tt="none" size="lg">
            Not available yet
          </Badge>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
