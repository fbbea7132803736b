import {
  type ApiSession,
  apiCreateProduct,
  apiCreateProject,
  apiLogIn,
  apiRegister,
} from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { apiGet, apiOrderableBoard } from './support/orders.ts';
import { capture, logIn, toast } from './support/pages.ts';

const ADMIN = 'admin@circuits.example';
const MODERATOR = 'moderator@circuits.example';

test('an administrator disables a user, whose open session ends, and sees it in the audit log', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // A member with an open session in a browser of their own.
  const email = `disable-${Date.now()}@example.com`;
  const member: ApiSession = await apiRegister(request, {
    name: 'Dana',
    lastname: 'Disabled',
    email,
    password: 'long-enough-password-7',
  });
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/');
  await memberPage.evaluate((token) => window.localStorage.setItem('token', token), member.token);

  await page.goto('/adminPanel');
  await logIn(page, ADMIN, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/adminPanel$/);
  await expect(page.getByRole('heading', { name: 'Admin panel' })).toBeVisible();
  await capture(page, testInfo, 'admin-users');

  await page.getByLabel('Find users by name, email or company').fill(email);
  const row = page.locator('tr[data-user-id]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Disabled Boards');
  await row.getByRole('button').first().click();
  const drawer = page.getByRole('dialog', { name: 'User' });
  await expect(drawer).toContainText(email);
  await capture(page, testInfo, 'admin-user-drawer');
  await drawer.getByRole('button', { name: 'Disable account' }).click();
  await page
    .getByRole('dialog', { name: 'Disable this account?' })
    .getByRole('button', { name: 'Disable account' })
    .click();
  await expect(
    toast(page, 'Success', `${email} is disabled and logged out everywhere`),
  ).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Enable account' })).toBeVisible();

  // The member's open session ends: the next page they open sends them to the home page.
  const answer = await memberPage.request.get('/api/user', {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect(answer.status()).toBe(403);
  expect((await answer.json()).disabledAccountError).toBe(true);
  await memberPage.goto('/workspace');
  await expect(memberPage).not.toHaveURL(/\/workspace$/);
  expect(await memberPage.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await memberContext.close();

  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const entry = page.locator('[data-audit-action="user.disable"]').first();
  await expect(entry).toContainText(`Disabled Dana Disabled <${email}>`);
  await expect(entry).toContainText('"disabled":false');
  await expect(entry).toContainText('"disabled":true');
  await capture(page, testInfo, 'admin-audit');

  for (const tab of ['Companies', 'Orders', 'Error reports']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('status')).toHaveCount(0);
    await capture(page, testInfo, `admin-${tab.toLowerCase().replace(' ', '-')}`);
  }
});

test('an administrator moves an order on with a note the customer reads', async ({
  page,
  request,
}, testInfo) => {
  const editor = await apiLogIn(request, 'editor@northwind.example');
  const { orders } = await apiGet<{ orders: { id: number; status: string }[] }>(
    editor,
    '/api/orders',
  );
  // The demo data's paid order.
  const paid = orders.find((order) => order.status === 'paid' || order.status === 'shipped');
  expect(paid).toBeDefined();
  await page.goto('/adminPanel?tab=orders');
  await logIn(page, ADMIN, DEMO_PASSWORD);
  const row = page.locator(`tr[data-order-id="${paid!.id}"]`);
  await row.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: /change the status/ });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Shipped' }).click();
  await dialog
    .getByLabel('Note for the customer')
    .fill('Shipped with UPS, tracking 1Z999AA10123456784');
  await capture(page, testInfo, 'admin-order-status');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(row).toContainText('Shipped');

  const order = await apiGet<{ order: { events: { note: string }[] } }>(
    editor,
    `/api/orders/${paid!.id}`,
  );
  expect(order.order.events.at(-1)!.note).toBe('Shipped with UPS, tracking 1Z999AA10123456784');
});

test('a moderator sees the panel read-only; a member is told it is not for them', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/adminPanel');
  await logIn(page, MODERATOR, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Admin panel' })).toBeVisible();
  await expect(page.getByText(/Read-only: moderators see everything here/)).toBeVisible();
  await expect(page.locator('tr[data-user-id]').first()).toBeVisible();
  await capture(page, testInfo, 'phone360-admin-moderator', { fullPage: true });
  await page.locator('tr[data-user-id]').first().getByRole('button').first().click();
  const drawer = page.getByRole('dialog', { name: 'User' });
  await expect(drawer.getByText('Moderators see users but cannot change them.')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Disable account' })).toHaveCount(0);
  await expect(drawer.getByRole('combobox', { name: 'Role', exact: true })).toBeDisabled();
  await capture(page, testInfo, 'phone360-admin-moderator-user');
  await page.keyboard.press('Escape');
  for (const tab of ['companies', 'orders', 'audit', 'errors']) {
    await page.goto(`/adminPanel?tab=${tab}`);
    await expect(page.getByRole('status')).toHaveCount(0);
    await capture(page, testInfo, `phone360-admin-${tab}`, { fullPage: true });
  }
  await expect(page.getByRole('button', { name: 'Change status' })).toHaveCount(0);

  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/adminPanel');
  await logIn(page, 'viewer@northwind.example', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});

test('an administrator moves a finishing up from the keyboard and the Board tab offers the new order', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Finishes ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Finish board');

  await page.goto('/adminPanel?tab=boardOptions');
  await logIn(page, ADMIN, DEMO_PASSWORD);
  await page.getByRole('button', { name: /^Finishings/ }).click();
  const finishings = page.getByRole('list', { name: 'Finishings, in the order offered' });
  const offered = () =>
    finishings
      .locator('li[data-option]')
      .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.option));
  expect((await offered()).slice(0, 3)).toEqual(['HASL Lead Free', 'HASL with lead', 'ENIG']);
  // Twice up from the keyboard: the moved option keeps the focus.
  await finishings.getByRole('button', { name: 'Move ENIG up' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Success', 'The new order is offered')).toBeVisible();
  await expect(finishings.getByRole('button', { name: 'Move ENIG up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect
    .poll(offered)
    .toEqual([
      'ENIG',
      'HASL Lead Free',
      'HASL with lead',
      'Gold Plating',
      'ENEPIG',
      'Immersion Tin',
      'Immersion Silver',
      'OSP',
      'Bare Copper',
    ]);
  await capture(page, testInfo, 'admin-board-options');

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.locator('[data-audit-action="boardOptions.order"]').first()).toContainText(
    'Put Finishings in the order ENIG, HASL Lead Free, HASL with lead',
  );

  // The Board tab of a board offers the finishings in the new order.
  await page.goto(`/product/${productId}`);
  const form = page.getByRole('form', { name: 'Board settings' });
  const finishing = form.getByRole('combobox', { name: 'Finishing', exact: true });
  await expect(finishing).toBeVisible({ timeout: 30_000 });
  await finishing.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toHaveText('ENIG');
  expect((await options.allTextContents()).slice(0, 3)).toEqual([
    'ENIG',
    'HASL Lead Free',
    'HASL with lead',
  ]);
  await page.keyboard.press('Escape');

  // Back as it was, for the journeys after this one.
  const admin = await apiLogIn(request, ADMIN);
  const restored = await request.post('/api/admin/boardOptions/finishings/order', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      options: [
        'HASL Lead Free',
        'HASL with lead',
        'ENIG',
        'Gold Plating',
        'ENEPIG',
        'Immersion Tin',
        'Immersion Silver',
        'OSP',
        'Bare Copper',
      ],
    },
  });
  expect(restored.status(), await restored.text()).toBe(200);
});

test('an administrator publishes a price book version after comparing sample quotes, and carts follow it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const headers = { Authorization: `Bearer ${editor.token}` };
  const productId = await apiOrderableBoard(editor, 'Price follow board');
  await request.delete('/api/cart', { headers });
  const added = await request.post('/api/cart', {
    headers,
    data: { product_id: productId, amount: 10 },
  });
  expect(added.status(), await added.text()).toBe(200);
  type Cart = { book_version: number; totals: { total: { USD: number } } };
  const before = await apiGet<Cart>(editor, '/api/cart');

  const admin = await apiLogIn(request, ADMIN);
  const { current } = await apiGet<{ current: { version: number; book: unknown } }>(
    admin,
    '/api/admin/priceBook',
  );
  expect(before.book_version).toBe(current.version);

  await page.goto('/adminPanel?tab=prices');
  await logIn(page, ADMIN, DEMO_PASSWORD);
  await expect(
    page.getByRole('heading', { name: `Version ${current.version} is in force` }),
  ).toBeVisible({
    timeout: 30_000,
  });
  // A dearer set-up for two-layer boards, in the form.
  const setupFee = page.getByLabel('Set-up fee up to 2 layers (USD)');
  const fee = Number(await setupFee.inputValue());
  await setupFee.fill(String(fee + 6));
  await expect(
    page.getByText('Compare the sample quotes of this draft to publish it.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Compare sample quotes' }).click();
  const samples = page.getByLabel('Sample quotes');
  await expect(samples.getByRole('columnheader', { name: 'New version' })).toBeVisible();
  // The samples priced by both versions side by side: the two-layer ones cost more.
  await expect(samples.getByRole('cell', { name: /^\+\d/ }).first()).toBeVisible();
  await capture(page, testInfo, 'admin-price-book-compared');
  await page.getByLabel('Note').fill('Dearer two-layer set-up');
  await page.getByRole('button', { name: `Publish as version ${current.version + 1}` }).click();
  await expect(
    toast(page, 'Success', `Price book version ${current.version + 1} is in force`),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Version ${current.version + 1} is in force` }),
  ).toBeVisible();

  // The customer's cart is priced by the new version, and costs more.
  const after = await apiGet<Cart>(editor, '/api/cart');
  expect(after.book_version).toBe(current.version + 1);
  expect(after.totals.total.USD).toBeGreaterThan(before.totals.total.USD);

  // The book as it was is published again, for the journeys that follow.
  const restored = await request.post('/api/admin/priceBook/publish', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { book: current.book, note: 'Back to the book before the journey' },
  });
  expect(restored.status(), await restored.text()).toBe(201);
  const again = await apiGet<Cart>(editor, '/api/cart');
  expect(again.totals.total.USD).toBe(before.totals.total.USD);
  await request.delete('/api/cart', { headers });
});
