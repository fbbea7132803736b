// What the Chromium benchmarks of the board viewer share (board-viewer.ts,
// placements-overlay.ts): the large limesdr-qpcie board uploaded through the API as a user's
// would be, the app server of a checkout with a browser, the login, and the frame times of the
// same gestures (zoom in with the wheel, drag, zoom out).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { Mailbox } from '../e2e/support/mailbox.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const boardDir = path.resolve(
  root,
  process.env.FIXTURES_DIR ?? '../shared/fixtures',
  'gerber-large/limesdr-qpcie',
);
export const EDITOR = { email: 'editor@northwind.example', password: 'circuits-demo' };

/** Ends the process when the board fixture is absent. */
export function requireBoard() {
  if (!existsSync(boardDir)) {
    console.log(`Skipped: the board fixture ${boardDir} is absent (set FIXTURES_DIR)`);
    process.exit(0);
  }
}

export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

export const roundMs = (value: number) => Number(value.toFixed(1));

export async function api(
  baseUrl: string,
  token: string | null,
  url: string,
  init: RequestInit = {},
) {
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

/** The editor's token and a new product holding the board's files. */
export async function createBoardProduct(baseUrl: string, title: string) {
  const login = await api(baseUrl, null, '/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(EDITOR),
  });
  const token = login.token as string;
  const project = new FormData();
  project.append('title', `${title} ${Date.now()}`);
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
  return { token, productId: (created.data as { id: number }).id };
}

type AppServerLike = { baseUrl: string; stop(): Promise<void> };

/**
 * The app of a checkout (this one, or `checkout`: another, built, with its node_modules) with a
 * mail catcher, and Chromium.
 */
export async function startApp(logPrefix: string, checkout = root) {
  const { AppServer } = (await import(path.join(checkout, 'e2e/support/app-server.ts'))) as {
    AppServer: { start(options: Record<string, unknown>): Promise<AppServerLike> };
  };
  const mailbox = new Mailbox();
  await mailbox.start();
  const logDir = await mkdtemp(path.join(tmpdir(), logPrefix));
  const server = await AppServer.start({
    smtpUrl: mailbox.url,
    tokenTtl: '1d',
    logFile: path.join(logDir, 'server.log'),
  });
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  return {
    baseUrl: server.baseUrl,
    browser,
    async stop() {
      await browser.close();
      await server.stop();
      await mailbox.stop();
    },
  };
}

export async function logIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(EDITOR.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(EDITOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/workspace$/);
}

/** Starts taking the time of every frame (and the long tasks) of the page. */
export async function recordFrames(page: Page) {
  await page.evaluate(`(() => {
    const frames = [];
    window.benchFrames = frames;
    window.benchFrameLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.benchFrameLongTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
    const tick = (time) => {
      frames.push(time);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
}

/** The frames taken since recordFrames: each one's end and length, and the long tasks. */
export async function recordedFrames(page: Page) {
  const frames = (await page.evaluate('window.benchFrames')) as number[];
  const longTasks = (await page.evaluate('window.benchFrameLongTasks')) as number[];
  const intervals = frames.slice(1).map((time, index) => ({
    at: time,
    ms: time - (frames[index] as number),
  }));
  return { intervals, longTasks };
}

export const pageNow = async (page: Page) => (await page.evaluate('performance.now()')) as number;

/** The gestures measured, around the viewer's centre: each answers when it ran. */
export async function viewerGestures(page: Page) {
  const box = await page.getByTestId('board-canvas').boundingBox();
  if (!box) throw new Error('the viewer is not on screen');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  const timed = async (gesture: () => Promise<void>): Promise<[number, number]> => {
    const start = await pageNow(page);
    await gesture();
    return [start, await pageNow(page)];
  };
  return {
    zoomIn: () => timed(() => wheel(page, -120)),
    zoomOut: () => timed(() => wheel(page, 120)),
    drag: () =>
      timed(async () => {
        await page.mouse.down();
        for (let step = 0; step < 60; step++) {
          await page.mouse.move(centre.x + step * 6, centre.y + step * 3);
          await page.waitForTimeout(16);
        }
        await page.mouse.up();
      }),
  };
}

async function wheel(page: Page, deltaY: number) {
  for (let step = 0; step < 30; step++) {
    await page.mouse.wheel(0, deltaY);
    await page.waitForTimeout(16);
  }
}
