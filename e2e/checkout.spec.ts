import type { Page } from '@playwright/test';
import { apiLogIn } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { apiGet, apiOrderableBoard } from './support/orders.ts';
import { capture, logIn, toast } from './support/pages.ts';

// The order journey of issue 12: boards into the cart, the order placed from the cart, paid in
// the embedded sandbox payment provider, seen paid with its proforma; a double click that makes
// one order; a pre-order that lands on its document.

async function addToCart(page: Page, productId: number, amount: number) {
  await page.goto(`/product/${productId}`);
  const card = page.getByRole('region', { name: 'Order this board' });
  // The price is shown before anything is added; a changed quantity is priced again.
  const price = card.getByLabel('Price', { exact: true });
  await expect(price).toBeVisible({ timeout: 30_000 });
  const first = await price.getAttribute('data-price-first');
  const quantity = card.getByRole('textbox', { name: 'Quantity' });
  if ((await quantity.inputValue()) !== String(amount)) {
    await quantity.fill(String(amount));
    await expect(price).not.toHaveAttribute('data-price-first', first ?? '');
  }
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, 'Success', 'Added to the cart')).toBeVisible();
}

async function openCart(page: Page, boards: number) {
  await page
    .getByRole('button', { name: `Cart, ${boards} ${boards === 1 ? 'board' : 'boards'}` })
    .click();
  return page.getByRole('dialog', { name: /Cart/ });
}

test('two boards from the cart: order placed, approved in the sandbox, paid, proforma downloaded', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const editor = await apiLogIn(request, DEMO_EDITOR);
  // The demo data puts a board in the editor's cart, and earlier journeys may leave more.
  await request.delete('/api/cart', { headers: { Authorization: `Bearer ${editor.token}` } });
  const stamp = Date.now();
  const boards = [
    await apiOrderableBoard(editor, `Motor driver ${stamp}`),
    await apiOrderableBoard(editor, `LED panel ${stamp}`, 80, 60),
  ];
  await page.goto('/workspace');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);
  await addToCart(page, boards[0]!, 10);
  await addToCart(page, boards[1]!, 5);

  const cart = await openCart(page, 2);
  await capture(page, testInfo, 'checkout-cart');
  await cart.getByRole('link', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/createDocument\/order\/\d+$/);
  await expect(page).toHaveTitle(/^Create document: \d+$/);
  const review = page.getByRole('region', { name: 'Boards' });
  await expect(review.getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('review-total')).toContainText('CA$');
  await capture(page, testInfo, 'checkout-review', { fullPage: true });

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/payment\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  const due = await page.getByTestId('amount-due').textContent();
  await capture(page, testInfo, 'checkout-payment');
  await page.getByRole('button', { name: /^Pay / }).click();

  // The embedded sandbox provider's approval page.
  await expect(page).toHaveURL(/\/sandbox\/paypal\/checkoutnow\?token=/);
  await expect(page.getByRole('heading', { name: 'Approve your payment' })).toBeVisible();
  // The page says plainly that this is the demo provider and that no money moves.
  await expect(page.getByRole('note')).toContainText('Sandbox payment provider: no money moves');
  await expect(page.getByTestId('sandbox-amount')).toHaveText(`${due!.replace(/^CA\$/, '')} CAD`);
  await capture(page, testInfo, 'checkout-sandbox-approval');
  await page.setViewportSize({ width: 390, height: 844 });
  await capture(page, testInfo, 'phone390-sandbox-approval');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/paypal_payment\?token=.*PayerID=/);
  await expect(page.getByText(`Order ${orderId} is paid.`)).toBeVisible();
  // The boards ordered left the cart with the order.
  await expect(page.getByRole('button', { name: 'Cart, 0 boards' })).toBeVisible();
  await capture(page, testInfo, 'checkout-paid');
  await page.getByRole('link', { name: 'Open the order' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
  await expect(
    page.getByRole('banner').or(page.locator('main')).getByText('Paid').first(),
  ).toBeVisible();
  await expect(page.getByTestId('payment-state')).toHaveText('Paid');
  await expect(page.getByTestId('order-total')).toHaveText(due!);
  // Each line's unit price times its quantity is the line, and the tax says what gave it.
  for (const row of await page.locator('tr[data-line]').all()) {
    const cells = (await row.locator('td').allTextContents()).map((cell) => cell.trim());
    const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
    expect(cents(cells[4]!) * Number(cells[3])).toBe(cents(cells[5]!));
  }
  await expect(page.getByTestId('tax-basis')).toHaveText(
    '13 % Ontario HST: the company address is in Canada (CA)',
  );
  const timeline = page.getByRole('region', { name: 'Status' });
  await expect(timeline).toContainText('Order placed; awaiting payment');
  await expect(timeline).toContainText(/Paid with the sandbox payment provider/);
  const download = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Documents' })
    .getByRole('button', { name: 'PDF' })
    .nth(1)
    .click();
  expect((await download).suggestedFilename()).toBe(`circuits-proforma-PF-${orderId}.pdf`);
  await capture(page, testInfo, 'checkout-order-paid', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await capture(page, testInfo, 'phone390-order-paid', { fullPage: true });
});

test('a double-clicked "Place order" makes one order; a pre-order lands on its document', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const board = await apiOrderableBoard(editor, `Double click ${Date.now()}`);
  const before = (await apiGet<{ orders: unknown[] }>(editor, '/api/orders')).orders.length;
  // Whatever an earlier journey left in the cart.
  const emptied = await request.delete('/api/cart', {
    headers: { Authorization: `Bearer ${editor.token}` },
  });
  expect(emptied.status()).toBe(200);

  await page.goto('/workspace');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);
  await addToCart(page, board, 3);
  let cart = await openCart(page, 1);
  await cart.getByRole('link', { name: 'Place order' }).click();
  await page.getByText('Bank transfer against the proforma invoice').click();
  await page.getByRole('button', { name: 'Place order' }).dblclick();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText(/^Order \d+ placed: pay .* by bank transfer/)).toBeVisible();
  const after = (await apiGet<{ orders: unknown[] }>(editor, '/api/orders')).orders.length;
  expect(after).toBe(before + 1);
  // The cart was emptied.
  await expect(page.getByRole('button', { name: /^Cart, 0 boards$/ })).toBeVisible();

  await addToCart(page, board, 7);
  cart = await openCart(page, 1);
  await cart.getByRole('link', { name: 'Pre-order' }).click();
  await expect(page).toHaveURL(/\/createDocument\/preorder\/\d+$/);
  await page.getByRole('button', { name: 'Save pre-order' }).click();
  await expect(page).toHaveURL(/\/document\/order\/\d+$/);
  const preorderId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pre-order ${preorderId}`);
  await expect(page.getByRole('button', { name: /^Cart, 0 boards$/ })).toBeVisible();
  await capture(page, testInfo, 'preorder-document', { fullPage: true });

  // Later, the pre-order is ordered: its boards go back into the cart with its amounts.
  await page.getByRole('link', { name: `Pre-order ${preorderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${preorderId}$`));
  await page.getByRole('button', { name: 'Order these boards' }).click();
  await expect(page).toHaveURL(/\/createDocument\/order\/\d+$/);
  const review = page.getByRole('region', { name: 'Boards' });
  await expect(review.getByRole('row')).toHaveCount(2);
  await expect(review.getByRole('row').nth(1)).toContainText('7');
});
