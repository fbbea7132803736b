import { apiLogIn, apiRegister } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { logIn, toast } from './support/pages.ts';

const ADMIN = 'admin@circuits.example';

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
  // The workspace has loaded what it shows: the next request is the orders list's, a quiet one.
  await page.waitForLoadState('networkidle');

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
