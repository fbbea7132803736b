import {
  confirmEmail,
  EMAIL_CONFIRMATION_REDIRECT,
  getUser,
  login,
  logout,
  type RegisterInput,
  register,
  resendConfirmationEmail,
  storeErrorReport,
  User,
} from '@circuits/contracts';
import { describe, expect, it } from 'vitest';
import { createTeam, TEST_PASSWORD } from '../../../test/fixtures.ts';
import { databaseKinds, type TestServer, useTestServer } from '../../../test/test-server.ts';

let serial = 0;
function registration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  serial += 1;
  return {
    name: 'Ada',
    lastname: 'Lovelace',
    email: `ada-${serial}@engines.example`,
    password: 'analytical-engine',
    company_name: `Analytical Engines ${serial}`,
    country_code: 'GB',
    ...overrides,
  };
}

/** The confirmation link of the newest mail sent to `email`. */
async function confirmationLink(server: TestServer, email: string): Promise<string> {
  const mails = (await server.outbox()).filter(
    (mail) => mail.to && JSON.stringify(mail.to).includes(email),
  );
  const text = mails.at(-1)?.text ?? '';
  const link = /https?:\/\/\S+\/api\/email\/confirm\?token=\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  return link;
}

describe.each(databaseKinds())('auth API on %s', (kind) => {
  const server = useTestServer(kind);

  describe('POST /api/register', () => {
    it('creates the user and company, signs in and mails a confirmation link', async () => {
      const input = registration({ email: '  Grace.Hopper@Navy.EXAMPLE ', country_code: 'ca' });
      const response = await server().call(register, { body: input });

      expect(response.status).toBe(201);
      expect(response.data.isEmailWithConfirmWasSend).toBe(true);
      expect(response.data.token).toMatch(/^[\w-]{43}$/);
      const user = response.data.user;
      expect(user).toMatchObject({
        name: 'Ada',
        lastname: 'Lovelace',
        email: 'grace.hopper@navy.example',
        role: 'other',
        company_role: 'edit',
        isConfirmedEmail: false,
      });
      // SPEC §9: a Canadian company address gives currency 1 (CAD) and 13 % tax.
      expect(user.company).toMatchObject({
        name: input.company_name,
        currency: { id: 1, name: 'CAD' },
        tax: 13,
        default_address_id: null,
        shipping_account_id: null,
        shipping_accounts: [],
      });
      expect(user.company.address_id).toEqual(expect.any(Number));

      const [mail] = (await server().outbox()).filter((m) => m.subject?.includes('Confirm'));
      expect(mail?.subject).toBe('Confirm your email address for Circuits');
      expect(JSON.stringify(mail?.to)).toContain('grace.hopper@navy.example');
      expect(mail?.text).toContain(`${server().url}/api/email/confirm?token=`);
    });

    it('applies the SPEC §9 currency for France and for everyone else', async () => {
      const france = await server().call(register, { body: registration({ country_code: 'FR' }) });
      expect(france.data.user.company).toMatchObject({ currency: { id: 3, name: 'EUR' }, tax: 0 });
      const japan = await server().call(register, { body: registration({ country_code: 'JP' }) });
      expect(japan.data.user.company).toMatchObject({ currency: { id: 2, name: 'USD' }, tax: 0 });
    });

    it('names every invalid field', async () => {
      const response = await server().request('POST', '/api/register', {
        json: { name: ' ', email: 'nobody', password: 'short', country_code: 'XX' },
      });
      expect(response.status).toBe(422);
      expect(response.json).toEqual({
        code: 'validation_failed',
        error: {
          name: 'First name is required',
          lastname: 'Last name is required',
          email: 'Email must be a valid email address',
          password: 'Password must be at least 8 characters',
          company_name: 'Company name is required',
          country_code: 'Country must be an ISO 3166-1 alpha-2 code such as US, CA or FR',
        },
      });
    });

    it('refuses the most common passwords, one repeated character and the name, saying why', async () => {
      const refusals: [string, string][] = [
        [
          'iloveyou',
          'Password is one of the most common passwords, which attackers try first: choose another',
        ],
        [
          'Qwerty123',
          'Password is one of the most common passwords, which attackers try first: choose another',
        ],
        ['aaaaaaaaaa', 'Password must not be one character repeated'],
        ['ada-lovelace-1815', 'Password must not be your name'],
      ];
      for (const [password, message] of refusals) {
        const response = await server().call(register, { body: registration({ password }) });
        expect(response.status, password).toBe(422);
        expect(response.json, password).toEqual({
          code: 'validation_failed',
          error: { password: message },
        });
      }
      const email = 'countess.of.lovelace@engines.example';
      const withEmail = await server().call(register, {
        body: registration({ email, password: `my-${email}` }),
      });
      expect(withEmail.json.error).toEqual({
        password: 'Password must not contain your email address',
      });
    });

    it('makes no second account owning a registered email, whatever its case', async () => {
      const first = registration();
      const made = await server().call(register, { body: first });
      expect(made.status).toBe(201);
      // Answered as for a new address (registration-privacy.int.test.ts), but the first
      // account keeps the address: the second one is detached from it.
      const again = await server().call(register, {
        body: registration({ email: first.email.toUpperCase() }),
      });
      expect(again.status).toBe(201);
      expect(again.data.user.id).not.toBe(made.data.user.id);
      const owner = await server().call(login, {
        body: { email: first.email, password: first.password },
      });
      expect(owner.data.user.id).toBe(made.data.user.id);
    });

    it('ignores fields a client may not set, such as the role', async () => {
      const response = await server().request('POST', '/api/register', {
        json: { ...registration(), role: 'admin', company_role: 'edit', isConfirmedEmail: true },
      });
      expect(response.status).toBe(201);
      expect(response.json.user).toMatchObject({ role: 'other', isConfirmedEmail: false });
    });
  });

  describe('POST /api/login', () => {
    it('answers a token and the user with their company', async () => {
      const input = registration();
      await server().call(register, { body: input });
      const response = await server().call(login, {
        body: { email: input.email.toUpperCase(), password: input.password },
      });
      expect(response.status).toBe(200);
      expect(response.data.user.email).toBe(input.email);
      const me = await server().call(getUser, { token: response.data.token });
      expect(me.status).toBe(200);
      expect(me.data.user.id).toBe(response.data.user.id);
    });

    it('gives the same answer for a wrong password and an unknown email', async () => {
      const input = registration();
      await server().call(register, { body: input });
      const wrongPassword = await server().call(login, {
        body: { email: input.email, password: 'not-the-password' },
      });
      const unknownEmail = await server().call(login, {
        body: { email: 'nobody@nowhere.example', password: 'whatever-it-is' },
      });
      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.status).toBe(422);
        expect(response.json).toEqual({
          code: 'invalid_credentials',
          error: 'Wrong email or password',
        });
      }
    });

    it('names missing fields', async () => {
      const response = await server().request('POST', '/api/login', { json: {} });
      expect(response.status).toBe(422);
      expect(response.json.error).toEqual({
        email: 'Email is required',
        password: 'Password is required',
      });
    });

    it('refuses a disabled account with disabledAccountError, and its existing tokens', async () => {
      const team = await createTeam(server(), 'Disabled Co');
      await server().services.users.setDisabled(team.viewer.userId, true);

      const attempt = await server().call(login, {
        body: { email: team.viewer.email, password: TEST_PASSWORD },
      });
      expect(attempt.status).toBe(403);
      expect(attempt.json).toEqual({
        code: 'account_disabled',
        error: 'Your account has been disabled. Please contact support.',
        disabledAccountError: true,
      });

      const withOldToken = await server().call(getUser, { token: team.viewer.token });
      expect(withOldToken.status).toBe(403);
      expect(withOldToken.json.disabledAccountError).toBe(true);
    });
  });

  describe('bearer tokens', () => {
    it('answer 401 without a token', async () => {
      const response = await server().call(getUser);
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ code: 'unauthenticated', error: 'Authentication required' });
    });

    it('answer "Token is Invalid" for an unknown or malformed token', async () => {
      for (const headers of [
        { authorization: 'Bearer not-a-real-token' },
        { authorization: 'Basic dXNlcjpwYXNz' },
      ]) {
        const response = await server().request('GET', '/api/user', { headers });
        expect(response.status).toBe(401);
        expect(response.json).toEqual({ code: 'token_invalid', error: 'Token is Invalid' });
      }
    });

    it('expire after TOKEN_TTL without use, and stay alive while used', async () => {
      const { editor } = await createTeam(server(), 'Sliding Co');
      const day = 24 * 3600 * 1000;
      // Default lifetime is 7 days of inactivity: using the token every 6 days keeps it valid.
      for (let i = 0; i < 3; i++) {
        server().clock.advance(6 * day);
        expect((await server().call(getUser, { token: editor.token })).status).toBe(200);
      }
      server().clock.advance(7 * day + 1000);
      const expired = await server().call(getUser, { token: editor.token });
      expect(expired.status).toBe(401);
      expect(expired.json).toEqual({ code: 'token_expired', error: 'Token is Expired' });
    });

    it('are revoked by logout, and only the one used', async () => {
      const { editor } = await createTeam(server(), 'Logout Co');
      const second = await server().call(login, {
        body: { email: editor.email, password: TEST_PASSWORD },
      });
      const out = await server().call(logout, { token: editor.token });
      expect(out.status).toBe(200);
      expect(out.data).toEqual({ success: true });

      const afterLogout = await server().call(getUser, { token: editor.token });
      expect(afterLogout.status).toBe(401);
      expect(afterLogout.json.error).toBe('Token is Invalid');
      expect((await server().call(getUser, { token: second.data.token })).status).toBe(200);
    });

    it('are refused before the body is read: anonymous writes get 401, not field errors', async () => {
      const response = await server().request('POST', '/api/addresses', { json: { nonsense: 1 } });
      expect(response.status).toBe(401);
    });
  });

  describe('GET /api/user', () => {
    it('answers exactly the SPEC §3 user and company fields', async () => {
      const { editor } = await createTeam(server(), 'Shape Co', 'FR');
      const response = await server().call(getUser, { token: editor.token });
      expect(Object.keys(response.json.user).sort()).toEqual(
        [
          'company',
          'company_role',
          'email',
          'id',
          'isConfirmedEmail',
          'lastname',
          'name',
          'role',
        ].sort(),
      );
      expect(Object.keys(response.json.user.company).sort()).toEqual(
        [
          'address_id',
          'currency',
          'default_address_id',
          'id',
          'name',
          'shipping_account_id',
          'shipping_accounts',
          'tax',
        ].sort(),
      );
      expect(User.strict().safeParse(response.json.user).success).toBe(true);
      expect(response.json.user.company.currency).toEqual({ id: 3, name: 'EUR' });
    });
  });

  describe('email confirmation', () => {
    it('keeps unconfirmed users to their profile until the mailed link is followed', async () => {
      const input = registration();
      const { data } = await server().call(register, { body: input });

      const blocked = await server().request('GET', '/api/addresses', { token: data.token });
      expect(blocked.status).toBe(403);
      expect(blocked.json).toEqual({
        code: 'email_unconfirmed',
        error: 'Please confirm your email address first',
      });

      const link = await confirmationLink(server(), input.email);
      const followed = await fetch(link, { redirect: 'manual' });
      expect(followed.status).toBe(302);
      expect(followed.headers.get('location')).toBe(EMAIL_CONFIRMATION_REDIRECT.confirmed);

      const me = await server().call(getUser, { token: data.token });
      expect(me.data.user.isConfirmedEmail).toBe(true);
      expect((await server().request('GET', '/api/addresses', { token: data.token })).status).toBe(
        200,
      );

      // Following it again (a second click) still lands on the confirmed page.
      const again = await fetch(link, { redirect: 'manual' });
      expect(again.headers.get('location')).toBe(EMAIL_CONFIRMATION_REDIRECT.confirmed);
    });

    it('sends expired and unknown links to the confirm page with the reason', async () => {
      const input = registration();
      await server().call(register, { body: input });
      const link = await confirmationLink(server(), input.email);
      server().clock.advance(48 * 3600 * 1000 + 1000);
      const expired = await fetch(link, { redirect: 'manual' });
      expect(expired.headers.get('location')).toBe(EMAIL_CONFIRMATION_REDIRECT.expired);

      const unknown = await server().call(confirmEmail, { query: { token: 'forged' } });
      expect(unknown.status).toBe(302);
      expect(unknown.headers.get('location')).toBe(EMAIL_CONFIRMATION_REDIRECT.invalid);
      for (const damaged of ['', `?token=${'x'.repeat(5000)}`]) {
        const response = await server().request('GET', `/api/email/confirm${damaged}`);
        expect(response.status).toBe(302);
        expect(response.headers.get('location')).toBe(EMAIL_CONFIRMATION_REDIRECT.invalid);
      }
    });

    it('resends a fresh link at most once a minute, and not to confirmed users', async () => {
      const input = registration();
      const { data } = await server().call(register, { body: input });

      const tooSoon = await server().call(resendConfirmationEmail, { token: data.token });
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.json.code).toBe('rate_limited');
      expect(tooSoon.json.error).toMatch(
        /^We have just sent you an email\. Please wait \d+ seconds? before asking for another\.$/,
      );
      expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);

      const firstLink = await confirmationLink(server(), input.email);
      server().clock.advance(61_000);
      const resent = await server().call(resendConfirmationEmail, { token: data.token });
      expect(resent.status).toBe(200);
      expect(resent.data).toEqual({ isEmailWithConfirmWasSend: true });
      const secondLink = await confirmationLink(server(), input.email);
      expect(secondLink).not.toBe(firstLink);

      expect((await fetch(secondLink, { redirect: 'manual' })).headers.get('location')).toBe(
        EMAIL_CONFIRMATION_REDIRECT.confirmed,
      );
      const confirmedUser = await server().call(resendConfirmationEmail, { token: data.token });
      expect(confirmedUser.status).toBe(409);
      expect(confirmedUser.json.error).toBe('Your email address is already confirmed');
    });
  });

  describe('POST /api/errorReport/store', () => {
    it('stores reports from signed-in users, even unconfirmed ones', async () => {
      const { data } = await server().call(register, { body: registration() });
      const response = await server().call(storeErrorReport, {
        token: data.token,
        body: {
          message: 'Cannot read properties of undefined',
          error_name: 'TypeError',
          trace: 'TypeError: Cannot read properties of undefined\n    at Board (board.tsx:10)',
          location: '/product/12',
        },
      });
      expect(response.status).toBe(201);
      expect(response.data).toEqual({ success: true });
    });

    it('requires a token and a message', async () => {
      expect((await server().call(storeErrorReport, { body: { message: 'x' } })).status).toBe(401);
      const { editor } = await createTeam(server(), 'Reports Co');
      const empty = await server().request('POST', '/api/errorReport/store', {
        token: editor.token,
        json: { trace: 'x' },
      });
      expect(empty.status).toBe(422);
      expect(empty.json.error).toEqual({ message: 'Message is required' });
    });
  });
});
