import { apiCreateProduct, apiCreateProject, apiLogIn } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import {
  capture,
  expectBoardClearOfZoomControls,
  expectUncovered,
  logIn,
  openUserMenu,
  toast,
} from './support/pages.ts';
import { smallBoard } from './support/small-board.ts';

// What a new user met at 1366x768: the admin panel open to everyone, toasts over table actions,
// the zoom controls over the fitted board. (phone.spec.ts covers the same at phone size.)

const DEMO_VIEWER = 'viewer@northwind.example';
const DEMO_ADMIN = 'admin@circuits.example';

test('the admin panel is for administrators and moderators only', async ({ page }, testInfo) => {
  await page.goto('/adminPanel');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, DEMO_VIEWER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/adminPanel$/);
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(
    page.getByText(/This page is for administrators and moderators of Circuits/),
  ).toBeVisible();
  await capture(page, testInfo, 'admin-panel-not-allowed');
  await page.getByRole('link', { name: 'Open the workspace' }).click();
  await expect(page).toHaveURL(/\/workspace$/);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Admin panel' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, DEMO_ADMIN, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Admin panel' }).click();
  await expect(page).toHaveURL(/\/adminPanel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toHaveCount(0);
});

test('toasts and the zoom controls leave the actions and the board free', async ({
  page,
  request,
}, testInfo) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Wide board ${Date.now()}`);
  // Wider than tall, like the viewer beside the settings: fitted, it fills the viewer.
  const productId = await apiCreateProduct(
    editor,
    projectId,
    'Wide sensor strip',
    smallBoard('strip', 80, 42),
  );

  await page.goto(`/product/${productId}?initTab=Files`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  const files = page.getByRole('table', { name: 'Product files' });
  await expect(files.getByTestId('product-file-row')).toHaveCount(6);
  await page.getByRole('switch', { name: 'Visible' }).click();
  const hidden = toast(page, 'Success', 'is hidden in the workspace');
  await expect(hidden).toBeVisible();
  // SPEC §9: 100 px from the bottom edge, at the left, away from the row actions on the right.
  const box = await hidden.boundingBox();
  expect(768 - ((box?.y ?? 0) + (box?.height ?? 0))).toBeCloseTo(100, -1);
  for (const row of await files.getByTestId('product-file-row').all()) {
    const remove = row.getByRole('button', { name: /^Delete / });
    if (await remove.isVisible()) await expectUncovered(remove, 'a Delete button');
  }
  await capture(page, testInfo, 'toast-beside-the-table');
  await page.getByRole('switch', { name: 'Visible' }).click();

  await page.getByRole('tab', { name: 'Board' }).click();
  await expectBoardClearOfZoomControls(page);
  await capture(page, testInfo, 'board-fitted-clear-of-controls');
});
