import { Box, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import classes from './virtual-table.module.css';

export type VirtualColumn<T> = {
  key: string;
  header: ReactNode;
  /** A CSS grid track: `80px`, `minmax(120px, 1fr)`. */
  width: string;
  cell: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
};

interface VirtualTableProps<T> {
  label: string;
  rows: readonly T[];
  columns: readonly VirtualColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Height of the scrolling body. */
  height: number | string;
  /** Narrower than this, the table scrolls sideways inside its card. */
  minWidth: number;
  rowHeight?: number;
  /** The row the user picked: highlighted, and scrolled into view when it changes. */
  activeKey?: string | number | null;
  onActivate?: (row: T) => void;
  rowState?: (row: T) => 'warning' | 'muted' | undefined;
  empty?: ReactNode;
}

/**
 * A table of thousands of rows (a BOM, a pick-and-place file) that draws only the rows in view.
 * Rows are ARIA rows of an ARIA table; the arrow keys move between them once one has the focus,
 * Enter picks it.
 */
export function VirtualTable<T>({
  label,
  rows,
  columns,
  rowKey,
  height,
  minWidth,
  rowHeight = 40,
  activeKey = null,
  onActivate,
  rowState,
  empty,
}: VirtualTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const template = columns.map((column) => column.width).join(' ');

  const activeIndex = activeKey === null ? -1 : rows.findIndex((row) => rowKey(row) === activeKey);
  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    virtualizer.scrollToIndex(target, { align: 'auto' });
    requestAnimationFrame(() => {
      scrollRef.current
        ?.querySelector<HTMLElement>(`[data-index="${target}"]`)
        ?.focus({ preventScroll: true });
    });
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + 10,
      PageUp: index - 10,
      Home: 0,
      End: rows.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      focusRow(next);
    } else if ((event.key === 'Enter' || event.key === ' ') && onActivate) {
      event.preventDefault();
      onActivate(row);
    }
  };

  return (
    <div className={classes.frame}>
      <div ref={scrollRef} className={classes.scroll} style={{ height }}>
        <table className={classes.table} style={{ minWidth }} aria-label={label}>
          <thead className={classes.head}>
            <tr className={classes.grid} style={{ gridTemplateColumns: template }}>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={classes.cell}
                  style={{ textAlign: column.align ?? 'left' }}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          {rows.length === 0 ? (
            <tbody className={classes.body}>
              <tr className={classes.emptyRow}>
                <td>
                  <Box p="lg">
                    {empty ?? (
                      <Text size="sm" c="dimmed">
                        Nothing to show.
                      </Text>
                    )}
                  </Box>
                </td>
              </tr>
            </tbody>
          ) : (
            <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index] as T;
                const key = rowKey(row);
                return (
                  <tr
                    key={key}
                    aria-selected={onActivate ? key === activeKey : undefined}
                    data-index={item.index}
                    data-active={key === activeKey || undefined}
                    data-state={rowState?.(row)}
                    className={classes.row}
                    tabIndex={item.index === Math.max(activeIndex, 0) ? 0 : -1}
                    style={{
                      height: item.size,
                      transform: `translateY(${item.start}px)`,
                      gridTemplateColumns: template,
                    }}
                    onClick={(event) => {
                      // Clicks on the row's own controls do not pick it.
                      const target = event.target as HTMLElement;
                      if (target.closest('button, input, a, [role="checkbox"], [role="switch"]')) {
                        return;
                      }
                      onActivate?.(row);
                    }}
                    onKeyDown={(event) => onRowKeyDown(event, item.index, row)}
                  >
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        className={classes.cell}
                        style={{ textAlign: column.align ?? 'left' }}
                      >
                        {column.cell(row, item.index)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          )}
        </table>
      </div>
    </div>
  );
}
