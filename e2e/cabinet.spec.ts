import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { field, logIn, toast } from './support/pages.ts';

const DEMO_VIEWER = 'viewer@northwind.example';

test('an editor adds and edits a shipping account and switches the currency', async ({ page }) => {
  await page.goto('/cabinet');
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/cabinet$/);

  const accounts = page.getByRole('region', { name: 'Shipping accounts' });
  await accounts.getByRole('button', { name: 'Add shipping account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a shipping account' });
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(dialog.getByText('Shipping agent is required')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Shipping agent' }).click();
  await page.getByRole('option', { name: 'Purolator' }).click();
  await field(dialog, 'Account number').fill('PX-778899');
  await field(dialog, 'Description').fill('Montreal warehouse');
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Success', 'Shipping account added')).toBeVisible();
  const row = accounts.getByRole('row', { name: /Purolator/ });
  await expect(row).toContainText('PX-778899');
  await expect(row).toContainText('Montreal warehouse');

  await row.getByRole('button', { name: 'Edit Purolator account PX-778899' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit shipping account' });
  await field(editDialog, 'Account number').fill('bad number!');
  await editDialog.getByRole('button', { name: 'Save account' }).click();
  await expect(
    editDialog.getByText('Account number may contain only letters, digits, spaces and dashes'),
  ).toBeVisible();
  await field(editDialog, 'Account number').fill('PX-778900');
  await editDialog.getByRole('button', { name: 'Save account' }).click();
  await expect(editDialog).toBeHidden();
  await expect(accounts.getByRole('row', { name: /Purolator/ })).toContainText('PX-778900');

  const currency = page.getByRole('combobox', { name: 'Company currency' });
  await currency.click();
  await page.getByRole('option', { name: 'EUR' }).click();
  await expect(toast(page, 'Success', 'Prices are now quoted in EUR')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Company currency' })).toHaveValue('EUR');
});

test('a viewer sees the cabinet without ways to change it', async ({ page }) => {
  await page.goto('/cabinet');
  await logIn(page, DEMO_VIEWER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/cabinet$/);
  await expect(page.getByText('View only')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Addresses' }).getByTestId('address-card'),
  ).not.toHaveCount(0);
  await expect(page.getByRole('button', { name: /Add address|Add shipping account/ })).toHaveCount(
    0,
  );
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Company currency' })).toBeDisabled();
});
