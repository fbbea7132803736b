import {
  addProduct,
  addProject,
  REPORT_RECIPIENT_MESSAGE,
  saveBoardSettings,
  sendProductReport,
} from '@circuits/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { Mailbox } from '../../../test/mailbox.ts';
import { databaseKinds, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, form } from '../../../test/uploads.ts';

// The issue report travels over real SMTP to an in-test mail server.

describe.each(databaseKinds())('sendReport over SMTP on %s', (kind) => {
  const smtp = new Mailbox();
  const received = smtp.received;
  let server: TestServer;
  let people: People;
  let bareId: number;
  let boardId: number;

  beforeAll(async () => {
    await smtp.start();
    server = await startTestServer(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Circuits <hello@circuits.example>' },
    });
    people = await createPeople(server);
    const token = people.acme.editor.token;
    const project = await server.call(addProject, { token, form: form({ title: 'Reports' }) });
    const add = (fields: Record<string, string>, files: Parameters<typeof form>[1] = []) =>
      server.call(addProduct, {
        token,
        params: { id: project.data.data.id },
        form: form(fields, files),
      });
    bareId = (await add({ name: 'Bare', partNumber: 'AB' })).data.data.id;
    const board = await add(
      { name: 'Complete board', partNumber: 'CB-100' },
      Object.entries(BOARD_FILES).map(([name, data]) => ({ field: 'files[]', name, data })),
    );
    boardId = board.data.data.id;
    await server.call(saveBoardSettings, {
      token,
      params: { id: boardId },
      body: { numberLayers: 2, boardWidth: 2, boardLength: 2 },
    });
  });

  afterAll(async () => {
    await server?.close();
    await smtp.stop();
  });

  const send = (id: number, query: Record<string, string>) =>
    server.request('GET', `/api/products/${id}/sendReport?${new URLSearchParams(query)}`);

  it('mails the numbered issues per tab to the address, with the token in the query', async () => {
    // A member sends it to another member of the company, whatever the case of the address.
    const response = await send(bareId, {
      token: people.acme.viewer.token,
      email: people.acme.editor.email.toUpperCase(),
    });
    expect(response.status, response.text).toBe(200);
    const expected = [
      { tab: 'Product', number: 1, text: 'Product part number is too short' },
      { tab: 'Files', number: 1, text: 'No files uploaded' },
      { tab: 'Board', number: 1, text: 'There are no files attached to the board' },
      { tab: 'Board', number: 2, text: 'Board sizes should be selected' },
      { tab: 'Board', number: 3, text: 'Number of layers should be selected' },
      { tab: 'BOM', number: 1, text: 'No BOM information' },
      { tab: 'Placement', number: 1, text: 'No placement information' },
    ];
    expect(sendProductReport.response.parse(response.json)).toEqual({
      sent: true,
      email: people.acme.editor.email,
      issues: expected,
    });

    expect(received).toHaveLength(1);
    const { envelopeTo, mail } = received[0]!;
    expect(envelopeTo).toEqual([people.acme.editor.email]);
    expect(mail.from?.value).toEqual([{ name: 'Circuits', address: 'hello@circuits.example' }]);
    expect(mail.subject).toBe('Circuits issue report: Bare (AB)');
    expect(mail.text).toContain('The issue checker found 7 problems.');
    expect(mail.text).toContain(
      [
        'Board',
        '  1. There are no files attached to the board',
        '  2. Board sizes should be selected',
        '  3. Number of layers should be selected',
      ].join('\n'),
    );
    expect(mail.text).toContain(`${server.url}/product/${bareId}`);
    expect(mail.html).toContain('<li value="2">Board sizes should be selected</li>');
  });

  it('reports only what is missing for a complete board', async () => {
    const response = await server.call(sendProductReport, {
      token: people.acme.editor.token,
      params: { id: boardId },
      query: { email: people.acme.editor.email },
    });
    expect(response.status, response.text).toBe(200);
    // The hand-drawn test board (test/uploads.ts) is complete but not one a board house makes:
    // its drills have no pads and its copper runs to the edge, which the DFM check reports.
    expect(response.data.issues).toEqual([
      { tab: 'Files', number: 1, text: 'No BOM files' },
      { tab: 'Files', number: 2, text: 'No Pick & Place files' },
      {
        tab: 'Board',
        number: 1,
        text: 'DFM: 2 tracks thinner than 0.127 mm (thinnest 0.1 mm): advanced class',
      },
      {
        tab: 'Board',
        number: 2,
        text: 'DFM: a plated hole without a full ring of copper in 4 places: beyond what the board house makes',
      },
      {
        tab: 'Board',
        number: 3,
        text: 'DFM: 1 pair of holes closer than 0.3 mm (closest 0.2 mm): advanced class',
      },
      {
        tab: 'Board',
        number: 4,
        text: 'DFM: 2 copper shapes closer to the edge than 0.3 mm (closest 0 mm): beyond what the board house makes',
      },
      { tab: 'BOM', number: 1, text: 'No BOM information' },
      { tab: 'Placement', number: 1, text: 'No placement information' },
    ]);
    expect(received.at(-1)!.mail.subject).toBe('Circuits issue report: Complete board (CB-100)');
  });

  it('refuses a bad address, a bad token, anonymous callers and other companies', async () => {
    const count = received.length;
    const badEmail = await send(bareId, { token: people.acme.editor.token, email: 'not-an-email' });
    expect(badEmail.status).toBe(422);
    expect(badEmail.json.error).toEqual({ email: 'Email must be a valid email address' });
    const noEmail = await send(bareId, { token: people.acme.editor.token });
    expect(noEmail.json.error).toEqual({ email: 'Email is required' });
    const badToken = await send(bareId, { token: 'nonsense', email: people.acme.editor.email });
    expect(badToken.status).toBe(401);
    expect(badToken.json.error).toBe('Token is Invalid');
    expect((await send(bareId, { email: people.acme.editor.email })).status).toBe(401);
    const outsider = await send(bareId, {
      token: people.globex.editor.token,
      email: people.globex.editor.email,
    });
    expect(outsider.status).toBe(404);
    expect(received).toHaveLength(count);
  });

  it("sends only to the sender's own address or a confirmed member of the product's company", async () => {
    const count = received.length;
    const passwordHash = await server.services.users.hashPassword('unconfirmed-pass-1');
    const unconfirmed = await server.services.users.createUser({
      companyId: people.acme.companyId,
      name: 'Una',
      lastname: 'Confirmed',
      email: `una-${Date.now()}@test.example`,
      passwordHash,
      role: 'other',
      companyRole: 'view',
      emailConfirmed: false,
    });
    const refusedAddresses = [
      'stranger@example.com',
      // A member of another company is no member of this one.
      people.globex.editor.email,
      unconfirmed.email,
    ];
    for (const email of refusedAddresses) {
      const refused = await send(bareId, { token: people.acme.editor.token, email });
      expect(refused.status, `${email}: ${refused.text}`).toBe(422);
      expect(refused.json.error).toEqual({ email: REPORT_RECIPIENT_MESSAGE });
    }
    expect(received).toHaveLength(count);

    // Staff may send another company's report to its members, or to themselves.
    for (const email of [people.acme.viewer.email, people.admin.email]) {
      const sent = await send(bareId, { token: people.admin.token, email });
      expect(sent.status, sent.text).toBe(200);
      expect(received.at(-1)!.envelopeTo).toEqual([email]);
    }
    const toStranger = await send(bareId, { token: people.admin.token, email: 'x@example.com' });
    expect(toStranger.status).toBe(422);

    // A member who is disabled gets no more mail about the company's boards.
    await server.services.users.setDisabled(people.acme.viewer.userId, true);
    try {
      const toDisabled = await send(bareId, {
        token: people.acme.editor.token,
        email: people.acme.viewer.email,
      });
      expect(toDisabled.status).toBe(422);
    } finally {
      await server.services.users.setDisabled(people.acme.viewer.userId, false);
    }
    expect(received).toHaveLength(count + 2);
  });

  it('answers 503 when the mail server does not take the report', async () => {
    await smtp.stop();
    const response = await send(bareId, {
      token: people.acme.editor.token,
      email: people.acme.editor.email,
    });
    expect(response.status).toBe(503);
    expect(response.json.error).toBe(
      'The report could not be sent: the mail server did not accept it',
    );
  });
});
