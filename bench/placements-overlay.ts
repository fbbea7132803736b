// Benchmark: the placements overlay with 20,000 parts on the large limesdr-qpcie board, in real
// Chromium against the real server. A generated pick-and-place file (KiCad CSV, 20,000 parts on
// the top side, a grid over the board) is uploaded and saved through the Placement API
// (place/fromFile); /board/{id} is opened with the Placements switch on, and the frame times are
// taken while the user zooms with the wheel, drags the board and zooms back out, as in
// board-viewer.ts. The target: frames under 20 ms at the 95th percentile.
// Run: npm run build && npm run placements-overlay -w bench; `-- --against DIR` measures another
// checkout (built, with its node_modules) first, in the same run; `-- --baseline` also writes
// baselines/placements-overlay.json. Needs the shared fixtures (FIXTURES_DIR) and /usr/bin/chromium.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import {
  api,
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

const PARTS = Number(process.env.PLACEMENTS ?? 20_000);
const { values: options } = parseArgs({
  options: { against: { type: 'string' }, baseline: { type: 'boolean' } },
});

requireBoard();

/** A KiCad CSV position file: `count` parts in a grid over the board (80 × 100 mm). */
function placementFile(count: number): string {
  const columns = Math.ceil(Math.sqrt(count * 0.8));
  const rows = Math.ceil(count / columns);
  const lines = ['Ref,Val,Package,PosX,PosY,Rot,Side'];
  for (let index = 0; index < count; index++) {
    const x = 5 + ((index % columns) * 80) / columns;
    const y = 5 + (Math.floor(index / columns) * 100) / rows;
    const angle = (index % 4) * 90;
    lines.push(`R${index + 1},10k,R_0402_1005Metric,${x.toFixed(4)},${y.toFixed(4)},${angle},top`);
  }
  return `${lines.join('\n')}\n`;
}

/** The board's files and the generated placements, saved through the API as a user would. */
async function createBoard(baseUrl: string) {
  const { token, productId } = await createBoardProduct(baseUrl, 'Overlay bench');
  const upload = new FormData();
  upload.append('files[]', new Blob([placementFile(PARTS)]), 'bench-top-pos.csv');
  const added = await api(baseUrl, token, `/api/products/${productId}/addFiles`, {
    method: 'POST',
    body: upload,
  });
  const fileId = (added.addedFileIds as number[])[0];
  await api(baseUrl, token, `/api/products/${productId}/updateFiles`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ files: [{ id: fileId, type_id: 5 }] }),
  });
  const saveStart = performance.now();
  const saved = await api(baseUrl, token, `/api/products/${productId}/place/fromFile`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ file_id: fileId, data: {} }),
  });
  const saveMs = performance.now() - saveStart;
  return { productId, saved: (saved.data as unknown[]).length, saveMs };
}

/** The frame times of zooming, dragging and zooming out over the parts, and of the rest. */
async function measureMoves(page: Page) {
  await recordFrames(page);
  const gestures = await viewerGestures(page);
  // Moves only: the frames while the picture moves (each gesture's rest is measured apart).
  const moving: [number, number][] = [];
  moving.push(await gestures.zoomIn());
  const restStart = await pageNow(page);
  await page.waitForTimeout(1000);
  const restEnd = await pageNow(page);
  moving.push(await gestures.drag());
  await page.waitForTimeout(600);
  moving.push(await gestures.zoomOut());
  await page.waitForTimeout(600);
  const { intervals, longTasks } = await recordedFrames(page);
  const during = intervals.filter(({ at }) => moving.some(([from, to]) => at >= from && at <= to));
  const sorted = during.map(({ ms }) => ms).sort((a, b) => a - b);
  const restFrames = intervals
    .filter(({ at }) => at >= restStart && at <= restEnd)
    .map(({ ms }) => ms);
  return {
    framesWhileMoving: sorted.length,
    frameP50Ms: ms(percentile(sorted, 0.5)),
    frameP95Ms: ms(percentile(sorted, 0.95)),
    frameMaxMs: ms(sorted.at(-1) ?? 0),
    framesOver50Ms: sorted.filter((interval) => interval > 50).length,
    // The longest frame while the picture rests on a close-up (its parts drawn sharp).
    restRedrawFrameMs: ms(Math.max(0, ...restFrames)),
    longTasksMs: longTasks,
  };
}

/** The whole measurement on the app of a checkout. */
async function measure(checkout?: string) {
  const app = await startApp('bench-overlay-', checkout);
  try {
    const { productId, saved, saveMs } = await createBoard(app.baseUrl);
    const page = await app.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await logIn(page, app.baseUrl);
    await page.goto(`${app.baseUrl}/board/${productId}`);
    await page.locator('[data-testid=board-canvas][data-ready]').waitFor({ timeout: 180_000 });
    const overlay = page.getByTestId('placements-overlay');
    await overlay.waitFor({ state: 'attached' });
    const partsOnSide = Number(await overlay.getAttribute('data-parts'));
    // Let the first sharp drawing of the parts (at rest) finish before measuring the moves.
    await page.waitForTimeout(1500);
    return {
      placements: saved,
      placeFromFileMs: Math.round(saveMs),
      partsOnSide,
      ...(await measureMoves(page)),
    };
  } finally {
    await app.stop();
  }
}

const commitOf = (dir: string) =>
  execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir }).toString().trim();
const against = options.against ? path.resolve(options.against) : undefined;
// The other checkout first, then this one: both on the machine as it is during this run.
const before = against ? await measure(against) : undefined;
const now = await measure();
const results = {
  board: 'limesdr-qpcie',
  ...(before && against
    ? { before: { checkout: against, commit: safeCommit(against), ...before } }
    : {}),
  now: { commit: safeCommit(path.resolve(import.meta.dirname, '..')), ...now },
};
console.log(JSON.stringify(results, null, 2));
if (options.baseline) {
  writeFileSync(
    path.join(import.meta.dirname, 'baselines', 'placements-overlay.json'),
    `${JSON.stringify(
      {
        measured: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((value) => value.toFixed(2))
          .join(
            ' ',
          )} at the end, Chromium (software raster, --disable-gpu), Node ${process.versions.node}`,
        command: `npm run build && npm run placements-overlay -w bench${against ? ' -- --against <checkout before>' : ''}`,
        board:
          'limesdr-qpcie with 20,000 generated placements (KiCad CSV, all on top, a grid over 80 x 100 mm), /board/{id} at 1366x768',
        target: 'frames under 20 ms at the 95th percentile while zooming and dragging (issue 14)',
        results,
      },
      null,
      2,
    )}\n`,
  );
}

function safeCommit(dir: string): string | null {
  try {
    return commitOf(dir);
  } catch {
    return null;
  }
}
