import { Button, Group, Menu, SegmentedControl, TextInput } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// The bar above a large table of a product (BOM rows, placements): find by text, narrow by a few
// segmented filters, and act on the rows shown through one menu.

export type ToolbarFilter = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  data: { value: string; label: string }[];
};

interface TableToolbarProps {
  search: {
    label: string;
    placeholder: string;
    value: string;
    onChange: (value: string) => void;
    width: number;
  };
  filters: ToolbarFilter[];
  /** The bulk menu (or nothing for a read-only member). */
  actions?: ReactNode;
}

export function TableToolbar({ search, filters, actions }: TableToolbarProps) {
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        <TextInput
          size="xs"
          aria-label={search.label}
          placeholder={search.placeholder}
          leftSection={<IconSearch size={14} />}
          value={search.value}
          onChange={(event) => search.onChange(event.currentTarget.value)}
          w={search.width}
        />
        {filters.map((filter) => (
          <SegmentedControl
            key={filter.label}
            size="xs"
            aria-label={filter.label}
            value={filter.value}
            onChange={filter.onChange}
            data={filter.data}
          />
        ))}
      </Group>
      {actions}
    </Group>
  );
}

interface BulkMenuProps {
  /** What the menu acts on: "All placements", "3 chosen". */
  label: string;
  loading: boolean;
  disabled: boolean;
  /** The Menu.Item entries. */
  children: ReactNode;
}

export function BulkMenu({ label, loading, disabled, children }: BulkMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          rightSection={<IconChevronDown size={14} />}
          loading={loading}
          disabled={disabled}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
