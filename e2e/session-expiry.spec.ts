import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { LOGGED_OUT_TOAST, logIn, openUserMenu, toast } from './support/pages.ts';

// A server whose sessions end after three idle seconds.
test.use({ tokenTtl: '3s' });

test('a session that expires while in use logs the user out with a message', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByText('Northwind Electronics').first()).toBeVisible();

  // Idle past the token lifetime, then carry on working.
  await page.waitForTimeout(4_000);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Company cabinet' }).click();

  await expect(toast(page, 'Error', LOGGED_OUT_TOAST)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in to Circuits' })).toBeVisible();
  // Only one toast, although several requests failed together.
  await expect(toast(page, 'Error', LOGGED_OUT_TOAST)).toHaveCount(1);

  // Logging in again returns to the page the user was opening.
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/cabinet$/);
});

test('an expired session ends on a page whose requests show no errors (the orders list)', async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);
  await page.waitForTimeout(4_000);
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();

  await expect(toast(page, 'Error', LOGGED_OUT_TOAST)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
