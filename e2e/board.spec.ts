import type { Locator, Page } from '@playwright/test';
import { apiCreateProduct, apiCreateProject, apiLogIn } from './support/api.ts';
import { boardFiles, missingBoardReason } from './support/board-fixtures.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, logIn, toast } from './support/pages.ts';
import { colorShares, over, rgb } from './support/pixels.ts';
import { smallBoard } from './support/small-board.ts';

const BOARD = 'esp32-poe-rev-m';
const DEMO_VIEWER = 'viewer@northwind.example';

// SPEC §3 and §9 colours as the viewer draws them: the 75 % green mask over the bare board, and
// exposed copper in the colour of its finish.
const BOARD_COLOR = rgb('#666666');
const MASK_OVER_BOARD = over(rgb('#004200'), 0xbf / 255, BOARD_COLOR);
const SILVER = rgb('#c0c0c0');
const GOLD = rgb('#d4af37');

function settingsForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Board settings' });
}

function canvas(page: Page): Locator {
  return page.getByTestId('board-canvas');
}

/** Waits until the viewer shows the latest render, drawn. */
async function renderShown(page: Page): Promise<void> {
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByText('Updating the render…')).toHaveCount(0, { timeout: 60_000 });
  // Sampled from the top of the page, where the viewer is wholly on screen.
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the board tab proposes the size, checks the settings and renders the board', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const missing = missingBoardReason(BOARD);
  if (missing) console.log(`Skipped: ${missing}`);
  test.skip(missing !== null, missing ?? '');

  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `PoE gateway ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'ESP32 PoE', boardFiles(BOARD));

  await page.goto(`/product/${productId}`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/product/${productId}$`));
  await expect(page).toHaveTitle(`Product: ${productId}`);
  await expect(page.getByRole('tab', { name: 'Board', selected: true })).toBeVisible();

  // The analysis of the Gerber files proposes 28 × 80 mm (in inches, the default unit) and the
  // four copper layers.
  const form = settingsForm(page);
  await expect(form.getByRole('textbox', { name: 'Width', exact: true })).toHaveValue('1.102');
  await expect(form.getByRole('textbox', { name: 'Length', exact: true })).toHaveValue('3.15');
  await expect(form.getByRole('combobox', { name: 'Number of layers' })).toHaveValue('4');
  // The size comes from the board outline, the layer count from the files.
  await expect(form.getByText('From the outline')).toHaveCount(2);
  await expect(form.getByText('From files')).toHaveCount(1);

  // Switching to millimetres converts the lengths, to 0.01 mm.
  await form.getByText('Metric (mm)').click();
  await expect(form.getByRole('textbox', { name: 'Width', exact: true })).toHaveValue('27.99');
  await form.getByText('Imperial (in)').click();
  // Straight back, nothing changed: the inches as they were.
  await expect(form.getByRole('textbox', { name: 'Width', exact: true })).toHaveValue('1.102');

  // A panel of no boards across is refused with the SPEC message.
  await form.getByRole('switch', { name: 'Deliver in panels' }).check();
  await form.getByRole('textbox', { name: 'Boards across (X)' }).fill('0');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('Panelization sizes should be selected')).toBeVisible();
  const refused = toast(page, 'Error', 'Board settings not saved');
  await expect(refused).toContainText('Panelization sizes should be selected');
  await capture(page, testInfo, 'board-settings-invalid-panel');
  // Dismissed, so it does not lie over the board measured below.
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refused).toBeHidden();

  // A valid panel of 3 × 2 boards: 3.3 × 6.3 in, big enough to be V-scored.
  await form.getByRole('textbox', { name: 'Boards across (X)' }).fill('3');
  await form.getByRole('textbox', { name: 'Boards down (Y)' }).fill('2');
  await form.getByRole('button', { name: 'Save settings' }).click();
  const saved = toast(page, 'Success', 'Board settings saved');
  await expect(saved).toBeVisible();
  // Dismissed, so the next save's toast is the only one.
  await saved.getByRole('button', { name: 'Dismiss' }).click();
  await expect(saved).toBeHidden();

  // The render: top, then bottom, each the green mask over the board with silver pads (HASL).
  await renderShown(page);
  await expect(page.getByTestId('render-size')).toHaveText('28.00 × 80.00 mm, from the outline');
  await capture(page, testInfo, 'board-tab-top');
  const top = await colorShares(page, canvas(page), {
    mask: MASK_OVER_BOARD,
    silver: SILVER,
    gold: GOLD,
  });
  expect(top.mask, 'green mask over the board on top').toBeGreaterThan(0.01);
  expect(top.silver, 'silver pads on top').toBeGreaterThan(0.001);
  expect(top.gold).toBeLessThan(0.0002);

  await page.getByRole('radiogroup', { name: 'Board side' }).getByText('Bottom').click();
  await renderShown(page);
  const bottom = await colorShares(page, canvas(page), { mask: MASK_OVER_BOARD });
  expect(bottom.mask, 'green mask over the board on the bottom').toBeGreaterThan(0.01);
  await capture(page, testInfo, 'board-tab-bottom');
  await page.getByRole('radiogroup', { name: 'Board side' }).getByText('Top').click();

  // ENIG: the exposed copper turns gold.
  await choose(page, form, 'Finishing', 'ENIG');
  await renderShown(page);
  // The new picture is drawn as soon as it is decoded: look until it is there.
  await expect
    .poll(async () => (await colorShares(page, canvas(page), { gold: GOLD })).gold, {
      message: 'gold pads with ENIG',
      timeout: 20_000,
    })
    .toBeGreaterThan(0.001);
  const enig = await colorShares(page, canvas(page), { silver: SILVER });
  expect(enig.silver).toBeLessThan(top.silver / 4);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(saved).toBeVisible();
  await capture(page, testInfo, 'board-tab-enig');

  // What was saved is what the page shows after a reload, from the render cache.
  await page.reload();
  await expect(form.getByRole('combobox', { name: 'Finishing' })).toHaveValue('ENIG');
  await expect(form.getByRole('textbox', { name: 'Boards across (X)' })).toHaveValue('3');
  await renderShown(page);
  await expect(page.getByTestId('render-source')).toHaveText('From the render cache');
});

test('a board without files gets an outline, its issues and the report by email', async ({
  page,
  request,
  mailbox,
}, testInfo) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Outline project ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Bare panel');

  await page.goto(`/product/${productId}?initTab=Board`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  const view = page.getByRole('region', { name: 'Board view' });
  await expect(view.getByText('There are no files attached to the board')).toBeVisible();
  await capture(page, testInfo, 'board-tab-empty');
  await view.getByRole('link', { name: 'Create outline' }).click();

  await expect(page).toHaveURL(new RegExp(`/createOutline/${productId}$`));
  await expect(page).toHaveTitle(`Create outline: ${productId}`);
  const outline = page.getByRole('form', { name: 'Create outline' });
  await outline.getByRole('button', { name: 'Create outline' }).click();
  await expect(outline.getByText('Width must be a number')).toBeVisible();
  await outline.getByText('Metric (mm)').click();
  await outline.getByRole('textbox', { name: 'Width' }).fill('50');
  await outline.getByRole('textbox', { name: 'Length' }).fill('30');
  await outline.getByRole('textbox', { name: /Corner radius/ }).fill('3');
  await expect(page.getByRole('img', { name: 'Outline 50 by 30 mm' })).toBeVisible();
  await capture(page, testInfo, 'create-outline');
  await outline.getByRole('button', { name: 'Create outline' }).click();

  // Back on the Board tab, the outline is drawn; a board of only its outline is not cached.
  await expect(page).toHaveURL(new RegExp(`/product/${productId}\\?initTab=Board$`));
  await expect(toast(page, 'Success', /added to the board/)).toBeVisible();
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('render-size')).toHaveText('50.00 × 30.00 mm, from the outline');
  await expect(page.getByTestId('render-source')).toHaveText('Rendered in your browser');

  // A second outline is not drawn over the first: the page says how to replace it.
  await page.goto(`/createOutline/${productId}`);
  await expect(page.getByText(/The board already has an outline file/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create outline' })).toHaveCount(0);
  await page.goto(`/product/${productId}?initTab=Board`);

  // The issue checker, numbered per tab, and its report by email.
  const issues = page.getByRole('region', { name: 'Issues' });
  await issues.getByRole('button', { name: 'Show' }).click();
  const board = issues.getByRole('group', { name: 'Board issues' });
  await expect(board.getByRole('listitem').first()).toHaveText('Drills should be selected');
  await expect(board).toContainText('No top-side board files');
  await expect(issues.getByRole('group', { name: 'BOM issues' })).toContainText(
    'No BOM information',
  );
  await capture(page, testInfo, 'product-issues');
  await issues.getByRole('button', { name: 'Send report' }).click();
  const report = page.getByRole('form', { name: 'Send report' });
  await report.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
  await report.getByRole('button', { name: 'Send' }).click();
  await expect(report.getByText('Enter a valid email address')).toBeVisible();
  // Only to members of the company (or oneself): not to an address of another company.
  await report.getByRole('textbox', { name: 'Email' }).fill('buyer@globex.example');
  await report.getByRole('button', { name: 'Send' }).click();
  await expect(
    toast(
      page,
      'Error',
      "The report can be sent only to your own address or to the confirmed address of a member of the product's company",
    ),
  ).toBeVisible();
  await report.getByRole('textbox', { name: 'Email' }).fill('viewer@northwind.example');
  await report.getByRole('button', { name: 'Send' }).click();
  await expect(
    toast(page, 'Success', 'The report was sent to viewer@northwind.example'),
  ).toBeVisible();
  const mail = await mailbox.waitForMail('viewer@northwind.example');
  expect(mail.text).toContain('Drills should be selected');

  // The board on its own page.
  await page.goto(`/board/${productId}`);
  await expect(page).toHaveTitle(`Board test: ${productId}`);
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await capture(page, testInfo, 'board-view');
});

test('a size below what the files measure is refused with both values, and the price says why', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Measured board ${Date.now()}`);
  const productId = await apiCreateProduct(
    editor,
    projectId,
    'Measured board',
    smallBoard('measured', 100, 80),
  );

  await page.goto(`/product/${productId}?initTab=Board`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  const form = settingsForm(page);
  await expect(form.getByText('From the outline')).toHaveCount(2);
  await expect(form.getByText('From files')).toHaveCount(1);
  await form.getByText('Metric (mm)').click();
  const width = form.getByRole('textbox', { name: 'Width', exact: true });
  await width.fill('10');
  await expect(
    form.getByText('Width 10 mm is less than the 100 mm the board files measure'),
  ).toBeVisible();
  await capture(page, testInfo, 'measured-size-refused-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await width.scrollIntoViewIfNeeded();
  await capture(page, testInfo, 'measured-size-refused-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  // Within half a millimetre of the measure is taken, and priced at the measure, saying so.
  await width.fill('99.6');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Success', 'Board settings saved')).toBeVisible();
  await expect(form.getByRole('note')).toHaveText(
    'The price uses the size the board files measure, 100 × 80 mm, which is more than entered.',
  );
  await page.goto(`/product/${productId}`);
  // The length is the 80 mm proposed as 3.15 in, which is 80.01 mm in millimetres.
  const card = page.getByRole('region', { name: 'Order this board' });
  const lines = card.getByRole('button', { name: /How the price is made/ });
  await expect(lines).toBeVisible();
  if ((await lines.getAttribute('aria-expanded')) !== 'true') await lines.click();
  await expect(
    card.getByRole('cell', {
      name: '2 layers, 100 × 80 mm (80 cm²); board measured from the files at 100 × 80 mm (99.6 × 80.01 mm entered)',
    }),
  ).toBeVisible();
  await capture(page, testInfo, 'measured-size-price-lines');
});

test('a read-only member sees the board settings without ways to change them', async ({
  page,
  request,
}) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Read-only board ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Shared board');

  await page.goto(`/product/${productId}?initTab=Board`);
  await logIn(page, DEMO_VIEWER, DEMO_PASSWORD);
  const form = settingsForm(page);
  await expect(form.getByRole('combobox', { name: 'Finishing' })).toBeDisabled();
  await expect(form.getByRole('textbox', { name: 'Width', exact: true })).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create outline' })).toHaveCount(0);
  await page.goto(`/createOutline/${productId}`);
  await expect(
    page.getByText('Only editors of the company can add files to this board.'),
  ).toBeVisible();
});

/** Millionths of a millimetre, as the 4.6 coordinate format writes them. */
const at = (x: number, y: number) => `X${Math.round(x * 1e6)}Y${Math.round(y * 1e6)}`;
const HOLES = [
  [10, 10],
  [50, 10],
  [50, 30],
  [10, 30],
  [30, 20],
] as const;
const DRILL = [
  'M48',
  'METRIC',
  'T1C1.000',
  '%',
  'G90',
  'T1',
  ...HOLES.map(([x, y]) => `X${x}.0Y${y}.0`),
  'M30',
  '',
].join('\n');
const COPPER = [
  '%FSLAX46Y46*%',
  '%MOMM*%',
  '%ADD10C,2*%',
  'D10*',
  ...HOLES.map(([x, y]) => `${at(x, y)}D03*`),
  '%ADD11C,0.5*%',
  'D11*',
  `${at(10, 10)}D02*`,
  `${at(50, 10)}D01*`,
  `${at(50, 30)}D01*`,
  'M02*',
  '',
].join('\n');
const OUTLINE = [
  '%FSLAX46Y46*%',
  '%MOMM*%',
  '%ADD10C,0.1*%',
  'D10*',
  `${at(0, 0)}D02*`,
  `${at(60, 0)}D01*`,
  `${at(60, 40)}D01*`,
  `${at(0, 40)}D01*`,
  `${at(0, 0)}D01*`,
  'M02*',
  '',
].join('\n');
const file = (name: string, text: string) => ({ name, content: Buffer.from(text) });

test('a board missing its drill file says so, and a drill-only upload draws its holes', async ({
  page,
  request,
}, testInfo) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Partial boards ${Date.now()}`);
  const noDrill = await apiCreateProduct(editor, projectId, 'No drill file', [
    file('partial-F_Cu.gbr', COPPER),
    file('partial-Edge_Cuts.gbr', OUTLINE),
  ]);
  const holesOnly = await apiCreateProduct(editor, projectId, 'Holes only', [
    file('partial.drl', DRILL),
  ]);

  await page.goto(`/product/${noDrill}?initTab=Board`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await renderShown(page);
  const notices = page.getByTestId('board-notices');
  await expect(notices).toHaveText('No drill file: holes are not shown');
  await expect(page.getByTestId('render-size')).toHaveText('60.00 × 40.00 mm, from the outline');
  await capture(page, testInfo, 'board-without-drill-file', { fullPage: true });

  await page.goto(`/product/${holesOnly}?initTab=Board`);
  await renderShown(page);
  // The five holes, drawn light on the viewer's dark background: not a picture of nothing.
  const shares = await colorShares(page, canvas(page), { hole: rgb('#cccccc') });
  expect(shares.hole).toBeGreaterThan(0.001);
  await expect(notices).toContainText('No board outline and no copper: the board size is unknown');
  await capture(page, testInfo, 'board-holes-only', { fullPage: true });
});

test('a large board shows a preview of its top at once, then its drawing, then the forms', async ({
  page,
  request,
}) => {
  // 25,600 pads: more than a megabyte of SVG for the top, which the server keeps a bitmap of.
  const pads = ['%FSLAX26Y26*%', '%MOMM*%', '%ADD10C,0.300*%', 'D10*'];
  for (let x = 0; x < 160; x++) {
    for (let y = 0; y < 160; y++) pads.push(`X${x * 500000}Y${y * 500000}D03*`);
  }
  pads.push('M02*', '');
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Large boards ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Many pads', [
    file('pads-F_Cu.gbr', pads.join('\n')),
  ]);

  // What the viewer shows, in order, as the page loads.
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { picturesShown: string[] }).picturesShown = shown;
    new MutationObserver(() => {
      const picture = document
        .querySelector('[data-testid=board-canvas]')
        ?.getAttribute('data-picture');
      if (picture && shown.at(-1) !== picture) shown.push(picture);
    }).observe(document, { subtree: true, attributes: true, childList: true });
  });
  await page.goto(`/product/${productId}?initTab=Board`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(canvas(page)).toHaveAttribute('data-picture', 'svg', { timeout: 60_000 });
  expect(
    await page.evaluate(() => (window as unknown as { picturesShown: string[] }).picturesShown),
  ).toEqual(['preview', 'svg']);
  await expect(page.getByTestId('render-size')).toHaveText('79.80 × 79.80 mm, from the copper');
  await expect(settingsForm(page)).toBeVisible();
});
