import { apiLogIn, apiRegister } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { LOGGED_OUT_TOAST, logIn, openUserMenu, toast } from './support/pages.ts';

const ADMIN = 'admin@circuits.example';

test.describe('idle sessions', () => {
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
});

test('a user disabled while working is logged out on their next click, even on the orders list', async ({
  page,
  request,
}) => {
  const email = `orders-disabled-${Date.now()}@example.com`;
  const password = 'long-enough-password-7';
  await apiRegister(request, { name: 'Olga', lastname: 'Orders', email, password });
  const admin = await apiLogIn(request, ADMIN);
  const headers = { Authorization: `Bearer ${admin.token}`, Accept: 'application/json' };
  const found = await request.get(`/api/admin/users?search=${encodeURIComponent(email)}`, {
    headers,
  });
  expect(found.status(), await found.text()).toBe(200);
  const userId = ((await found.json()) as { users: { id: number }[] }).users[0]!.id;
  const confirmed = await request.post(`/api/admin/users/${userId}/confirmEmail`, { headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/workspace$/);

  const disabled = await request.post(`/api/admin/users/${userId}/disabled`, {
    headers,
    data: { disabled: true },
  });
  expect(disabled.status(), await disabled.text()).toBe(200);

  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  // SPEC §8: a disabledAccountError logs out and goes to the home page.
  await expect(
    toast(page, 'Error', 'Your account has been disabled. Please contact support.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
