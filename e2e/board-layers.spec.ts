import type { Locator, Page, TestInfo } from '@playwright/test';
import { apiCreateProduct, apiCreateProject, apiLogIn } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, logIn } from './support/pages.ts';

// Layers as customers' CAD tools send them: files no name, attribute or header identifies are
// drawn as the layer they most likely are, marked guessed and confirmed in one click; hairlines
// (a 1 µm outline, a 0.0001″ silkscreen line) stay at least one device pixel wide in every view.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

const HEAD = ['%FSLAX26Y26*%', '%MOMM*%'];
const at = (x: number, y: number) => `X${Math.round(x * 1e6)}Y${Math.round(y * 1e6)}`;
const gerber = (lines: readonly string[]) => [...HEAD, ...lines, 'M02*', ''].join('\n');
const file = (name: string, text: string) => ({ name, content: Buffer.from(text) });

/** The board's outline, 60 × 40 mm, drawn with an aperture of `widthMm`. */
function outline(widthMm: number): string {
  return gerber([
    `%ADD10C,${widthMm}*%`,
    'D10*',
    `${at(0, 0)}D02*`,
    `${at(60, 0)}D01*`,
    `${at(60, 40)}D01*`,
    `${at(0, 40)}D01*`,
    `${at(0, 0)}D01*`,
  ]);
}

/** Copper: two pairs of pads joined by tracks, along the bottom of the board. */
const COPPER = gerber([
  '%ADD10C,0.25*%',
  '%ADD11C,1.6*%',
  'D11*',
  ...[
    [5, 3],
    [20, 3],
    [5, 8],
    [20, 8],
  ].map(([x, y]) => `${at(x as number, y as number)}D03*`),
  'D10*',
  `${at(5, 3)}D02*`,
  `${at(20, 3)}D01*`,
  `${at(5, 8)}D02*`,
  `${at(20, 8)}D01*`,
]);

/** Thin strokes without pads, as lettering is: the silkscreen. */
const LETTERING = gerber([
  '%ADD12C,0.15*%',
  'D12*',
  ...Array.from({ length: 30 }, (_, index) => `${at(5 + index, 31)}D02*\n${at(5 + index, 33)}D01*`),
]);

/** A silkscreen line across the middle of the board, 0.0001″ wide (as Allegro draws). */
const HAIRLINE_SILK = gerber([
  '%ADD10C,0.00254*%',
  'D10*',
  `${at(5, 20)}D02*`,
  `${at(55, 20)}D01*`,
]);

function canvas(page: Page): Locator {
  return page.getByTestId('board-canvas');
}

async function renderShown(page: Page): Promise<void> {
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByText('Updating the render…')).toHaveCount(0, { timeout: 60_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Screenshots at the desktop size and at phone size, the page left at the desktop size. */
async function captureBoth(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page
    .getByRole('region', { name: 'Board view' })
    .evaluate((board) => board.scrollIntoView());
  await capture(page, testInfo, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await capture(page, testInfo, `${name}-390`, { fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/**
 * How much of a white line crosses each column of the middle of the viewer, in device pixels:
 * per column, the rows of the middle band summed by how far each is from the column's usual
 * colour towards white. A line at least one device pixel wide sums to about 1 or more, however
 * it falls across the pixel rows; a line drawn a hundredth of a pixel wide, to almost nothing.
 * Answers the smallest and the middle value over the columns.
 */
async function whiteLineWidth(page: Page): Promise<{ least: number; median: number }> {
  const png = await canvas(page).screenshot();
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const drawn = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = drawn.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const light = (x: number, y: number) => {
      const index = (y * width + x) * 4;
      return ((data[index] ?? 0) + (data[index + 1] ?? 0) + (data[index + 2] ?? 0)) / 3;
    };
    const top = Math.round(height * 0.35);
    const bottom = Math.round(height * 0.65);
    const widths: number[] = [];
    for (let x = Math.round(width * 0.35); x < Math.round(width * 0.65); x++) {
      const column: number[] = [];
      for (let y = top; y < bottom; y++) column.push(light(x, y));
      const usual = [...column].sort((a, b) => a - b)[column.length >> 1] ?? 0;
      widths.push(
        column.reduce((sum, value) => sum + Math.max(0, (value - usual) / (255 - usual)), 0),
      );
    }
    widths.sort((a, b) => a - b);
    return { least: widths[0] ?? 0, median: widths[widths.length >> 1] ?? 0 };
  }, png.toString('base64'));
}

/** Waits until the white line across the viewer is at least one device pixel wide. */
async function expectHairlineShown(page: Page, view: string): Promise<void> {
  await expect
    .poll(async () => (await whiteLineWidth(page)).median, {
      message: `the hairline in the ${view}, in device pixels`,
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(0.9);
  expect(
    (await whiteLineWidth(page)).least,
    `the hairline's thinnest column in the ${view}`,
  ).toBeGreaterThanOrEqual(0.6);
}

test('files nothing names are drawn as their likely layers, marked guessed, confirmed in one click', async ({
  page,
  request,
}, testInfo) => {
  // A CAM tool's export: no extensions, no attributes, nothing in the headers.
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `CAM exports ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Unnamed layers', [
    file('job1', COPPER),
    file('job2', outline(0.1)),
    file('job3', LETTERING),
  ]);

  await page.goto(`/product/${productId}?initTab=Board`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await renderShown(page);
  const guessed = page.getByTestId('guessed-layers');
  await expect(guessed).toContainText('3 layers are guessed');
  await expect(guessed).toContainText('job1 drawn as Top copper');
  await expect(guessed).toContainText('job2 drawn as Outline');
  await expect(guessed).toContainText('job3 drawn as Top silkscreen');
  // Drawn in the guessed outline's shape, though nothing is measured until a type is chosen.
  await expect(page.getByTestId('render-size')).toHaveText(
    '60.00 × 40.00 mm, from the guessed outline',
  );
  await captureBoth(page, testInfo, 'board-guessed-layers');

  // The Layers view lists each on its own, marked.
  await page.getByText('Layers', { exact: true }).click();
  const list = page.getByLabel('Layers shown');
  await expect(list.getByTestId('guessed-badge')).toHaveCount(3);
  await capture(page, testInfo, 'board-guessed-layers-list');

  // One click confirms the copper, as drawn; the other two remain guesses.
  await list.getByRole('button', { name: 'Confirm job1 as Top copper' }).click();
  await expect(guessed).toContainText('2 layers are guessed');
  await expect(list.getByTestId('guessed-badge')).toHaveCount(2);
  await renderShown(page);

  // Confirming the outline too: the board is measured on it.
  await guessed.getByRole('button', { name: 'Confirm job2 as Outline' }).click();
  await expect(guessed).toContainText('A layer is guessed');
  await renderShown(page);
  await expect(page.getByTestId('render-size')).toHaveText('60.00 × 40.00 mm, from the outline', {
    timeout: 30_000,
  });
  await guessed.getByRole('button', { name: 'Confirm job3 as Top silkscreen' }).click();
  await expect(guessed).toHaveCount(0);
  await captureBoth(page, testInfo, 'board-guesses-confirmed');
});

test('hairlines are drawn at least one device pixel wide in every view', async ({
  page,
  request,
}, testInfo) => {
  // LibrePCB draws the outline 1 µm wide; Allegro draws silkscreen 0.0001″ wide.
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Hairlines ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Hairlines', [
    file('hairline-F_Cu.gbr', COPPER),
    file('hairline-Edge_Cuts.gbr', outline(0.001)),
    file('hairline-F_SilkS.gbr', HAIRLINE_SILK),
  ]);

  await page.goto(`/product/${productId}?initTab=Board`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await renderShown(page);
  await expect(page.getByTestId('render-size')).toHaveText('60.00 × 40.00 mm, from the outline');

  await expectHairlineShown(page, 'top as made');
  await canvas(page).getByRole('button', { name: 'Zoom in' }).click();
  await expectHairlineShown(page, 'close-up');
  await canvas(page).getByRole('button', { name: 'Fit the board' }).click();

  await page.getByText('Layers', { exact: true }).click();
  await page.getByLabel('Layers shown').getByLabel('Show hairline-F_Cu.gbr').uncheck();
  await expectHairlineShown(page, 'layers view');
  await capture(page, testInfo, 'board-hairlines-layers');
});
