import { Group, Pagination, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

const CONTROL_LABELS = { first: 'First', previous: 'Previous', next: 'Next', last: 'Last' };

/**
 * Pages through the rows a file import read: "Rows 21–40 of 20,000" and the page buttons. The
 * rows stay on the server; each page is asked for as it is shown.
 */
export function PreviewPager({
  page,
  pageRows,
  total,
  onPage,
  what,
  disabled = false,
}: {
  /** From 1. */
  page: number;
  pageRows: number;
  total: number;
  onPage: (page: number) => void;
  /** "rows", "placements". */
  what: string;
  disabled?: boolean;
}) {
  // On a phone the page buttons keep to one line: the current page alone between the arrows.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const pages = Math.max(1, Math.ceil(total / pageRows));
  const first = (page - 1) * pageRows + 1;
  const last = Math.min(total, page * pageRows);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="xs" c="dimmed" aria-live="polite">
        {total === 0
          ? `No ${what}`
          : `${what[0]!.toUpperCase()}${what.slice(1)} ${first.toLocaleString('en')}–${last.toLocaleString('en')} of ${total.toLocaleString('en')}`}
      </Text>
      {pages > 1 ? (
        <Pagination
          size={narrow ? 'xs' : 'sm'}
          total={pages}
          value={page}
          onChange={onPage}
          siblings={0}
          boundaries={narrow ? 0 : 1}
          withEdges
          disabled={disabled}
          getControlProps={(control) => ({ 'aria-label': `${CONTROL_LABELS[control]} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}
    </Group>
  );
}
