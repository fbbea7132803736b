import type { BoardFile } from '@circuits/contracts';
import { BOARD_FILE_TYPE_LABELS, DEFAULT_BOARD_COLORS } from '@circuits/domain';
import {
  Checkbox,
  ColorSwatch,
  Flex,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { boardFileColor } from '../../../lib/board-layer-colors.ts';
import { composeLayers, frameOf, type RenderedSvg, unionFrame } from '../lib/board-picture.ts';
import type { BoardRender } from '../lib/board-render.ts';
import {
  DISPLAY_MODES,
  type DisplayMode,
  type SideLayer,
  sideLayers,
  VIEW_SIDES,
  viewSideById,
} from '../lib/board-view.ts';
import type { PlacementForOverlay } from '../lib/placement-outlines.ts';
import { BoardCanvas } from './board-canvas.tsx';
import { PlacementsOverlay } from './placements-overlay.tsx';

interface BoardViewerProps {
  render: BoardRender;
  boardFiles: readonly BoardFile[];
  placements: readonly PlacementForOverlay[];
  height: number | string;
}

/**
 * The rendered board (SPEC §3/§4): one side as made, or its layers one by one in the colours
 * and visibility of the board files, with the placed parts drawn over it.
 */
export function BoardViewer({ render, boardFiles, placements, height }: BoardViewerProps) {
  const [mode, setMode] = useState<DisplayMode>('side');
  const [sideId, setSideId] = useState<number>(VIEW_SIDES[0].id);
  const [showPlacements, setShowPlacements] = useState(true);
  // Layers the user hid or showed here, over the visibility saved on the board files.
  const [shown, setShown] = useState<Record<number, boolean>>({});
  const side = viewSideById(sideId).side;

  const layers = useMemo(
    () => sideLayers(render.layers, boardFiles, side),
    [render.layers, boardFiles, side],
  );
  const isShown = (layer: SideLayer) => shown[layer.boardFile.id] ?? layer.boardFile.isVisible;
  const colorOf = (layer: SideLayer) => boardFileColor(layer.boardFile);
  const sideRender: RenderedSvg = render[side];
  const picture = useMemo(() => {
    if (mode === 'side') return { svg: sideRender.svg, frame: frameOf(sideRender) };
    const frame = unionFrame([
      frameOf(sideRender),
      ...layers.map((layer) => frameOf(layer.rendered)),
    ]);
    const drawn = layers
      .filter((layer) => shown[layer.boardFile.id] ?? layer.boardFile.isVisible)
      .map((layer) => ({
        rendered: layer.rendered,
        color: boardFileColor(layer.boardFile),
      }));
    const svg = composeLayers(drawn, frame, {
      mirrored: side === 'bottom',
      background: DEFAULT_BOARD_COLORS.board,
    });
    return { svg, frame };
  }, [mode, sideRender, layers, side, shown]);

  const sidePlacements = placements.filter((placement) => placement.side === side);
  const overlay =
    showPlacements && sidePlacements.length > 0 ? (
      <PlacementsOverlay
        placements={sidePlacements}
        side={side}
        frame={picture.frame}
        mirrored={side === 'bottom'}
      />
    ) : undefined;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <SegmentedControl
            aria-label="Display mode"
            size="xs"
            value={mode}
            onChange={(value) => setMode(value as DisplayMode)}
            data={DISPLAY_MODES.map((entry) => ({ value: entry.value, label: entry.label }))}
          />
          <SegmentedControl
            aria-label="Board side"
            size="xs"
            value={String(sideId)}
            onChange={(value) => setSideId(Number(value))}
            data={VIEW_SIDES.map((entry) => ({ value: String(entry.id), label: entry.name }))}
          />
        </Group>
        <Tooltip
          label="Parts appear once the Placement tab has placements"
          disabled={placements.length > 0}
          withArrow
        >
          <div>
            <Switch
              size="sm"
              label={`Placements${placements.length > 0 ? ` (${sidePlacements.length})` : ''}`}
              checked={showPlacements && placements.length > 0}
              disabled={placements.length === 0}
              onChange={(event) => setShowPlacements(event.currentTarget.checked)}
            />
          </div>
        </Tooltip>
      </Group>
      {/* On a phone the layer list goes below the board, which keeps the whole width. */}
      <Flex direction={{ base: 'column', sm: 'row' }} align="stretch" gap="sm">
        <div style={{ flex: 1, minWidth: 0 }}>
          <BoardCanvas
            svg={picture.svg}
            frame={picture.frame}
            overlay={overlay}
            label={`${viewSideById(sideId).name} of the board, ${mode === 'side' ? 'as made' : 'layer by layer'}`}
            height={height}
          />
        </div>
        {mode === 'layers' ? (
          <LayerList
            layers={layers}
            isShown={isShown}
            colorOf={colorOf}
            onToggle={(layer, visible) =>
              setShown((current) => ({ ...current, [layer.boardFile.id]: visible }))
            }
            height={height}
          />
        ) : null}
      </Flex>
    </Stack>
  );
}

function LayerList({
  layers,
  isShown,
  colorOf,
  onToggle,
  height,
}: {
  layers: readonly SideLayer[];
  isShown: (layer: SideLayer) => boolean;
  colorOf: (layer: SideLayer) => string;
  onToggle: (layer: SideLayer, visible: boolean) => void;
  height: number | string;
}) {
  // Listed top to bottom: the layer nearest the viewer first.
  const listed = [...layers].reverse();
  return (
    <ScrollArea.Autosize
      mah={{ base: 240, sm: height }}
      w={{ base: '100%', sm: 230 }}
      type="auto"
      scrollbars="y"
      aria-label="Layers shown"
    >
      <Stack gap={6} pr="xs">
        {listed.length === 0 ? (
          <Text size="sm" c="dimmed">
            No layers on this side.
          </Text>
        ) : null}
        {listed.map((layer) => (
          <Checkbox
            key={layer.boardFile.id}
            size="xs"
            checked={isShown(layer)}
            onChange={(event) => onToggle(layer, event.currentTarget.checked)}
            aria-label={`Show ${layer.boardFile.file.name}`}
            label={
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={colorOf(layer)} size={12} withShadow={false} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="xs" fw={550} truncate>
                    {BOARD_FILE_TYPE_LABELS[layer.boardFile.file_type]}
                    {layer.boardFile.file_type === 'internalLayer' && layer.boardFile.layer_number
                      ? ` ${layer.boardFile.layer_number}`
                      : ''}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {layer.boardFile.file.name}
                  </Text>
                </Stack>
              </Group>
            }
          />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
