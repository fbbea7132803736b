import type { Page } from '@playwright/test';
import { apiLogIn } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { field, horizontalOverflow, logIn, toast } from './support/pages.ts';

const DEMO_VIEWER = 'viewer@northwind.example';
const DEMO_MODERATOR = 'moderator@circuits.example';

/** The demo catalogue loads after the server listens: wait for all of it. */
async function waitForCatalogue(request: Parameters<typeof apiLogIn>[0]) {
  const session = await apiLogIn(request, DEMO_VIEWER);
  await expect
    .poll(
      async () => {
        // The catalogue list counts every part (a search stops counting at 1,000).
        const response = await request.get('/api/parts?perPage=1', {
          headers: { Authorization: `Bearer ${session.token}` },
        });
        return ((await response.json()) as { totalAmount: number }).totalAmount;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(20_000);
}

async function prices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('part-price').allInnerTexts();
  return texts.map((text) => Number(text.replace('$', '')));
}

test('a member searches capacitors by value range and dielectric, sorts by price and opens a part', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await waitForCatalogue(request);
  await page.goto('/experimental_parts');
  await logIn(page, DEMO_VIEWER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/experimental_parts$/);

  // Opens on the Capacitors tab (category 2), the tabs in the SPEC's cycle order after All parts.
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText([
    'All parts',
    'Resistors',
    'Capacitors',
    'Electrolytic capacitors',
    'Inductors',
    'Diodes',
    'Transistors',
    'Voltage regulators',
    'Microcontrollers',
    'Connectors',
  ]);
  await expect(page.getByRole('tab', { name: 'Capacitors', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('part-row')).toHaveCount(30);
  // 10,095 capacitors: the search stops counting at 1,000.
  await expect(page.getByRole('status').filter({ hasText: /parts?$/ })).toHaveText(
    'More than 1,000 parts',
  );

  // Another tab brings its own filters and results.
  await page.getByRole('tab', { name: 'Diodes', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Reverse voltage (Vr) filter' })).toBeVisible();
  await expect(page.getByTestId('part-row').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Capacitors', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Capacitance filter' })).toBeVisible();

  // Capacitance from 80n to 120n, dielectric X7R.
  await page.getByRole('combobox', { name: 'Capacitance comparison' }).click();
  await page.getByRole('option', { name: 'from … to' }).click();
  await page.locator('input[aria-label="Capacitance from"]').fill('80n');
  await page.locator('input[aria-label="Capacitance to"]').fill('120n');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Dielectric' }).click();
  await page.getByRole('option', { name: /^X7R/ }).click();
  await page.keyboard.press('Escape');
  const status = page.getByRole('status').filter({ hasText: /parts?$/ });
  await expect(status).not.toHaveText('More than 1,000 parts');
  await expect(page.getByTestId('part-row').first()).toContainText('X7R');
  for (const row of await page.getByTestId('part-row').all()) {
    await expect(row).toContainText(/(82|100|120)nF/);
    await expect(row).toContainText('X7R');
  }

  // Sort by price: none → ascending.
  await page.getByRole('button', { name: 'Sort by price' }).click();
  await expect(page.locator('th', { hasText: 'Price' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(async () => {
    const shown = await prices(page);
    expect(shown.length).toBe(30);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  }).toPass();

  // Load more: 15 more rows, still in price order.
  await page.getByRole('button', { name: /Load more/ }).click();
  await expect(page.getByTestId('part-row')).toHaveCount(45);
  const all = await prices(page);
  expect(all).toEqual([...all].sort((a, b) => a - b));
  expect(await horizontalOverflow(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('parts-search.png') });

  // The filters are remembered for this user.
  await page.reload();
  await expect(page.locator('input[aria-label="Capacitance from"]')).toHaveValue('80n');

  // Open the cheapest part: its stock per location.
  const first = page.getByTestId('part-row').first().getByRole('link');
  const partNumber = await first.innerText();
  await first.click();
  await expect(page).toHaveURL(/\/part\/\d+$/);
  await expect(page.getByRole('heading', { name: partNumber })).toBeVisible();
  const stock = page.getByRole('table', { name: 'Stock per location' });
  await expect(stock.getByTestId('stock-row').first()).toBeVisible();
  expect(await stock.getByTestId('stock-row').count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('table', { name: 'Price breaks' })).toContainText('1,000');
  await page.screenshot({ path: testInfo.outputPath('part.png'), fullPage: true });

  // Back on the search, Reset filters clears what was typed, and it stays cleared.
  await page.goBack();
  await page.getByLabel('Keyword').fill('murata');
  await page.getByRole('button', { name: 'Reset filters' }).first().click();
  await expect(page.getByLabel('Keyword')).toHaveValue('');
  await expect(page.locator('input[aria-label="Capacitance from"]')).toHaveCount(0);
  await expect(page.locator('input[aria-label="Capacitance value"]')).toHaveValue('');
  await expect(status).toHaveText('More than 1,000 parts');
  await page.waitForTimeout(1_000);
  await expect(page.getByLabel('Keyword')).toHaveValue('');
  await expect(status).toHaveText('More than 1,000 parts');
});

test('an editor adds a part that stays unconfirmed until a moderator confirms it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/parts');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/parts$/);
  await page.getByRole('button', { name: 'Add part' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a part' });
  await field(dialog, 'Part number').fill('NW-TEST-4K7');
  await field(dialog, 'Name').fill('Northwind test resistor 4k7');
  await dialog.getByRole('combobox', { name: 'Manufacturer' }).fill('YAG');
  await page.getByRole('option', { name: 'YAGEO', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add part' }).click();
  await expect(toast(page, 'Success', 'Part added')).toBeVisible();
  await expect(page).toHaveURL(/\/part\/\d+$/);
  await expect(page.getByText('Unconfirmed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm part' })).toHaveCount(0);
  const partUrl = page.url();
  await page.screenshot({ path: testInfo.outputPath('part-unconfirmed.png') });

  const moderator = await browser.newContext({ baseURL });
  const moderatorPage = await moderator.newPage();
  await moderatorPage.goto(partUrl);
  await logIn(moderatorPage, DEMO_MODERATOR, DEMO_PASSWORD);
  await expect(moderatorPage.getByRole('heading', { name: 'NW-TEST-4K7' })).toBeVisible();
  await moderatorPage.getByRole('button', { name: 'Confirm part' }).click();
  await expect(toast(moderatorPage, 'Success', 'Part confirmed')).toBeVisible();
  await expect(moderatorPage.getByText('Confirmed', { exact: true })).toBeVisible();
  await moderator.close();

  await page.reload();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
});
