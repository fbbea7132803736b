import { ADMIN_PAGE_SIZE } from '@circuits/contracts';
import { Card, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuditLog } from '../api/admin-api.ts';
import { ListState, Pages } from './admin-list.tsx';

function shown(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

export function AuditSection() {
  const [page, setPage] = useState(1);
  const audit = useAuditLog(page);
  return (
    <Stack gap="md">
      <ListState
        what="The audit log"
        query={audit}
        empty={{
          when: audit.data?.entries.length === 0,
          title: 'No changes yet',
          text: 'Every change made in the admin panel is listed here: who, what, when, before and after.',
        }}
      >
        {audit.data?.entries.map((entry) => (
          <Card key={entry.id} withBorder padding="sm" data-audit-action={entry.action}>
            <Group justify="space-between" gap="xs" align="flex-start">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 14rem' }}>
                {entry.summary}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {entry.actor_name} · {entry.action} · {entry.target_type} {entry.target_id}
            </Text>
            {entry.before !== null || entry.after !== null ? (
              <Stack gap={2} mt={4}>
                <Text size="xs">
                  Before:{' '}
                  <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {shown(entry.before)}
                  </Code>
                </Text>
                <Text size="xs">
                  After:{' '}
                  <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {shown(entry.after)}
                  </Code>
                </Text>
              </Stack>
            ) : null}
          </Card>
        ))}
        <Pages
          page={page}
          total={audit.data?.total ?? 0}
          pageSize={ADMIN_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
    </Stack>
  );
}
