import type { Locator, Page } from '@playwright/test';
import { apiCreateProduct, apiCreateProject, apiLogIn } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import {
  capture,
  expectBoardClearOfZoomControls,
  expectNoHorizontalOverflow,
  expectUncovered,
  field,
  logIn,
  openUserMenu,
  toast,
} from './support/pages.ts';
import { smallBoard } from './support/small-board.ts';

// The "phone" project (390x844, touch) runs this file: the main journeys on a phone held upright,
// then every page at 360 px. Each capture() also checks that nothing sticks out sideways.

const DEMO_VIEWER = 'viewer@northwind.example';

async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  return menu;
}

/** Follows a link of the menu panel, which closes on the way. */
async function followMenuLink(page: Page, name: string): Promise<void> {
  const menu = await openMenu(page);
  await menu.getByRole('link', { name }).click();
  await expect(menu).toBeHidden();
}

test('a visitor finds the way from the home page on a phone', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Circuits' })).toBeVisible();
  // The header keeps the logo, "Log in" and the menu button; the links wait in the menu.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await capture(page, testInfo, 'phone-home', { fullPage: true });

  const menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Instant quote' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Create account' })).toBeVisible();
  await capture(page, testInfo, 'phone-menu');
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveTitle('About');
  await expect(page.getByRole('heading', { name: 'About Circuits' })).toBeVisible();
  await capture(page, testInfo, 'phone-about', { fullPage: true });

  await followMenuLink(page, 'Create account');
  await expect(page).toHaveTitle('Create account');
  await capture(page, testInfo, 'phone-register', { fullPage: true });
});

test('an editor on a phone: log in, workspace, a board, its Files and Board tabs, cabinet, log out', async ({
  page,
  request,
}, testInfo) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const title = `Handheld ${Date.now()}`;
  const projectId = await apiCreateProject(editor, title);
  // Taller than wide, like the viewer on a phone held upright: fitted, it fills the viewer.
  const productId = await apiCreateProduct(
    editor,
    projectId,
    'Handheld sensor main board, revision C',
    smallBoard('handheld', 40, 58),
  );

  await page.goto('/login');
  await capture(page, testInfo, 'phone-login');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const card = page.getByRole('article', { name: `Project ${title}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: 'New project' })).toBeInViewport();
  await capture(page, testInfo, 'phone-workspace', { fullPage: true });

  // The menu leads to the orders, and back to the workspace.
  await followMenuLink(page, 'Orders');
  await expect(page).toHaveTitle('Orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await capture(page, testInfo, 'phone-orders');
  await followMenuLink(page, 'Workspace');
  await expect(page).toHaveTitle('Workspace');

  // The board's Files tab: the title keeps its width, the tables scroll inside their cards.
  await card.getByRole('link', { name: /Handheld sensor main board/ }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${productId}`));
  await page.getByRole('tab', { name: /Files/ }).click();
  const heading = page.getByRole('heading', { level: 1, name: /Handheld sensor/ });
  expect((await heading.boundingBox())?.width ?? 0).toBeGreaterThan(250);
  const files = page.getByRole('table', { name: 'Product files' });
  await expect(files.getByTestId('product-file-row')).toHaveCount(6);
  const nameHeader = await files.getByRole('columnheader', { name: 'Name' }).boundingBox();
  const typeHeader = await files.getByRole('columnheader', { name: 'Type' }).boundingBox();
  if (!nameHeader || !typeHeader) throw new Error('the table headers are not on screen');
  expect(nameHeader.x + nameHeader.width).toBeLessThanOrEqual(typeHeader.x + 1);
  expect(nameHeader.width).toBeGreaterThan(120);
  await capture(page, testInfo, 'phone-product-files', { fullPage: true });
  // The actions at the end of a row are reached by scrolling the table, not the page.
  const deleteDrill = files.getByRole('button', { name: 'Delete handheld-PTH.drl' });
  await deleteDrill.scrollIntoViewIfNeeded();
  await expect(deleteDrill).toBeInViewport();
  await expectUncovered(deleteDrill, 'the Delete button of the drill file');
  await expectNoHorizontalOverflow(page);

  // The Board tab: the fitted board stays clear of the zoom controls.
  await page.getByRole('tab', { name: 'Board' }).click();
  await expectBoardClearOfZoomControls(page);
  await capture(page, testInfo, 'phone-board', { fullPage: true });
  await page.getByText('Layers', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Show handheld-F_Cu.gbr' })).toBeVisible();
  await capture(page, testInfo, 'phone-board-layers');

  // The report form opens inside the issues panel, leaving the list it sends in view.
  const issues = page.getByRole('region', { name: 'Issues' });
  await issues.getByRole('button', { name: 'Show' }).click();
  await issues.getByRole('button', { name: 'Send report' }).click();
  await expect(issues.getByRole('form', { name: 'Send report' })).toBeVisible();
  await expectUncovered(issues.getByRole('listitem').first(), 'the first issue');
  await capture(page, testInfo, 'phone-send-report');
  await issues.getByRole('button', { name: 'Cancel' }).click();

  // The board on its own page.
  await page.goto(`/board/${productId}`);
  await expectBoardClearOfZoomControls(page);
  await capture(page, testInfo, 'phone-board-view');

  // The account menu stays in reach: the cabinet, then log out.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Company cabinet' }).click();
  await expect(page).toHaveTitle('Company cabinet');
  await expect(page.getByRole('button', { name: 'Add address' })).toBeVisible();
  await capture(page, testInfo, 'phone-cabinet', { fullPage: true });
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a new user registers, picking the country with Enter, and waits for the link', async ({
    page,
  }, testInfo) => {
    await page.goto('/register');
    await field(page, 'First name').fill('Ada');
    await field(page, 'Last name').fill('Lovelace');
    await field(page, 'Work email').fill(`ada.${Date.now()}@engine.example`);
    await field(page, 'Password').fill('analytical-1843');
    await field(page, 'Company name').fill('Difference Engines');
    // Typed in one go and confirmed at once, as a fast typist or a pasted name does.
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.fill('United Kingdom');
    await country.press('Enter');
    await expect(page.getByRole('listbox', { name: 'Country' })).toBeHidden();
    await expect(country).toHaveValue('United Kingdom');
    await expect(page.getByText('Country is required')).toHaveCount(0);
    await capture(page, testInfo, 'phone360-register', { fullPage: true });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/confirmEmail$/);
    await capture(page, testInfo, 'phone360-confirm-email');

    // Asked again at once, the server says to wait: one toast for four taps, then a pause.
    const again = page.getByRole('button', {
      name: /^(Send the link again|Sent\. Again in \d+ s)$/,
    });
    await expect(again).toHaveText('Send the link again');
    // Tapped whatever state it is in, as an impatient user does.
    for (let tap = 0; tap < 4; tap += 1) await again.click({ force: true });
    await expect(again).toHaveText(/^Sent\. Again in \d+ s$/);
    await expect(again).toBeDisabled();
    await expect(toast(page, 'Warning', 'We have just sent you an email')).toHaveCount(1);
    await capture(page, testInfo, 'phone360-confirm-email-resent');
  });

  test('every public page fits', async ({ page }, testInfo) => {
    for (const [path, name] of [
      ['/', 'home'],
      ['/about', 'about'],
      ['/login', 'login'],
      ['/register', 'register'],
      ['/instantQuote', 'instant-quote'],
      ['/no/such/page', 'not-found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await capture(page, testInfo, `phone360-${name}`, { fullPage: true });
    }
  });

  test('every member page fits, from the workspace to the board', async ({
    page,
    request,
  }, testInfo) => {
    const editor = await apiLogIn(request, DEMO_EDITOR);
    const projectId = await apiCreateProject(editor, `Narrow ${Date.now()}`);
    const productId = await apiCreateProduct(
      editor,
      projectId,
      'Narrow board with a name long enough to wrap',
      smallBoard('narrow', 30, 45),
    );

    await page.goto('/login');
    await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/workspace$/);
    await capture(page, testInfo, 'phone360-workspace', { fullPage: true });
    await openUserMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeInViewport();
    await capture(page, testInfo, 'phone360-account-menu');
    await page.keyboard.press('Escape');

    for (const tab of ['Board', 'Files', 'ProductInfo', 'Placement', 'BOM']) {
      await page.goto(`/product/${productId}?initTab=${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      if (tab === 'Board') await expectBoardClearOfZoomControls(page);
      await capture(page, testInfo, `phone360-product-${tab}`, { fullPage: true });
    }
    for (const [path, name] of [
      [`/board/${productId}`, 'board'],
      [`/createOutline/${productId}`, 'create-outline'],
      ['/cabinet', 'cabinet'],
      ['/parts', 'parts'],
      ['/experimental_parts', 'parts-search'],
      ['/packages', 'packages'],
      ['/manufacturers', 'manufacturers'],
      ['/orders', 'orders'],
      ['/adminPanel', 'admin-panel-not-allowed'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      if (path.startsWith('/board/')) await expectBoardClearOfZoomControls(page);
      await capture(page, testInfo, `phone360-${name}`, { fullPage: true });
    }
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();

    // A read-only member's pages too (no upload, no editing controls).
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, DEMO_VIEWER, DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(`/product/${productId}?initTab=Files`);
    await expect(page.getByRole('table', { name: 'Product files' })).toBeVisible();
    await capture(page, testInfo, 'phone360-viewer-files', { fullPage: true });
  });
});
