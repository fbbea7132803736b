import { apiLogIn } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { apiGet, apiOrderableBoard, apiPlaceOrder } from './support/orders.ts';
import { capture, logIn } from './support/pages.ts';

test('an order placed for bank transfer: the orders list, the order, its proforma and its PDF', async ({
  page,
  request,
}, testInfo) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const boards = [
    await apiOrderableBoard(editor, `Relay board ${Date.now()}`),
    await apiOrderableBoard(editor, `Sensor shield ${Date.now()}`, 60, 45),
  ];
  const order = await apiPlaceOrder(
    editor,
    [
      { id: boards[0]!, amount: 10 },
      { id: boards[1]!, amount: 5 },
    ],
    { payment_method: 'bank_transfer' },
  );
  expect(order.payerActionUrl).toBeNull();

  await page.goto('/orders');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/orders$/);
  const row = page.locator(`tr[data-order-id="${order.id}"]`);
  await expect(row).toContainText(`Order ${order.id}`);
  await expect(row).toContainText('Awaiting bank transfer');
  await expect(row).toContainText('CA$');
  await capture(page, testInfo, 'orders-list');

  await row.getByRole('link', { name: `Order ${order.id}` }).click();
  await expect(page).toHaveTitle(`Order: ${order.id}`);
  const lines = page.getByRole('region', { name: 'Boards' });
  await expect(lines.locator('tr[data-line]')).toHaveCount(2);
  await expect(page.getByTestId('payment-state')).toHaveText('Waiting for the bank transfer');
  await expect(page.getByRole('region', { name: 'Status' })).toContainText(
    'Order placed; awaiting the bank transfer against the proforma',
  );
  await capture(page, testInfo, 'order-awaiting-transfer', { fullPage: true });

  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents).toContainText(`Proforma invoice PF-${order.id}`);
  const download = page.waitForEvent('download');
  await documents.getByRole('button', { name: 'PDF' }).nth(1).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`circuits-proforma-PF-${order.id}.pdf`);

  await documents.getByRole('link', { name: 'View' }).nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/document/proforma/${order.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Proforma invoice PF-${order.id}`,
  );
  await capture(page, testInfo, 'document-proforma', { fullPage: true });

  // The review of the cart too, from 360 px.
  const added = await request.post('/api/cart', {
    headers: { Authorization: `Bearer ${editor.token}` },
    data: { product_id: boards[1], amount: 5 },
  });
  expect([200, 201]).toContain(added.status());
  const { user } = await apiGet<{ user: { company: { id: number } } }>(editor, '/api/user');
  await page.setViewportSize({ width: 360, height: 780 });
  for (const [path, name] of [
    [`/createDocument/order/${user.company.id}`, 'create-order'],
    [`/createDocument/preorder/${user.company.id}`, 'create-preorder'],
    ['/orders', 'orders'],
    [`/order/${order.id}`, 'order'],
    [`/document/order/${order.id}`, 'document'],
    [`/payment/${order.id}`, 'payment'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await capture(page, testInfo, `phone360-${name}`, { fullPage: true });
  }
});
