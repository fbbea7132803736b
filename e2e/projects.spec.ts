import { apiCreateProduct, apiCreateProject, apiLogIn } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { field, logIn, toast } from './support/pages.ts';

// A 1x1 PNG: the server checks a cover by its first bytes.
const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('an editor organises projects: edit, assemblies, hiding, copying and moving boards', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const first = await apiCreateProject(editor, `Robot arm ${stamp}`);
  await apiCreateProduct(editor, first, 'Controller');
  await apiCreateProduct(editor, first, 'Display');
  const secondTitle = `Robot base ${stamp}`;
  await apiCreateProject(editor, secondTitle);

  await page.goto('/login');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workspace$/);

  // Rename the project, mark it red and give it a cover.
  const title = `Robot arm v2 ${stamp}`;
  await page.getByRole('button', { name: `Actions for project Robot arm ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Edit project' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit project' });
  await field(editDialog, 'Title').fill(title);
  await editDialog.getByRole('radio', { name: 'Red' }).check();
  await editDialog.locator('input[type=file][accept^="image/"]').setInputFiles({
    name: 'arm.png',
    mimeType: 'image/png',
    buffer: COVER_PNG,
  });
  await expect(editDialog.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
  await editDialog.getByRole('button', { name: 'Save project' }).click();
  await expect(editDialog).toBeHidden();
  const card = page.getByRole('article', { name: `Project ${title}` });
  await expect(card).toHaveCSS('border-top-color', 'rgb(227, 74, 74)');
  await expect(card.getByRole('img', { name: `${title} cover` })).toBeVisible();

  // An assembly, and a board moved into it.
  await card.getByRole('button', { name: `Actions for project ${title}` }).click();
  await page.getByRole('menuitem', { name: 'New assembly' }).click();
  const assemblyDialog = page.getByRole('dialog', { name: `New assembly in ${title}` });
  await field(assemblyDialog, 'Title').fill('Power stage');
  await assemblyDialog.getByRole('button', { name: 'Create assembly' }).click();
  const assembly = card.getByRole('region', { name: 'Assembly Power stage' });
  await expect(assembly).toContainText('No boards in this assembly.');
  await card.getByRole('button', { name: 'Move Display' }).click();
  await page.getByRole('menuitem', { name: 'Power stage' }).click();
  await expect(toast(page, 'Success', '"Display" moved to Power stage')).toBeVisible();
  await expect(assembly.getByRole('link', { name: /Display/ })).toBeVisible();

  // Hidden projects are listed only on demand.
  await card.getByRole('button', { name: `Hide project ${title}` }).click();
  await expect(card).toBeHidden();
  await page.getByRole('switch', { name: /Show hidden/ }).check();
  await expect(card.getByText('Hidden', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Show project ${title}` }).click();
  await page.getByRole('switch', { name: /Show hidden/ }).uncheck();
  await expect(card).toBeVisible();

  // Copy a board, then move the copy to the other project and hide it.
  await card.getByRole('link', { name: /Controller/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Controller' })).toBeVisible();
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const copyDialog = page.getByRole('dialog', { name: 'Duplicate product' });
  await expect(field(copyDialog, 'Name')).toHaveValue('Controller (copy)');
  await copyDialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Controller (copy)' })).toBeVisible();

  await page.getByRole('button', { name: 'Move' }).click();
  const moveDialog = page.getByRole('dialog', { name: 'Move to another project' });
  await moveDialog.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: secondTitle }).click();
  await moveDialog.getByRole('button', { name: 'Move product' }).click();
  await expect(toast(page, 'Success', `Controller (copy) moved to ${secondTitle}`)).toBeVisible();
  await expect(moveDialog).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText(secondTitle);

  await page.getByRole('switch', { name: 'Visible' }).uncheck();
  await expect(page.getByText('Hidden', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Workspace' }).first().click();
  const second = page.getByRole('article', { name: `Project ${secondTitle}` });
  await expect(second).toContainText('No boards yet.');
  await page.getByRole('switch', { name: /Show hidden/ }).check();
  await expect(second.getByTestId('product-row')).toContainText('Controller (copy)');
  await expect(second.getByTestId('product-row')).toContainText('Hidden');
});
