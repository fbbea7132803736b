import {
  checkPasswordResetLink,
  forgotPassword,
  getUser,
  login,
  register,
  resetPassword,
} from '@circuits/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '../../../test/mailbox.ts';
import { databaseKinds, startTestServer, type TestServer } from '../../../test/test-server.ts';

// The confirmation and password reset emails travel over real SMTP to an in-test mail server;
// their links are followed.

describe.each(databaseKinds())('confirmation email over SMTP on %s', (kind) => {
  const smtp = new Mailbox();
  const received = smtp.received;
  let server: TestServer;

  beforeAll(async () => {
    await smtp.start();
    server = await startTestServer(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Circuits <hello@circuits.example>' },
    });
  });

  afterAll(async () => {
    await server?.close();
    await smtp.stop();
  });

  it('delivers the link, and following it confirms the address', async () => {
    const response = await server.call(register, {
      body: {
        name: 'Katherine',
        lastname: 'Johnson',
        email: 'katherine@nasa.example',
        password: 'trajectories',
        company_name: 'Langley Boards',
        country_code: 'US',
      },
    });
    expect(response.status).toBe(201);
    expect(response.data.isEmailWithConfirmWasSend).toBe(true);

    expect(received).toHaveLength(1);
    const { envelopeTo, mail } = received[0]!;
    expect(envelopeTo).toEqual(['katherine@nasa.example']);
    expect(mail.from?.value).toEqual([{ name: 'Circuits', address: 'hello@circuits.example' }]);
    expect(mail.subject).toBe('Confirm your email address for Circuits');
    expect(mail.text).toContain('Hello Katherine Johnson,');
    const link = /http:\/\/\S+\/api\/email\/confirm\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);
    // Nothing goes to the outbox folder when SMTP is configured.
    expect(await server.outbox()).toEqual([]);

    const followed = await fetch(link!, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/projects?emailConfirmed=1');
    const me = await server.call(getUser, { token: response.data.token });
    expect(me.data.user.isConfirmedEmail).toBe(true);
  });

  it('delivers a password reset link that sets a new password', async () => {
    const answered = await server.call(forgotPassword, {
      body: { email: 'Katherine@NASA.example' },
    });
    expect(answered.data).toEqual({ success: true, validMinutes: 60 });

    const { envelopeTo, mail } = await smtp.waitFor(
      'katherine@nasa.example',
      'Set a new password for Circuits',
    );
    expect(envelopeTo).toEqual(['katherine@nasa.example']);
    expect(mail.from?.value).toEqual([{ name: 'Circuits', address: 'hello@circuits.example' }]);
    expect(mail.text).toContain('Hello Katherine Johnson,');
    const link = /http:\/\/\S+\/resetPassword\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link?.startsWith(`${server.url}/resetPassword?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);

    const token = new URL(link!).searchParams.get('token')!;
    const checked = await server.call(checkPasswordResetLink, { body: { token } });
    expect(checked.data).toEqual({ email: 'katherine@nasa.example' });
    const reset = await server.call(resetPassword, {
      body: { token, password: 'orbital-mechanics-62' },
    });
    expect(reset.status).toBe(200);
    const loggedIn = await server.call(login, {
      body: { email: 'katherine@nasa.example', password: 'orbital-mechanics-62' },
    });
    expect(loggedIn.status).toBe(200);
  });

  it('still registers when the mail server is unreachable, and says the mail was not sent', async () => {
    await smtp.stop();
    const response = await server.call(register, {
      body: {
        name: 'Dorothy',
        lastname: 'Vaughan',
        email: 'dorothy@nasa.example',
        password: 'fortran-rules',
        company_name: 'West Computing',
        country_code: 'US',
      },
    });
    expect(response.status).toBe(201);
    expect(response.data.isEmailWithConfirmWasSend).toBe(false);
  });
});
