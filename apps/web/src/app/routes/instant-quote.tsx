import type { BoardSettings, BoardSettingsOptions, InstantQuoteRequest } from '@circuits/contracts';
import {
  BOARD_FILE_TYPE_LABELS,
  type CurrencyCode,
  checkProductIssues,
  currenciesFirst,
  currencyCodeOf,
  formatMoney,
  type ProposedField,
} from '@circuits/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  List,
  Modal,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Table,
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
import { ScrollTable } from '../../components/scroll-table.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { BoardSettingsForm } from '../../features/board/components/board-settings-form.tsx';
import { BoardViewer } from '../../features/board/components/board-viewer.tsx';
import { RenderWarnings } from '../../features/board/components/render-warnings.tsx';
import type { LocalBoard } from '../../features/board/lib/local-board.ts';
import {
  analyseInWorker,
  prepareLocalBoardWorker,
  releaseLocalBoardWorker,
} from '../../features/board/lib/local-board-in-worker.ts';
import { initialDraft, settingsErrors } from '../../features/board/lib/settings-draft.ts';
import type { LocalBoardWorkerProgress } from '../../features/board/worker/local-board-messages.ts';
import { CART_QUERY_KEY } from '../../features/cart/api/cart-api.ts';
import { PriceAmounts } from '../../features/cart/components/price-amounts.tsx';
import { PriceLines } from '../../features/cart/components/price-lines.tsx';
import {
  type OrderStep,
  orderQuotedBoard,
  useInstantPrice,
  useInstantQuoteOptions,
} from '../../features/quote/api/quote-api.ts';
import { LeadTimeSelect } from '../../features/quote/components/lead-time-select.tsx';
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
const VIEWER_HEIGHT = 'clamp(300px, 55vh, 560px)';
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

type Analysis =
  | { type: 'idle' }
  | { type: 'working'; progress: LocalBoardWorkerProgress | null }
  | { type: 'failed'; message: string }
  | { type: 'ready'; board: LocalBoard };

type Ordering =
  | { type: 'idle' }
  | { type: 'asking' }
  | { type: 'placing'; step: OrderStep; progress?: number | undefined }
  | { type: 'needsConfirmation' }
  | { type: 'failed'; message: string };

/** The board's name: the zip's, or the common start of the file names. */
function boardName(files: readonly File[]): string {
  const zip = files.find((file) => file.name.toLowerCase().endsWith('.zip'));
  const name = (zip ?? files[0])?.name.replace(/\.[^.]+$/, '') ?? 'Board';
  return name.trim() || 'Board';
}

function progressText(progress: LocalBoardWorkerProgress | null): string {
  if (!progress) return 'Reading the files…';
  switch (progress.stage) {
    case 'read':
      return `Reading ${progress.files} file${progress.files === 1 ? '' : 's'}…`;
    case 'identify':
      return `Identifying ${progress.files} file${progress.files === 1 ? '' : 's'}…`;
    case 'render':
      return `Drawing ${progress.layers} layer${progress.layers === 1 ? '' : 's'} top and bottom…`;
    case 'done':
      return 'Done';
  }
}

const PROGRESS_VALUE: Record<LocalBoardWorkerProgress['stage'], number> = {
  read: 15,
  identify: 35,
  render: 70,
  done: 100,
};

const ORDER_STEP_TEXT: Record<OrderStep, string> = {
  project: 'Creating the project…',
  upload: 'Uploading the files…',
  settings: 'Saving the board settings…',
  cart: 'Putting the board in the cart…',
};

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

function BoardArea({ analysis, shared }: { analysis: Analysis; shared: boolean }) {
  if (analysis.type === 'working') {
    const stage = analysis.progress?.stage ?? 'read';
    return (
      <Stack gap={4} role="status" aria-label="Reading the board">
        <Text size="sm">{progressText(analysis.progress)}</Text>
        <Progress value={PROGRESS_VALUE[stage]} animated aria-label="Progress" />
      </Stack>
    );
  }
  if (analysis.type === 'failed') {
    return (
      <Alert color="red" title="The files could not be read">
        {analysis.message}
      </Alert>
    );
  }
  if (analysis.type === 'idle') {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        {shared
          ? 'This quote was shared without its files: the options and price are those of the link.'
          : 'No board yet. Drop its files above to see it drawn, measured and priced.'}
      </Text>
    );
  }
  const { board } = analysis;
  if (board.boardFiles.length === 0) {
    return (
      <Alert color="yellow" title="No Gerber or drill files">
        None of the dropped files is a board layer. Drop the Gerber and drill files, or a zip that
        holds them.
      </Alert>
    );
  }
  return (
    <BoardViewer
      render={board.render}
      boardFiles={board.boardFiles}
      placements={[]}
      height={VIEWER_HEIGHT}
    />
  );
}

/** What the settings form says the proposed size was measured on. */
function sizeFromShape(shape: LocalBoard['render']['boardShape']): 'outline' | 'layers' | null {
  if (shape === 'outline') return 'outline';
  if (shape === 'copper-extent') return 'layers';
  return null;
}

function BoardFacts({ board, problems }: { board: LocalBoard; problems: string[] }) {
  const { render } = board;
  const size =
    render.widthMm !== null && render.lengthMm !== null
      ? `${render.widthMm.toFixed(2)} × ${render.lengthMm.toFixed(2)} mm${
          render.boardShape === 'outline'
            ? ', from the outline'
            : render.boardShape === 'copper-extent'
              ? ', from the copper'
              : ''
        }`
      : 'not measured';
  return (
    <Card padding="md" component="section" aria-label="What the files say">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" size="lg" tt="none" data-testid="quote-size">
            Size {size}
          </Badge>
          <Badge variant="light" size="lg" tt="none" data-testid="quote-layers">
            {render.copperLayers} {render.copperLayers === 1 ? 'layer' : 'layers'}
          </Badge>
          <Badge variant="light" color="gray" size="lg" tt="none">
            {board.boardFiles.length} of {board.files.length} files on the board
          </Badge>
        </Group>
        {problems.length > 0 ? (
          <Alert color="yellow" title="Board problems" aria-label="Board problems">
            <List size="sm" type="ordered">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Text size="sm" c="teal.8">
            The issue checker finds no problem with the board.
          </Text>
        )}
        <RenderWarnings warnings={render.warnings} />
        <ScrollTable minWidth={420} verticalSpacing={4} fz="sm" aria-label="Identified files">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Recognised as</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {board.files.map((file) => (
              <Table.Tr key={file.name}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{file.name}</Table.Td>
                <Table.Td>
                  {file.fileType ? (
                    `${BOARD_FILE_TYPE_LABELS[file.fileType]}${file.layerNumber ? ` (layer ${file.layerNumber})` : ''}${file.guessed ? ' (guessed)' : ''}`
                  ) : (
                    <Text span size="sm" c="dimmed">
                      not on the board
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text span size="xs" c="dimmed">
                    {file.reason}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      </Stack>
    </Card>
  );
}

function PriceArea({
  price,
  waiting,
  stale,
  hasBoard,
  order,
}: {
  price: ReturnType<typeof useInstantPrice>;
  waiting: boolean;
  stale: boolean;
  hasBoard: boolean;
  /** The company's currency first for a member; USD first for a visitor. */
  order: readonly CurrencyCode[];
}) {
  if (waiting) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {hasBoard
          ? 'Complete the board options marked in red to see the price.'
          : 'Drop the board files, or fill in the size and layers, to see the price.'}
      </Text>
    );
  }
  if (price.isError) {
    return (
      <Alert color="red" title="No price">
        {price.error instanceof ApiError
          ? failureMessage(price.error.failure)
          : 'The price could not be loaded'}
      </Alert>
    );
  }
  if (!price.data) return <LoadingBlock label="Pricing…" />;
  const { quote } = price.data;
  return (
    <Stack gap="xs" aria-busy={stale || price.isFetching} style={{ opacity: stale ? 0.6 : 1 }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {quote.quantity} {quote.unit_name}
            {quote.quantity === 1 ? '' : 's'}, {quote.lead_time.label.toLowerCase()} (
            {quote.lead_time.workingDays} working days)
          </Text>
          <Text size="sm" c="dimmed">
            {formatMoney(quote.per_one[order[0]!], order[0]!)} per {quote.unit_name}
          </Text>
        </Stack>
        <PriceAmounts amounts={quote.total} order={[...order]} label="Quote total" size="lg" />
      </Group>
      <PriceLines lines={quote.lines} order={[...order]} />
      <Text size="xs" c="dimmed">
        Price book version {quote.book_version}; taxes are added in the cart by your company's
        country.
      </Text>
    </Stack>
  );
}

function OrderingState({ ordering }: { ordering: Ordering }) {
  switch (ordering.type) {
    case 'placing':
      return (
        <Stack gap={4} role="status">
          <Text size="sm">{ORDER_STEP_TEXT[ordering.step]}</Text>
          {ordering.step === 'upload' && ordering.progress !== undefined ? (
            <Progress value={ordering.progress * 100} aria-label="Upload progress" />
          ) : null}
        </Stack>
      );
    case 'needsConfirmation':
      return (
        <Alert color="blue" title="Confirm your email to order">
          Your board waits in this browser. Open the link we emailed you; the board is then put in
          your cart. <Link to="/confirmEmail">Confirm the email</Link>
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" title="Not ordered">
          {ordering.message}
        </Alert>
      );
    default:
      return null;
  }
}
