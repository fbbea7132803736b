import type { ParsedPlacements, ProductFile } from '@circuits/contracts';
import { PRODUCT_FILE_TYPE_IDS } from '@circuits/domain';
import { Alert, Badge, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ImportPanel, ReadWarnings } from '../../../components/import-panel.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useUploadFileAs } from '../../files/api/files-api.ts';
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

const PREVIEW_ROWS = 8;
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
  const preview = usePreviewPlacements(productId);
  const save = useSavePlacementsFromFile(productId);
  const upload = useUploadFileAs(productId, PRODUCT_FILE_TYPE_IDS.pickAndPlace);
  const { mutate } = preview;

  useEffect(() => {
    if (fileId !== null) mutate({ fileId, choices });
  }, [fileId, choices, mutate]);

  const parsed: ParsedPlacements | undefined =
    preview.data && preview.data.file_id === fileId ? preview.data : undefined;

  const pickFile = (id: number | null) => {
    setChoices({});
    setFileId(id);
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
              label: `Save ${parsed.placements.length.toLocaleString('en')} placements`,
              onSave,
              saving: save.isPending,
              disabled: preview.isPending || parsed.placements.length === 0,
              replaces:
                existing > 0
                  ? `Replaces the ${existing.toLocaleString('en')} placements saved now.`
                  : null,
            }
          : null
      }
    >
      {parsed ? (
        <ParsedPreview
          parsed={parsed}
          choices={choices}
          onChoices={setChoices}
          busy={preview.isPending}
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
}: {
  parsed: ParsedPlacements;
  choices: PlacementReadChoices;
  onChoices: (choices: PlacementReadChoices) => void;
  busy: boolean;
}) {
  const warnings = parsed.warnings;
  return (
    <Stack gap="sm" data-testid="placement-preview">
      <Group gap="xs">
        <Badge variant="light" radius="sm" tt="none">
          {parsed.formatName}
        </Badge>
        <Text size="sm">
          {parsed.placements.length.toLocaleString('en')} placements:{' '}
          {parsed.counts.top.toLocaleString('en')} top, {parsed.counts.bottom.toLocaleString('en')}{' '}
          bottom
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
            w={200}
          />
          <Text size="xs" c="dimmed" data-testid="placement-side-source">
            {choices.side ? 'Chosen by you' : parsed.sides.detail}
          </Text>
        </Stack>
      </Group>
      <ReadWarnings warnings={warnings} shown={WARNINGS_SHOWN} />
      <ScrollTable
        minWidth={560}
        striped
        withTableBorder
        fz="sm"
        aria-label="First placements read"
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
          {parsed.placements.slice(0, PREVIEW_ROWS).map((row) => (
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
