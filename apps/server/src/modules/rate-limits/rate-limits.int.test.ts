import http from 'node:http';
import {
  addProduct,
  addProductFiles,
  addProject,
  getBoardCacheByStamp,
  getProject,
  getUser,
  login,
  register,
  resendConfirmationEmail,
  sendProductReport,
  storeErrorReport,
} from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People, TEST_PASSWORD } from '../../../test/fixtures.ts';
import { openRawSocket, type RawSocket } from '../../../test/raw-sockets.ts';
import { databaseKinds, type TestServer, useTestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, form, storedFileRows } from '../../../test/uploads.ts';

// Everything that stores, renders or sends has a bound per user and per client address, counted
// in the database, answered 429 with what was limited and when to try again (Retry-After).

const MINUTE = 60_000;

async function count(server: TestServer, query: string): Promise<number> {
  const result = await server.database.db.execute(sql.raw(query));
  return (result as unknown as { rows: { count: number }[] }).rows[0]!.count;
}

function expectRefusal(
  response: { status: number; json: { error: unknown; code: string }; headers: Headers },
  message: string,
  retryAfterSeconds: number,
) {
  expect(response.status, JSON.stringify(response.json)).toBe(429);
  expect(response.json).toEqual({ error: message, code: 'rate_limited' });
  // The bucket drains continuously: the seconds since it filled are already behind.
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(retryAfterSeconds - 5);
  expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(retryAfterSeconds);
}

async function newProduct(server: TestServer, token: string, files: Record<string, string> = {}) {
  const project = await server.call(addProject, { token, form: form({ title: 'Limits' }) });
  const product = await server.call(addProduct, {
    token,
    params: { id: project.data.data.id },
    form: form(
      { name: 'Limited board' },
      Object.entries(files).map(([name, data]) => ({ field: 'files[]', name, data })),
    ),
  });
  expect(product.status, product.text).toBe(201);
  return product.data.data.id;
}

describe.each(databaseKinds())('rate limits on emails, renders and reports on %s', (kind) => {
  const server = useTestServer(kind, {
    env: {
      LIMIT_REPORTS_PER_USER: '3/1h',
      LIMIT_REPORTS_PER_RECIPIENT: '2/1h',
      LIMIT_BOARD_RENDERS_PER_USER: '2/1h',
      LIMIT_ERROR_REPORTS_PER_USER: '3/1h',
    },
  });
  let people: People;
  let productId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    productId = await newProduct(server(), people.acme.editor.token, BOARD_FILES);
  });

  const reportMails = async () =>
    (await server().outbox()).filter((mail) => mail.subject?.startsWith('Circuits issue report'))
      .length;

  it('bounds issue reports per recipient and per user, even from a read-only viewer', async () => {
    const send = (token: string, email: string) =>
      server().call(sendProductReport, { token, params: { id: productId }, query: { email } });
    const viewer = people.acme.viewer.token;
    // Reports go to members of the company (or the sender): the editor is one.
    const fab = people.acme.editor.email;
    expect((await send(viewer, fab)).status).toBe(200);
    expect((await send(viewer, fab)).status).toBe(200);
    expectRefusal(
      await send(viewer, fab),
      'Too many issue reports have been sent to this address: at most 2 per hour. Please try again in 30 minutes.',
      1800,
    );
    // The recipient is protected from every sender, not only from this one.
    expectRefusal(
      await send(people.acme.editor.token, fab),
      'Too many issue reports have been sent to this address: at most 2 per hour. Please try again in 30 minutes.',
      1800,
    );

    expect((await send(viewer, people.acme.viewer.email)).status).toBe(200);
    // Spent before the address is even looked at.
    expectRefusal(
      await send(viewer, 'third@house.example'),
      'You have sent too many issue reports: at most 3 per hour. Please try again in 20 minutes.',
      1200,
    );
    expect(await reportMails()).toBe(3);

    // An allowance refills evenly over its window.
    server().clock.advance(20 * MINUTE);
    expect((await send(viewer, people.acme.viewer.email)).status).toBe(200);
    expect(await reportMails()).toBe(4);
  });

  it('bounds new board renders per user; cached renders and render: false stay free', async () => {
    // Drafts are rendered for members who may edit the board only.
    const editor = people.globex.editor.token;
    const globexProduct = await newProduct(server(), editor, BOARD_FILES);
    const byStamp = (maskColor: string, render = true) =>
      server().call(getBoardCacheByStamp, {
        token: editor,
        params: { id: globexProduct },
        body: { settings: { maskColor }, render },
      });
    const rendersBefore = await count(server(), 'select count(*)::int as count from board_renders');

    const red = await byStamp('Red');
    expect(red.status, red.text).toBe(200);
    expect(red.data.fromCache).toBe(false);
    expect((await byStamp('Blue')).data.fromCache).toBe(false);
    expectRefusal(
      await byStamp('Black'),
      'You have asked for too many new board renders: at most 2 per hour. Please try again in 30 minutes.',
      1800,
    );
    expect(await count(server(), 'select count(*)::int as count from board_renders')).toBe(
      rendersBefore + 2,
    );

    const again = await byStamp('Red');
    expect(again.status).toBe(200);
    expect(again.data.fromCache).toBe(true);
    const notRendered = await byStamp('Black', false);
    expect(notRendered.status).toBe(200);
    expect(notRendered.data.cache).toBeNull();
  });

  it('bounds error reports per user', async () => {
    const token = people.globex.editor.token;
    for (let index = 0; index < 3; index += 1) {
      const stored = await server().call(storeErrorReport, {
        token,
        body: { message: `Error ${index}` },
      });
      expect(stored.status).toBe(201);
    }
    expectRefusal(
      await server().call(storeErrorReport, { token, body: { message: 'Error 3' } }),
      'You have sent too many error reports: at most 3 per hour. Please try again in 20 minutes.',
      1200,
    );
    expect(await count(server(), 'select count(*)::int as count from error_reports')).toBe(3);
  });

  it('counts atomically: of twelve reports sent at once, exactly the allowance is stored', async () => {
    const token = people.acme.viewer.token;
    const before = await count(server(), 'select count(*)::int as count from error_reports');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        server().call(storeErrorReport, { token, body: { message: `Burst ${index}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(429)]);
    expect(await count(server(), 'select count(*)::int as count from error_reports')).toBe(
      before + 3,
    );
  });
});

describe.each(databaseKinds())('rate limits on issue reports per client address on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { TRUST_PROXY: 'true', LIMIT_REPORTS_PER_ADDRESS: '3/1h' },
  });

  it('bounds issue reports per client address, whichever users send them', async () => {
    const people = await createPeople(server());
    const productId = await newProduct(server(), people.acme.editor.token, BOARD_FILES);
    const sendFrom = (address: string, token: string, email: string) => {
      const query = new URLSearchParams({ email });
      return server().request('GET', `/api/products/${productId}/sendReport?${query}`, {
        token,
        headers: { 'x-forwarded-for': address },
      });
    };
    const office = '198.51.100.30';

    // Each sends the report to their own address.
    for (const member of [people.acme.viewer, people.acme.editor, people.admin]) {
      expect((await sendFrom(office, member.token, member.email)).status).toBe(200);
    }
    // A fourth user or recipient makes no difference: the address has spent its allowance.
    const fourth = people.moderator.email;
    expectRefusal(
      await sendFrom(office, people.moderator.token, fourth),
      'Too many issue reports have been sent from your network address: at most 3 per hour. Please try again in 20 minutes.',
      1200,
    );

    // The same user and recipient from another address go through: the limit is the address's.
    expect((await sendFrom('198.51.100.31', people.moderator.token, fourth)).status).toBe(200);
    // Nothing was mailed for the refused request.
    const recipients = (await server().outbox())
      .filter((mail) => mail.subject?.startsWith('Circuits issue report'))
      .map((mail) => JSON.stringify(mail.to));
    expect(recipients).toHaveLength(4);
    expect(recipients.filter((to) => to.includes(fourth))).toHaveLength(1);
  });
});

describe.each(databaseKinds())(
  'rate limits on registration and confirmation emails on %s',
  (kind) => {
    const server = useTestServer(kind, {
      env: {
        TRUST_PROXY: 'true',
        LIMIT_SIGNUPS_PER_ADDRESS: '2/1h',
        LIMIT_EMAILS_PER_ADDRESS: '3/1h',
        LIMIT_RESENDS_PER_USER: '1/1h',
      },
    });
    let serial = 0;

    const registerFrom = (address: string) => {
      serial += 1;
      return server().request('POST', register.path, {
        headers: { 'x-forwarded-for': address },
        json: {
          name: 'Rita',
          lastname: 'Limit',
          email: `rita-${serial}@limits.example`,
          password: 'a-long-password',
          company_name: `Limits ${serial}`,
          country_code: 'US',
        },
      });
    };
    const resendFrom = (address: string, token: string) =>
      server().request('POST', resendConfirmationEmail.path, {
        token,
        headers: { 'x-forwarded-for': address },
      });
    const confirmationMails = async () =>
      (await server().outbox()).filter((mail) => mail.subject?.includes('Confirm')).length;

    it('bounds registrations and the confirmation emails they send per client address', async () => {
      const first = await registerFrom('198.51.100.7');
      expect(first.status, first.text).toBe(201);
      expect((await registerFrom('198.51.100.7')).status).toBe(201);
      const refused = await registerFrom('198.51.100.7');
      expectRefusal(
        refused,
        'Too many accounts have been registered from your network address: at most 2 per hour. Please try again in 30 minutes.',
        1800,
      );
      // Nothing of the refused registration was made, and no email was sent for it.
      const refusedLogin = await server().call(login, {
        body: { email: `rita-${serial}@limits.example`, password: 'a-long-password' },
      });
      expect(refusedLogin.status).toBe(422);
      expect(await confirmationMails()).toBe(2);
      expect((await registerFrom('198.51.100.8')).status).toBe(201);
    });

    it('bounds asking for the confirmation email again, per user and per address', async () => {
      const registered = await registerFrom('203.0.113.5');
      const token = registered.json.token as string;
      server().clock.advance(MINUTE + 1000);
      const resent = await resendFrom('203.0.113.5', token);
      expect(resent.status, resent.text).toBe(200);
      expect(resent.json).toEqual({ isEmailWithConfirmWasSend: true });
      server().clock.advance(MINUTE + 1000);
      expectRefusal(
        await resendFrom('203.0.113.6', token),
        'You have asked for the confirmation email again too often: at most 1 per hour. Please try again in 59 minutes.',
        3600 - 61,
      );

      // A second account from the same address: its third email from there is refused.
      const other = await registerFrom('203.0.113.5');
      server().clock.advance(MINUTE + 1000);
      expectRefusal(
        await resendFrom('203.0.113.5', other.json.token as string),
        'Too many confirmation emails have been sent from your network address: at most 3 per hour. Please try again in 17 minutes.',
        // Three emails from there since 183 s ago: one is back after 20 minutes less that time.
        1200 - 183,
      );
    });
  },
);

describe.each(databaseKinds())('the write budgets on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { TRUST_PROXY: 'true', LIMIT_WRITES_PER_USER: '5/1h', LIMIT_WRITES_PER_ADDRESS: '8/1h' },
  });
  let people: People;
  let projectId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().request('POST', addProject.path, {
      token: people.acme.editor.token,
      form: form({ title: 'Budgets' }),
      headers: { 'x-forwarded-for': '192.0.2.1' },
    });
    projectId = project.json.data.id;
  });

  const toggle = (token: string, address: string) =>
    server().request('POST', `/api/projects/${projectId}/updateVisibility`, {
      token,
      json: { visible: true },
      headers: { 'x-forwarded-for': address },
    });
  const buckets = () =>
    server().database.db.execute(
      sql`select limit_name, level, updated_at from rate_limit_buckets order by limit_name, subject_hash`,
    );

  it("refuses a user's sixth change in a burst, and never counts reads", async () => {
    const editor = people.acme.editor.token;
    // The project was the first change.
    for (let index = 0; index < 4; index += 1) {
      expect((await toggle(editor, '192.0.2.1')).status).toBe(200);
    }
    expectRefusal(
      await toggle(editor, '192.0.2.2'),
      'You have made too many changes in a short time: at most 5 per hour. Please try again in 12 minutes.',
      720,
    );

    const before = JSON.stringify(await buckets());
    for (let index = 0; index < 20; index += 1) {
      expect(
        (await server().call(getProject, { token: editor, params: { id: projectId } })).status,
      ).toBe(200);
      expect((await server().call(getUser, { token: editor })).status).toBe(200);
    }
    expect(JSON.stringify(await buckets())).toBe(before);
  });

  it('refuses changes from an address that spent its budget, whoever makes them', async () => {
    const viewer = people.acme.viewer.token;
    // 192.0.2.1 made 5 changes; a login is a change too.
    for (let index = 0; index < 3; index += 1) {
      const response = await server().request('POST', login.path, {
        json: { email: people.acme.viewer.email, password: TEST_PASSWORD },
        headers: { 'x-forwarded-for': '192.0.2.1' },
      });
      expect(response.status).toBe(200);
    }
    expectRefusal(
      await toggle(viewer, '192.0.2.1'),
      'Too many changes have come from your network address: at most 8 per hour. Please try again in 8 minutes.',
      450,
    );
    // The viewer's own budget is untouched: from elsewhere the call goes through to its answer.
    expect((await toggle(viewer, '192.0.2.9')).status).toBe(403);
  });

  it('never charges looking at a board (by_stamp) to the write budgets', async () => {
    const editor = people.globex.editor.token;
    const viewer = people.globex.viewer.token;
    const from = { 'x-forwarded-for': '192.0.2.60' };
    const project = await server().request('POST', addProject.path, {
      token: editor,
      form: form({ title: 'Viewed boards' }),
      headers: from,
    });
    const product = await server().request(
      'POST',
      `/api/projects/${project.json.data.id}/products/add`,
      {
        token: editor,
        form: form(
          { name: 'Viewed board' },
          Object.entries(BOARD_FILES).map(([name, data]) => ({ field: 'files[]', name, data })),
        ),
        headers: from,
      },
    );
    expect(product.status, product.text).toBe(201);
    const before = JSON.stringify(await buckets());
    // Twice the budget of each, from one address: the board as saved (rendered at upload) and
    // a draft's colours asked without rendering.
    for (let index = 0; index < 10; index += 1) {
      for (const token of [editor, viewer]) {
        for (const body of [{}, { settings: { maskColor: 'Red' }, render: false }]) {
          const view = await server().request(
            'POST',
            `/api/v2/products/${product.json.data.id}/board/cache/by_stamp`,
            { token, json: body, headers: from },
          );
          expect(view.status, view.text).toBe(200);
        }
      }
    }
    expect(JSON.stringify(await buckets())).toBe(before);
  });
});

const fileOf = (bytes: number, name = 'notes.txt') => [
  { field: 'files[]', name, data: 'x'.repeat(bytes) },
];

describe.each(databaseKinds())('upload allowances on %s', (kind) => {
  const server = useTestServer(kind, {
    env: {
      LIMIT_UPLOAD_BYTES_PER_USER: '64KB/1h',
    },
  });
  let people: People;

  beforeAll(async () => {
    people = await createPeople(server());
  });

  it('bounds the bytes a user uploads, refused before the upload is read', async () => {
    const token = people.acme.editor.token;
    const productId = await newProduct(server(), token);
    const upload = (bytes: number) =>
      server().call(addProductFiles, {
        token,
        params: { id: productId },
        form: form({}, fileOf(bytes)),
      });
    expect((await upload(40 * 1024)).status).toBe(201);
    const stored = await storedFileRows(server());

    const refused = await upload(40 * 1024);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatch(
      /^You have uploaded too much: at most 64 KB per hour \(LIMIT_UPLOAD_BYTES_PER_USER\)\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const tooLarge = await upload(100 * 1024);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error).toMatch(
      /^This upload \(\d+ bytes\) is larger than all you may upload: at most 64 KB per hour \(LIMIT_UPLOAD_BYTES_PER_USER\)$/,
    );
    expect(await storedFileRows(server())).toBe(stored);

    // Another user has an allowance of their own.
    const other = await newProduct(server(), people.globex.editor.token);
    const theirs = await server().call(addProductFiles, {
      token: people.globex.editor.token,
      params: { id: other },
      form: form({}, fileOf(40 * 1024)),
    });
    expect(theirs.status).toBe(201);
  });

  it('counts an upload sent without a declared length once it is received', async () => {
    const token = people.acme.viewer.token;
    const productId = await newProduct(server(), people.acme.editor.token);
    // A read-only viewer may not add files, but their upload is still received and counted.
    const body = new Response(form({}, fileOf(50 * 1024)));
    const bytes = Buffer.from(await body.arrayBuffer());
    const chunked = () =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(`${server().url}/api/products/${productId}/addFiles`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': body.headers.get('content-type')!,
            'transfer-encoding': 'chunked',
          },
        });
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode!, text }));
        });
        request.on('error', reject);
        request.write(bytes.subarray(0, 1000));
        request.end(bytes.subarray(1000));
      });
    expect((await chunked()).status).toBe(403);
    const second = await chunked();
    expect(second.status).toBe(429);
    expect(JSON.parse(second.text).error).toMatch(
      /^You have uploaded too much: at most 64 KB per hour/,
    );
  });
});

describe.each(databaseKinds())('the staging area of uploads on %s', (kind) => {
  const server = useTestServer(kind, {
    env: {
      UPLOAD_MAX_REQUEST_BYTES: '262144',
      UPLOAD_MAX_EXPANDED_BYTES: '262144',
      UPLOAD_MAX_STAGED_BYTES: '614400',
    },
  });
  let people: People;
  const held: RawSocket[] = [];

  beforeAll(async () => {
    people = await createPeople(server());
  });
  afterEach(() => {
    for (const raw of held.splice(0)) raw.socket.destroy();
  });

  it('refuses uploads once those in progress hold UPLOAD_MAX_STAGED_BYTES, until they end', async () => {
    const token = people.admin.token;
    const productId = await newProduct(server(), token);
    // Two uploads of 250 KB declared and held: 500 KB of the 600 KB are spoken for.
    for (let index = 0; index < 2; index += 1) {
      held.push(
        await openRawSocket(server().url, {
          send:
            `POST /api/products/${productId}/addFiles HTTP/1.1\r\nHost: localhost\r\n` +
            `Authorization: Bearer ${people.admin.token}\r\n` +
            'Content-Type: multipart/form-data; boundary=held\r\n' +
            `Content-Length: ${250 * 1024}\r\n\r\n--held\r\n`,
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const upload = () =>
      server().call(addProductFiles, {
        token,
        params: { id: productId },
        form: form({}, fileOf(120 * 1024)),
      });
    const refused = await upload();
    expect(refused.status, refused.text).toBe(429);
    expect(refused.json.error).toBe(
      'The server is receiving too many uploads at once: at most 600 KB together (UPLOAD_MAX_STAGED_BYTES). Please try again in 30 seconds.',
    );
    expect(refused.headers.get('retry-after')).toBe('30');

    for (const raw of held) raw.socket.destroy();
    await Promise.all(held.map((raw) => raw.closed));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await upload()).status).toBe(201);
  });
});
