import { getUser, register } from '@circuits/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '../../../test/mailbox.ts';
import { databaseKinds, startTestServer, type TestServer } from '../../../test/test-server.ts';

// The confirmation email travels over real SMTP to an in-test mail server; its link is followed.

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
