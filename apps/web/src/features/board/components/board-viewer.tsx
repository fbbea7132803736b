import type { BoardFile } from '@circuits/contracts';
import { BOARD_FILE_TYPE_LABELS, DEFAULT_BOARD_COLORS } from '@circuits/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  ColorSwatch,
  Flex,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowsMove, IconCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
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
import { type DfmMarker, markerPart } from '../lib/dfm-marker.ts';
import {
  NO_OFFSET,
  type OffsetMm,
  overlayParts,
  pictureShiftToBoard,
} from '../lib/overlay-scene.ts';
import type { PlacementForOverlay } from '../lib/placement-outlines.ts';
import { BoardCanvas } from './board-canvas.tsx';

/** The placements' shift against the Gerber origin, and how a new one is saved. */
export type PlacementOffsetControl = {
  offset: OffsetMm;
  /** Saves a new offset; absent when the user may not change it. */
  onSave?: (offset: OffsetMm) => Promise<unknown>;
};

/** Which part is picked, shared with the placements table. */
export type PartSelection = {
  id: number | null;
  onChange: (id: number | null) => void;
};

interface BoardViewerProps {
  render: BoardRender;
  boardFiles: readonly BoardFile[];
  placements: readonly PlacementForOverlay[];
  height: number | string;
  selection?: PartSelection;
  placementOffset?: PlacementOffsetControl;
  /** Called once the board's picture is on screen. */
  onShown?: () => void;
  /** Confirms a layer drawn as a guess as what it is drawn as; absent when the user may not. */
  onConfirmGuess?: (boardFile: BoardFile) => void;
  /** The view to start on: the one shown before the viewer was drawn afresh. */
  initialView?: ViewerView;
  /** Told of each view shown, so that a viewer drawn afresh can start on it. */
  onViewChange?: (view: ViewerView) => void;
  /** A place to mark and zoom to (a DFM finding); the board turns to its side. */
  marker?: DfmMarker | null;
}

/** What the viewer shows: a side as made or layer by layer, and which side. */
export interface ViewerView {
  mode: DisplayMode;
  sideId: number;
}

/** A layer's colour; a guessed layer has the colour of the layer it is drawn as. */
function layerColor(layer: SideLayer): string {
  return boardFileColor({ color: layer.boardFile.color, file_type: layer.drawnAs });
}

function formatShift(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return `${rounded > 0 ? '+' : ''}${(rounded === 0 ? 0 : rounded).toFixed(2)}`;
}

/**
 * The rendered board (SPEC §3/§4): one side as made, or its layers one by one in the colours
 * and visibility of the board files, with the placed parts drawn over it.
 */
export function BoardViewer({
  render,
  boardFiles,
  placements,
  height,
  selection,
  placementOffset,
  onShown,
  onConfirmGuess,
  initialView,
  onViewChange,
  marker = null,
}: BoardViewerProps) {
  const [mode, setMode] = useState<DisplayMode>(initialView?.mode ?? 'side');
  const [sideId, setSideId] = useState<number>(initialView?.sideId ?? VIEW_SIDES[0].id);
  useEffect(() => onViewChange?.({ mode, sideId }), [mode, sideId, onViewChange]);
  const [showPlacements, setShowPlacements] = useState(true);
  // While the user shifts the parts: the offset being tried, saved or dropped at the end.
  const [shifting, setShifting] = useState<OffsetMm | null>(null);
  const [savingShift, setSavingShift] = useState(false);
  const [ownSelection, setOwnSelection] = useState<number | null>(null);
  const selectedId = selection ? selection.id : ownSelection;
  const select = selection ? selection.onChange : setOwnSelection;
  // Layers the user hid or showed here, over the visibility saved on the board files.
  const [shown, setShown] = useState<Record<number, boolean>>({});
  const side = viewSideById(sideId).side;

  const layers = useMemo(
    () => sideLayers(render.layers, boardFiles, side),
    [render.layers, boardFiles, side],
  );
  const isShown = (layer: SideLayer) => shown[layer.boardFile.id] ?? layer.boardFile.isVisible;
  const colorOf = layerColor;
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
        color: layerColor(layer),
      }));
    const svg = composeLayers(drawn, frame, {
      mirrored: side === 'bottom',
      background: DEFAULT_BOARD_COLORS.board,
    });
    return { svg, frame };
  }, [mode, sideRender, layers, side, shown]);

  const mirrored = side === 'bottom';
  const offset = shifting ?? placementOffset?.offset ?? NO_OFFSET;
  const sideCount = useMemo(
    () => placements.reduce((count, placement) => count + (placement.side === side ? 1 : 0), 0),
    [placements, side],
  );
  const parts = useMemo(
    () => overlayParts(placements, side, picture.frame, mirrored, offset),
    [placements, side, picture.frame, mirrored, offset],
  );
  const placementsShown = showPlacements && sideCount > 0;
  const selectedPlacement =
    selectedId === null ? null : (placements.find((entry) => entry.id === selectedId) ?? null);
  // A marked place is drawn with the parts, picked, on its side.
  const markedPart = useMemo(
    () => (marker && marker.side === side ? markerPart(marker, picture.frame, mirrored) : null),
    [marker, side, picture.frame, mirrored],
  );
  useEffect(() => {
    const other = marker ? VIEW_SIDES.find((entry) => entry.side === marker.side) : undefined;
    if (other) setSideId(other.id);
  }, [marker]);
  const overlayShown = placementsShown || markedPart !== null;

  // A part picked in the table on the other side turns the board over to it, once per pick.
  const turnedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!selectedPlacement || turnedFor.current === selectedPlacement.id) return;
    turnedFor.current = selectedPlacement.id;
    const other = VIEW_SIDES.find((entry) => entry.side === selectedPlacement.side);
    if (other) setSideId(other.id);
  }, [selectedPlacement]);

  const overlay = overlayShown
    ? {
        parts: [...(placementsShown ? parts : []), ...(markedPart ? [markedPart] : [])],
        selectedId: markedPart ? markedPart.id : selectedId,
        onSelect: (part: { id: number } | null) => select(part && part.id >= 0 ? part.id : null),
        onShift:
          shifting !== null
            ? (dx: number, dy: number) => {
                const step = pictureShiftToBoard(dx, dy, mirrored);
                setShifting((current) =>
                  current ? { x: current.x + step.x, y: current.y + step.y } : current,
                );
              }
            : null,
      }
    : undefined;

  const saveShift = async () => {
    if (!shifting || !placementOffset?.onSave) return;
    setSavingShift(true);
    try {
      await placementOffset.onSave({
        x: Math.round(shifting.x * 10000) / 10000,
        y: Math.round(shifting.y * 10000) / 10000,
      });
      setShifting(null);
    } catch {
      // The save said why in a toast; the shift stays to be tried again.
    } finally {
      setSavingShift(false);
    }
  };

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
        <Group gap="sm">
          {placementOffset?.onSave && placements.length > 0 && shifting === null ? (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconArrowsMove size={14} />}
              onClick={() => {
                setShowPlacements(true);
                setShifting(placementOffset.offset);
              }}
            >
              Align parts
            </Button>
          ) : null}
          <Tooltip
            label="Parts appear once the Placement tab has placements"
            disabled={placements.length > 0}
            withArrow
          >
            <div>
              <Switch
                size="sm"
                label={`Placements${placements.length > 0 ? ` (${sideCount})` : ''}`}
                checked={showPlacements && placements.length > 0}
                disabled={placements.length === 0}
                onChange={(event) => setShowPlacements(event.currentTarget.checked)}
              />
            </div>
          </Tooltip>
        </Group>
      </Group>
      {shifting !== null ? (
        <Paper withBorder p="xs" radius="md" role="group" aria-label="Align the parts">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              Drag the parts onto their pads, or click the board and use the arrow keys (
              {SHIFT_HINT}).{' '}
              <Text span fw={600} data-testid="placement-shift">
                X {formatShift(shifting.x)} mm, Y {formatShift(shifting.y)} mm
              </Text>
            </Text>
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                onClick={() => setShifting(NO_OFFSET)}
                disabled={shifting.x === 0 && shifting.y === 0}
              >
                Back to zero
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setShifting(null)}
                disabled={savingShift}
              >
                Cancel
              </Button>
              <Button size="compact-sm" onClick={saveShift} loading={savingShift}>
                Save alignment
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      {/* On a phone the layer list goes below the board, which keeps the whole width. */}
      <Flex direction={{ base: 'column', sm: 'row' }} align="stretch" gap="sm">
        <div style={{ flex: 1, minWidth: 0 }}>
          <BoardCanvas
            svg={picture.svg}
            preview={mode === 'side' && side === 'top' ? render.topPreview : undefined}
            onShown={onShown}
            frame={picture.frame}
            overlay={overlay}
            label={`${viewSideById(sideId).name} of the board, ${mode === 'side' ? 'as made' : 'layer by layer'}`}
            height={height}
          />
          {placementsShown && selectedPlacement ? (
            <Text size="xs" c="dimmed" mt={4} aria-live="polite" data-testid="picked-part">
              <Text span fw={700} c="var(--mantine-color-text)">
                {selectedPlacement.refDesign}
              </Text>{' '}
              · {selectedPlacement.side} · X {selectedPlacement.x.toFixed(2)} mm, Y{' '}
              {selectedPlacement.y.toFixed(2)} mm · {selectedPlacement.angle}°
              {selectedPlacement.dnp ? ' · do not populate' : ''}
            </Text>
          ) : null}
        </div>
        {mode === 'layers' ? (
          <LayerList
            layers={layers}
            isShown={isShown}
            colorOf={colorOf}
            onToggle={(layer, visible) =>
              setShown((current) => ({ ...current, [layer.boardFile.id]: visible }))
            }
            onConfirmGuess={onConfirmGuess}
            height={height}
          />
        ) : null}
      </Flex>
    </Stack>
  );
}

const SHIFT_HINT = '0.1 mm a press, 1 mm with Shift';

function LayerList({
  layers,
  isShown,
  colorOf,
  onToggle,
  onConfirmGuess,
  height,
}: {
  layers: readonly SideLayer[];
  isShown: (layer: SideLayer) => boolean;
  colorOf: (layer: SideLayer) => string;
  onToggle: (layer: SideLayer, visible: boolean) => void;
  onConfirmGuess: ((boardFile: BoardFile) => void) | undefined;
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
        {listed.map((layer) => {
          const label = BOARD_FILE_TYPE_LABELS[layer.drawnAs];
          return (
            <Group key={layer.boardFile.id} gap={4} wrap="nowrap" justify="space-between">
              <Checkbox
                size="xs"
                style={{ minWidth: 0 }}
                checked={isShown(layer)}
                onChange={(event) => onToggle(layer, event.currentTarget.checked)}
                aria-label={`Show ${layer.boardFile.file.name}`}
                label={
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={colorOf(layer)} size={12} withShadow={false} />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="xs" fw={550} truncate>
                        {label}
                        {layer.drawnAs === 'internalLayer' && layer.boardFile.layer_number
                          ? ` ${layer.boardFile.layer_number}`
                          : ''}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        <Text size="xs" c="dimmed" truncate>
                          {layer.boardFile.file.name}
                        </Text>
                        {layer.guessed ? (
                          <Badge
                            size="xs"
                            variant="light"
                            color="grape"
                            radius="sm"
                            tt="none"
                            style={{ flexShrink: 0 }}
                            data-testid="guessed-badge"
                          >
                            guessed
                          </Badge>
                        ) : null}
                      </Group>
                    </Stack>
                  </Group>
                }
              />
              {layer.guessed && onConfirmGuess ? (
                <Tooltip label={`Confirm as ${label}`} withArrow>
                  <ActionIcon
                    size="sm"
                    variant="light"
                    color="grape"
                    aria-label={`Confirm ${layer.boardFile.file.name} as ${label}`}
                    onClick={() => onConfirmGuess(layer.boardFile)}
                  >
                    <IconCheck size={14} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
