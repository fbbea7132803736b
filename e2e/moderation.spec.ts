import { type ApiSession, apiLogIn } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, logIn, toast } from './support/pages.ts';

const ADMIN = 'admin@circuits.example';

async function call(
  session: ApiSession,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: the journey reads arbitrary response bodies.
): Promise<any> {
  const response = await session.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

test('an administrator confirms a part and merges a duplicate from the moderation queue', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  // A member of the demo company adds a part of a new manufacturer, and the catalogue's 4.7 kΩ
  // resistor again under YAGEO written another way; the demo board's BOM is given a row of it.
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const maker = await call(editor, 'POST', '/api/manufacturers/add', { name: `Acme ${stamp}` });
  const fresh = await call(editor, 'POST', '/api/parts/add', {
    name: 'Tactile switch 6 mm',
    part_number: `SW-${stamp}`,
    manufacturer_id: maker.manufacturer.id,
  });
  const yageoAgain = await call(editor, 'POST', '/api/manufacturers/add', {
    name: `Yageo ${stamp}`,
  });
  const duplicate = await call(editor, 'POST', '/api/parts/add', {
    name: '4.7k 0805 resistor',
    part_number: 'RC0805FR-07-4K7L',
    manufacturer_id: yageoAgain.manufacturer.id,
  });
  const { projects } = await call(editor, 'GET', '/api/projects');
  const productId = projects[0].products[0].id;
  const row = await call(editor, 'POST', `/api/products/${productId}/bom/add`, {
    refDesign: 'R90',
    part_id: duplicate.part.id,
  });

  await page.goto('/adminPanel?tab=moderation');
  await logIn(page, ADMIN, DEMO_PASSWORD);
  await expect(page.getByRole('tab', { name: 'Parts moderation' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const queue = page.getByRole('table', { name: 'Unconfirmed parts' });
  // The demo company's own additions wait here from the first start.
  await expect(queue).toContainText('LTST-C171GKT');
  await page.getByLabel('Find by part number, name, manufacturer or company').fill(stamp);
  await expect(queue.locator('tbody tr')).toHaveCount(2);
  const duplicateRow = queue.locator(`tr[data-part-id="${duplicate.part.id}"]`);
  await expect(duplicateRow).toContainText('1 BOM row');
  await expect(duplicateRow).toContainText('Same number as RC0805FR-074K7L (YAGEO)');
  await capture(page, testInfo, 'moderation-queue');

  await page.getByRole('button', { name: `Confirm SW-${stamp}` }).click();
  await expect(
    toast(page, 'Success', `SW-${stamp} is confirmed: every company sees it now`),
  ).toBeVisible();
  await expect(queue.locator('tbody tr')).toHaveCount(1);

  await page.getByRole('button', { name: 'Merge RC0805FR-07-4K7L' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge RC0805FR-07-4K7L' });
  await dialog.getByRole('radio', { name: /^RC0805FR-074K7L/ }).check();
  await capture(page, testInfo, 'moderation-merge');
  await dialog.getByRole('button', { name: 'Merge into RC0805FR-074K7L' }).click();
  await expect(
    toast(page, 'Success', /RC0805FR-07-4K7L is merged into RC0805FR-074K7L: 1 BOM rows/),
  ).toBeVisible();
  await expect(page.getByText('No unconfirmed part matches')).toBeVisible();

  // The BOM row now uses the catalogue's part; the duplicate is gone; the other company sees
  // the confirmed part.
  const page2 = await call(editor, 'GET', `/api/products/${productId}`);
  const moved = page2.bom.find((bom: { id: number }) => bom.id === row.data.id);
  expect(moved.part_info.part_number).toBe('RC0805FR-074K7L');
  expect(moved.part_info.manufacturer).toBe('YAGEO');
  const gone = await request.get(`/api/parts/${duplicate.part.id}`, {
    headers: { Authorization: `Bearer ${editor.token}` },
  });
  expect(gone.status()).toBe(404);
  const buyer = await apiLogIn(request, 'buyer@globex.example');
  expect((await call(buyer, 'GET', `/api/parts/${fresh.part.id}`)).part.confirmed).toBe(true);

  // Both changes are in the audit log, with who made them.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByText(`Confirmed part SW-${stamp} of Acme ${stamp}`)).toBeVisible();
  const merged = page.locator('[data-audit-action="part.merge"]').first();
  await expect(merged).toContainText('Merged part RC0805FR-07-4K7L');
  await expect(merged).toContainText(ADMIN);
});
