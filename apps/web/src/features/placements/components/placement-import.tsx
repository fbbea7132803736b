import type { ParsedPlacements, ProductFile } from '@circuits/contracts';
import { PRODUCT_FILE_TYPE_IDS } from '@circuits/domain';
import { Alert, Badge, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FileHeaderChooser } from '../../../components/file-header-chooser.tsx';
import { ImportPanel, ReadWarnings } from '../../../components/import-panel.tsx';
import { errorReason } from '../../../components/load-states.tsx';
import { PreviewPager } from '../../../components/preview-pager.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useFileFirstRows, useUploadFileAs } from '../../files/api/files-api.ts';
import {
  type PlacementReadChoices,
  usePreviewPlacements,
  useSavePlacementsFromFile,
} from '../api/placements-api.ts';
import { formatMm, UNIT_LABELS } from '../lib/placement-format.ts';

interface PlacementImportProps {
  productId: number;
  files: readonly ProductFile[];
  /** How many placements the product has now (replaced by the import). */
  existing: number;
  onDone: () => void;
  onCancel?: () => void;
}

const SIDE_CHOICES = [
  { value: 'file', label: 'As the file says' },
  { value: 'top', label: 'All on top' },
  { value: 'bottom', label: 'All on bottom' },
];

/** What a column of a placement file can hold, for choosing them after a read error. */
const PLACEMENT_FIELD_LABELS: Readonly<Record<string, string>> = {
  designator: 'Designator',
  x: 'X position',
  y: 'Y position',
  rotation: 'Rotation',
  side: 'Side / layer',
  value: 'Value',
  package: 'Package / footprint',
  description: 'Description',
};

/** Placements shown per page of the preview; each page is read from the file on the server. */
const PAGE_ROWS = 20;
const WARNINGS_SHOWN = 6;

/**
 * Reads a pick-and-place file of the product (or a new one) and shows what it holds before
 * anything is saved: the format, the unit and where each side comes from, both changeable, the
 * warnings and the first rows. Saving replaces the product's placements.
 */
export function PlacementImport({
  productId,
  files,
  existing,
  onDone,
  onCancel,
}: PlacementImportProps) {
  const placementFiles = files.filter(
    (file) => file.type_id === PRODUCT_FILE_TYPE_IDS.pickAndPlace,
  );
  const [fileId, setFileId] = useState<number | null>(placementFiles[0]?.id ?? null);
  const [choices, setChoices] = useState<PlacementReadChoices>({});
  const [page, setPage] = useState(1);
  const preview = usePreviewPlacements(productId);
  const save = useSavePlacementsFromFile(productId);
  const upload = useUploadFileAs(productId, PRODUCT_FILE_TYPE_IDS.pickAndPlace);
  const { mutate } = preview;
  // After a read error the file's first rows are shown, to choose its header and columns.
  const readFailed = preview.isError && fileId !== null;
  const firstRows = useFileFirstRows(productId, fileId, readFailed);

  useEffect(() => {
    if (fileId !== null)
      mutate({ fileId, choices, offset: (page - 1) * PAGE_ROWS, limit: PAGE_ROWS });
  }, [fileId, choices, page, mutate]);

  // The last page read stays on screen while the next one is read (a mutation forgets its
  // answer when asked again).
  const [shown, setShown] = useState<ParsedPlacements | undefined>(undefined);
  useEffect(() => {
    if (preview.data) setShown(preview.data);
  }, [preview.data]);
  const parsed: ParsedPlacements | undefined =
    !preview.isError && shown && shown.file_id === fileId ? shown : undefined;

  const pickFile = (id: number | null) => {
    setChoices({});
    setPage(1);
    setFileId(id);
  };
  const choose = (next: PlacementReadChoices) => {
    setChoices(next);
    setPage(1);
  };

  const onSave = () => {
    if (fileId === null) return;
    save.mutate(
      { fileId, choices },
      {
        onSuccess: (answer) => {
          showToast(
            'success',
            `${answer.data.length.toLocaleString('en')} placements saved from ${answer.parsed.fileName}`,
          );
          onDone();
        },
      },
    );
  };

  return (
    <ImportPanel
      titleId="placement-import-title"
      title="Import placements"
      description="KiCad, Altium, Eagle, Allegro, gEDA, JLCPCB CPL or any table with a designator and X/Y columns. Nothing is saved until you say so."
      accept=".pos,.csv,.txt,.mnt,.mnb,.xy,.rpt,.tsv,.xlsx,.xls"
      files={placementFiles}
      fileId={fileId}
      onFileId={pickFile}
      fileLabel="Pick-and-place file"
      noFileText="The product has no pick-and-place file yet. Upload one here or in the Files tab."
      upload={upload.mutateAsync}
      uploading={upload.isPending}
      onClose={onCancel}
      reading={preview.isPending ? 'Reading the file…' : null}
      readError={preview.error}
      saveError={save.error}
      save={
        parsed
          ? {
              label: `Save ${parsed.total.toLocaleString('en')} placements`,
              onSave,
              saving: save.isPending,
              disabled: preview.isPending || parsed.total === 0,
              replaces:
                existing > 0
                  ? `Replaces the ${existing.toLocaleString('en')} placements saved now.`
                  : null,
            }
          : null
      }
    >
      {readFailed ? (
        <Stack gap="sm">
          <FileHeaderChooser
            key={`${fileId}-${choices.headerLine ?? ''}`}
            head={firstRows.data?.data}
            loading={firstRows.isPending}
            loadError={firstRows.isError ? errorReason(firstRows.error) : null}
            fields={PLACEMENT_FIELD_LABELS}
            onApply={({ headerLine, mapping }) =>
              choose({
                ...choices,
                headerLine,
                ...(Object.keys(mapping).length > 0
                  ? { mapping: mapping as Record<string, number> }
                  : {}),
              })
            }
          />
          <UnitAndSide choices={choices} onChoices={choose} busy={preview.isPending} />
        </Stack>
      ) : null}
      {parsed ? (
        <ParsedPreview
          parsed={parsed}
          choices={choices}
          onChoices={choose}
          busy={preview.isPending}
          page={page}
          onPage={setPage}
        />
      ) : null}
    </ImportPanel>
  );
}

function ParsedPreview({
  parsed,
  choices,
  onChoices,
  busy,
  page,
  onPage,
}: {
  parsed: ParsedPlacements;
  choices: PlacementReadChoices;
  onChoices: (choices: PlacementReadChoices) => void;
  busy: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  const warnings = parsed.warnings;
  return (
    <Stack gap="sm" data-testid="placement-preview">
      <Group gap="xs">
        <Badge variant="light" radius="sm" tt="none">
          {parsed.formatName}
        </Badge>
        <Text size="sm">
          {parsed.total.toLocaleString('en')} placements: {parsed.counts.top.toLocaleString('en')}{' '}
          top, {parsed.counts.bottom.toLocaleString('en')} bottom
        </Text>
      </Group>
      {parsed.needsConfirmation ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          The unit or the sides were guessed: check them before saving.
        </Alert>
      ) : null}
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={600} id="placement-unit-label">
            Unit of the file
          </Text>
          <SegmentedControl
            aria-labelledby="placement-unit-label"
            size="xs"
            value={choices.unit ?? parsed.units.unit}
            disabled={busy}
            onChange={(value) => onChoices({ ...choices, unit: value as 'mm' | 'mil' | 'inch' })}
            data={Object.entries(UNIT_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <Text size="xs" c="dimmed" data-testid="placement-unit-source">
            {choices.unit ? 'Chosen by you' : parsed.units.detail}
          </Text>
        </Stack>
        <Stack gap={4}>
          <SideSelect choices={choices} onChoices={onChoices} busy={busy} w={200} />
          <Text size="xs" c="dimmed" data-testid="placement-side-source">
            {choices.side ? 'Chosen by you' : parsed.sides.detail}
          </Text>
        </Stack>
      </Group>
      <ReadWarnings warnings={warnings} shown={WARNINGS_SHOWN} total={parsed.totalWarnings} />
      <PreviewPager
        page={page}
        pageRows={PAGE_ROWS}
        total={parsed.total}
        onPage={onPage}
        what="placements"
        disabled={busy}
      />
      <ScrollTable
        minWidth={560}
        striped
        withTableBorder
        fz="sm"
        aria-label="Placements read"
        aria-busy={busy}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Ref</Table.Th>
            <Table.Th>Side</Table.Th>
            <Table.Th ta="right">X (mm)</Table.Th>
            <Table.Th ta="right">Y (mm)</Table.Th>
            <Table.Th ta="right">Angle</Table.Th>
            <Table.Th>Package</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parsed.placements.map((row) => (
            <Table.Tr key={`${row.line}-${row.refDesign}`}>
              <Table.Td c="dimmed">{row.line}</Table.Td>
              <Table.Td fw={600}>{row.refDesign}</Table.Td>
              <Table.Td>{row.side}</Table.Td>
              <Table.Td ta="right">{formatMm(row.x)}</Table.Td>
              <Table.Td ta="right">{formatMm(row.y)}</Table.Td>
              <Table.Td ta="right">{row.angle}°</Table.Td>
              <Table.Td>{row.package ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
    </Stack>
  );
}

/** The side of every placement of the file, or as the file says. */
function SideSelect({
  choices,
  onChoices,
  busy,
  w,
}: {
  choices: PlacementReadChoices;
  onChoices: (choices: PlacementReadChoices) => void;
  busy: boolean;
  w?: number;
}) {
  return (
    <Select
      label="Side"
      size="xs"
      data={SIDE_CHOICES}
      value={choices.side ?? 'file'}
      disabled={busy}
      allowDeselect={false}
      onChange={(value) =>
        onChoices({
          ...choices,
          side: value === 'top' || value === 'bottom' ? value : undefined,
        })
      }
      w={w}
    />
  );
}

/** The unit and side of a file that could not be read: chosen before reading it again. */
function UnitAndSide({
  choices,
  onChoices,
  busy,
}: {
  choices: PlacementReadChoices;
  onChoices: (choices: PlacementReadChoices) => void;
  busy: boolean;
}) {
  return (
    <Group gap="lg" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={600} id="placement-unit-label-retry">
          Unit of the file
        </Text>
        <SegmentedControl
          aria-labelledby="placement-unit-label-retry"
          size="xs"
          value={choices.unit ?? ''}
          disabled={busy}
          onChange={(value) => onChoices({ ...choices, unit: value as 'mm' | 'mil' | 'inch' })}
          data={Object.entries(UNIT_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </Stack>
      <SideSelect choices={choices} onChoices={onChoices} busy={busy} />
    </Group>
  );
}
