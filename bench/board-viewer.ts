// Benchmark: the board viewer on a large board (limesdr-qpcie, 24 files, 20 MB of Gerber) in
// real Chromium against the real server: how long the Board tab takes to show the render, and
// the frame times while the user zooms with the wheel and drags the board.
// Run: npm run build && npm run board-viewer -w bench (prints the numbers; compare with
// baselines/board-viewer.json). Needs the shared fixtures (FIXTURES_DIR) and /usr/bin/chromium.
import {
  createBoardProduct,
  logIn,
  roundMs as ms,
  pageNow,
  percentile,
  recordedFrames,
  recordFrames,
  requireBoard,
  startApp,
  viewerGestures,
} from './viewer-session.ts';

requireBoard();
const app = await startApp('bench-viewer-');
try {
  const { productId } = await createBoardProduct(app.baseUrl, 'Viewer bench');
  const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
  await logIn(page, app.baseUrl);

  // Long tasks of the main thread while the Board tab loads (drawing the picture into its bitmap).
  await page.addInitScript(`(() => {
    window.benchLongTasks = [];
    window.benchLongTaskSpans = [];
    window.benchReadyAt = 0;
    window.benchPictures = {};
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.benchLongTasks.push(entry.duration);
        window.benchLongTaskSpans.push([Math.round(entry.startTime), Math.round(entry.duration)]);
      }
    }).observe({ type: 'longtask', buffered: true });
    new MutationObserver(() => {
      if (!window.benchReadyAt && document.querySelector('[data-testid=board-canvas][data-ready]')) {
        window.benchReadyAt = Math.round(performance.now());
      }
      const picture = document.querySelector('[data-testid=board-canvas][data-picture]');
      const kind = picture && picture.getAttribute('data-picture');
      if (kind && !window.benchPictures[kind]) {
        window.benchPictures[kind] = Math.round(performance.now());
      }
    }).observe(document, { subtree: true, attributes: true, childList: true });
  })()`);
  const opened = performance.now();
  await page.goto(`${app.baseUrl}/product/${productId}?initTab=Board`);
  // The viewer marks itself ready once the picture is drawn.
  await page.locator('[data-testid=board-canvas][data-ready]').waitFor({ timeout: 180_000 });
  const renderShownMs = performance.now() - opened;
  // A large board shows its server-made preview first: the gestures wait for the SVG's picture.
  await page.locator('[data-testid=board-canvas][data-picture=svg]').waitFor({ timeout: 180_000 });
  const source = await page.getByTestId('render-source').textContent();
  const loadTasks = (await page.evaluate('window.benchLongTasks')) as number[];
  // Where the time went, from the page's navigation: the calls and downloads the Board tab made.
  type Request = {
    what: string;
    startMs: number;
    firstByteMs: number;
    endMs: number;
    bytes: number;
  };
  const requests = (await page.evaluate(`performance.getEntriesByType('resource')
    .filter((entry) => /\\/api\\/|\\/storage\\//.test(entry.name))
    .map((entry) => ({
      what: new URL(entry.name).pathname.replace(/\\/storage\\/.*/, '/storage/…'),
      startMs: Math.round(entry.startTime),
      firstByteMs: Math.round(entry.responseStart),
      endMs: Math.round(entry.responseEnd),
      bytes: entry.decodedBodySize,
    }))`)) as Request[];
  const readyAtMs = (await page.evaluate('window.benchReadyAt')) as number;
  const pictures = (await page.evaluate('window.benchPictures')) as {
    preview?: number;
    svg?: number;
  };
  const loadTaskSpans = (await page.evaluate('window.benchLongTaskSpans')) as number[][];

  // Frame times while zooming in around a point, dragging the board and zooming back out.
  await recordFrames(page);
  const gestures = await viewerGestures(page);
  await gestures.zoomIn();
  // A rest on the close-up: the part on screen is drawn sharp from the SVG.
  const restStart = await pageNow(page);
  await page.waitForTimeout(1000);
  const restEnd = await pageNow(page);
  await gestures.drag();
  await gestures.zoomOut();
  const recorded = (await recordedFrames(page)).intervals;
  const intervals = recorded.map(({ ms }) => ms);
  // The longest frame while resting on the close-up: the cost of drawing its detail.
  const restFrames = recorded
    .filter(({ at }) => at >= restStart && at <= restEnd + 500)
    .map(({ ms }) => ms);
  const sorted = [...intervals].sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        board: 'limesdr-qpcie',
        renderShownMs: Math.round(renderShownMs),
        renderFrom: source,
        loadLongestTaskMs: Math.round(Math.max(0, ...loadTasks)),
        frames: intervals.length,
        frameP50Ms: ms(percentile(sorted, 0.5)),
        frameP95Ms: ms(percentile(sorted, 0.95)),
        frameMaxMs: ms(sorted.at(-1) ?? 0),
        framesOver50Ms: intervals.filter((interval) => interval > 50).length,
        closeUpDetailFrameMs: ms(Math.max(0, ...restFrames)),
        // From the page's navigation start: when the picture was drawn, the main thread's long
        // tasks until then ([start, duration]) and the calls and downloads of the page.
        renderShownInPageMs: readyAtMs,
        // When the preview (large boards) and the picture drawn from the SVG first showed.
        previewShownInPageMs: pictures.preview ?? null,
        svgShownInPageMs: pictures.svg ?? null,
        loadLongTasks: loadTaskSpans.filter(([start]) => (start ?? 0) < readyAtMs),
        loadRequests: requests,
      },
      null,
      2,
    ),
  );
} finally {
  await app.stop();
}
