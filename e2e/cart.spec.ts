import type { Page } from '@playwright/test';
import { type ApiSession, apiCreateProduct, apiCreateProject, apiLogIn } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, expectNoHorizontalOverflow, logIn, toast } from './support/pages.ts';

// The demo editor's company is in Toronto: prices show in CAD first, with 13 % tax. A board of
// 100 × 100 mm, 2 layers, costs CA$4.14 set-up + CA$0.83 a board with the default price book;
// the price a board is rounded to the cent and the line is that times the boards.
const cad = (boards: number) => {
  const each = Math.round((414 + 83 * boards) / boards);
  return `CA$${((each * boards) / 100).toFixed(2)}`;
};

async function boardWithSettings(editor: ApiSession, projectId: number, name: string) {
  const id = await apiCreateProduct(editor, projectId, name);
  const saved = await editor.request.post(`/api/products/${id}/saveSettings`, {
    headers: { Authorization: `Bearer ${editor.token}` },
    data: { unitsIn: 'mm', boardWidth: 100, boardLength: 100, numberLayers: 2, edge_rail_width: 5 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

async function addFromProductPage(page: Page, productId: number, name: string) {
  await page.goto(`/product/${productId}`);
  const card = page.getByRole('region', { name: 'Order this board' });
  // The price, with every line's reason, is shown before anything is added.
  await expect(card.getByLabel('Price', { exact: true })).toHaveAttribute(
    'data-price-first',
    cad(5),
  );
  await expect(card.getByRole('cell', { name: 'Set-up for 2 layers' })).toBeVisible();
  await expect(card.getByRole('cell', { name: '2 layers, 100 × 100 mm (100 cm²)' })).toBeVisible();
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, 'Success', 'Added to the cart')).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
}

test('add two boards to the cart, change a quantity and see the price reload', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const editor = await apiLogIn(request, DEMO_EDITOR);
  await request.delete('/api/cart', { headers: { Authorization: `Bearer ${editor.token}` } });
  // The cabinet journey may have switched the demo company to EUR: quote in CAD (id 1) again.
  const currency = await request.post('/api/v2/company/updateCompanyCurrency', {
    headers: { Authorization: `Bearer ${editor.token}` },
    data: { currency: 1 },
  });
  expect(currency.status(), await currency.text()).toBe(200);
  const projectId = await apiCreateProject(editor, `Cart journey ${Date.now()}`);
  const first = await boardWithSettings(editor, projectId, 'Sensor board');
  const second = await boardWithSettings(editor, projectId, 'Relay board');

  await page.goto(`/product/${first}`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/product/${first}$`));
  await addFromProductPage(page, first, 'Sensor board');
  await capture(page, testInfo, 'product-order-card');
  await addFromProductPage(page, second, 'Relay board');
  // The pre-order cart, kept in the browser: adding again updates the amount (SPEC §4).
  const card = page.getByRole('region', { name: 'Order this board' });
  await card.getByRole('button', { name: 'Add to pre-order' }).click();
  await expect(toast(page, 'Success', 'Added to the pre-order cart')).toBeVisible();
  await card.getByRole('textbox', { name: 'Quantity' }).fill('8');
  await card.getByRole('button', { name: 'Add to pre-order' }).click();
  await expect(toast(page, 'Success', 'Pre-order amount set to 8')).toBeVisible();

  // A price request for an amount typed before the last one answers late: it must not win.
  await page.route('**/api/v2/cart/price', async (route) => {
    const body = route.request().postDataJSON() as { boards: { id: number; amount: number }[] };
    const amounts = body.boards.map((board) => board.amount);
    if (amounts.includes(1)) await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });

  await page.getByRole('button', { name: 'Cart, 2 boards' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  const lines = drawer.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  const sensor = drawer.getByRole('article', { name: 'Cart line Sensor board' });
  await expect(sensor.getByText('SEN-001')).toBeVisible();
  await expect(sensor.getByLabel('Line price', { exact: true })).toHaveAttribute(
    'data-price-first',
    cad(5),
  );
  await expect(sensor.getByLabel('Price per piece', { exact: true })).toHaveAttribute(
    'data-price-first',
    'CA$1.66',
  );
  await expect(sensor.getByText(/US\$6\.00 · €5\.50/)).toBeVisible();
  await expect(drawer.getByLabel('Total', { exact: true })).toHaveAttribute(
    'data-price-first',
    'CA$18.76',
  );
  await capture(page, testInfo, 'cart-two-boards');

  // Typing 12 asks for 1, then 12; the slow answer for 1 arrives last and is ignored.
  const amount = sensor.getByRole('textbox', { name: 'Amount' });
  await amount.fill('');
  await amount.pressSequentially('12', { delay: 50 });
  await expect(sensor.getByLabel('Line price', { exact: true })).toHaveAttribute(
    'data-price-first',
    cad(12),
  );
  await page.waitForTimeout(3000);
  await expect(sensor.getByLabel('Line price', { exact: true })).toHaveAttribute(
    'data-price-first',
    cad(12),
  );
  await expect(sensor.locator('[data-pending="false"]')).toBeVisible();
  // Subtotal 12 × 1.18 + 5 × 1.66 = 14.16 + 8.30 = 22.46; 13 % tax 2.92; total 25.38.
  await expect(drawer.getByLabel('Subtotal', { exact: true })).toHaveAttribute(
    'data-price-first',
    'CA$22.46',
  );
  await expect(drawer.getByLabel('Total', { exact: true })).toHaveAttribute(
    'data-price-first',
    'CA$25.38',
  );
  await capture(page, testInfo, 'cart-after-change');

  // The cart is kept on the server: a reload shows the new amount.
  await page.unroute('**/api/v2/cart/price');
  await page.reload();
  await page.getByRole('button', { name: 'Cart, 2 boards' }).click();
  await expect(
    page
      .getByRole('article', { name: 'Cart line Sensor board' })
      .getByRole('textbox', { name: 'Amount' }),
  ).toHaveValue('12');

  // The pre-order tab: the board with its amount, price and sides.
  await page.getByRole('tab', { name: 'Pre-order' }).click();
  const preOrder = page.getByTestId('pre-order-line');
  await expect(preOrder).toHaveCount(1);
  await expect(preOrder.getByRole('textbox', { name: 'Amount' })).toHaveValue('8');
  await expect(preOrder.getByLabel('Line price', { exact: true })).toHaveAttribute(
    'data-price-first',
    cad(8),
  );
  await preOrder.getByText('Bottom', { exact: true }).click();
  await expect(preOrder.getByRole('checkbox', { name: 'Bottom' })).toBeChecked();
  await capture(page, testInfo, 'pre-order');

  // From 360 px wide.
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath('cart-360.png') });
});

test('a line the server rejects leaves the cart with its message as a warning', async ({
  page,
  request,
}) => {
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const headers = { Authorization: `Bearer ${editor.token}` };
  await request.delete('/api/cart', { headers });
  const projectId = await apiCreateProject(editor, `Rejected line ${Date.now()}`);
  const id = await boardWithSettings(editor, projectId, 'Changing board');
  const added = await request.post('/api/cart', { headers, data: { product_id: id, amount: 3 } });
  expect(added.status(), await added.text()).toBe(200);
  // Holes smaller than any fab makes, chosen after the board went into the cart.
  const tiny = await request.post(`/api/products/${id}/saveSettings`, {
    headers,
    data: { min_hole_size: 0.1 },
  });
  expect(tiny.status(), await tiny.text()).toBe(200);

  await page.goto('/workspace');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Cart, 1 board' }).click();
  await expect(
    toast(page, 'Warning', 'Holes below 0.15 mm cannot be made; the minimum hole is 0.1 mm'),
  ).toBeVisible();
  await expect(
    page.getByRole('dialog', { name: 'Cart' }).getByText('Your cart is empty.'),
  ).toBeVisible();
  const cart = await request.get('/api/cart', { headers });
  expect(((await cart.json()) as { cart: unknown[] }).cart).toEqual([]);
});
