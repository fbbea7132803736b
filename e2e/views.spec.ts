import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, chooseCountry, field, logIn, toast } from './support/pages.ts';

test.describe('every view at 1366x768', () => {
  test('public views say what the product is', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Circuits');
    await expect(page.getByRole('heading', { level: 1, name: 'Circuits' })).toBeVisible();
    await expect(page.getByText(/organises its boards/)).toBeVisible();
    await capture(page, testInfo, 'home');

    await page.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveTitle('About');
    await expect(page.getByRole('heading', { name: 'About Circuits' })).toBeVisible();
    await capture(page, testInfo, 'about');

    await page.goto('/login');
    await expect(page).toHaveTitle('Log in');
    await capture(page, testInfo, 'login');

    await page.goto('/register');
    await expect(page).toHaveTitle('Create account');
    await capture(page, testInfo, 'register');

    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('Page not found');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await capture(page, testInfo, 'not-found');
  });

  test('a wrong password is explained on the login form', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, DEMO_EDITOR, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Wrong email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the confirm email view waits for the link', async ({ page }, testInfo) => {
    await page.goto('/register');
    await field(page, 'First name').fill('Grace');
    await field(page, 'Last name').fill('Hopper');
    await field(page, 'Work email').fill(`grace.${Date.now()}@cobol.example`);
    await field(page, 'Password').fill('compiler-1952');
    await field(page, 'Company name').fill('Harvard Mark Works');
    await chooseCountry(page, 'Country', 'United States');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/confirmEmail$/);
    await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();
    // Pages that need a confirmed email are not offered in the header meanwhile.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Workspace' })).toHaveCount(0);
    await capture(page, testInfo, 'confirm-email');

    // An unconfirmed user cannot reach the workspace, and a bad link is explained.
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/confirmEmail$/);
    await page.goto('/api/email/confirm?token=not-a-real-token');
    await expect(page).toHaveURL(/\/confirmEmail\?error=invalid$/);
    await expect(page.getByRole('alert')).toContainText('not valid');
  });

  test('signed-in views: workspace, cabinet and views still to come', async ({
    page,
  }, testInfo) => {
    await page.goto('/login');
    await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/workspace$/);
    await expect(page).toHaveTitle('Workspace');
    await capture(page, testInfo, 'workspace');

    // Logged-in users are sent from login to their projects, which is the workspace.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/workspace$/);

    await page.goto('/cabinet');
    await expect(page).toHaveTitle('Company cabinet');
    await expect(page.getByRole('region', { name: 'Addresses' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shipping accounts' })).toBeVisible();
    await capture(page, testInfo, 'cabinet');

    await page.goto('/cabinet_new');
    await expect(page).toHaveTitle('Company cabinet');

    await page.goto('/instantQuote');
    await expect(page).toHaveTitle('Instant quote');
    await expect(page.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeVisible();
    await expect(page.getByText('No board yet.')).toBeVisible();
    await capture(page, testInfo, 'instant-quote');

    // A product that does not exist (or is another company's) sends the user to the projects.
    await page.goto('/product/424242');
    // SPEC §8: the toast of a 404 says "Not found", not the server's name for what is missing.
    await expect(
      toast(page, 'Error', 'not found').locator('.mantine-Notification-description'),
    ).toHaveText('Not found');
    await expect(page).toHaveURL(/\/workspace$/);
  });
});

test.describe('a view whose files fail to download', () => {
  test('a script chunk that fails shows a reload button, not a blank page', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await page.route('**/assets/app/js/about-*.js', (route) => route.abort('connectionfailed'));
    await page.getByRole('link', { name: 'About' }).click();
    await expect(
      page.getByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeVisible();
    // The header stays, so the user can go elsewhere.
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await capture(page, testInfo, 'chunk-failure');

    await page.unroute('**/assets/app/js/about-*.js');
    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByRole('heading', { name: 'About Circuits' })).toBeVisible();
  });

  test('a stylesheet chunk that fails shows the same message', async ({ page }) => {
    await page.goto('/about');
    await page.route('**/assets/app/css/home-*.css', (route) => route.abort('connectionfailed'));
    await page.getByRole('link', { name: 'Circuits' }).first().click();
    await expect(
      page.getByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
  });
});
