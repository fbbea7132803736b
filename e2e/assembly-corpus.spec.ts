import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { apiCreateProject, apiLogIn } from './support/api.ts';
import { FIXTURES_DIR } from './support/board-fixtures.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, logIn, toast } from './support/pages.ts';

// A complete EasyEDA board of the assembly corpus (sodiumlb/ocula-hardware: Gerbers, a UTF-16
// tab-separated BOM and pick-and-place named .csv) uploaded as one zip: every file recognised,
// the BOM previewed with what will be linked and what is only proposed, saved, the placements
// read with the unit written in their values; then a BOM the reader cannot place, where the
// user is shown the file's first rows, chooses its header and columns, and reads it again.

const OCULA = path.join(FIXTURES_DIR, 'assembly-corpus/sodiumlb__ocula-hardware');
const UNREADABLE_BOM =
  'Board parts\nFirst;Second;Third\nR1;1;RC0402FR-0710KL\nC1;1;GRM155R71C104KA88D\n';

test('ocula (EasyEDA): a complete board zip is recognised, its BOM and placements read; a file without a header is not a dead end', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const missing = existsSync(path.join(OCULA, 'BOM_ocula-1.1.csv'))
    ? null
    : `the fixture ${OCULA} is absent (set FIXTURES_DIR to the shared fixtures folder)`;
  if (missing) console.log(`Skipped: ${missing}`);
  test.skip(missing !== null, missing ?? '');

  const gerbers = unzipSync(
    new Uint8Array(readFileSync(path.join(OCULA, 'Gerber_ocula-1.1_PCB_ocula_1.1.zip'))),
  );
  const board = zipSync({
    ...Object.fromEntries(
      Object.entries(gerbers).map(([name, data]) => [`ocula/gerber/${name}`, data]),
    ),
    'ocula/BOM_ocula-1.1.csv': new Uint8Array(readFileSync(path.join(OCULA, 'BOM_ocula-1.1.csv'))),
    'ocula/PickAndPlace_PCB_ocula_1.1.csv': new Uint8Array(
      readFileSync(path.join(OCULA, 'PickAndPlace_PCB_ocula_1.1.csv')),
    ),
  });
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Ocula ${Date.now()}`);
  const form = new FormData();
  form.append('name', 'Ocula 1.1');
  form.append('partNumber', 'OCULA-1.1');
  form.append('files[]', new Blob([board]), 'ocula.zip');
  form.append('files[]', new Blob([UNREADABLE_BOM]), 'parts-bom.csv');
  const created = await editor.request.post(`/api/projects/${projectId}/products/add`, {
    headers: { Authorization: `Bearer ${editor.token}` },
    multipart: form,
    timeout: 120_000,
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { data: { id: number } }).data.id;

  await page.goto(`/product/${productId}?initTab=BOM`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page.getByRole('tab', { name: 'BOM', selected: true })).toBeVisible();

  // The EasyEDA BOM: read as UTF-16, its "Name" column the value.
  await page.getByRole('button', { name: 'Import a BOM' }).click();
  const bomImport = page.getByRole('region', { name: 'Import a BOM' });
  const fileBox = bomImport.getByRole('combobox', { name: 'BOM file' });
  // The first BOM file is read at once: chosen only when it is not that one.
  if ((await fileBox.inputValue()) !== 'BOM_ocula-1.1.csv') {
    await fileBox.click();
    await page.getByRole('option', { name: 'BOM_ocula-1.1.csv' }).click();
  }
  const preview = bomImport.getByTestId('bom-preview');
  const mapping = page.getByRole('dialog', { name: 'Columns of the BOM' });
  await expect(preview.or(mapping).first()).toBeVisible({ timeout: 60_000 });
  if (await mapping.isVisible())
    await mapping.getByRole('button', { name: 'Read with these columns' }).click();
  await expect(preview).toContainText('utf-16le');
  await expect(preview).toContainText(
    /21 rows under the header on line 1, \d+ matched to the catalogue, \d+ with proposals to check/,
  );
  await capture(page, testInfo, 'ocula-bom-preview', { fullPage: true });

  // The file the reader cannot place: its first rows, a header and columns chosen, read again.
  await fileBox.click();
  await page.getByRole('option', { name: 'parts-bom.csv' }).click();
  const chooser = bomImport.getByTestId('file-header-chooser');
  await expect(chooser).toBeVisible({ timeout: 60_000 });
  await expect(bomImport.getByText('The file cannot be read')).toBeVisible();
  await capture(page, testInfo, 'bom-read-error-first-rows', { fullPage: true });
  await chooser.getByRole('radio', { name: 'The header is line 2' }).check();
  for (const [column, field] of [
    ['Column 1 holds', 'Designators'],
    ['Column 2 holds', 'Quantity'],
    ['Column 3 holds', 'Manufacturer part number'],
  ] as const) {
    await chooser.getByRole('combobox', { name: column }).click();
    await page.getByRole('option', { name: field, exact: true }).click();
  }
  await chooser
    .getByRole('button', { name: 'Read again with this header and these columns' })
    .click();
  await expect(preview).toContainText('2 rows under the header on line 2', { timeout: 60_000 });
  await capture(page, testInfo, 'bom-read-after-choosing-header');
  await bomImport.getByRole('button', { name: /^Save 2 rows$/ }).click();
  await expect(toast(page, 'Success', /2 BOM rows saved/)).toBeVisible({ timeout: 60_000 });

  // The placements: UTF-16, "40.5mm" values, T/B layers.
  await page.getByRole('tab', { name: 'Placement' }).click();
  await page.getByRole('button', { name: 'Import placements' }).click();
  const placementImport = page.getByRole('region', { name: 'Import placements' });
  const placementPreview = placementImport.getByTestId('placement-preview');
  await expect(placementPreview).toBeVisible({ timeout: 60_000 });
  await expect(placementPreview).toContainText('65 placements: 62 top, 3 bottom');
  await capture(page, testInfo, 'ocula-placements-preview');
});
