import { Table, type TableProps } from '@mantine/core';

interface ScrollTableProps extends TableProps {
  /** Narrower than this, the table scrolls sideways inside its card instead of squeezing. */
  minWidth: number;
}

/**
 * A table that keeps its columns readable on a phone: below `minWidth` it scrolls on its own,
 * so the page never overflows and headers never overlap.
 */
export function ScrollTable({ minWidth, ...props }: ScrollTableProps) {
  return (
    // The scrollbar shows whenever the table is wider than its card: the cue that it scrolls.
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ type: 'auto', scrollbars: 'x', offsetScrollbars: 'x' }}
    >
      <Table {...props} />
    </Table.ScrollContainer>
  );
}
