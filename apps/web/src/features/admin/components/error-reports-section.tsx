import { ADMIN_PAGE_SIZE } from '@circuits/contracts';
import { Card, Code, Group, Spoiler, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { useErrorReports } from '../api/admin-api.ts';
import { ListState, Pages } from './admin-list.tsx';

export function ErrorReportsSection() {
  const [page, setPage] = useState(1);
  const reports = useErrorReports(page);
  return (
    <Stack gap="md">
      <ListState
        what="Error reports"
        query={reports}
        empty={{
          when: reports.data?.reports.length === 0,
          title: 'No error reports',
          text: 'Unexpected errors the web app meets while someone is logged in are reported here.',
        }}
      >
        {reports.data?.reports.map((report) => (
          <Card key={report.id} withBorder padding="sm" data-report-id={report.id}>
            <Group justify="space-between" gap="xs" align="flex-start">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 14rem' }}>
                {report.error_name ? `${report.error_name}: ` : ''}
                {report.message}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(report.at)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {report.user_email ?? `user ${report.user_id}`} · at{' '}
              {report.location ?? 'unknown page'}
            </Text>
            {report.trace ? (
              <Spoiler maxHeight={0} showLabel="Show the trace" hideLabel="Hide the trace" mt={4}>
                <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {report.trace}
                </Code>
              </Spoiler>
            ) : null}
          </Card>
        ))}
        <Pages
          page={page}
          total={reports.data?.total ?? 0}
          pageSize={ADMIN_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
    </Stack>
  );
}
