import { getUser } from '@circuits/contracts';
import { describe, expect, it } from 'vitest';
import { createTeam, TEST_PASSWORD } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const pairMessage = (wait: string) =>
  `Too many failed login attempts. Please try again in ${wait}, ` +
  'or set a new password with "Forgot your password?".';

describe.each(databaseKinds())('login throttling on %s', (kind) => {
  // Client addresses come from X-Forwarded-For, as behind a reverse proxy.
  const server = useTestServer(kind, {
    env: {
      TRUST_PROXY: 'true',
      LOGIN_FREE_FAILURES: '3',
      LOGIN_DELAY: '2m',
      LOGIN_MAX_DELAY: '8m',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '6',
      LOGIN_ADDRESS_WINDOW: '12m',
    },
  });

  const attempt = (email: string, password: string, address: string) =>
    server().request('POST', '/api/login', {
      json: { email, password },
      headers: { 'x-forwarded-for': address },
    });

  it('never refuses the owner on their own address while an attacker fails from another', async () => {
    const { editor } = await createTeam(server(), 'Targeted Co');
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await attempt(editor.email, `guess-${i}-password`, attacker)).status);
    }
    expect(statuses.slice(0, 3)).toEqual([422, 422, 422]);
    expect(statuses.at(-1)).toBe(429);

    const owner = await attempt(editor.email, TEST_PASSWORD, '198.51.100.20');
    expect(owner.status).toBe(200);
    expect((await server().call(getUser, { token: owner.json.token })).status).toBe(200);
    // The attacker's address still waits, even with the right password.
    expect((await attempt(editor.email, TEST_PASSWORD, attacker)).status).toBe(429);
  });

  it('makes a failing pair wait longer after each failure, saying how long in Retry-After', async () => {
    const { editor } = await createTeam(server(), 'Delayed Co');
    const address = '203.0.113.21';
    for (let i = 0; i < 3; i++) {
      const failed = await attempt(editor.email, 'wrong-password', address);
      expect(failed.status).toBe(422);
      expect(failed.json).toEqual({
        code: 'invalid_credentials',
        error: 'Wrong email or password',
      });
    }
    const waiting = await attempt(editor.email, TEST_PASSWORD, address);
    expect(waiting.status).toBe(429);
    expect(waiting.json).toEqual({ code: 'rate_limited', error: pairMessage('2 minutes') });
    // Retry-After counts the seconds left (the requests themselves take a moment).
    const retryAfter = (response: { headers: Headers }) =>
      Number(response.headers.get('retry-after'));
    expect(retryAfter(waiting)).toBeGreaterThan(110);
    expect(retryAfter(waiting)).toBeLessThanOrEqual(120);

    // Each further failure doubles the wait (2, 4, 8 minutes), up to LOGIN_MAX_DELAY.
    for (const [waitMinutes, nextMinutes] of [
      [2, 4],
      [4, 8],
      [8, 8],
    ] as const) {
      server().clock.advance(waitMinutes * MINUTE + SECOND);
      expect((await attempt(editor.email, 'wrong-password', address)).status).toBe(422);
      const refused = await attempt(editor.email, 'wrong-password', address);
      expect(refused.json.error).toBe(pairMessage(`${nextMinutes} minutes`));
      expect(retryAfter(refused)).toBeGreaterThan(nextMinutes * 60 - 10);
      expect(retryAfter(refused)).toBeLessThanOrEqual(nextMinutes * 60);
    }

    // Once the wait is over the right password gets in, and the pair starts afresh.
    server().clock.advance(8 * MINUTE + SECOND);
    expect((await attempt(editor.email, TEST_PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await attempt(editor.email, 'wrong-password', address)).status).toBe(422);
    }
    expect((await attempt(editor.email, 'wrong-password', address)).status).toBe(429);
  });

  it('counts parallel attempts one by one: no more are checked than the limit allows', async () => {
    const { editor } = await createTeam(server(), 'Parallel Co');
    const onePair = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(editor.email, `parallel-${i}`, '203.0.113.33')),
    );
    const pairStatuses = onePair.map((response) => response.status).sort();
    expect(pairStatuses).toEqual([...Array(3).fill(422), ...Array(9).fill(429)]);

    // One address guessing many accounts at once gets no more than its limit either.
    const manyAccounts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attempt(`someone-${i}@parallel.example`, 'password-guess', '203.0.113.34'),
      ),
    );
    const addressStatuses = manyAccounts.map((response) => response.status).sort();
    expect(addressStatuses).toEqual([...Array(6).fill(422), ...Array(6).fill(429)]);
  });

  it('stops one address guessing across accounts, but not the users who logged in from it before', async () => {
    const proxy = '192.0.2.50';
    const { editor: colleague, viewer: newcomer } = await createTeam(server(), 'Shared Proxy Co');
    expect((await attempt(colleague.email, TEST_PASSWORD, proxy)).status).toBe(200);

    // Someone behind the same proxy tries one password on many accounts.
    for (let i = 0; i < 6; i++) {
      expect((await attempt(`victim-${i}@spray.example`, 'Summer2024!', proxy)).status).toBe(422);
    }
    const sprayed = await attempt('victim-6@spray.example', 'Summer2024!', proxy);
    expect(sprayed.status).toBe(429);
    // The window of 12 minutes lets one more failure in every 2 minutes.
    expect(sprayed.json).toEqual({
      code: 'rate_limited',
      error: 'Too many failed logins from your network. Please try again in 2 minutes.',
    });
    expect(Number(sprayed.headers.get('retry-after'))).toBeGreaterThan(110);
    expect(Number(sprayed.headers.get('retry-after'))).toBeLessThanOrEqual(120);

    // The colleague who has logged in from there before still gets in, even after a typo.
    expect((await attempt(colleague.email, 'typo-password', proxy)).status).toBe(422);
    expect((await attempt(colleague.email, TEST_PASSWORD, proxy)).status).toBe(200);
    // Someone logging in from there for the first time waits for the address to calm down...
    expect((await attempt(newcomer.email, TEST_PASSWORD, proxy)).status).toBe(429);
    // ...but not from anywhere else.
    expect((await attempt(newcomer.email, TEST_PASSWORD, '198.51.100.77')).status).toBe(200);
    server().clock.advance(2 * MINUTE + SECOND);
    expect((await attempt(newcomer.email, TEST_PASSWORD, proxy)).status).toBe(200);
  });
});
