import type { ParsedBom } from '@circuits/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import type { BomReadChoices } from '../api/bom-api.ts';
import {
  assignField,
  BOM_FIELD_LABELS,
  type ColumnChoice,
  mappingOf,
  mappingProblems,
} from '../lib/bom-format.ts';

interface BomMappingDialogProps {
  opened: boolean;
  parsed: ParsedBom;
  choices: BomReadChoices;
  onApply: (choices: BomReadChoices) => void;
  onClose: () => void;
}

const FIELD_OPTIONS = [
  { value: '', label: 'Not used' },
  ...Object.entries(BOM_FIELD_LABELS).map(([value, label]) => ({ value, label })),
];

const CONFIDENCE_COLOR = { high: 'green', medium: 'yellow', low: 'orange' } as const;

/**
 * The columns of a BOM file and what each feeds, as the reader recognised them: the user
 * corrects a guess (or the sheet, or the header row) and the file is read again with it.
 */
export function BomMappingDialog({
  opened,
  parsed,
  choices,
  onApply,
  onClose,
}: BomMappingDialogProps) {
  const [columns, setColumns] = useState<ColumnChoice[]>(() =>
    parsed.columns.map((column) => ({
      index: column.index,
      header: column.header,
      field: column.field,
    })),
  );
  const [headerLine, setHeaderLine] = useState<number | string>(parsed.headerLine);
  const [sheet, setSheet] = useState<string | null>(parsed.source.sheet);
  const problems = mappingProblems(columns);
  const byIndex = new Map(parsed.columns.map((column) => [column.index, column]));

  const apply = () => {
    const next: BomReadChoices = { ...choices, mapping: mappingOf(columns) };
    if (typeof headerLine === 'number' && headerLine !== parsed.headerLine) {
      next.headerLine = headerLine;
    }
    if (sheet && sheet !== parsed.source.sheet) {
      // Another sheet has other columns: it is read afresh, its columns recognised anew.
      onApply({ sheet });
      return;
    }
    onApply(next);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Columns of the BOM" size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Say what each column of <b>{parsed.fileName}</b> holds. Columns recognised by their name
          are marked; the others were guessed from their cells.
        </Text>
        <Group gap="sm" align="flex-end">
          {parsed.source.sheets.length > 1 ? (
            <Select
              label="Sheet"
              data={parsed.source.sheets}
              value={sheet}
              onChange={setSheet}
              allowDeselect={false}
              w={200}
            />
          ) : null}
          <NumberInput
            label={parsed.source.kind === 'spreadsheet' ? 'Header row' : 'Header line'}
            value={headerLine}
            onChange={setHeaderLine}
            min={1}
            allowDecimal={false}
            w={140}
          />
        </Group>
        <ScrollTable minWidth={440} fz="sm" aria-label="Columns and their fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>Holds</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {columns.map((column) => {
              const read = byIndex.get(column.index);
              const guessed = read?.basis === 'content' || read?.confidence === 'low';
              return (
                <Table.Tr key={column.index}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600} truncate maw={220}>
                        {column.header || `Column ${column.index + 1}`}
                      </Text>
                      {read?.field && read.confidence ? (
                        <Badge
                          size="xs"
                          variant="light"
                          color={
                            guessed ? CONFIDENCE_COLOR.medium : CONFIDENCE_COLOR[read.confidence]
                          }
                          tt="none"
                        >
                          {guessed ? 'guessed' : 'recognised'}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      aria-label={`${column.header || `Column ${column.index + 1}`} holds`}
                      data={FIELD_OPTIONS}
                      value={column.field ?? ''}
                      allowDeselect={false}
                      onChange={(value) =>
                        setColumns((current) => assignField(current, column.index, value || null))
                      }
                      w={220}
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollTable>
        {problems.length > 0 ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={apply} disabled={problems.length > 0}>
            Read with these columns
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
