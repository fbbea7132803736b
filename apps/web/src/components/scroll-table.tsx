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
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table {...props} />
    </Table.ScrollContainer>
  );
}
