import {
  checkPasswordResetLink,
  forgotPassword,
  getUser,
  login,
  resetPassword,
} from '@circuits/contracts';
import { describe, expect, it } from 'vitest';
import { createTeam, TEST_PASSWORD } from '../../../test/fixtures.ts';
import { linkTo, waitForOutboxMail } from '../../../test/mail.ts';
import { databaseKinds, type TestServer, useTestServer } from '../../../test/test-server.ts';

const SUBJECT = 'Set a new password for Circuits';
const NEW_PASSWORD = 'copper-pour-at-dawn-7';

/** Asks for a link for `email` and answers the token of the `count`-th one mailed there. */
async function mailedToken(server: TestServer, email: string, count = 1): Promise<string> {
  const asked = await server.call(forgotPassword, { body: { email } });
  expect(asked.status).toBe(200);
  const mail = await waitForOutboxMail(server, email, SUBJECT, count);
  const link = linkTo(mail, server.url, '/resetPassword');
  return new URL(link).searchParams.get('token')!;
}

describe.each(databaseKinds())('forgotten password on %s', (kind) => {
  const server = useTestServer(kind, {
    env: {
      TRUST_PROXY: 'true',
      PASSWORD_RESET_MAX_PER_EMAIL: '3',
      PASSWORD_RESET_MAX_PER_ADDRESS: '20',
    },
  });

  it('mails a link that sets a new password once and ends every session', async () => {
    const { editor } = await createTeam(server(), 'Forgetful Co');
    const otherDevice = await server().call(login, {
      body: { email: editor.email, password: TEST_PASSWORD },
    });

    const asked = await server().call(forgotPassword, {
      body: { email: `  ${editor.email.toUpperCase()} ` },
    });
    expect(asked.status).toBe(200);
    expect(asked.data).toEqual({ success: true, validMinutes: 60 });

    const mail = await waitForOutboxMail(server(), editor.email, SUBJECT);
    expect(mail.text).toContain('Hello editor Tester,');
    expect(mail.text).toContain('The link works once, for 1 hour.');
    const link = linkTo(mail, server().url, '/resetPassword');
    expect(mail.html).toContain(`href="${link}"`);
    const token = new URL(link).searchParams.get('token')!;

    const checked = await server().call(checkPasswordResetLink, { body: { token } });
    expect(checked.status).toBe(200);
    expect(checked.data).toEqual({ email: editor.email });

    const reset = await server().call(resetPassword, {
      body: { token, password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect(reset.data).toEqual({ success: true, email: editor.email });

    // Every session of the account has ended.
    for (const sessionToken of [editor.token, otherDevice.data.token]) {
      const me = await server().call(getUser, { token: sessionToken });
      expect(me.status).toBe(401);
      expect(me.json).toEqual({ code: 'token_invalid', error: 'Token is Invalid' });
    }
    const oldPassword = await server().call(login, {
      body: { email: editor.email, password: TEST_PASSWORD },
    });
    expect(oldPassword.status).toBe(422);
    const newPassword = await server().call(login, {
      body: { email: editor.email, password: NEW_PASSWORD },
    });
    expect(newPassword.status).toBe(200);
    await waitForOutboxMail(server(), editor.email, 'Your Circuits password was changed');

    // The link works once.
    const again = await server().call(resetPassword, {
      body: { token, password: 'another-fresh-password-8' },
    });
    expect(again.status).toBe(422);
    expect(again.json).toEqual({
      code: 'validation_failed',
      error: { token: 'This link has already been used. Ask for a new one if you need it.' },
    });
    expect((await server().call(checkPasswordResetLink, { body: { token } })).json.error).toEqual({
      token: 'This link has already been used. Ask for a new one if you need it.',
    });
  });

  it('answers the same whether an account uses the email or not, and mails only the account', async () => {
    const { viewer } = await createTeam(server(), 'Enumeration Co');
    const unknown = await server().call(forgotPassword, {
      body: { email: 'nobody-here@enumeration.example' },
    });
    const known = await server().call(forgotPassword, { body: { email: viewer.email } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);

    await waitForOutboxMail(server(), viewer.email, SUBJECT);
    const toNobody = (await server().outbox()).filter((mail) =>
      JSON.stringify(mail.to).includes('nobody-here@enumeration.example'),
    );
    expect(toNobody).toEqual([]);
  });

  it('refuses links that expired, are forged or were replaced by a new password', async () => {
    const { editor, viewer } = await createTeam(server(), 'Stale Links Co');
    const expiring = await mailedToken(server(), editor.email);
    server().clock.advance(60 * 60_000 + 1000);
    for (const response of [
      await server().call(checkPasswordResetLink, { body: { token: expiring } }),
      await server().call(resetPassword, { body: { token: expiring, password: NEW_PASSWORD } }),
    ]) {
      expect(response.status).toBe(422);
      expect(response.json.error).toEqual({ token: 'This link has expired. Ask for a new one.' });
    }

    const forged = await server().call(resetPassword, {
      body: { token: 'a'.repeat(43), password: NEW_PASSWORD },
    });
    expect(forged.json.error).toEqual({ token: 'This link is not valid. Ask for a new one.' });
    const missing = await server().request('POST', '/api/password/reset', {
      json: { password: NEW_PASSWORD },
    });
    expect(missing.status).toBe(422);
    expect(missing.json.error).toEqual({ token: 'The link is required' });

    // Two links asked for; using the second retires the first.
    const first = await mailedToken(server(), viewer.email, 1);
    const second = await mailedToken(server(), viewer.email, 2);
    expect(first).not.toBe(second);
    expect(
      (await server().call(resetPassword, { body: { token: second, password: NEW_PASSWORD } }))
        .status,
    ).toBe(200);
    const retired = await server().call(resetPassword, {
      body: { token: first, password: 'yet-another-password-9' },
    });
    expect(retired.json.error).toEqual({
      token: 'This link has already been used. Ask for a new one if you need it.',
    });
  });

  it('sets the password once when the same link is sent twice at the same moment', async () => {
    const { editor } = await createTeam(server(), 'Double Click Co');
    const token = await mailedToken(server(), editor.email);
    const results = await Promise.all(
      ['first-new-password-1', 'second-new-password-2'].map((password) =>
        server().call(resetPassword, { body: { token, password } }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 422]);
  });

  it('refuses common passwords, one repeated character and the email or name, saying why', async () => {
    const { editor } = await createTeam(server(), 'Weak Passwords Co');
    const token = await mailedToken(server(), editor.email);
    const refusals: [string, string][] = [
      [
        'password123',
        'Password is one of the most common passwords, which attackers try first: choose another',
      ],
      [
        'Sunshine1',
        'Password is one of the most common passwords, which attackers try first: choose another',
      ],
      ['zzzzzzzzzzzz', 'Password must not be one character repeated'],
      [`${editor.email}!`, 'Password must not contain your email address'],
      ['Editor.Tester.99', 'Password must not be your name'],
      ['short', 'Password must be at least 8 characters'],
    ];
    for (const [password, message] of refusals) {
      const response = await server().call(resetPassword, { body: { token, password } });
      expect(response.status, password).toBe(422);
      expect(response.json.error, password).toEqual({ password: message });
    }
    // Nothing was used up by the refusals.
    expect(
      (await server().call(resetPassword, { body: { token, password: NEW_PASSWORD } })).status,
    ).toBe(200);
  });

  it('lets the owner log in at once from an address where they had failed too often', async () => {
    const { editor } = await createTeam(server(), 'Locked Out Co');
    const home = '198.51.100.44';
    const fromHome = (password: string) =>
      server().request('POST', '/api/login', {
        json: { email: editor.email, password },
        headers: { 'x-forwarded-for': home },
      });
    for (let i = 0; i < 5; i++) expect((await fromHome(`misremembered-${i}`)).status).toBe(422);
    expect((await fromHome(TEST_PASSWORD)).status).toBe(429);

    const token = await mailedToken(server(), editor.email);
    const reset = await server().request('POST', '/api/password/reset', {
      json: { token, password: NEW_PASSWORD },
      headers: { 'x-forwarded-for': home },
    });
    expect(reset.status).toBe(200);
    expect((await fromHome(NEW_PASSWORD)).status).toBe(200);
  });

  it('does not mail disabled accounts, and refuses their links', async () => {
    const { viewer } = await createTeam(server(), 'Disabled Reset Co');
    const token = await mailedToken(server(), viewer.email);
    await server().services.users.setDisabled(viewer.userId, true);

    const reset = await server().call(resetPassword, { body: { token, password: NEW_PASSWORD } });
    expect(reset.status).toBe(403);
    expect(reset.json.disabledAccountError).toBe(true);

    expect((await server().call(forgotPassword, { body: { email: viewer.email } })).status).toBe(
      200,
    );
    const { editor } = await createTeam(server(), 'Witness Co');
    await mailedToken(server(), editor.email);
    const toViewer = (await server().outbox()).filter(
      (mail) => mail.subject === SUBJECT && JSON.stringify(mail.to).includes(viewer.email),
    );
    expect(toViewer).toHaveLength(1);
  });
});

describe.each(databaseKinds())('password reset requests bounds on %s', (kind) => {
  const server = useTestServer(kind, {
    env: {
      TRUST_PROXY: 'true',
      PASSWORD_RESET_WINDOW: '1h',
      PASSWORD_RESET_MAX_PER_EMAIL: '2',
      PASSWORD_RESET_MAX_PER_ADDRESS: '4',
    },
  });

  const ask = (email: string, address: string) =>
    server().request('POST', '/api/password/forgot', {
      json: { email },
      headers: { 'x-forwarded-for': address },
    });

  it('bounds requests per email, the same for an email no account uses', async () => {
    const { editor } = await createTeam(server(), 'Flooded Inbox Co');
    for (const email of [editor.email, 'ghost@bounds.example']) {
      for (let i = 0; i < 2; i++) {
        expect((await ask(email, `203.0.113.${100 + i}`)).status).toBe(200);
      }
      const refused = await ask(email, '203.0.113.102');
      expect(refused.status).toBe(429);
      // Two per hour: one more every 30 minutes.
      expect(refused.json).toEqual({
        code: 'rate_limited',
        error: 'Too many password reset requests for this email. Please try again in 30 minutes.',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(1790);
    }
    await waitForOutboxMail(server(), editor.email, SUBJECT, 2);
    expect(
      (await server().outbox()).filter((mail) => JSON.stringify(mail.to).includes(editor.email)),
    ).toHaveLength(2);

    server().clock.advance(30 * 60_000 + 1000);
    expect((await ask(editor.email, '203.0.113.103')).status).toBe(200);
  });

  it('bounds requests per address', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await ask(`someone-${i}@bounds.example`, '192.0.2.9')).status).toBe(200);
    }
    const refused = await ask('someone-else@bounds.example', '192.0.2.9');
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe(
      'Too many password reset requests from your network. Please try again in 15 minutes.',
    );
    expect((await ask('someone-else@bounds.example', '192.0.2.10')).status).toBe(200);
  });
});
