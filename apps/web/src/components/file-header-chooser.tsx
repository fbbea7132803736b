import type { FileFirstRows } from '@circuits/contracts';
import { Alert, Button, Group, Loader, Radio, Select, Stack, Table, Text } from '@mantine/core';
import { IconTableColumn } from '@tabler/icons-react';
import { useState } from 'react';
import { ScrollTable } from './scroll-table.tsx';

interface FileHeaderChooserProps {
  /** The file's first rows; undefined while they load. */
  head: FileFirstRows | undefined;
  loading: boolean;
  loadError: string | null;
  /** The fields a column can feed, by name. */
  fields: Readonly<Record<string, string>>;
  /** Fields a column may feed several times (supplier part numbers). */
  multiFields?: ReadonlySet<string>;
  /** Reads the file again with the header row and the columns chosen. */
  onApply: (choice: { headerLine: number; mapping: Record<string, number | number[]> }) => void;
}

/**
 * When a file cannot be read: its first rows as the reader split them, a choice of the header
 * row and of what each column holds, and "Read again". The user is never left with an error
 * alone.
 */
export function FileHeaderChooser({
  head,
  loading,
  loadError,
  fields,
  multiFields = new Set(),
  onApply,
}: FileHeaderChooserProps) {
  const [headerLine, setHeaderLine] = useState<number | null>(null);
  const [columnFields, setColumnFields] = useState<Record<number, string>>({});
  if (loading)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Showing the first rows of the file…
        </Text>
      </Group>
    );
  if (loadError)
    return (
      <Alert color="red" variant="light" p="xs">
        The rows of the file cannot be shown either: {loadError}
      </Alert>
    );
  if (!head) return null;
  const width = Math.max(0, ...head.rows.map((row) => row.cells.length));
  // Columns by their place in the file ("column 3"), which is what they are.
  const columnIds = Array.from({ length: width }, (_, index) => `column ${index + 1}`);
  const options = [
    { value: '', label: 'Not used' },
    ...Object.entries(fields).map(([value, label]) => ({ value, label })),
  ];
  const chosen = headerLine ?? head.rows.find((row) => row.cells.some((c) => c.trim()))?.line;
  const setField = (index: number, field: string) =>
    setColumnFields((current) => {
      const next: Record<number, string> = {};
      for (const [key, value] of Object.entries(current))
        if (field === '' || multiFields.has(field) || value !== field) next[Number(key)] = value;
      if (field !== '') next[index] = field;
      return next;
    });
  const mapping: Record<string, number | number[]> = {};
  for (const [index, field] of Object.entries(columnFields)) {
    if (multiFields.has(field))
      mapping[field] = [...((mapping[field] as number[]) ?? []), Number(index)];
    else mapping[field] = Number(index);
  }
  const apply = () => {
    if (chosen !== undefined) onApply({ headerLine: chosen, mapping });
  };
  const label = head.source.kind === 'spreadsheet' ? 'row' : 'line';
  return (
    <Stack gap="xs" data-testid="file-header-chooser">
      <Text size="sm">
        The first rows of <b>{head.fileName}</b>
        {head.source.sheet ? ` (sheet ${head.source.sheet})` : ''}: choose the {label} that names
        the columns, and what the columns hold.
      </Text>
      <ScrollTable minWidth={Math.max(480, 140 + width * 130)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>Header</Table.Th>
            {columnIds.map((id, index) => (
              <Table.Th key={id} miw={120}>
                <Select
                  size="xs"
                  aria-label={`Column ${index + 1} holds`}
                  data={options}
                  value={columnFields[index] ?? ''}
                  onChange={(value) => setField(index, value ?? '')}
                  allowDeselect={false}
                />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {head.rows.map((row) => (
            <Table.Tr
              key={row.line}
              bg={row.line === chosen ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td>
                <Radio
                  size="xs"
                  checked={row.line === chosen}
                  onChange={() => setHeaderLine(row.line)}
                  label={`${label} ${row.line}`}
                  aria-label={`The header is ${label} ${row.line}`}
                />
              </Table.Td>
              {columnIds.map((id, index) => (
                <Table.Td key={id}>
                  <Text size="xs" truncate maw={220}>
                    {row.cells[index] ?? ''}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
      <Group justify="flex-end">
        <Button
          size="xs"
          leftSection={<IconTableColumn size={14} />}
          onClick={apply}
          disabled={chosen === undefined}
        >
          Read again with this header{Object.keys(mapping).length > 0 ? ' and these columns' : ''}
        </Button>
      </Group>
    </Stack>
  );
}
