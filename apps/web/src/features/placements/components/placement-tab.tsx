import type { Placement, PlacementOffset, ProductFile } from '@circuits/contracts';
import { Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconTarget } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { NothingImported } from '../../../components/import-panel.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useUpdatePlacements } from '../api/placements-api.ts';
import { PackageCorrections } from './package-corrections.tsx';
import { PlacementImport } from './placement-import.tsx';
import { PlacementsTable } from './placements-table.tsx';

/** What the board beside the table is given: the part picked and the offset to align it with. */
export type PlacementBoardArgs = {
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  offset: PlacementOffset;
  /** Saves a new offset; absent when the user may not change it. */
  onSaveOffset?: (offset: PlacementOffset) => Promise<unknown>;
};

interface PlacementTabProps {
  productId: number;
  files: readonly ProductFile[];
  placements: readonly Placement[];
  offset: PlacementOffset;
  canEdit: boolean;
  /** Designators the BOM marks do not populate, in capitals. */
  bomDoNotPopulate: ReadonlySet<string>;
  /** The board viewer (the Board feature's), with the parts drawn over it. */
  board: (args: PlacementBoardArgs) => ReactNode;
}

const TABLE_HEIGHT = 'clamp(300px, calc(100vh - 420px), 640px)';

/**
 * Product view, Placement tab: the pick-and-place import with its unit and sides shown before
 * saving, the placements table, and the board with the parts on it; a part picked in either is
 * shown in both.
 */
export function PlacementTab({
  productId,
  files,
  placements,
  offset,
  canEdit,
  bomDoNotPopulate,
  board,
}: PlacementTabProps) {
  const [importing, setImporting] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const update = useUpdatePlacements(productId);

  const saveOffset = canEdit
    ? (next: PlacementOffset) =>
        update.mutateAsync({ offset: next }).then(() => showToast('success', 'Alignment saved'))
    : undefined;

  if (placements.length === 0 && !importing) {
    return (
      <NothingImported
        icon={<IconTarget size={26} />}
        title="No placements yet"
        canEdit={canEdit}
        editText="Import the pick-and-place (centroid) file of the board: the unit and the side of each part are shown before anything is saved."
        readText="A colleague who can edit the company imports the pick-and-place file; the placements show here once they have."
        actions={
          <Button leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
            Import placements
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="md">
      {importing ? (
        <PlacementImport
          productId={productId}
          files={files}
          existing={placements.length}
          onDone={() => setImporting(false)}
          onCancel={() => setImporting(false)}
        />
      ) : null}
      {placements.length > 0 ? (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Card padding="md" component="section" aria-labelledby="placements-title">
              <Group justify="space-between" mb="sm" gap="xs">
                <Stack gap={0}>
                  <Title order={2} fz={18} id="placements-title">
                    Placements
                  </Title>
                  <Text size="sm" c="dimmed">
                    Where each part sits, as the machine will place it.
                  </Text>
                </Stack>
                {canEdit && !importing ? (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconFileImport size={14} />}
                    onClick={() => setImporting(true)}
                  >
                    Import again
                  </Button>
                ) : null}
              </Group>
              <PlacementsTable
                productId={productId}
                placements={placements}
                canEdit={canEdit}
                selectedId={selectedId}
                onSelect={setSelectedId}
                height={TABLE_HEIGHT}
                bomDoNotPopulate={bomDoNotPopulate}
              />
            </Card>
            <Card padding="md" mt="md">
              <PackageCorrections productId={productId} canEdit={canEdit} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Card padding="md" component="section" aria-label="Placements on the board">
              {board({
                selectedId,
                onSelect: setSelectedId,
                offset,
                onSaveOffset: saveOffset,
              })}
            </Card>
          </Grid.Col>
        </Grid>
      ) : null}
    </Stack>
  );
}
