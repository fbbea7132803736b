import { expect, test } from './support/fixtures.ts';
import { capture, chooseCountry, field, openUserMenu, toast } from './support/pages.ts';

test('a new user registers, confirms the email, edits an address and logs out', async ({
  page,
  mailbox,
}, testInfo) => {
  const email = `ada.lovelace.${Date.now()}@analytical.example`;

  // Anonymous users are sent to log in; the cabinet they wanted is remembered.
  await page.goto('/cabinet');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Log in');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle('Create account');

  // The form checks its fields before anything is sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Country is required')).toBeVisible();

  await field(page, 'First name').fill('Ada');
  await field(page, 'Last name').fill('Lovelace');
  await field(page, 'Work email').fill(email);
  await field(page, 'Password').fill('difference-engine-42');
  await field(page, 'Company name').fill('Analytical Engines Ltd');
  await chooseCountry(page, 'Country', 'Canada');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Until the email is confirmed, every page needing an account leads here.
  await expect(page).toHaveURL(/\/confirmEmail$/);
  await expect(page).toHaveTitle('Confirm email');
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  const mail = await mailbox.waitForMail(email);
  const link = /https?:\/\/\S+\/api\/email\/confirm\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  expect(link, `confirmation link in: ${mail.text}`).toBeDefined();
  await page.goto(link!);

  // Back on the page the user first asked for.
  await expect(page).toHaveURL(/\/cabinet$/);
  await expect(page).toHaveTitle('Company cabinet');
  await expect(toast(page, 'Success', 'Your email address is confirmed')).toBeVisible();
  await expect(page.getByText('Analytical Engines Ltd').first()).toBeVisible();
  // A Canadian company is quoted in CAD with 13 % tax (SPEC §9).
  await expect(page.getByRole('combobox', { name: 'Company currency' })).toHaveValue('CAD');
  await expect(page.getByText('13 %')).toBeVisible();

  // Registration stored the country; the user completes the company address.
  const addresses = page.getByRole('region', { name: 'Addresses' });
  await expect(addresses.getByTestId('address-card')).toHaveCount(1);
  await addresses.getByRole('button', { name: 'Edit address Canada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit address' });
  await field(dialog, 'Contact name').fill('Ada Lovelace');
  await field(dialog, 'Street address').fill('');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('Street address is required')).toBeVisible();
  await field(dialog, 'Street address').fill('12 Babbage Street');
  await field(dialog, 'City').fill('Ottawa');
  await field(dialog, 'State or province').fill('Ontario');
  await field(dialog, 'Postal code').fill('K1A 0B1');
  await capture(page, testInfo, 'address-dialog');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Success', 'Address saved')).toBeVisible();
  const card = addresses.getByTestId('address-card');
  await expect(card).toContainText('Ada Lovelace');
  await expect(card).toContainText('12 Babbage Street');
  await expect(card).toContainText('Ottawa, Ontario, K1A 0B1');

  // The change is on the server, not only on the screen.
  await page.reload();
  await expect(addresses.getByTestId('address-card')).toContainText('12 Babbage Street');

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  // Logged out for real: the cabinet asks for a login again.
  await page.goto('/cabinet');
  await expect(page).toHaveURL(/\/login$/);
});
