// Benchmark: from "Create product" to the board drawn, as a user uploads a board in real
// Chromium against the real server: the a64-olinuxino files (15 files, 6.7 MB) chosen in the New
// product dialog, the product created (the server stores, recognises and renders the board), then
// the Board tab opened at once; timed from the click on "Create product" until the picture shows.
// Run: npm run build && npm run board-upload -w bench [-- --runs N] (prints the numbers; compare
// with baselines/board-upload.json). Needs the shared fixtures (FIXTURES_DIR) and /usr/bin/chromium.
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
  'gerber-large/a64-olinuxino',
);
const EDITOR = { email: 'editor@northwind.example', password: 'circuits-demo' };
const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;

if (!existsSync(boardDir)) {
  console.log(`Skipped: the board fixture ${boardDir} is absent (set FIXTURES_DIR)`);
  process.exit(0);
}

const files = readdirSync(boardDir)
  .filter((name) => name !== 'SOURCE.md')
  .map((name) => ({
    name,
    mimeType: 'application/octet-stream',
    buffer: readFileSync(path.join(boardDir, name)),
  }));

const mailbox = new Mailbox();
await mailbox.start();
const logDir = await mkdtemp(path.join(tmpdir(), 'bench-upload-'));
const server = await AppServer.start({
  smtpUrl: mailbox.url,
  tokenTtl: '1d',
  logFile: path.join(logDir, 'server.log'),
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const results: {
  createdMs: number;
  renderShownMs: number;
  source: string | null;
  requests: [string, number, number][];
}[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(EDITOR.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(EDITOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/workspace$/);

  for (let run = 0; run < runs; run++) {
    await page.goto(`${server.baseUrl}/workspace`);
    await page.getByRole('button', { name: 'New product' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`A64 upload ${run + 1}`);
    await dialog.locator('.mantine-Dropzone-root input[type=file]').setInputFiles(files);
    await dialog.getByRole('list', { name: 'Files to upload' }).getByText(files[0]!.name).waitFor();

    const clickedInPage = (await page.evaluate('performance.now()')) as number;
    const clicked = performance.now();
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(/\/product\/\d+/, { timeout: 120_000 });
    const createdMs = performance.now() - clicked;
    // The user goes to the board at once.
    await page.getByRole('tab', { name: 'Board' }).click();
    await page.locator('[data-testid=board-canvas][data-ready]').waitFor({ timeout: 120_000 });
    const renderShownMs = performance.now() - clicked;
    const source = await page.getByTestId('render-source').textContent();
    // The calls and downloads from the click on, in ms after it.
    const requests = (await page.evaluate(`performance.getEntriesByType('resource')
      .filter((entry) => entry.startTime >= ${clickedInPage})
      .filter((entry) => /\\/api\\/|\\/storage\\//.test(entry.name))
      .map((entry) => [
        new URL(entry.name).pathname.replace(/\\/storage\\/.*/, '/storage/…'),
        Math.round(entry.startTime - ${clickedInPage}),
        Math.round(entry.responseEnd - ${clickedInPage}),
      ])`)) as [string, number, number][];
    results.push({
      createdMs: Math.round(createdMs),
      renderShownMs: Math.round(renderShownMs),
      source,
      requests,
    });
  }
  const sorted = results.map((result) => result.renderShownMs).sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        board: 'a64-olinuxino (15 files, 6.7 MB)',
        runs: results,
        medianRenderShownMs: sorted[sorted.length >> 1],
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
