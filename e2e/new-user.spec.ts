import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { apiCreateProduct, apiCreateProject, apiLogIn } from './support/api.ts';
import { boardFiles, missingBoardReason } from './support/board-fixtures.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, logIn, toast } from './support/pages.ts';
import { refreshReadmeImage } from './support/readme-images.ts';

// What a new user meets: the demo board in the seeded workspace, an upload that says per file
// what it was, refusals that name the file and the reason, a board that cannot be drawn saying
// why, and a settings save refused with the field to fix brought into view.

const BOARD = 'arduino-uno';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** Screenshots at the desktop size and at phone size, the page left at the desktop size. */
async function captureBoth(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await capture(page, testInfo, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await capture(page, testInfo, `${name}-390`, { fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test('the demo workspace opens on a rendered sample board', async ({ page }, testInfo) => {
  await page.goto('/login');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);
  const card = page.getByRole('article', { name: 'Project Sensor node' });
  await expect(card).toBeVisible();
  await expect(page.getByText('No projects yet')).toHaveCount(0);
  await captureBoth(page, testInfo, 'demo-workspace');

  await card.getByRole('link', { name: /Sensor node main board/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sensor node main board' }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Board', selected: true })).toBeVisible();
  await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  // Rendered when it was seeded, with the settings saved then (a gold finish).
  await expect(page.getByTestId('render-source')).toHaveText('From the render cache');
  await expect(page.getByTestId('render-size')).toHaveText('60.00 × 40.00 mm, from the outline');
  await expect(page.getByText('2 copper layers')).toBeVisible();
  await expect(page.getByText('How the board is made and delivered.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Board settings' });
  await expect(form.getByRole('combobox', { name: 'Finishing' })).toHaveValue('ENIG');
  await expect(form.getByRole('textbox', { name: 'Width', exact: true })).toHaveValue('2.362');
  await refreshReadmeImage(page, 'product-board', page.getByRole('tablist'));
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureBoth(page, testInfo, 'demo-board');

  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(
    page.getByRole('table', { name: 'Product files' }).getByTestId('product-file-row'),
  ).toHaveCount(12);
  await capture(page, testInfo, 'demo-files-1366', { fullPage: true });
});

test('an upload says per file what it was; refusals name the file; an invalid field off-screen is shown', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const missing = missingBoardReason(BOARD);
  if (missing) console.log(`Skipped: ${missing}`);
  test.skip(missing !== null, missing ?? '');

  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Uploads ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Uno rework');
  await page.goto(`/product/${productId}?initTab=Files`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page.getByRole('tab', { name: 'Files', selected: true })).toBeVisible();
  const dropzone = page.locator('.mantine-Dropzone-root input[type=file]');

  // Empty files and damaged archives: refused by name, nothing of the upload kept.
  await dropzone.setInputFiles([
    { name: 'arduino-uno.cmp', mimeType: 'text/plain', buffer: boardFiles(BOARD)[0]!.content },
    { name: 'paste.gtp', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    { name: 'gerbers.zip', mimeType: 'application/zip', buffer: randomBytes(400) },
  ]);
  const refusal = page.getByRole('alert', { name: 'Files not added' });
  await expect(refusal.getByRole('listitem')).toHaveText([
    'paste.gtp was not added: it is empty (0 bytes)',
    'gerbers.zip was not added: it is not a zip archive (a damaged download?)',
  ]);
  await expect(refusal).toContainText('Nothing of this upload was kept');
  await expect(toast(page, 'Error', 'Files not added')).toBeVisible();
  await expect(page.getByText('No files yet')).toBeVisible();
  await captureBoth(page, testInfo, 'upload-refused');

  // A mix of a real board, notes, a picture and bytes that mean nothing.
  const summary =
    '10 files added: 6 Gerber layers, 1 drill file, 2 other files, not for the board: notes.txt, photo.png, 1 not recognised: capture.bin';
  await dropzone.setInputFiles([
    ...boardFiles(BOARD).map((file) => ({
      name: file.name,
      mimeType: 'application/octet-stream',
      buffer: file.content,
    })),
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Black mask, please.\n') },
    {
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    },
    { name: 'capture.bin', mimeType: 'application/octet-stream', buffer: randomBytes(256) },
  ]);
  await expect(toast(page, 'Success', summary)).toBeVisible();
  const outcome = page.getByRole('alert', { name: summary });
  await expect(outcome).toBeVisible();
  await expect(outcome.getByRole('listitem').filter({ hasText: 'arduino-uno.cmp' })).toHaveText(
    'arduino-uno.cmp — Gerber: Top copper',
  );
  await expect(outcome.getByRole('listitem').filter({ hasText: 'arduino-uno.drd' })).toHaveText(
    'arduino-uno.drd — Plated drill',
  );
  await expect(outcome.getByRole('listitem').filter({ hasText: 'photo.png' })).toHaveText(
    'photo.png — Other: not used for the board',
  );
  await expect(outcome.getByRole('listitem').filter({ hasText: 'capture.bin' })).toHaveText(
    'capture.bin — Not recognised: choose its type',
  );
  // A picture is never offered for the board.
  await expect(page.getByRole('button', { name: 'Add photo.png to the board' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add capture.bin to the board' })).toHaveCount(0);
  await captureBoth(page, testInfo, 'upload-summary');

  // The size and layer count of the files are the settings until the user saves them.
  await page.getByRole('tab', { name: 'Board' }).click();
  await expect(
    page.getByText('Size and layer count taken from the files; check and save.'),
  ).toBeVisible();
  const issues = page.getByRole('region', { name: 'Issues' });
  await issues.getByRole('button', { name: 'Show' }).click();
  await expect(issues.getByText('Board sizes should be selected')).toHaveCount(0);
  await expect(issues.getByText('Number of layers should be selected')).toHaveCount(0);

  // A negative minimum hole size, then Save at the foot of the form: the field is out of view.
  const form = page.getByRole('form', { name: 'Board settings' });
  const hole = form.getByRole('textbox', { name: 'Min hole size' });
  await hole.fill('-0.2');
  const save = form.getByRole('button', { name: 'Save settings' });
  await save.scrollIntoViewIfNeeded();
  await expect(hole).not.toBeInViewport();
  await save.click();
  await expect(
    toast(page, 'Error', 'Board settings not saved\nMin hole size should be greater than 0 mm'),
  ).toBeVisible();
  await expect(hole).toBeFocused();
  await expect(hole).toBeInViewport();
  await expect(form.getByText('Min hole size should be greater than 0 mm')).toBeVisible();
  await capture(page, testInfo, 'settings-refused-1366');
  await page.setViewportSize(PHONE);
  await save.scrollIntoViewIfNeeded();
  await save.click();
  await expect(hole).toBeFocused();
  await expect(hole).toBeInViewport();
  await capture(page, testInfo, 'settings-refused-390');
  await page.setViewportSize(DESKTOP);

  await hole.fill('0.2');
  await save.click();
  await expect(toast(page, 'Success', 'Board settings saved')).toBeVisible();
  await expect(page.getByText('How the board is made and delivered.')).toBeVisible();
});

test('a board whose files draw nothing says why where the board would be', async ({
  page,
  request,
}, testInfo) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Blank ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Blank board', [
    {
      name: 'blank-F_Cu.gbr',
      content: Buffer.from('G04 exported without its copper*\n%FSLAX46Y46*%\n%MOMM*%\nM02*\n'),
    },
  ]);
  await page.goto(`/product/${productId}`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page.getByText('The board cannot be drawn')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Why nothing is drawn' })).toHaveText(
    'blank-F_Cu.gbr: holds nothing to draw',
  );
  await expect(page.getByTestId('board-canvas')).toHaveCount(0);
  await expect(page.getByText(/copper layer/)).toHaveCount(0);
  await captureBoth(page, testInfo, 'board-blank');
});
