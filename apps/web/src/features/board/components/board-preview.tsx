import type { BoardFile, BoardSettingsOptions } from '@circuits/contracts';
import { BOARD_FILES_MESSAGES, drawnFileType } from '@circuits/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  EmptyState,
  Group,
  List,
  Loader,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconFiles, IconRulerMeasure, IconStack3 } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { ErrorBlock, errorReason } from '../../../components/load-states.tsx';
import {
  type ColorSettings,
  type EngineFile,
  type RenderStep,
  useBoardRender,
} from '../hooks/use-board-render.ts';
import { blankRenderReasons, isBlankRender } from '../lib/blank-render.ts';
import type { BoardRender, RenderWarning } from '../lib/board-render.ts';
import type { DfmMarker } from '../lib/dfm-marker.ts';
import type { PlacementForOverlay } from '../lib/placement-outlines.ts';
import {
  BoardViewer,
  type PartSelection,
  type PlacementOffsetControl,
  type ViewerView,
} from './board-viewer.tsx';
import { GuessedLayers } from './guessed-layers.tsx';
import { RenderWarnings } from './render-warnings.tsx';

interface BoardPreviewProps {
  productId: number;
  boardFiles: readonly BoardFile[];
  /** Files off the board the engine reads with it (Allegro nc_param.txt). */
  engineFiles?: readonly EngineFile[];
  colors: ColorSettings;
  options: BoardSettingsOptions;
  placements: readonly PlacementForOverlay[];
  height: number | string;
  /** Where the user adds board files (the Files tab). */
  filesPath: string;
  /** Where the user draws an outline; null when they may not. */
  createOutlinePath: string | null;
  /** The part picked, shared with a placements table. */
  selection?: PartSelection;
  /** The placements' shift against the Gerber origin, and how a new one is saved. */
  placementOffset?: PlacementOffsetControl;
  /** Called once the board is on screen, or it is clear that there is none to show. */
  onSettled?: () => void;
  /** Confirms a file drawn as a guess as what it is drawn as; absent when the user may not. */
  onConfirmGuess?: (boardFile: BoardFile) => void;
  /** The viewer's view to start on, and where it tells the views it shows. */
  initialView?: ViewerView;
  onViewChange?: (view: ViewerView) => void;
  /** A place to mark and zoom to (a DFM finding). */
  marker?: DfmMarker | null;
}

/** The rendered board with its loading, empty and error states (SPEC §4 board render). */
export function BoardPreview({
  productId,
  boardFiles,
  engineFiles,
  colors,
  options,
  placements,
  height,
  filesPath,
  createOutlinePath,
  selection,
  placementOffset,
  onSettled,
  onConfirmGuess,
  initialView,
  onViewChange,
  marker,
}: BoardPreviewProps) {
  const board = useBoardRender({ productId, boardFiles, engineFiles, colors, options });
  const nothingToShow =
    boardFiles.length === 0 ||
    !board.hasDrawableFiles ||
    (board.render ? isBlankRender(board.render) : board.error !== null);
  useEffect(() => {
    if (nothingToShow) onSettled?.();
  }, [nothingToShow, onSettled]);
  // Whoever may draw an outline may change the board files too; the others are told who can.
  const canEdit = createOutlinePath !== null;
  // A guessed outline is said with the other guesses, not as a missing outline.
  const hasOutline = boardFiles.some(
    (file) => drawnFileType(file.file_type, file.guess)?.fileType === 'outline',
  );

  if (boardFiles.length === 0) {
    return (
      <NothingToDraw
        height={height}
        title={BOARD_FILES_MESSAGES.noFiles}
        description={
          canEdit
            ? 'Upload the Gerber and drill files of the board in the Files tab to see it here. A board without files can start from an outline.'
            : 'A colleague who can edit the company uploads the Gerber and drill files; the board is drawn here once they have.'
        }
        filesPath={filesPath}
      >
        {createOutlinePath ? (
          <Button
            component={Link}
            to={createOutlinePath}
            variant="default"
            leftSection={<IconRulerMeasure size={16} />}
          >
            Create outline
          </Button>
        ) : null}
      </NothingToDraw>
    );
  }
  if (!board.hasDrawableFiles) {
    return (
      <NothingToDraw
        height={height}
        title={BOARD_FILES_MESSAGES.fileTypes}
        description={
          canEdit
            ? 'Choose the layer type of each board file in the Files tab; the board is drawn from the files whose layer is known.'
            : 'A colleague who can edit the company chooses the layer type of each board file; the board is drawn from the files whose layer is known.'
        }
        filesPath={filesPath}
      />
    );
  }

  const outlineHint =
    !hasOutline && createOutlinePath ? (
      <Alert color="blue" variant="light" icon={<IconRulerMeasure size={18} />} p="xs">
        <Text size="sm">
          The board has no outline file, so its shape is taken from the copper.{' '}
          <Anchor component={Link} to={createOutlinePath} size="sm" fw={600}>
            Create outline
          </Anchor>
        </Text>
      </Alert>
    ) : null;

  if (!board.render) {
    return (
      <Stack gap="sm">
        {board.error ? (
          <RenderFailed error={board.error} onRetry={board.retry} height={height} />
        ) : (
          <RenderProgress step={board.step} height={height} />
        )}
        {outlineHint}
      </Stack>
    );
  }

  const { render } = board;
  if (isBlankRender(render)) {
    return (
      <Stack gap="sm">
        <NothingToDraw
          height={height}
          title="The board cannot be drawn"
          description="None of its files holds anything to draw. Put the board's Gerber and drill files on it in the Files tab."
          filesPath={filesPath}
          details={
            <List size="sm" spacing={4} ta="left" aria-label="Why nothing is drawn" maw={520}>
              {blankRenderReasons(render).map(({ filename, reason }) => (
                <List.Item key={filename}>
                  <Text span size="sm" fw={600}>
                    {filename}
                  </Text>
                  : {reason}
                </List.Item>
              ))}
            </List>
          }
        />
        {board.working ? (
          <Text size="sm" c="dimmed" role="status">
            Updating the render…
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <div style={{ position: 'relative' }}>
        <BoardViewer
          render={render}
          boardFiles={boardFiles}
          placements={placements}
          height={height}
          selection={selection}
          placementOffset={placementOffset}
          onShown={onSettled}
          onConfirmGuess={onConfirmGuess}
          initialView={initialView}
          onViewChange={onViewChange}
          marker={marker}
        />
        {board.working ? (
          <Badge
            pos="absolute"
            top={48}
            left={12}
            variant="filled"
            color="dark"
            radius="sm"
            tt="none"
            leftSection={<Loader size={10} color="white" />}
            role="status"
          >
            Updating the render…
          </Badge>
        ) : null}
      </div>
      {board.error && !board.working ? (
        <RenderFailed error={board.error} onRetry={board.retry} />
      ) : null}
      <Group gap="md" justify="space-between">
        <Group gap="md">
          {render.widthMm !== null && render.lengthMm !== null ? (
            <Text size="sm" c="dimmed" data-testid="render-size">
              {formatMm(render.widthMm)} × {formatMm(render.lengthMm)} mm
              {sizeSource(render.boardShape)}
            </Text>
          ) : render.guessedShape ? (
            <Text size="sm" c="dimmed" data-testid="render-size">
              {formatMm(render.guessedShape.widthMm)} × {formatMm(render.guessedShape.lengthMm)} mm
              {render.guessedShape.source === 'outline'
                ? ', from the guessed outline'
                : ', from the guessed copper'}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {render.copperLayers} copper {render.copperLayers === 1 ? 'layer' : 'layers'}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" data-testid="render-source">
          {board.source === 'cache' ? 'From the render cache' : 'Rendered in your browser'}
        </Text>
      </Group>
      {outlineHint}
      <GuessedLayers boardFiles={boardFiles} onConfirm={onConfirmGuess} />
      <BoardNotices warnings={render.warnings} />
      <RenderWarnings warnings={render.warnings} />
    </Stack>
  );
}

/** What the size was measured on, in words. */
function sizeSource(shape: BoardRender['boardShape']): string {
  if (shape === 'outline') return ', from the outline';
  if (shape === 'copper-extent') return ', from the copper';
  return '';
}

/**
 * What the render says of the whole board (a missing drill file, a frame left out, a drawing
 * simplified to stay within bounds): beside the board, where it cannot be missed, rather than
 * among the parser warnings of the files.
 */
function BoardNotices({ warnings }: { warnings: readonly RenderWarning[] }) {
  const notices = [
    ...new Set(warnings.filter((warning) => warning.filename === null).map((w) => w.message)),
  ];
  if (notices.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      p="xs"
      aria-label="About this render"
      data-testid="board-notices"
    >
      <Stack gap={2}>
        {notices.map((notice) => (
          <Text key={notice} size="sm">
            {notice.charAt(0).toUpperCase() + notice.slice(1)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function formatMm(value: number): string {
  return value.toFixed(value < 100 ? 2 : 1);
}

const STEP_LABEL: Record<RenderStep['stage'], string> = {
  cache: 'Looking for a saved render…',
  download: 'Downloading the board files…',
  render: 'Drawing the board…',
};

function RenderProgress({ step, height }: { step: RenderStep | null; height: number | string }) {
  const stage = step?.stage ?? 'cache';
  const value =
    step?.stage === 'download' && step.total > 0
      ? 10 + (step.done / step.total) * 40
      : stage === 'render'
        ? 60
        : 5;
  return (
    <Center mih={height} role="status" aria-live="polite">
      <Stack gap="xs" w={320} align="center">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {STEP_LABEL[stage]}
          {step?.stage === 'download' ? ` ${step.done} of ${step.total}` : ''}
        </Text>
        <Progress
          value={value}
          w="100%"
          size="sm"
          animated={stage === 'render'}
          striped={stage === 'render'}
          aria-label="Render progress"
        />
      </Stack>
    </Center>
  );
}

/** Why there is no board to draw, with the way to the Files tab and any other step. */
function NothingToDraw({
  height,
  title,
  description,
  filesPath,
  details,
  children,
}: {
  height?: number | string;
  title: string;
  description: string;
  filesPath: string;
  /** Shown under the description (what is wrong, file by file). */
  details?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Center mih={height}>
      <EmptyState
        icon={<IconStack3 size={26} />}
        variant="light"
        title={title}
        description={description}
      >
        {details}
        <EmptyState.Actions>
          <Button component={Link} to={filesPath} leftSection={<IconFiles size={16} />}>
            Go to Files
          </Button>
          {children}
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}

function RenderFailed({
  error,
  onRetry,
  height,
}: {
  error: unknown;
  onRetry: () => void;
  height?: number | string;
}) {
  return (
    <Center mih={height}>
      <ErrorBlock
        title="The board could not be rendered"
        // A render that fails in the browser's worker says why in its own words.
        reason={errorReason(error, { showErrorText: true })}
        onRetry={onRetry}
      />
    </Center>
  );
}
