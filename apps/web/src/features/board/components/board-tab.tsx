import type {
  BoardFile,
  BoardSettings,
  BoardSettingsOptions,
  DfmFinding,
  ProductPage,
} from '@circuits/contracts';
import type { BoardSettingsField, ProposedField } from '@circuits/domain';
import { Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Deferred, DeferredGate } from '../../../components/deferred.tsx';
import { LoadErrorBlock, LoadingBlock } from '../../../components/load-states.tsx';
import { ApiError, failureMessage } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useBoardSettingsOptions, useSaveBoardSettings } from '../api/board-api.ts';
import { engineFilesOf } from '../hooks/use-board-render.ts';
import { readPlacements } from '../lib/placement-outlines.ts';
import { initialDraft, sameSettings, settingsErrors } from '../lib/settings-draft.ts';
import { BoardDfmCard, findingMarker } from './board-dfm.tsx';
import { BoardPreview } from './board-preview.tsx';
import { BoardSettingsForm } from './board-settings-form.tsx';
import classes from './board-tab.module.css';
import type { PlacementOffsetControl, ViewerView } from './board-viewer.tsx';

/** Where the Board tab keeps the viewer's view across fresh starts of the workspace. */
interface ViewerViewStore {
  initial: () => ViewerView | undefined;
  onChange: (view: ViewerView) => void;
}

/** What the Board tab's form holds that is not saved: the cart orders only saved settings. */
export type BoardEditState = {
  /** The form differs from the saved settings. */
  dirty: boolean;
  /** The first message the form shows, or would show on save; null when the form is valid. */
  firstError: string | null;
};

interface BoardTabProps {
  /** Hears of unsaved changes and the first invalid field as the form is edited. */
  onEditState?: (state: BoardEditState) => void;
  page: ProductPage;
  canEdit: boolean;
  /** The board files list (the Files feature's), shown under the settings. */
  boardFilesList: ReactNode;
  filesPath: string;
  createOutlinePath: string;
  /** The placements' alignment with the board, and how a new one is saved. */
  placementOffset?: PlacementOffsetControl;
  /** Confirms a board file drawn as a guess as what it is drawn as; absent when the user may not. */
  onConfirmGuess?: (boardFile: BoardFile) => void;
}

/** Product view, Board tab: the rendered board, its settings and its files (SPEC §2, §3). */
export function BoardTab(props: BoardTabProps) {
  const options = useBoardSettingsOptions();
  // The viewer's view outlives the workspace, which starts afresh with each new analysis of the
  // files (a guess confirmed from the Layers view leaves the user in the Layers view).
  const view = useRef<ViewerView | undefined>(undefined);
  const viewerView = useMemo(
    () => ({
      initial: () => view.current,
      onChange: (next: ViewerView) => {
        view.current = next;
      },
    }),
    [],
  );
  if (options.isPending) return <LoadingBlock label="Loading the board settings…" />;
  if (options.isError) {
    return (
      <LoadErrorBlock
        what="The board settings"
        error={options.error}
        onRetry={() => options.refetch()}
      />
    );
  }
  const { page } = props;
  // Until a user saves the settings the form follows the analysis: a new one starts it afresh.
  const draftKey =
    page.settings && !page.settingsFromFiles
      ? 'saved'
      : `proposal-${page.boardAnalysis?.analysedAt ?? 'none'}`;
  return (
    <BoardWorkspace
      key={draftKey}
      {...props}
      viewerView={viewerView}
      options={options.data.options}
      defaults={options.data.defaults}
    />
  );
}

type Errors = Partial<Record<BoardSettingsField, string>>;

/** The viewer fills the window's height below the page heading and tabs, within reason. */
const VIEWER_HEIGHT = 'clamp(340px, calc(100vh - 370px), 720px)';

/**
 * The settings form and the board files table wait for the board to show (drawing their inputs
 * takes the page's thread for about half a second on a large board), but no longer than this
 * after the tab opens.
 */
const BOARD_FIRST_WAIT_MS = 2000;

function BoardWorkspace({
  page,
  canEdit,
  boardFilesList,
  filesPath,
  createOutlinePath,
  placementOffset,
  onConfirmGuess,
  onEditState,
  options,
  defaults,
  viewerView,
}: BoardTabProps & {
  options: BoardSettingsOptions;
  defaults: BoardSettings;
  viewerView: ViewerViewStore;
}) {
  const productId = page.product.id;
  const [initialView] = useState(viewerView.initial);
  const initial = useMemo(
    () =>
      initialDraft(page.settings, defaults, page.boardAnalysis, options, page.settingsFromFiles),
    [page.settings, defaults, page.boardAnalysis, options, page.settingsFromFiles],
  );
  const [draft, setDraft] = useState(initial.settings);
  const [proposed, setProposed] = useState<ProposedField[]>(initial.proposed);
  const [changed, setChanged] = useState<ReadonlySet<BoardSettingsField>>(new Set());
  const [triedToSave, setTriedToSave] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [revealErrors, setRevealErrors] = useState(0);
  const save = useSaveBoardSettings(productId);
  const placements = useMemo(() => readPlacements(page.placements), [page.placements]);
  const [pickedFinding, setPickedFinding] = useState<DfmFinding | null>(null);
  const marker = useMemo(
    () => findingMarker(pickedFinding, page.boardFiles),
    [pickedFinding, page.boardFiles],
  );
  const [boardSettled, setBoardSettled] = useState(false);
  const settleBoard = useCallback(() => setBoardSettled(true), []);
  useEffect(() => {
    const timer = setTimeout(settleBoard, BOARD_FIRST_WAIT_MS);
    return () => clearTimeout(timer);
  }, [settleBoard]);

  const checks = settingsErrors(draft, page.boardFiles, options, page.boardAnalysis);
  const startChecks = useMemo(
    () => settingsErrors(initial.settings, page.boardFiles, options, page.boardAnalysis),
    [initial.settings, page.boardFiles, options, page.boardAnalysis],
  );
  // A field's message shows once the user changed it, as soon as an edit elsewhere breaks a rule
  // on it (more boards across make the panel too large for V-scoring; more layers, the board
  // too thin), and every message after a save attempt.
  const shownChecks = Object.fromEntries(
    Object.entries(checks).filter(
      ([field, message]) =>
        triedToSave ||
        changed.has(field as never) ||
        startChecks[field as keyof Errors] !== message,
    ),
  ) as Errors;
  const errors: Errors = { ...serverErrors, ...shownChecks };
  // Settings never saved, or saved only from the files, are there to be checked and saved.
  const dirty =
    page.settings === null || page.settingsFromFiles || !sameSettings(draft, page.settings);

  const firstError = Object.values(checks)[0] ?? null;
  useEffect(() => {
    onEditState?.({ dirty: dirty && !sameSettings(draft, initial.settings), firstError });
  }, [onEditState, dirty, draft, initial.settings, firstError]);

  const change = (next: BoardSettings) => {
    const fields = (Object.keys(next) as BoardSettingsField[]).filter(
      (field) => next[field] !== draft[field],
    );
    setDraft(next);
    setChanged((current) => new Set([...current, ...fields]));
    setProposed((current) => current.filter((field) => !fields.includes(field)));
    setServerErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([field]) => !fields.includes(field as never)),
      ),
    );
    setFormError(undefined);
  };

  // A refused save says why and shows the first field to fix, which may be scrolled out of view.
  const refuse = (messages: readonly string[]) => {
    showToast('error', `Board settings not saved\n${[...new Set(messages)].join('\n')}`);
    setRevealErrors((count) => count + 1);
  };

  const submit = () => {
    setTriedToSave(true);
    if (Object.keys(checks).length > 0) {
      refuse(Object.values(checks));
      return;
    }
    // The promise, not mutate's callbacks: the first save of settings starts the form afresh
    // (its key changes), and callbacks of a form that is gone would never run.
    save.mutateAsync(draft).then(
      (saved) => {
        setDraft(saved);
        setProposed([]);
        setChanged(new Set());
        setTriedToSave(false);
        setServerErrors({});
        showToast('success', 'Board settings saved');
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.failure.type === 'fields') {
          setServerErrors(error.fieldErrors as Errors);
          refuse(Object.values(error.fieldErrors));
        } else {
          setFormError(error instanceof ApiError ? failureMessage(error.failure) : 'Not saved');
        }
      },
    );
  };

  const reset = () => {
    setDraft(initial.settings);
    setProposed(initial.proposed);
    setChanged(new Set());
    setTriedToSave(false);
    setServerErrors({});
    setFormError(undefined);
  };

  return (
    <DeferredGate open={boardSettled}>
      <Stack gap="md">
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }} className={classes.viewerColumn}>
            <Card padding="md" component="section" aria-label="Board view">
              <BoardPreview
                productId={productId}
                boardFiles={page.boardFiles}
                engineFiles={engineFilesOf(page.files, page.boardFiles)}
                colors={draft}
                options={options}
                placements={placements}
                height={VIEWER_HEIGHT}
                filesPath={filesPath}
                createOutlinePath={canEdit ? createOutlinePath : null}
                placementOffset={placementOffset}
                onSettled={settleBoard}
                onConfirmGuess={canEdit ? onConfirmGuess : undefined}
                initialView={initialView}
                onViewChange={viewerView.onChange}
                marker={marker}
              />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card padding="lg" component="section" aria-labelledby="board-settings-title">
              <Group justify="space-between" mb="md">
                <Stack gap={2}>
                  <Title order={2} fz={18} id="board-settings-title">
                    Board settings
                  </Title>
                  <Text size="sm" c="dimmed">
                    {settingsNote(page)}
                  </Text>
                </Stack>
              </Group>
              <Deferred fallback={<Skeleton h={420} radius="md" />}>
                <BoardSettingsForm
                  settings={draft}
                  options={options}
                  measured={page.boardAnalysis}
                  onChange={change}
                  errors={errors}
                  proposed={proposed}
                  sizeFrom={page.boardAnalysis?.sizeFrom ?? null}
                  formError={formError}
                  readOnly={!canEdit}
                  saving={save.isPending}
                  canSave={dirty}
                  canDiscard={!sameSettings(draft, initial.settings)}
                  onSave={submit}
                  onReset={reset}
                  revealErrors={revealErrors}
                />
              </Deferred>
            </Card>
          </Grid.Col>
        </Grid>
        <BoardDfmCard page={page} picked={pickedFinding} onPick={setPickedFinding} />
        {boardFilesList}
      </Stack>
    </DeferredGate>
  );
}

/** What the settings shown are: saved by a user, taken from the files, or not saved at all. */
function settingsNote(page: ProductPage): string {
  if (page.settingsFromFiles) return 'Size and layer count taken from the files; check and save.';
  if (page.settings === null) {
    return 'Not saved yet. Size and layers are proposed from the board files.';
  }
  return 'How the board is made and delivered.';
}
