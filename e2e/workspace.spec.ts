import type { Locator, Page } from '@playwright/test';
import { apiCreateProduct, apiCreateProject, apiLogIn } from './support/api.ts';
import { boardFiles, expectedLayers, missingBoardReason } from './support/board-fixtures.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, field, logIn, toast } from './support/pages.ts';
import { zip } from './support/zip.ts';

const DEMO_VIEWER = 'viewer@northwind.example';
const DEMO_ADMIN = 'admin@circuits.example';
const BOARD = 'arduino-uno';

/**
 * The board layer a file of the given identity (SOURCE.md "type" and "side") is put on, as the
 * Files tab names it. A drill file that does not say it is non-plated is a plated drill.
 */
const LAYER_BY_IDENTITY: Record<string, string> = {
  'copper/top': 'Top copper',
  'copper/bottom': 'Bottom copper',
  'copper/inner': 'Internal layer',
  'soldermask/top': 'Top solder mask',
  'soldermask/bottom': 'Bottom solder mask',
  'silkscreen/top': 'Top silkscreen',
  'silkscreen/bottom': 'Bottom silkscreen',
  'solderpaste/top': 'Top paste',
  'solderpaste/bottom': 'Bottom paste',
  'outline/all': 'Outline',
  'drill/all': 'Plated drill',
};

function fileRow(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Product files' })
    .getByTestId('product-file-row')
    .filter({ has: page.getByText(name, { exact: true }) });
}

function boardFileRow(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Board files' })
    .getByTestId('board-file-row')
    .filter({ has: page.getByText(name, { exact: true }) });
}

test('an editor creates a project and a board from a zip, types and deletes files', async ({
  page,
}, testInfo) => {
  const missing = missingBoardReason(BOARD);
  if (missing) console.log(`Skipped: ${missing}`);
  test.skip(missing !== null, missing ?? '');
  const expected = expectedLayers(BOARD);
  const archive = zip(boardFiles(BOARD));

  await page.goto('/login');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);

  // A project marked blue.
  const title = `Uno clone ${Date.now()}`;
  await page.getByRole('button', { name: 'New project' }).first().click();
  const projectDialog = page.getByRole('dialog', { name: 'New project' });
  await projectDialog.getByRole('button', { name: 'Create project' }).click();
  await expect(projectDialog.getByText('Title is required')).toBeVisible();
  await field(projectDialog, 'Title').fill(title);
  await field(projectDialog, 'Description').fill('Arduino Uno reference design, rev 3');
  // The palette is a radio group: arrow keys move along it.
  await projectDialog.getByRole('radio', { name: 'Green' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(projectDialog.getByRole('radio', { name: 'Blue' })).toBeChecked();
  await capture(page, testInfo, 'workspace-new-project-dialog');
  await projectDialog.getByRole('button', { name: 'Create project' }).click();
  await expect(projectDialog).toBeHidden();
  await expect(toast(page, 'Success', `Project "${title}" created`)).toBeVisible();
  const card = page.getByRole('article', { name: `Project ${title}` });
  await expect(card).toBeVisible();
  await expect(card).toHaveCSS('border-top-color', 'rgb(74, 178, 227)');

  // A product made from the zipped board.
  await card.getByRole('button', { name: 'New product' }).click();
  const productDialog = page.getByRole('dialog', { name: 'New product' });
  await field(productDialog, 'Name').fill('Uno main board');
  await field(productDialog, 'Part number').fill('UNO-R3');
  await productDialog.locator('.mantine-Dropzone-root input[type=file]').setInputFiles({
    name: `${BOARD}.zip`,
    mimeType: 'application/zip',
    buffer: archive,
  });
  await expect(productDialog.getByRole('list', { name: 'Files to upload' })).toContainText(
    `${BOARD}.zip`,
  );
  await expect(productDialog.getByRole('checkbox', { name: 'Unzip archives' })).toBeChecked();
  await expect(productDialog.getByRole('checkbox', { name: 'Detect types' })).toBeChecked();
  await capture(page, testInfo, 'workspace-new-product-dialog');
  // A slow line, so the progress of the upload can be seen.
  const network = await page.context().newCDPSession(page);
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 100 * 1024,
  });
  await productDialog.getByRole('button', { name: 'Create product' }).click();
  await expect(
    productDialog.getByRole('progressbar', { name: 'Uploading progress' }),
  ).toBeVisible();
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(page).toHaveURL(/\/product\/\d+\?initTab=Files$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uno main board' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Files', selected: true })).toBeVisible();

  // Every file of the board is a Gerber file on the layer SOURCE.md gives it.
  const rows = page.getByRole('table', { name: 'Product files' }).getByTestId('product-file-row');
  await expect(rows).toHaveCount(expected.length);
  for (const layer of expected) {
    const label = LAYER_BY_IDENTITY[`${layer.type}/${layer.side}`];
    expect(label, `a layer name for ${layer.type}/${layer.side}`).toBeDefined();
    const row = fileRow(page, layer.file);
    await expect(row.getByRole('combobox', { name: `Type of ${layer.file}` })).toHaveValue(
      'Gerber',
    );
    await expect(row.getByTestId('board-layer'), layer.file).toHaveText(label ?? '');
    await expect(
      boardFileRow(page, layer.file).getByRole('combobox', { name: `Layer type of ${layer.file}` }),
    ).toHaveValue(label ?? '');
  }
  await capture(page, testInfo, 'product-files-arduino', { fullPage: true });

  // Change a type: the outline file is milled, so it is the routing layer.
  await boardFileRow(page, `${BOARD}.gko`)
    .getByRole('combobox', { name: `Layer type of ${BOARD}.gko` })
    .click();
  await page.getByRole('option', { name: 'Routing', exact: true }).click();
  await expect(fileRow(page, `${BOARD}.gko`).getByTestId('board-layer')).toHaveText('Routing');

  // Delete a file, after confirming.
  await fileRow(page, `${BOARD}.sts`)
    .getByRole('button', { name: `Delete ${BOARD}.sts` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete file' });
  await expect(confirm).toContainText('from the board');
  await confirm.getByRole('button', { name: 'Delete file' }).click();
  await expect(toast(page, 'Success', `${BOARD}.sts deleted`)).toBeVisible();
  await expect(fileRow(page, `${BOARD}.sts`)).toHaveCount(0);

  // What the server keeps is what the page showed.
  await page.reload();
  await expect(rows).toHaveCount(expected.length - 1);
  await expect(fileRow(page, `${BOARD}.sts`)).toHaveCount(0);
  await expect(boardFileRow(page, `${BOARD}.sts`)).toHaveCount(0);
  await expect(fileRow(page, `${BOARD}.gko`).getByTestId('board-layer')).toHaveText('Routing');
  await expect(fileRow(page, `${BOARD}.cmp`).getByTestId('board-layer')).toHaveText('Top copper');

  // Each tab of the product.
  for (const tab of ['Board', 'Product info', 'Placement', 'BOM']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await capture(page, testInfo, `product-tab-${tab.toLowerCase().replace(' ', '-')}`);
  }
  await expect(page).toHaveURL(/initTab=BOM$/);

  // Back in the workspace, the board is listed in its project.
  await page.getByRole('link', { name: 'Workspace' }).first().click();
  await expect(card.getByRole('link', { name: /Uno main board/ })).toBeVisible();
  await capture(page, testInfo, 'workspace-with-projects');
});

test('product info needs a name and keeps what is saved', async ({ page, request }) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Info project ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Sensor node');

  await page.goto(`/product/${productId}?initTab=ProductInfo`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/product/${productId}\\?initTab=ProductInfo$`));
  const info = page.getByRole('region', { name: 'Product info' });
  await field(info, 'Name').fill('');
  await info.getByRole('button', { name: 'Save product info' }).click();
  await expect(info.getByText('Name is required')).toBeVisible();

  await field(info, 'Name').fill('Sensor node rev B');
  await field(info, 'Job').fill('J-2231');
  // The ERP records are the fab's own bookkeeping: staff keep them, customers do not see them.
  await expect(info.getByRole('button', { name: 'Add record' })).toHaveCount(0);
  await info.getByRole('button', { name: 'Save product info' }).click();
  await expect(toast(page, 'Success', 'Product information saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sensor node rev B' })).toBeVisible();
  await expect(field(info, 'Job')).toHaveValue('J-2231');
});

test('a read-only member sees projects and files without ways to change them', async ({
  page,
  request,
}, testInfo) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const title = `Shared project ${Date.now()}`;
  const projectId = await apiCreateProject(editor, title);
  const productId = await apiCreateProduct(editor, projectId, 'Viewer board', [
    { name: 'notes.txt', content: Buffer.from('Read me first\n') },
  ]);

  await page.goto('/login');
  await logIn(page, DEMO_VIEWER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);
  const card = page.getByRole('article', { name: `Project ${title}` });
  await expect(card.getByRole('link', { name: /Viewer board/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /New project|New product/ })).toHaveCount(0);
  await expect(card.getByRole('button')).toHaveCount(0);

  await card.getByRole('link', { name: /Viewer board/ }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${productId}`));
  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(fileRow(page, 'notes.txt')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upload files' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete |to the board$/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^Type of / })).toHaveCount(0);
  await expect(
    fileRow(page, 'notes.txt').getByRole('link', { name: 'Download notes.txt' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Duplicate|Move/ })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Visible' })).toHaveCount(0);
  await capture(page, testInfo, 'product-files-read-only');

  await page.getByRole('tab', { name: 'Product info' }).click();
  await expect(field(page, 'Name')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Save product info' })).toHaveCount(0);
});

test('an upload the server refuses says "Files not added" and why', async ({ page, request }) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Refusal project ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Refused board');

  await page.goto(`/product/${productId}?initTab=Files`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page.getByRole('region', { name: 'Upload files' })).toBeVisible();
  // An archive whose entry would land outside the product's folder ("zip slip").
  const unsafe = zip([{ name: '../../outside.gbr', content: Buffer.from('G04 escape*\nM02*\n') }]);
  await page.locator('.mantine-Dropzone-root input[type=file]').setInputFiles({
    name: 'unsafe.zip',
    mimeType: 'application/zip',
    buffer: unsafe,
  });
  const refusal = toast(page, 'Error', 'Files not added');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(/unsafe\.zip|outside/);
  await expect(page.getByRole('table', { name: 'Product files' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No files yet')).toBeVisible();
});

test('an admin fixes a company and finds it fixed after a reload', async ({ page }, testInfo) => {
  await page.goto('/login');
  await logIn(page, DEMO_ADMIN, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);
  const picker = page.getByRole('combobox', { name: 'Company' });
  await expect(picker).toHaveValue('All companies');

  const filtered = page.waitForRequest((request) =>
    /\/api\/projects\?companyId=\d+$/.test(request.url()),
  );
  await picker.click();
  await page.getByRole('option', { name: 'Northwind Electronics' }).click();
  await filtered;
  await expect(page.getByText('Projects and boards of Northwind Electronics')).toBeVisible();

  const afterReload = page.waitForRequest((request) =>
    /\/api\/projects\?companyId=\d+$/.test(request.url()),
  );
  await page.reload();
  await afterReload;
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(
    'Northwind Electronics',
  );
  await expect(page.getByText('Projects and boards of Northwind Electronics')).toBeVisible();

  // The company of the admins has no projects: the empty workspace offers to create one there.
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Circuits', exact: true }).click();
  await expect(page.getByText('Circuits has no projects yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create a project' })).toBeVisible();
  await capture(page, testInfo, 'workspace-empty');
});
