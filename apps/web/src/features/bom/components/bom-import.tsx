import type { ParsedBom, ParsedBomRow, ProductFile } from '@circuits/contracts';
import { PRODUCT_FILE_TYPE_IDS } from '@circuits/domain';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconColumns } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FileHeaderChooser } from '../../../components/file-header-chooser.tsx';
import { ImportPanel, ReadWarnings } from '../../../components/import-panel.tsx';
import { errorReason } from '../../../components/load-states.tsx';
import { PreviewPager } from '../../../components/preview-pager.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useFileFirstRows, useUploadFileAs } from '../../files/api/files-api.ts';
import {
  type BomReadChoices,
  useBomFromFile,
  useBomReadPage,
  useParseBom,
} from '../api/bom-api.ts';
import { BOM_FIELD_LABELS, formatUnitPrice, refDesignText } from '../lib/bom-format.ts';
import { BomMappingDialog } from './bom-mapping-dialog.tsx';

interface BomImportProps {
  productId: number;
  files: readonly ProductFile[];
  /** Rows the product's BOM has now (replaced by the import). */
  existing: number;
  onDone: () => void;
  onCancel?: () => void;
}

/** Rows shown per page of the preview; the read itself stays on the server. */
const PAGE_ROWS = 20;
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
  const [page, setPage] = useState(1);
  // The dialog opens by itself once per file when the reader is unsure of a column.
  const [askedFor, setAskedFor] = useState<number | null>(null);
  const parse = useParseBom(productId);
  const upload = useUploadFileAs(productId, PRODUCT_FILE_TYPE_IDS.bom);
  const save = useBomFromFile(productId);
  const { mutate } = parse;
  // After a read error the file's first rows are shown, to choose its header and columns.
  const readFailed = parse.isError && fileId !== null;
  const firstRows = useFileFirstRows(productId, fileId, readFailed, choices.sheet);

  useEffect(() => {
    if (fileId !== null) mutate({ source: { type: 'stored', fileId }, choices });
  }, [fileId, choices, mutate]);

  const parsed: ParsedBom | undefined =
    parse.data && parse.data.file_id === fileId && !parse.isPending ? parse.data : undefined;
  const readId = parsed?.read_id ?? null;
  // A new read starts on its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page follows the read.
  useEffect(() => setPage(1), [readId]);
  // The read's first rows came with it; further pages are asked for as they are shown.
  const offset = (page - 1) * PAGE_ROWS;
  const inAnswer =
    parsed !== undefined && Math.min(offset + PAGE_ROWS, parsed.totalRows) <= parsed.rows.length;
  const pageQuery = useBomReadPage(productId, readId, offset, PAGE_ROWS, !inAnswer);
  const rows: readonly ParsedBomRow[] | undefined = inAnswer
    ? parsed.rows.slice(offset, offset + PAGE_ROWS)
    : pageQuery.data?.rows;

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
      // The read kept on the server is saved as it was read and matched.
      { file_id: fileId, replace: true, data: { read_id: parsed.read_id } },
      {
        onSuccess: (answer) => {
          showToast(
            'success',
            `${answer.total.toLocaleString('en')} BOM rows saved, ${answer.matched.toLocaleString('en')} matched to the catalogue`,
          );
          onDone();
        },
      },
    );
  };

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
              label: `Save ${parsed.totalRows.toLocaleString('en')} rows`,
              onSave,
              saving: save.isPending,
              disabled: parsed.totalRows === 0,
              replaces:
                existing > 0
                  ? `Replaces the ${existing.toLocaleString('en')} rows of the BOM now.`
                  : null,
            }
          : null
      }
    >
      {readFailed ? (
        <FileHeaderChooser
          key={`${fileId}-${choices.headerLine ?? ''}`}
          head={firstRows.data?.data}
          loading={firstRows.isPending}
          loadError={firstRows.isError ? errorReason(firstRows.error) : null}
          fields={BOM_FIELD_LABELS}
          multiFields={
            new Set(['supplierPartNumber', 'substitutePartNumber', 'substituteManufacturer'])
          }
          onApply={({ headerLine, mapping }) =>
            setChoices({
              ...(choices.sheet ? { sheet: choices.sheet } : {}),
              headerLine,
              ...(Object.keys(mapping).length > 0 ? { mapping } : {}),
            })
          }
        />
      ) : null}
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
                {parsed.totalRows.toLocaleString('en')} rows under the header on{' '}
                {parsed.source.kind === 'spreadsheet' ? 'row' : 'line'} {parsed.headerLine},{' '}
                {parsed.matchedRows.toLocaleString('en')} matched to the catalogue,{' '}
                {parsed.proposedRows.toLocaleString('en')} with proposals to check
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
          <ReadWarnings
            warnings={parsed.warnings}
            shown={WARNINGS_SHOWN}
            total={parsed.totalWarnings}
          />
          <PreviewPager
            page={page}
            pageRows={PAGE_ROWS}
            total={parsed.totalRows}
            onPage={setPage}
            what="rows"
          />
          <ScrollTable
            minWidth={760}
            striped
            withTableBorder
            fz="sm"
            aria-label="BOM rows read"
            aria-busy={rows === undefined && pageQuery.isFetching}
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
              {rows === undefined ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    {pageQuery.isError ? (
                      <Group gap="xs" justify="space-between" data-testid="bom-page-error">
                        <Text size="sm" c="red">
                          These rows could not be loaded: {errorReason(pageQuery.error)}
                        </Text>
                        <Button size="xs" variant="default" onClick={() => pageQuery.refetch()}>
                          Try again
                        </Button>
                      </Group>
                    ) : (
                      <Group gap="xs" justify="center" role="status">
                        <Loader size="xs" />
                        <Text size="sm" c="dimmed">
                          Loading rows…
                        </Text>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {(rows ?? []).map((row) => (
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
                          {row.linked ? 'linked' : 'proposed'} by {MATCH_LABEL[row.match.basis]} ·{' '}
                          {formatUnitPrice(row.match.price)}
                        </Text>
                      </Text>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        none found
                      </Text>
                    )}
                    {row.matchReason ? (
                      <Text size="xs" c="dimmed">
                        {row.matchReason}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
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
