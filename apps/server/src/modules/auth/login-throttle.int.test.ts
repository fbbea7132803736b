import { login } from '@circuits/contracts';
import { describe, expect, it } from 'vitest';
import { createTeam, TEST_PASSWORD } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';

const MINUTE = 60_000;

describe.each(databaseKinds())('login rate limits on %s', (kind) => {
  const server = useTestServer(kind, {
    env: {
      LOGIN_RATE_WINDOW: '10m',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '6',
    },
  });

  const attempt = (email: string, password: string) =>
    server().call(login, { body: { email, password } });

  it('locks an account after repeated failures, even for the right password, until the window passes', async () => {
    const { editor } = await createTeam(server(), 'Locked Account Co');
    for (let i = 0; i < 3; i++) {
      expect((await attempt(editor.email, 'wrong-password')).status).toBe(422);
    }
    const locked = await attempt(editor.email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.json).toEqual({
      code: 'rate_limited',
      error: 'Too many failed login attempts. Please try again in 10 minutes.',
    });
    expect(locked.headers.get('retry-after')).toBe('600');

    server().clock.advance(6 * MINUTE);
    const stillLocked = await attempt(editor.email, TEST_PASSWORD);
    expect(stillLocked.json.error).toBe(
      'Too many failed login attempts. Please try again in 4 minutes.',
    );

    server().clock.advance(4 * MINUTE + 1000);
    expect((await attempt(editor.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('limits failures from one address across accounts', async () => {
    // Earlier tests' failures have left the window.
    server().clock.advance(11 * MINUTE);
    for (let i = 0; i < 6; i++) {
      expect((await attempt(`guess-${i}@nowhere.example`, 'password-guess')).status).toBe(422);
    }
    const { editor } = await createTeam(server(), 'Same Address Co').catch((error) => {
      // createTeam logs in from the same address, which is now limited.
      expect(String(error)).toContain('Too many failed login attempts');
      return { editor: undefined };
    });
    expect(editor).toBeUndefined();
    server().clock.advance(11 * MINUTE);
    expect((await createTeam(server(), 'Later Co')).editor.token).toBeTruthy();
  });
});
