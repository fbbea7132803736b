import { changePassword, getUser, login, logoutEverywhere } from '@circuits/contracts';
import { describe, expect, it } from 'vitest';
import { createTeam, TEST_PASSWORD } from '../../../test/fixtures.ts';
import { waitForOutboxMail } from '../../../test/mail.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';

const DAY = 24 * 3600 * 1000;
const NEW_PASSWORD = 'solder-mask-green-42';

describe.each(databaseKinds())('sessions and password change on %s', (kind) => {
  const server = useTestServer(kind, { env: { TOKEN_TTL: '7d', SESSION_MAX_AGE: '30d' } });

  const logIn = async (email: string, password = TEST_PASSWORD) => {
    const response = await server().call(login, { body: { email, password } });
    expect(response.status).toBe(200);
    return response.data.token;
  };

  it('changes the password given the current one, ending the other sessions but not this one', async () => {
    const { editor } = await createTeam(server(), 'Change Co');
    const laptop = await logIn(editor.email);
    const phone = await logIn(editor.email);

    const changed = await server().call(changePassword, {
      token: laptop,
      body: { current_password: TEST_PASSWORD, password: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(changed.data).toEqual({ success: true, endedSessions: 2 });

    expect((await server().call(getUser, { token: laptop })).status).toBe(200);
    for (const ended of [phone, editor.token]) {
      const me = await server().call(getUser, { token: ended });
      expect(me.status).toBe(401);
      expect(me.json.error).toBe('Token is Invalid');
    }
    const old = await server().call(login, {
      body: { email: editor.email, password: TEST_PASSWORD },
    });
    expect(old.status).toBe(422);
    await logIn(editor.email, NEW_PASSWORD);

    // The owner hears of it, in case it was not them.
    const notice = await waitForOutboxMail(
      server(),
      editor.email,
      'Your Circuits password was changed',
    );
    expect(notice.text).toContain('If it was not you, someone else knows your password');
    expect(notice.text).toContain(`${server().url}/forgotPassword`);
  });

  it('refuses a wrong current password, a weak new one and the same one, naming the field', async () => {
    const { viewer } = await createTeam(server(), 'Refusing Co');
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { current_password: 'not-my-password', password: NEW_PASSWORD },
        { current_password: 'Current password is not right' },
      ],
      [
        { current_password: TEST_PASSWORD, password: 'qwertyuiop' },
        {
          password:
            'Password is one of the most common passwords, which attackers try first: choose another',
        },
      ],
      [
        { current_password: TEST_PASSWORD, password: '11111111111' },
        { password: 'Password must not be one character repeated' },
      ],
      [
        { current_password: TEST_PASSWORD, password: TEST_PASSWORD },
        { password: 'New password must differ from the current one' },
      ],
      [{}, { current_password: 'Current password is required', password: 'Password is required' }],
    ];
    for (const [body, error] of cases) {
      const response = await server().request('POST', '/api/password/change', {
        token: viewer.token,
        json: body,
      });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.json.error, JSON.stringify(body)).toEqual(error);
    }
    // Nothing changed: the token and the old password still work.
    expect((await server().call(getUser, { token: viewer.token })).status).toBe(200);
    await logIn(viewer.email);

    expect(
      (await server().call(changePassword, { body: { current_password: 'x', password: 'y' } }))
        .status,
    ).toBe(401);
  });

  it('counts wrong current passwords as failed logins, so a stolen session cannot guess it', async () => {
    const { editor } = await createTeam(server(), 'Stolen Session Co');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await server().call(changePassword, {
        token: editor.token,
        body: { current_password: `guess-${i}-password`, password: NEW_PASSWORD },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
  });

  it('logs out everywhere: every session of the user ends, the others users keep theirs', async () => {
    const { editor, viewer } = await createTeam(server(), 'Everywhere Co');
    const second = await logIn(editor.email);
    const out = await server().call(logoutEverywhere, { token: second });
    expect(out.status).toBe(200);
    expect(out.data).toEqual({ success: true, endedSessions: 2 });
    for (const token of [editor.token, second]) {
      expect((await server().call(getUser, { token })).json.error).toBe('Token is Invalid');
    }
    expect((await server().call(getUser, { token: viewer.token })).status).toBe(200);
    // Logging in again works as usual.
    expect((await server().call(getUser, { token: await logIn(editor.email) })).status).toBe(200);
    expect((await server().call(logoutEverywhere)).status).toBe(401);
  });

  it('ends a session SESSION_MAX_AGE after login however actively it is used', async () => {
    const { editor } = await createTeam(server(), 'Long Session Co');
    // Used every 5 days, well within TOKEN_TTL, for 25 days.
    for (let i = 0; i < 5; i++) {
      server().clock.advance(5 * DAY);
      expect((await server().call(getUser, { token: editor.token })).status).toBe(200);
    }
    server().clock.advance(5 * DAY + 1000);
    const ended = await server().call(getUser, { token: editor.token });
    expect(ended.status).toBe(401);
    expect(ended.json).toEqual({ code: 'token_expired', error: 'Token is Expired' });
    expect((await server().call(getUser, { token: await logIn(editor.email) })).status).toBe(200);
  });
});
