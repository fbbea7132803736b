import {
  adminConfirmUserEmail,
  adminSendPasswordReset,
  forgotPassword,
  getUser,
  listProjects,
  login,
  type RegisterInput,
  register,
  resendConfirmationEmail,
} from '@circuits/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People, TEST_PASSWORD } from '../../../test/fixtures.ts';
import { Mailbox } from '../../../test/mailbox.ts';
import { databaseKinds, startTestServer, type TestServer } from '../../../test/test-server.ts';

// Registering must not tell anyone whether an address has an account: a known address is
// answered exactly as a new one, and only the address's owner learns of it, by email (over real
// SMTP here). The account then made is detached from the address: it logs in with it, but never
// owns it, gets its mail or confirms it; the owner's account is untouched.

describe.each(databaseKinds())('registration with a known address on %s', (kind) => {
  const smtp = new Mailbox();
  let server: TestServer;
  let people: People;
  let serial = 0;

  beforeAll(async () => {
    await smtp.start();
    server = await startTestServer(kind, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Circuits <hello@circuits.example>',
        TRUST_PROXY: 'true',
        LIMIT_SIGNUPS_PER_ADDRESS: '2/1h',
      },
    });
    people = await createPeople(server);
  });

  afterAll(async () => {
    await server?.close();
    await smtp.stop();
  });

  const registration = (email: string): RegisterInput => {
    serial += 1;
    return {
      name: 'Mallory',
      lastname: 'Probe',
      email,
      password: 'probing-password-1',
      company_name: `Probe ${serial}`,
      country_code: 'US',
    };
  };
  const registerFrom = (address: string, body: RegisterInput) =>
    server.request('POST', register.path, {
      json: body,
      headers: { 'x-forwarded-for': address },
    });

  /** The answer with what differs between any two registrations (ids, names) taken out. */
  const shapeOf = (json: { token: string; user: Record<string, unknown> }) => ({
    ...json,
    token: typeof json.token,
    user: { ...json.user, id: typeof json.user.id, email: 'the address typed', company: 'own' },
  });

  it('answers a known address exactly as a new one, and mails its owner instead of a link', async () => {
    const known = people.acme.editor.email;
    const fresh = `fresh-${Date.now()}@probe.example`;
    const forKnown = await registerFrom('198.51.100.1', registration(known));
    const forFresh = await registerFrom('198.51.100.2', registration(fresh));
    expect(forKnown.status, forKnown.text).toBe(201);
    expect(forFresh.status, forFresh.text).toBe(201);
    expect(register.response.parse(forKnown.json).user.email).toBe(known);
    expect(shapeOf(forKnown.json)).toEqual(shapeOf(forFresh.json));
    expect(forKnown.json.user).toMatchObject({ isConfirmedEmail: false, company_role: 'edit' });

    // The owner is told, with no link to confirm anything; the new address gets its link.
    const told = await smtp.waitFor(known, 'You already have a Circuits account');
    expect(told.mail.text).toContain('You already');
    expect(told.mail.text).toContain('/login');
    expect(told.mail.text).not.toMatch(/api\/email\/confirm/);
    await smtp.waitFor(fresh, 'Confirm your email address for Circuits');
    expect(smtp.received.filter(({ envelopeTo }) => envelopeTo.includes(known))).toHaveLength(1);

    // The session answers as any new one: the address typed, unconfirmed, its own company.
    const me = await server.call(getUser, { token: forKnown.json.token });
    expect(me.data.user.email).toBe(known);
    expect(me.data.user.company.id).not.toBe(people.acme.companyId);
    expect((await server.call(listProjects, { token: forKnown.json.token })).status).toBe(403);

    // It logs in as it registered; the owner logs in to their own account, unchanged.
    const asRegistered = await server.call(login, {
      body: { email: known, password: 'probing-password-1' },
    });
    expect(asRegistered.status, asRegistered.text).toBe(200);
    expect(asRegistered.data.user.id).toBe(forKnown.json.user.id);
    const owner = await server.call(login, { body: { email: known, password: TEST_PASSWORD } });
    expect(owner.status).toBe(200);
    expect(owner.data.user).toMatchObject({
      id: people.acme.editor.userId,
      isConfirmedEmail: true,
      company: { id: people.acme.companyId },
    });
  });

  it('never confirms the detached account: a resend tells the owner again, staff cannot confirm it', async () => {
    const known = people.globex.viewer.email;
    const made = await registerFrom('198.51.100.3', registration(known));
    expect(made.status, made.text).toBe(201);
    await smtp.waitFor(known, 'You already have a Circuits account');
    server.clock.advance(2 * 60_000);
    const resent = await server.call(resendConfirmationEmail, { token: made.json.token });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.data.isEmailWithConfirmWasSend).toBe(true);
    const toOwner = smtp.received.filter(({ envelopeTo }) => envelopeTo.includes(known));
    expect(toOwner.map(({ mail }) => mail.subject)).toEqual([
      'You already have a Circuits account',
      'You already have a Circuits account',
    ]);

    const confirmed = await server.call(adminConfirmUserEmail, {
      token: people.admin.token,
      params: { id: made.json.user.id },
    });
    expect(confirmed.status).toBe(409);
    const resetLink = await server.call(adminSendPasswordReset, {
      token: people.admin.token,
      params: { id: made.json.user.id },
    });
    expect(resetLink.status).toBe(409);
    // A reset asked for the address goes to its owner's account only.
    const before = smtp.received.length;
    expect((await server.call(forgotPassword, { body: { email: known } })).status).toBe(200);
    const reset = await smtp
      .waitFor(known, 'Set a new password for Circuits')
      .catch(() => undefined);
    expect(reset).toBeDefined();
    expect(smtp.received.length).toBe(before + 1);
    const me = await server.call(getUser, { token: made.json.token });
    expect(me.data.user.isConfirmedEmail).toBe(false);
  });

  it('keeps the registration limits, for known and new addresses alike', async () => {
    const from = '198.51.100.9';
    expect((await registerFrom(from, registration(people.acme.viewer.email))).status).toBe(201);
    expect((await registerFrom(from, registration(`new-${Date.now()}@probe.example`))).status).toBe(
      201,
    );
    const refusedKnown = await registerFrom(from, registration(people.globex.editor.email));
    const refusedNew = await registerFrom(from, registration(`other-${Date.now()}@probe.example`));
    expect(refusedKnown.status).toBe(429);
    expect(refusedNew.status).toBe(429);
    expect(refusedKnown.json.error).toBe(refusedNew.json.error);
  });
});
