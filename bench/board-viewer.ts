// Benchmark: the board viewer on a large board (limesdr-qpcie, 24 files, 20 MB of Gerber) in
// real Chromium against the real server: how long the Board tab takes to show the render, and
// the frame times while the user zooms with the wheel and drags the board.
// Run: npm run build && npm run board-viewer -w bench (prints the numbers; compare with
// baselines/board-viewer.json). Needs the shared fixtures (FIXTURES_DIR) and /usr/bin/chromium.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { AppServer } from '../e2e/support/app-server.ts';
import { Mailbox } from '../e2e/support/mailbox.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const boardDir = path.resolve(
  root,
  process.env.FIXTURES_DIR ?? '../shared/fixtures',
  'gerber-large/limesdr-qpcie',
);
const EDITOR = { email: 'editor@northwind.example', password: 'circuits-demo' };

if (!existsSync(boardDir)) {
  console.log(`Skipped: the board fixture ${boardDir} is absent (set FIXTURES_DIR)`);
  process.exit(0);
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function api(baseUrl: string, token: string | null, url: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${url}`, {
    ...init,
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A product holding the board's files, made through the API as a user's upload would be. */
async function createBoard(baseUrl: string): Promise<number> {
  const login = await api(baseUrl, null, '/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(EDITOR),
  });
  const token = login.token as string;
  const project = new FormData();
  project.append('title', `Viewer bench ${Date.now()}`);
  const projectId = (
    (await api(baseUrl, token, '/api/projects/add', { method: 'POST', body: project })).data as {
      id: number;
    }
  ).id;
  const product = new FormData();
  product.append('name', 'LimeSDR QPCIe');
  for (const name of readdirSync(boardDir).filter((file) => file !== 'SOURCE.md')) {
    product.append('files[]', new Blob([readFileSync(path.join(boardDir, name))]), name);
  }
  const created = await api(baseUrl, token, `/api/projects/${projectId}/products/add`, {
    method: 'POST',
    body: product,
  });
  return (created.data as { id: number }).id;
}

const mailbox = new Mailbox();
await mailbox.start();
const logDir = await mkdtemp(path.join(tmpdir(), 'bench-viewer-'));
const server = await AppServer.start({
  smtpUrl: mailbox.url,
  tokenTtl: '1d',
  logFile: path.join(logDir, 'server.log'),
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const productId = await createBoard(server.baseUrl);
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(EDITOR.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(EDITOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/workspace$/);

  // Long tasks of the main thread while the Board tab loads (drawing the picture into its bitmap).
  await page.addInitScript(`(() => {
    window.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  })()`);
  const opened = performance.now();
  await page.goto(`${server.baseUrl}/product/${productId}?initTab=Board`);
  // The viewer marks itself ready once the picture is drawn.
  await page.locator('[data-testid=board-canvas][data-ready]').waitFor({ timeout: 180_000 });
  const renderShownMs = performance.now() - opened;
  const source = await page.getByTestId('render-source').textContent();
  const loadTasks = (await page.evaluate('window.benchLongTasks')) as number[];

  // Frame times while zooming in around a point, dragging the board and zooming back out.
  await page.evaluate(`(() => {
    const frames = [];
    window.benchFrames = frames;
    const tick = (time) => {
      frames.push(time);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const box = await page.getByTestId('board-canvas').boundingBox();
  if (!box) throw new Error('the viewer is not on screen');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  for (let step = 0; step < 30; step++) {
    await page.mouse.wheel(0, -120);
    await page.waitForTimeout(16);
  }
  // A rest on the close-up: the part on screen is drawn sharp from the SVG.
  const restStart = (await page.evaluate('performance.now()')) as number;
  await page.waitForTimeout(1000);
  const restEnd = (await page.evaluate('performance.now()')) as number;
  await page.mouse.down();
  for (let step = 0; step < 60; step++) {
    await page.mouse.move(centre.x + step * 6, centre.y + step * 3);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  for (let step = 0; step < 30; step++) {
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(16);
  }
  const frames = (await page.evaluate('window.benchFrames')) as number[];
  const intervals = frames.slice(1).map((time, index) => time - (frames[index] as number));
  // The longest frame while resting on the close-up: the cost of drawing its detail.
  const restFrames = frames
    .slice(1)
    .flatMap((time, index) =>
      time >= restStart && time <= restEnd + 500 ? [time - (frames[index] as number)] : [],
    );
  const sorted = [...intervals].sort((a, b) => a - b);
  const ms = (value: number) => Number(value.toFixed(1));
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
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.stop();
  await mailbox.stop();
}
