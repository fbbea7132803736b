import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export const LOGGED_OUT_TOAST = 'You were logged out due to inactivity. Please log in again';

/** A text input by its label (Mantine marks required labels with an asterisk). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function chooseCountry(page: Page, label: string, country: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).fill(country);
  await page.getByRole('option', { name: country, exact: true }).click();
}

/** A toast by its title (Success, Error, Warning, Notification) and text. */
export function toast(page: Page, title: string, text: string | RegExp) {
  return page
    .locator('.mantine-Notification-root')
    .filter({ hasText: title })
    .filter({ hasText: text });
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** A 1366x768 picture of the page, kept with the test results for review (not committed). */
export async function capture(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = false } = {},
): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
}
