import { Card, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { LoadErrorBlock, LoadingBlock } from '../../../components/load-states.tsx';

/** What every admin list shows while loading, failing, empty or filled. */
export function ListState({
  what,
  query,
  empty,
  children,
}: {
  what: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  empty: { when: boolean; title: string; text: string };
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label={`Loading ${what.toLowerCase()}…`} />;
  if (query.isError) {
    return <LoadErrorBlock what={what} error={query.error} onRetry={() => query.refetch()} />;
  }
  if (empty.when) {
    return (
      <Card padding="xl">
        <Stack align="center" gap={4}>
          <Text fw={600}>{empty.title}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {empty.text}
          </Text>
        </Stack>
      </Card>
    );
  }
  return <>{children}</>;
}

/**
 * The search typed over a paged list: the text as typed (for the field), the text the list is
 * asked for once typing pauses, and the page, back to the first whenever the search changes.
 */
export function useSearchedPages() {
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  return { search, setSearch, debounced, page, setPage };
}

export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      placeholder="Type to search"
      leftSection={<IconSearch size={16} />}
      value={value}
      maxLength={200}
      onChange={(event) => onChange(event.currentTarget.value)}
      w="100%"
      maw={420}
    />
  );
}

/** Pages of 25 with the count, only when there is more than one page. */
export function Pages({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" mt="sm" gap="xs">
      <Text size="sm" c="dimmed">
        {total} in all
      </Text>
      {pages > 1 ? (
        <Pagination size="sm" total={pages} value={page} onChange={onChange} siblings={0} />
      ) : null}
    </Group>
  );
}
