import type { Page } from '@playwright/test';
import { apiRegister } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { capture, field, logIn, openUserMenu, toast } from './support/pages.ts';

const RESET_SUBJECT = 'Set a new password for Circuits';

function resetLinkIn(text: string, baseUrl: string): string {
  const link = /https?:\/\/\S+\/resetPassword\?token=[\w-]+/.exec(text)?.[0];
  expect(link, `reset link in: ${text}`).toBeDefined();
  expect(link!.startsWith(`${baseUrl}/resetPassword?token=`)).toBe(true);
  return link!;
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a user who forgot the password sets a new one from the emailed link and logs in with it', async ({
  page,
  request,
  mailbox,
  baseURL,
}, testInfo) => {
  const email = `grace.hopper.${Date.now()}@navy.example`;
  await apiRegister(request, {
    name: 'Grace',
    lastname: 'Hopper',
    email,
    password: 'first-compiler-1952',
  });

  // The login form leads to the request, taking along the email typed so far.
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await expect(page).toHaveTitle('Forgot password');
  await expect(field(page, 'Email')).toHaveValue(email);
  await capture(page, testInfo, 'forgot-password');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText(
    `If an account uses ${email}, we have sent it a link to set a new password. The link works once, for 1 hour.`,
  );
  await capture(page, testInfo, 'forgot-password-sent');

  const mail = await mailbox.waitForMail(email, { subject: RESET_SUBJECT });
  const link = resetLinkIn(mail.text, baseURL!);
  await page.goto(link);
  await expect(page).toHaveTitle('Set a new password');
  await expect(page.getByText(`For ${email}.`)).toBeVisible();

  // The server says why a password is refused; the form checks that both copies agree.
  await field(page, 'New password').fill('password123');
  await field(page, 'New password again').fill('password123');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(
    page.getByText(
      'Password is one of the most common passwords, which attackers try first: choose another',
    ),
  ).toBeVisible();
  await field(page, 'New password').fill('nanoseconds-of-wire-30cm');
  await field(page, 'New password again').fill('nanoseconds-of-wire-30');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('The two passwords are not the same')).toBeVisible();
  await field(page, 'New password again').fill('nanoseconds-of-wire-30cm');
  await capture(page, testInfo, 'reset-password');
  await page.getByRole('button', { name: 'Set the new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Success', 'Your new password is set. Log in with it.')).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(email);
  await field(page, 'Password').fill('first-compiler-1952');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Wrong email or password');
  await field(page, 'Password').fill('nanoseconds-of-wire-30cm');
  await page.getByRole('button', { name: 'Log in' }).click();
  // The link reached the mailbox, so the email counts as confirmed.
  await expect(page).toHaveURL(/\/workspace$/);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'This link has already been used. Ask for a new one if you need it.',
  );
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
});

test('a user changes the password on the account page, then logs out everywhere', async ({
  page,
  request,
  mailbox,
}, testInfo) => {
  const email = `katherine.johnson.${Date.now()}@nasa.example`;
  const registered = await apiRegister(request, {
    name: 'Katherine',
    lastname: 'Johnson',
    email,
    password: 'trajectory-of-mercury-7',
  });
  const confirmation = await mailbox.waitForMail(email, {
    subject: 'Confirm your email address for Circuits',
  });
  const confirmLink = /https?:\/\/\S+\/api\/email\/confirm\?token=[\w-]+/.exec(
    confirmation.text,
  )?.[0];
  expect((await request.get(confirmLink!)).ok()).toBe(true);

  await page.goto('/login');
  await logIn(page, email, 'trajectory-of-mercury-7');
  await expect(page).toHaveURL(/\/workspace$/);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Your account and password' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page).toHaveTitle('Your account');
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile).toContainText('Katherine Johnson');
  await expect(profile).toContainText(email);

  const passwordSection = page.getByRole('region', { name: 'Password' });
  const change = passwordSection.getByRole('button', { name: 'Change password' });
  await field(page, 'Current password').fill('not-my-password');
  await field(page, 'New password').fill('orbital-mechanics-62');
  await field(page, 'New password again').fill('orbital-mechanics-62');
  await change.click();
  await expect(passwordSection.getByText('Current password is not right')).toBeVisible();

  await field(page, 'Current password').fill('trajectory-of-mercury-7');
  await capture(page, testInfo, 'account', { fullPage: true });
  await change.click();
  // The registration's session was still open elsewhere; this one stays.
  await expect(
    toast(page, 'Success', 'Your password is changed. 1 other session was logged out.'),
  ).toBeVisible();
  await expect(field(page, 'Current password')).toHaveValue('');
  const elsewhere = await request.get('/api/user', {
    headers: { Authorization: `Bearer ${registered.token}` },
  });
  expect(elsewhere.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(email);

  await page.getByRole('button', { name: 'Log out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out everywhere?' });
  await expect(dialog).toContainText('this one included');
  await dialog.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Success', 'You are logged out everywhere (1 session).')).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'orbital-mechanics-62');
  await expect(page).toHaveURL(/\/account$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the password pages fit a 390 px screen', async ({ page, request, mailbox }, testInfo) => {
    const email = `dorothy.vaughan.${Date.now()}@nasa.example`;
    await apiRegister(request, {
      name: 'Dorothy',
      lastname: 'Vaughan',
      email,
      password: 'fortran-for-the-idle-7090',
    });

    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await capture(page, testInfo, 'phone-login');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The login form has an Email field too: typed before the page changed, the email is lost.
    await expect(page).toHaveURL(/\/forgotPassword$/);
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status')).toContainText(email);
    await expectNoSidewaysScroll(page);
    await capture(page, testInfo, 'phone-forgot-password-sent');

    const mail = await mailbox.waitForMail(email, { subject: RESET_SUBJECT });
    await page.goto(/https?:\/\/\S+\/resetPassword\?token=[\w-]+/.exec(mail.text)![0]);
    await expect(field(page, 'New password')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await capture(page, testInfo, 'phone-reset-password');

    await page.goto('/resetPassword?token=made-up');
    await expect(page.getByRole('alert')).toHaveText('This link is not valid. Ask for a new one.');
    await expectNoSidewaysScroll(page);
    await capture(page, testInfo, 'phone-reset-password-bad-link');

    await page.goto('/login');
    await logIn(page, email, 'fortran-for-the-idle-7090');
    // Not confirmed yet: the confirmation page comes first; the account page is for members.
    await expect(page).toHaveURL(/\/confirmEmail$/);
    const confirmation = await mailbox.waitForMail(email, {
      subject: 'Confirm your email address for Circuits',
    });
    await page.goto(
      /https?:\/\/\S+\/api\/email\/confirm\?token=[\w-]+/.exec(confirmation.text)![0],
    );
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Password' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await capture(page, testInfo, 'phone-account', { fullPage: true });
  });
});
