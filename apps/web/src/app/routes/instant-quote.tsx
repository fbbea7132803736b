import type { BoardSettings, BoardSettingsOptions, InstantQuoteRequest } from '@circuits/contracts';
import {
  type CurrencyCode,
  checkProductIssues,
  currenciesFirst,
  currencyCodeOf,
  type ProposedField,
} from '@circuits/domain';
import {
  Button,
  Card,
  Container,
  Grid,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCopy, IconShoppingCartPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FileDropzone } from '../../components/file-upload.tsx';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { BoardSettingsForm } from '../../features/board/components/board-settings-form.tsx';
import type { LocalBoard } from '../../features/board/lib/local-board.ts';
import {
  analyseInWorker,
  prepareLocalBoardWorker,
  releaseLocalBoardWorker,
} from '../../features/board/lib/local-board-in-worker.ts';
import { initialDraft, settingsErrors } from '../../features/board/lib/settings-draft.ts';
import { CART_QUERY_KEY } from '../../features/cart/api/cart-api.ts';
import {
  orderQuotedBoard,
  useInstantPrice,
  useInstantQuoteOptions,
} from '../../features/quote/api/quote-api.ts';
import { LeadTimeSelect } from '../../features/quote/components/lead-time-select.tsx';
import { type Ordering, OrderingState } from '../../features/quote/components/ordering-state.tsx';
import { type Analysis, BoardArea } from '../../features/quote/components/quote-board-area.tsx';
import { BoardFacts } from '../../features/quote/components/quote-board-facts.tsx';
import { PriceArea } from '../../features/quote/components/quote-price-area.tsx';
import {
  clearPendingOrder,
  type PendingOrder,
  readPendingOrder,
  savePendingOrder,
} from '../../features/quote/lib/pending-order.ts';
import { decodeQuote, QUOTE_PARAM, quoteUrl } from '../../features/quote/lib/share-link.ts';
import { useSessionToken } from '../../hooks/use-session-token.ts';
import { ApiError, failureMessage } from '../../lib/api-error.ts';
import { showToast } from '../../lib/toasts.ts';

const CURRENCY_ORDER: readonly CurrencyCode[] = ['USD', 'CAD', 'EUR'];
/**
 * The worker for the next drop warms up once the board just analysed is on screen, rather than
 * competing with its drawing.
 */
const NEXT_WORKER_WARM_UP_MS = 3000;

/** SPEC §2 /instantQuote: a board priced from files that never leave the browser. */
export function InstantQuoteView() {
  const options = useInstantQuoteOptions();
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Instant quote"
        description="Drop a zip or the Gerber and drill files of a board: it is drawn, measured and priced here in your browser. Nothing is uploaded until you order."
      />
      {options.isPending ? (
        <LoadingBlock label="Loading the board options…" />
      ) : options.isError ? (
        <LoadErrorBlock
          what="The board options"
          error={options.error}
          onRetry={() => options.refetch()}
        />
      ) : (
        <Quote options={options.data.options} defaults={options.data.defaults} />
      )}
    </Container>
  );
}

/** The board's name: the zip's, or the common start of the file names. */
function boardName(files: readonly File[]): string {
  const zip = files.find((file) => file.name.toLowerCase().endsWith('.zip'));
  const name = (zip ?? files[0])?.name.replace(/\.[^.]+$/, '') ?? 'Board';
  return name.trim() || 'Board';
}

function Quote({ options, defaults }: { options: BoardSettingsOptions; defaults: BoardSettings }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const shared = useMemo(() => decodeQuote(searchParams.get(QUOTE_PARAM)), [searchParams]);
  const [files, setFiles] = useState<File[]>([]);
  const [analysis, setAnalysis] = useState<Analysis>({ type: 'idle' });
  const [settings, setSettings] = useState<BoardSettings>(shared?.settings ?? defaults);
  const [proposed, setProposed] = useState<ProposedField[]>([]);
  const [quantity, setQuantity] = useState<number>(shared?.quantity ?? 5);
  const [leadTime, setLeadTime] = useState<string | null>(shared?.lead_time ?? null);
  const [facts, setFacts] = useState<InstantQuoteRequest['facts']>(shared?.facts ?? null);
  const [ordering, setOrdering] = useState<Ordering>({ type: 'idle' });
  // The checks' messages wait until there is a board to check: dropped, shared or typed in.
  const [touched, setTouched] = useState(false);
  const abort = useRef<AbortController | null>(null);
  // The worker that reads dropped files starts with the page, ready when they arrive; an
  // analysis under way when the page closes is abandoned.
  useEffect(() => {
    prepareLocalBoardWorker();
    return () => {
      abort.current?.abort();
      releaseLocalBoardWorker();
    };
  }, []);
  const token = useSessionToken();
  const user = useCurrentUser();
  const companyCurrency = user.data ? currencyCodeOf(user.data.company.currency.id) : null;
  const currencyOrder: readonly CurrencyCode[] = companyCurrency
    ? currenciesFirst(companyCurrency)
    : CURRENCY_ORDER;
  const navigate = useNavigate();
  const client = useQueryClient();

  const board = analysis.type === 'ready' ? analysis.board : null;
  const errors = settingsErrors(settings, board?.boardFiles ?? [], options, facts);
  const valid = Object.keys(errors).length === 0;
  const shownErrors = board !== null || shared !== null || touched ? errors : {};
  const request: InstantQuoteRequest | null =
    valid && Number.isInteger(quantity) && quantity >= 1
      ? { settings, facts, quantity, lead_time: leadTime }
      : null;
  const [debounced] = useDebouncedValue(request, 250);
  // A new request object is made on every render: the price is stale only when what it asks differs.
  const stale = JSON.stringify(request) !== JSON.stringify(debounced);
  const price = useInstantPrice(debounced);

  const analyse = (dropped: File[], next?: { settings: BoardSettings; quantity: number }) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setFiles(dropped);
    setAnalysis({ type: 'working', progress: null });
    analyseInWorker(dropped, {
      signal: controller.signal,
      onProgress: (progress) => setAnalysis({ type: 'working', progress }),
    }).then(
      (result) => {
        if (controller.signal.aborted) return;
        prepareLocalBoardWorker({ warmUpAfterMs: NEXT_WORKER_WARM_UP_MS });
        setAnalysis({ type: 'ready', board: result });
        const measured = {
          widthMm: result.render.widthMm,
          lengthMm: result.render.lengthMm,
          copperLayers: result.render.copperLayers,
        };
        setFacts(measured);
        if (next) {
          setSettings(next.settings);
          setQuantity(next.quantity);
          setProposed([]);
        } else {
          const draft = initialDraft(null, defaults, measured, options);
          setSettings(draft.settings);
          setProposed(draft.proposed);
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        prepareLocalBoardWorker({ warmUpAfterMs: NEXT_WORKER_WARM_UP_MS });
        setAnalysis({
          type: 'failed',
          message: error instanceof Error ? error.message : 'The files could not be read',
        });
      },
    );
  };

  const place = async (order: PendingOrder) => {
    setOrdering({ type: 'placing', step: 'project' });
    try {
      const placed = await orderQuotedBoard(order, (step, progress) =>
        setOrdering({ type: 'placing', step, progress }),
      );
      await clearPendingOrder();
      await client.invalidateQueries({ queryKey: CART_QUERY_KEY });
      if (placed.settingsSaved) {
        showToast('success', `${order.name} is in your cart`);
        navigate(`/product/${placed.productId}`);
      } else {
        showToast('warning', `${order.name} was created: check its board settings to order it`);
        navigate(`/product/${placed.productId}?initTab=Board`);
      }
    } catch (error) {
      setOrdering({
        type: 'failed',
        message: error instanceof ApiError ? failureMessage(error.failure) : 'The order failed',
      });
    }
  };

  // Back from logging in or registering: the order waiting in this browser is placed.
  const resumed = useRef(false);
  const actions = useRef({ analyse, place });
  actions.current = { analyse, place };
  useEffect(() => {
    if (resumed.current || token === null || user.data === undefined) return;
    resumed.current = true;
    void readPendingOrder().then((order) => {
      if (!order) return;
      actions.current.analyse(order.files, {
        settings: order.request.settings,
        quantity: order.request.quantity,
      });
      if (!user.data.isConfirmedEmail) {
        setOrdering({ type: 'needsConfirmation' });
        return;
      }
      void actions.current.place(order);
    });
  }, [token, user.data]);

  const order = async () => {
    if (!request || files.length === 0) return;
    const pending: PendingOrder = { name: boardName(files), files, request };
    if (token !== null && user.data?.isConfirmedEmail) {
      await place(pending);
      return;
    }
    try {
      await savePendingOrder(pending);
    } catch {
      setOrdering({
        type: 'failed',
        message: 'This browser does not keep files for later: log in first, then drop the files',
      });
      return;
    }
    if (token !== null) setOrdering({ type: 'needsConfirmation' });
    else setOrdering({ type: 'asking' });
  };

  const share = async () => {
    if (!request) return;
    const link = quoteUrl(window.location.origin, request);
    setSearchParams({ [QUOTE_PARAM]: link.split(`${QUOTE_PARAM}=`)[1]! }, { replace: true });
    try {
      await navigator.clipboard.writeText(link);
      showToast('success', 'The quote link is copied: it opens these options and this price');
    } catch {
      showToast('info', `The quote link: ${link}`);
    }
  };

  const boardProblems = useMemo(
    () =>
      board
        ? checkProductIssues({
            product: { name: 'quote', partNumber: 'quote' },
            files: [],
            boardFiles: board.boardFiles,
            settings,
            options,
            bom: [],
            placements: [],
          }).filter((issue) => issue.tab === 'Board')
        : [],
    [board, settings, options],
  );

  return (
    <Stack gap="md">
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Card padding="md" component="section" aria-label="Board files">
              <Stack gap="sm">
                <FileDropzone
                  onFiles={(dropped) => dropped.length > 0 && analyse(dropped)}
                  loading={analysis.type === 'working'}
                />
                <BoardArea analysis={analysis} shared={shared !== null && files.length === 0} />
              </Stack>
            </Card>
            {board ? (
              <BoardFacts board={board} problems={boardProblems.map((issue) => issue.text)} />
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <Card padding="lg" component="section" aria-labelledby="quote-price-title">
              <Stack gap="sm">
                <Group justify="space-between" align="flex-end" wrap="wrap">
                  <Title order={2} fz={18} id="quote-price-title">
                    Price
                  </Title>
                  <NumberInput
                    label={settings.panelization ? 'Panels' : 'Boards'}
                    aria-label="Quantity"
                    value={quantity}
                    onChange={(value) => setQuantity(typeof value === 'number' ? value : 0)}
                    min={1}
                    max={100_000}
                    allowDecimal={false}
                    w={120}
                    error={
                      Number.isInteger(quantity) && quantity >= 1 ? undefined : 'At least 1 board'
                    }
                  />
                </Group>
                <LeadTimeSelect
                  options={price.data?.lead_times ?? []}
                  value={leadTime}
                  onChange={setLeadTime}
                />
                <PriceArea
                  price={price}
                  order={currencyOrder}
                  waiting={request === null}
                  stale={stale}
                  hasBoard={board !== null || shared !== null}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <Button
                    variant="default"
                    leftSection={<IconCopy size={16} />}
                    onClick={share}
                    disabled={!request}
                  >
                    Copy quote link
                  </Button>
                  <Button
                    leftSection={<IconShoppingCartPlus size={16} />}
                    onClick={order}
                    disabled={!request || files.length === 0 || analysis.type !== 'ready'}
                    loading={ordering.type === 'placing'}
                  >
                    Order this board
                  </Button>
                </SimpleGrid>
                {files.length === 0 && shared ? (
                  <Text size="xs" c="dimmed">
                    A quote link holds the options, not the files: drop the board's files to order
                    it.
                  </Text>
                ) : null}
                <OrderingState ordering={ordering} />
              </Stack>
            </Card>
            <Card padding="lg" component="section" aria-labelledby="quote-settings-title">
              <Title order={2} fz={18} id="quote-settings-title" mb="md">
                Board options
              </Title>
              <BoardSettingsForm
                settings={settings}
                options={options}
                measured={facts}
                onChange={(next) => {
                  setProposed((current) =>
                    current.filter((field) => next[field] === settings[field]),
                  );
                  setSettings(next);
                  setTouched(true);
                }}
                errors={shownErrors}
                proposed={proposed}
                sizeFrom={board ? sizeFromShape(board.render.boardShape) : null}
                readOnly={false}
                saving={false}
                canSave={false}
                canDiscard={false}
                onSave={() => undefined}
                onReset={() => undefined}
                revealErrors={0}
                hideActions
              />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal
        opened={ordering.type === 'asking'}
        onClose={() => setOrdering({ type: 'idle' })}
        title="Log in to order"
      >
        <Stack gap="md">
          <Text size="sm">
            Your board and its options wait in this browser: once you have logged in or created an
            account, the board is added to a new project and put in your cart with these options.
          </Text>
          <Group grow>
            <Button component={Link} to="/login">
              Log in
            </Button>
            <Button component={Link} to="/register" variant="light">
              Create an account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** What the settings form says the proposed size was measured on. */
function sizeFromShape(shape: LocalBoard['render']['boardShape']): 'outline' | 'layers' | null {
  if (shape === 'outline') return 'outline';
  if (shape === 'copper-extent') return 'layers';
  return null;
}
