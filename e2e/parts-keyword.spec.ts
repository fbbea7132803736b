import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogIn } from './support/api.ts';
import { DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { horizontalOverflow, logIn } from './support/pages.ts';

// An engineer types into the parts search from the page's first state (the Capacitors tab):
// a value, a part number, a supplier's code, a crystal's frequency. The keyword searches every
// category, the tabs count where its parts are. At 1366 px and on a 390 px phone, where the
// filters fold behind a button above the results.

const DEMO_VIEWER = 'viewer@northwind.example';

/** The demo catalogue loads after the server listens: wait for all of it. */
async function waitForCatalogue(request: APIRequestContext) {
  const session = await apiLogIn(request, DEMO_VIEWER);
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/parts?perPage=1', {
          headers: { Authorization: `Bearer ${session.token}` },
        });
        return ((await response.json()) as { totalAmount: number }).totalAmount;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(20_000);
}

async function searchFor(page: Page, keyword: string) {
  await page.getByLabel('Keyword').fill(keyword);
  // A new keyword searches every category.
  await expect(page.getByRole('tab', { name: /^All parts/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('status').filter({ hasText: /parts?$/ })).not.toHaveText(
    /^(0 parts|Searching…)$/,
  );
}

async function journey(page: Page) {
  await page.goto('/experimental_parts');
  await logIn(page, DEMO_VIEWER, DEMO_PASSWORD);
  await expect(page.getByRole('tab', { name: 'Capacitors', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const rows = page.getByTestId('part-row');

  await searchFor(page, '4k7 0603 1%');
  await expect(rows.first()).toContainText('4k7');
  await expect(rows.first()).toContainText('0603');
  // Only the Resistors tab has parts, and says how many.
  await expect(page.getByRole('tab', { name: /^Resistors \([1-9]/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Capacitors (0)', exact: true })).toBeVisible();

  await searchFor(page, 'LM358');
  await expect(rows.first().getByRole('link')).toHaveText(/^LM358/);

  await searchFor(page, 'C1525');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('link')).toHaveText('CL05B104KO5NNNC');
  await expect(rows.first().getByTestId('part-supplier-codes')).toHaveText('LCSC C1525');

  await searchFor(page, 'crystal 16MHz');
  await expect(rows.first()).toContainText('16MHz');
  for (const row of await rows.all()) await expect(row).toContainText('16MHz');
  expect(await horizontalOverflow(page)).toEqual([]);
}

test('an engineer searches values, part numbers and supplier codes from the first state', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await waitForCatalogue(request);
  await journey(page);
  await page.screenshot({ path: testInfo.outputPath('parts-keyword-1366.png') });
});

test('on a 390 px phone the filters fold behind a button above the results', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await waitForCatalogue(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await journey(page);
  // The results start within the first screen; the filters wait behind their button.
  const manufacturer = page.getByRole('combobox', { name: 'Manufacturer' });
  await expect(manufacturer).toBeHidden();
  const results = page.getByRole('region', { name: 'Results' });
  const box = await results.boundingBox();
  expect(box!.y).toBeLessThan(844);
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(manufacturer).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('parts-keyword-390.png'), fullPage: true });
});
