import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { type ApiSession, apiCreateProject, apiLogIn } from './support/api.ts';
import { FIXTURES_DIR } from './support/board-fixtures.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, logIn, toast } from './support/pages.ts';

// The limesdr-qpcie board with its own BOM (Altium through an Excel template: legacy XLS with a
// banner over the header) and placements (Altium text report, 2,012 parts), as a user brings
// them: upload, check the columns, save, confirm, read the cross-checks and fix them, then see
// the parts drawn on the board.

const GERBER_DIR = path.join(FIXTURES_DIR, 'gerber-large/limesdr-qpcie');
const ASSEMBLY_DIR = path.join(FIXTURES_DIR, 'assembly/limesdr-qpcie');
const BOM_FILE = path.join(ASSEMBLY_DIR, 'LimeSDR-QPCIe_1v2_BOMr1.xls');
const PLACEMENT_FILE = path.join(ASSEMBLY_DIR, 'Pick Place for LimeSDR-QPCIe_1v2.txt');

function missingReason(): string | null {
  for (const dir of [GERBER_DIR, ASSEMBLY_DIR]) {
    if (!existsSync(path.join(dir, 'SOURCE.md'))) {
      return `the fixture ${dir} is absent (set FIXTURES_DIR to the shared fixtures folder)`;
    }
  }
  return null;
}

/** The product with the board's 24 Gerber and drill files (17 MB: given time to go up). */
async function createBoard(session: ApiSession, projectId: number): Promise<number> {
  const form = new FormData();
  form.append('name', 'LimeSDR QPCIe');
  form.append('partNumber', 'LMS-QPCIE-1V2');
  for (const name of readdirSync(GERBER_DIR).filter((file) => file !== 'SOURCE.md')) {
    form.append('files[]', new Blob([readFileSync(path.join(GERBER_DIR, name))]), name);
  }
  const response = await session.request.post(`/api/projects/${projectId}/products/add`, {
    headers: { Authorization: `Bearer ${session.token}` },
    multipart: form,
    timeout: 300_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

function issues(page: Page): Locator {
  return page.getByRole('region', { name: 'Issues' });
}

/** The issues of one tab, listed once the panel is opened. */
function issueGroup(page: Page, tab: string): Locator {
  return issues(page).getByRole('group', { name: `${tab} issues` });
}

async function openIssues(page: Page): Promise<void> {
  const show = issues(page).getByRole('button', { name: 'Show' });
  if (await show.isVisible()) await show.click();
}

async function upload(page: Page, scope: Locator, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: 'Upload a file' }).click();
  await (await chooser).setFiles(file);
}

test('limesdr-qpcie: the BOM and placements are read, matched, cross-checked, fixed and drawn on the board', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(600_000);
  const missing = missingReason();
  if (missing) console.log(`Skipped: ${missing}`);
  test.skip(missing !== null, missing ?? '');

  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `LimeSDR ${Date.now()}`);
  const productId = await createBoard(editor, projectId);

  await page.goto(`/product/${productId}?initTab=BOM`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page.getByRole('tab', { name: 'BOM', selected: true })).toBeVisible();

  // Nothing read yet: the issue checker says so, on both tabs.
  await openIssues(page);
  await expect(issueGroup(page, 'BOM')).toContainText('No BOM information');
  await expect(issueGroup(page, 'Placement')).toContainText('No placement information');

  // The BOM: uploaded from the computer, its header found under the banner, columns shown.
  await page.getByRole('button', { name: 'Import a BOM' }).click();
  const bomImport = page.getByRole('region', { name: 'Import a BOM' });
  await upload(page, bomImport, BOM_FILE);
  const mapping = page.getByRole('dialog', { name: 'Columns of the BOM' });
  const preview = bomImport.getByTestId('bom-preview');
  await expect(preview.or(mapping).first()).toBeVisible({ timeout: 60_000 });
  if (await mapping.isVisible()) {
    await capture(page, testInfo, 'assembly-bom-columns');
    await mapping.getByRole('button', { name: 'Read with these columns' }).click();
  }
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview).toContainText('XLS');
  await bomImport.getByRole('button', { name: 'Columns…' }).click();
  await expect(mapping.getByRole('combobox', { name: /Designator holds/ })).toHaveValue(
    'Designators',
  );
  await capture(page, testInfo, 'assembly-bom-mapping');
  await mapping.getByRole('button', { name: 'Cancel' }).click();
  await capture(page, testInfo, 'assembly-bom-preview');
  await bomImport.getByRole('button', { name: /^Save [\d,]+ rows$/ }).click();
  await expect(toast(page, 'Success', /BOM rows saved/)).toBeVisible({ timeout: 60_000 });

  const bomTable = page.getByRole('table', { name: 'BOM rows' });
  await expect(bomTable).toBeVisible();
  await expect(page.getByTestId('bom-unconfirmed')).toContainText(/to confirm|All confirmed/);
  await capture(page, testInfo, 'assembly-bom-table');

  // A row opens with its fields and the parts proposed for it.
  // (Its cells are edited where they stand: the row's dialog opens from its last column.)
  await bomTable
    .getByRole('button', { name: /^Open / })
    .first()
    .click();
  const rowDialog = page.getByRole('dialog');
  await expect(rowDialog.getByText('Catalogue part', { exact: true })).toBeVisible();
  await capture(page, testInfo, 'assembly-bom-row');
  await rowDialog.getByRole('button', { name: /^(Close|Cancel)$/ }).click();

  // Every row confirmed at once.
  await page.getByRole('button', { name: 'Rows shown' }).click();
  await page.getByRole('menuitem', { name: 'Confirm all', exact: true }).click();
  await expect(page.getByTestId('bom-unconfirmed')).toHaveText('All confirmed', {
    timeout: 60_000,
  });

  // The placements: the Altium report in millimetres, both sides from its TB column.
  await page.getByRole('tab', { name: 'Placement' }).click();
  await page.getByRole('button', { name: 'Import placements' }).click();
  const placementImport = page.getByRole('region', { name: 'Import placements' });
  await upload(page, placementImport, PLACEMENT_FILE);
  const placementPreview = placementImport.getByTestId('placement-preview');
  await expect(placementPreview).toBeVisible({ timeout: 60_000 });
  await expect(placementPreview).toContainText('Altium pick and place (text)');
  await expect(placementPreview).toContainText('2,012 placements: 759 top, 1,253 bottom');
  await expect(placementImport.getByRole('radio', { name: 'mm' })).toBeChecked();
  await capture(page, testInfo, 'assembly-placement-preview');
  await placementImport.getByRole('button', { name: 'Save 2,012 placements' }).click();
  await expect(toast(page, 'Success', /2,012 placements saved/)).toBeVisible({ timeout: 60_000 });

  // The cross-checks name what disagrees between the two files: parts the BOM lists that have no
  // placement (a battery and the screws and standoffs, fitted by hand), parts the BOM leaves off
  // that the placements still place, and placements nobody confirmed yet.
  await openIssues(page);
  const bomIssues = issueGroup(page, 'BOM');
  await expect(bomIssues).toContainText(
    'BOM references without placement: BATT2, MECH22, MECH23, MECH24, MECH25, MECH28',
  );
  await expect(bomIssues).toContainText('Do-not-populate parts with a placement: C225, C236');
  await expect(issueGroup(page, 'Placement')).toContainText('2012 placements are not confirmed');
  await capture(page, testInfo, 'assembly-cross-checks');

  // Fixing them: the placements follow the BOM's do-not-populate (162: R1 and R2, named only in
  // the template's legend below the table, are fitted), the rest are confirmed...
  const table = page.getByRole('table', { name: 'Placements' });
  await expect(table).toBeVisible();
  await page.getByRole('button', { name: 'All placements' }).click();
  await page.getByRole('menuitem', { name: 'Do not populate as the BOM says (162)' }).click();
  await expect(
    toast(page, 'Success', '162 placements marked do not populate, as in the BOM'),
  ).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'All placements' }).click();
  await page.getByRole('menuitem', { name: 'Confirm all', exact: true }).click();
  await expect(page.getByText('All confirmed')).toBeVisible({ timeout: 60_000 });
  await expect(bomIssues).not.toContainText('Do-not-populate parts with a placement');
  await expect(issues(page).getByText(/^Placement \d+$/)).toHaveCount(0);

  // ...and the parts fitted by hand are not populated by the machine.
  await page.getByRole('tab', { name: 'BOM' }).click();
  for (const word of ['BATT2', 'TDYSFF', '1003755']) {
    await page.getByRole('textbox', { name: 'Find a BOM row' }).fill(word);
    await page.getByRole('button', { name: 'Rows shown' }).click();
    await page.getByRole('menuitem', { name: 'Do not populate 1 shown', exact: true }).click();
    await expect(bomTable.getByText('Not populated')).toBeVisible({ timeout: 60_000 });
  }
  await page.getByRole('textbox', { name: 'Find a BOM row' }).fill('');
  await expect(issues(page).getByText(/^BOM \d+$/)).toHaveCount(0, { timeout: 60_000 });
  await capture(page, testInfo, 'assembly-bom-fixed');

  await page.getByRole('tab', { name: 'Placement' }).click();
  // A row picked in the table is picked on the board, which shows the parts of its side.
  const viewer = page.getByTestId('board-canvas');
  await expect(viewer).toHaveAttribute('data-ready', 'true', { timeout: 120_000 });
  await expect(page.getByTestId('placements-overlay')).toHaveAttribute('data-parts', /^\d+$/);
  await page.getByRole('textbox', { name: 'Find a placement' }).fill('FL7');
  await table.getByRole('row').nth(1).click();
  await expect(page.getByTestId('selected-part')).toHaveAttribute('data-ref', 'FL7');
  await expect(page.getByTestId('picked-part')).toContainText('FL7');
  await capture(page, testInfo, 'assembly-placement-board');

  // FL7's package sits a quarter turn off: corrected once for the company, the imported angle
  // kept beside the corrected one.
  await table.getByRole('button', { name: 'Correct the package of FL7' }).click();
  const correction = page.getByRole('dialog', { name: 'Correct this package' });
  await correction.getByText('90°', { exact: true }).click();
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(toast(page, 'Success', /corrected: \d+ placements of this product/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(table.getByLabel(/°, imported \d+(\.\d+)?°$/).first()).toBeVisible();
  const corrections = page.getByRole('region', { name: 'Package corrections' });
  await expect(corrections.getByRole('button', { name: /^Edit the correction of / })).toHaveCount(
    1,
  );
  await capture(page, testInfo, 'assembly-package-correction');

  // The issue checker has nothing left to say about the BOM or the placements.
  await expect(issues(page).getByText(/^BOM \d+$/)).toHaveCount(0);
  await expect(issues(page).getByText(/^Placement \d+$/)).toHaveCount(0);

  // The outlines and references over the render on /board/{id}, the switch turning them off.
  await page.goto(`/board/${productId}`);
  await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('placements-overlay')).toHaveAttribute('data-parts', '759');
  await capture(page, testInfo, 'assembly-board-top');
  await page.getByRole('radiogroup', { name: 'Board side' }).getByText('Bottom').click();
  await expect(page.getByTestId('placements-overlay')).toHaveAttribute('data-parts', '1253');
  await capture(page, testInfo, 'assembly-board-bottom');
  await page.getByRole('switch', { name: /Placements/ }).uncheck();
  await expect(page.getByTestId('placements-overlay')).toHaveCount(0);
});
