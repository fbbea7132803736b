import type { ParsedBom, ProductFile } from '@circuits/contracts';
import { PRODUCT_FILE_TYPE_IDS } from '@circuits/domain';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconColumns } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ImportPanel, ReadWarnings } from '../../../components/import-panel.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useUploadFileAs } from '../../files/api/files-api.ts';
import { type BomReadChoices, useBomFromFile, useParseBom } from '../api/bom-api.ts';
import { formatUnitPrice, refDesignText } from '../lib/bom-format.ts';
import { BomMappingDialog } from './bom-mapping-dialog.tsx';

interface BomImportProps {
  productId: number;
  files: readonly ProductFile[];
  /** Rows the product's BOM has now (replaced by the import). */
  existing: number;
  onDone: () => void;
  onCancel?: () => void;
}

const PREVIEW_ROWS = 10;
const WARNINGS_SHOWN = 8;

const MATCH_LABEL = {
  partNumber: 'part number',
  supplierPart: 'supplier code',
  value: 'value and package',
  user: 'chosen',
} as const;

/**
 * Reads a BOM file of the product (or a new one, kept with its files): which table and columns
 * were found, a column-mapping dialog when a column was guessed, the warnings, and the first rows
 * with the catalogue part each would be matched to. Saving replaces the product's BOM.
 */
export function BomImport({ productId, files, existing, onDone, onCancel }: BomImportProps) {
  const bomFiles = files.filter((file) => file.type_id === PRODUCT_FILE_TYPE_IDS.bom);
  const [fileId, setFileId] = useState<number | null>(bomFiles[0]?.id ?? null);
  const [choices, setChoices] = useState<BomReadChoices>({});
  const [mappingOpen, setMappingOpen] = useState(false);
  // The dialog opens by itself once per file when the reader is unsure of a column.
  const [askedFor, setAskedFor] = useState<number | null>(null);
  const parse = useParseBom(productId);
  const upload = useUploadFileAs(productId, PRODUCT_FILE_TYPE_IDS.bom);
  const save = useBomFromFile(productId);
  const { mutate } = parse;

  useEffect(() => {
    if (fileId !== null) mutate({ source: { type: 'stored', fileId }, choices });
  }, [fileId, choices, mutate]);

  const parsed: ParsedBom | undefined =
    parse.data && parse.data.file_id === fileId && !parse.isPending ? parse.data : undefined;

  useEffect(() => {
    if (parsed?.needsConfirmation && fileId !== null && askedFor !== fileId && !choices.mapping) {
      setAskedFor(fileId);
      setMappingOpen(true);
    }
  }, [parsed, fileId, askedFor, choices.mapping]);

  const pickFile = (id: number | null) => {
    setChoices({});
    setFileId(id);
  };

  const onSave = () => {
    if (!parsed) return;
    save.mutate(
      {
        file_id: fileId,
        replace: true,
        data: parsed.rows.map((row) => ({
          line: row.line,
          refDesign: row.refDesign,
          quantity: row.quantity,
          partNumber: row.partNumber,
          manufacturer: row.manufacturer,
          value: row.value,
          footprint: row.footprint,
          description: row.description,
          supplierParts: row.supplierParts,
        })),
      },
      {
        onSuccess: (answer) => {
          const matched = answer.data.filter((row) => row.part_id !== null).length;
          showToast(
            'success',
            `${answer.data.length.toLocaleString('en')} BOM rows saved, ${matched.toLocaleString('en')} matched to the catalogue`,
          );
          onDone();
        },
      },
    );
  };

  const matched = parsed?.rows.filter((row) => row.match !== null).length ?? 0;

  return (
    <ImportPanel
      titleId="bom-import-title"
      title="Import a BOM"
      description="CSV, TSV, XLSX or XLS from any CAD tool: the header row is found under title blocks, designators like R1-R4 are expanded. Nothing is saved until you say so."
      accept=".csv,.tsv,.txt,.xlsx,.xls,.ods"
      files={bomFiles}
      fileId={fileId}
      onFileId={pickFile}
      fileLabel="BOM file"
      noFileText="The product has no BOM file yet. Upload one here or in the Files tab."
      upload={upload.mutateAsync}
      uploading={upload.isPending}
      onClose={onCancel}
      reading={parse.isPending ? 'Reading the file and matching its parts…' : null}
      readError={parse.error}
      saveError={save.error}
      save={
        parsed
          ? {
              label: `Save ${parsed.rows.length.toLocaleString('en')} rows`,
              onSave,
              saving: save.isPending,
              disabled: parsed.rows.length === 0,
              replaces:
                existing > 0
                  ? `Replaces the ${existing.toLocaleString('en')} rows of the BOM now.`
                  : null,
            }
          : null
      }
    >
      {parsed ? (
        <Stack gap="sm" data-testid="bom-preview">
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              <Badge variant="light" radius="sm" tt="none">
                {parsed.source.format?.toUpperCase() ?? 'Text'}
                {parsed.source.sheet ? ` · sheet ${parsed.source.sheet}` : ''}
                {parsed.source.encoding ? ` · ${parsed.source.encoding}` : ''}
              </Badge>
              <Text size="sm">
                {parsed.rows.length.toLocaleString('en')} rows under the header on{' '}
                {parsed.source.kind === 'spreadsheet' ? 'row' : 'line'} {parsed.headerLine},{' '}
                {matched.toLocaleString('en')} with a catalogue part
              </Text>
            </Group>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconColumns size={14} />}
              onClick={() => setMappingOpen(true)}
            >
              Columns…
            </Button>
          </Group>
          {parsed.needsConfirmation ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
              Some columns were guessed from their cells: check them under Columns.
            </Alert>
          ) : null}
          <ReadWarnings warnings={parsed.warnings} shown={WARNINGS_SHOWN} />
          <ScrollTable
            minWidth={760}
            striped
            withTableBorder
            fz="sm"
            aria-label="First BOM rows read"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Designators</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th>Part number</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Catalogue part</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {parsed.rows.slice(0, PREVIEW_ROWS).map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td c="dimmed">{row.line}</Table.Td>
                  <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
                    {refDesignText(row.refDesign, 8)}
                  </Table.Td>
                  <Table.Td ta="right" c={row.quantityMismatch ? 'orange' : undefined}>
                    {row.quantity ?? '—'}
                    {row.quantityMismatch ? ' ≠' : ''}
                  </Table.Td>
                  <Table.Td>{row.partNumber ?? '—'}</Table.Td>
                  <Table.Td>
                    {[row.value, row.footprint].filter(Boolean).join(' · ') || '—'}
                  </Table.Td>
                  <Table.Td>
                    {row.match ? (
                      <Text size="sm">
                        {row.match.part_number}{' '}
                        <Text span size="xs" c="dimmed">
                          by {MATCH_LABEL[row.match.basis]} · {formatUnitPrice(row.match.price)}
                        </Text>
                      </Text>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        none found
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
          {parsed.rows.length > PREVIEW_ROWS ? (
            <Text size="xs" c="dimmed">
              and {(parsed.rows.length - PREVIEW_ROWS).toLocaleString('en')} more rows
            </Text>
          ) : null}
        </Stack>
      ) : null}

      {parsed && mappingOpen ? (
        <BomMappingDialog
          opened
          parsed={parsed}
          choices={choices}
          onApply={(next) => {
            setMappingOpen(false);
            setChoices(next);
          }}
          onClose={() => setMappingOpen(false)}
        />
      ) : null}
    </ImportPanel>
  );
}
