import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { addProduct, addProject, getProduct, healthz, login } from '@circuits/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People, TEST_PASSWORD } from '../../test/fixtures.ts';
import {
  halfSentJsonPost,
  openRawSocket,
  parseRawAnswer,
  type RawSocket,
} from '../../test/raw-sockets.ts';
import { databaseKinds, useTestServer } from '../../test/test-server.ts';
import { form } from '../../test/uploads.ts';

// Connections that never finish: requests held half-sent, trickled, or stalled uploads must be
// answered 408 and closed within the time limits, while everyone else is still served.

const IDLE_MS = 3000;
const HEADERS_MS = 2000;
const REQUEST_MS = 6000;
// Timeouts are checked once a second; the rest is for a busy machine.
const SLACK_MS = 2500;

const TIMEOUTS = {
  HEADERS_TIMEOUT: `${HEADERS_MS / 1000}s`,
  REQUEST_TIMEOUT: `${REQUEST_MS / 1000}s`,
  REQUEST_IDLE_TIMEOUT: `${IDLE_MS / 1000}s`,
  KEEP_ALIVE_TIMEOUT: '1s',
};

const opened: RawSocket[] = [];
afterEach(async () => {
  const closing = opened.splice(0);
  for (const raw of closing) raw.socket.destroy();
  await Promise.all(closing.map((raw) => raw.closed));
  // The server counts a connection out once it has seen it close.
  await sleep(200);
});

async function open(url: string, options: Parameters<typeof openRawSocket>[1] = {}) {
  const raw = await openRawSocket(url, options);
  opened.push(raw);
  return raw;
}

function expectTimeoutAnswer(raw: RawSocket) {
  const answer = parseRawAnswer(raw.received());
  expect(answer.status, raw.received()).toBe(408);
  expect(answer.headers).toMatch(/\r\nConnection: close/i);
  expect(answer.json).toEqual({
    error:
      'The request did not arrive in time: it was sent too slowly or stopped. Please send it again.',
    code: 'request_timeout',
  });
}

describe.each(databaseKinds())('slow and idle connections on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { ...TIMEOUTS, MAX_CONNECTIONS: '2000', MAX_CONNECTIONS_PER_ADDRESS: '1000' },
  });
  let people: People;

  beforeAll(async () => {
    people = await createPeople(server());
  });

  it('answers 408 to 200 held half-sent logins and closes them, serving /healthz and logins meanwhile', async () => {
    const body = JSON.stringify({ email: people.acme.editor.email, password: TEST_PASSWORD });
    const startedAt = Date.now();
    const held = await Promise.all(
      Array.from({ length: 200 }, () =>
        open(server().url, { send: halfSentJsonPost('/api/login', body) }),
      ),
    );

    expect((await server().call(healthz)).data).toEqual({ status: 'ok' });
    const loggedIn = await server().call(login, {
      body: { email: people.acme.viewer.email, password: TEST_PASSWORD },
    });
    expect(loggedIn.status, loggedIn.text).toBe(200);
    expect(held.filter((raw) => raw.isClosed())).toHaveLength(0);

    const closedAt = await Promise.all(held.map((raw) => raw.closed));
    for (const raw of held) expectTimeoutAnswer(raw);
    expect(Math.max(...closedAt) - startedAt).toBeLessThan(IDLE_MS + SLACK_MS);
    expect(Math.min(...closedAt) - startedAt).toBeGreaterThanOrEqual(IDLE_MS - 100);
  });

  it('answers 408 to a request whose headers never end', async () => {
    const startedAt = Date.now();
    const raw = await open(server().url, {
      send: 'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n',
    });
    const closedAt = await raw.closed;
    expectTimeoutAnswer(raw);
    expect(closedAt - startedAt).toBeLessThan(HEADERS_MS + SLACK_MS);
  });

  it('answers 408 to a body trickled in byte by byte once REQUEST_TIMEOUT has passed', async () => {
    const body = JSON.stringify({ email: people.acme.editor.email, password: TEST_PASSWORD });
    const startedAt = Date.now();
    const raw = await open(server().url, { send: halfSentJsonPost('/api/login', body) });
    // Never silent for long: only the limit on the whole request stops it.
    const trickle = setInterval(() => raw.socket.write(' '), 500);
    try {
      const closedAt = await raw.closed;
      expectTimeoutAnswer(raw);
      expect(closedAt - startedAt).toBeGreaterThanOrEqual(REQUEST_MS - 100);
      expect(closedAt - startedAt).toBeLessThan(REQUEST_MS + SLACK_MS);
    } finally {
      clearInterval(trickle);
    }
  });

  it('answers 408 to a stalled upload, removes its staged part and stores nothing', async () => {
    const editor = people.acme.editor;
    const project = await server().call(addProject, {
      token: editor.token,
      form: form({ title: 'Stalled uploads' }),
    });
    const product = await server().call(addProduct, {
      token: editor.token,
      params: { id: project.data.data.id },
      form: form({ name: 'Stalled board' }),
    });
    const productId = product.data.data.id;
    const boundary = 'stalled-upload-boundary';
    const firstPart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="top.gbr"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.alloc(256 * 1024, 'G'),
    ]);
    const head =
      `POST /api/products/${productId}/addFiles HTTP/1.1\r\nHost: localhost\r\n` +
      `Authorization: Bearer ${editor.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${10 * 1024 * 1024}\r\n\r\n`;
    const stagingRoot = path.join(server().dataDir, 'tmp', 'uploads');
    const stagedBytes = () =>
      fs.existsSync(stagingRoot)
        ? fs
            .readdirSync(stagingRoot, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .reduce(
              (sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size,
              0,
            )
        : 0;

    const startedAt = Date.now();
    const raw = await open(server().url, { send: Buffer.concat([Buffer.from(head), firstPart]) });
    // The part sent so far is being staged while the upload is held.
    for (let tries = 0; stagedBytes() < 256 * 1024 && tries < 50; tries += 1) await sleep(50);
    expect(stagedBytes()).toBe(256 * 1024);
    expect(raw.isClosed()).toBe(false);

    const closedAt = await raw.closed;
    expectTimeoutAnswer(raw);
    expect(closedAt - startedAt).toBeLessThan(IDLE_MS + SLACK_MS);
    for (let tries = 0; stagedBytes() > 0 && tries < 50; tries += 1) await sleep(50);
    expect(stagedBytes()).toBe(0);
    expect(fs.readdirSync(stagingRoot)).toEqual([]);
    const page = await server().call(getProduct, {
      token: editor.token,
      params: { id: productId },
    });
    expect(page.data.files).toEqual([]);
  });

  it('closes a kept-alive connection left idle', async () => {
    const raw = await open(server().url, {
      send: 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n',
    });
    const startedAt = Date.now();
    const closedAt = await raw.closed;
    expect(parseRawAnswer(raw.received()).status).toBe(200);
    // KEEP_ALIVE_TIMEOUT (1 s) and Node's one-second allowance on top.
    expect(closedAt - startedAt).toBeLessThan(2000 + SLACK_MS);
  });
});

describe.each(databaseKinds())('connection caps on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { MAX_CONNECTIONS: '30', MAX_CONNECTIONS_PER_ADDRESS: '10' },
  });

  it('refuses an address its eleventh open connection with 429, while other addresses are served', async () => {
    const attacker = await Promise.all(
      Array.from({ length: 10 }, () => open(server().url, { localAddress: '127.0.0.2' })),
    );
    const refused = await open(server().url, { localAddress: '127.0.0.2' });
    await refused.closed;
    const answer = parseRawAnswer(refused.received());
    expect(answer.status, refused.received()).toBe(429);
    expect(answer.json).toEqual({
      error:
        'Too many open connections from your network address: at most 10. Close some, or try again in a few seconds.',
      code: 'rate_limited',
    });
    expect(answer.headers).toMatch(/\r\nretry-after: 5/i);

    // A raw request: a kept-alive fetch connection would stay held into the next test.
    expect((await healthzFrom('127.0.2.9')).status).toBe(200);
    expect(attacker.filter((raw) => raw.isClosed())).toHaveLength(0);

    // Closing one makes room for one more from that address.
    attacker[0]!.socket.destroy();
    await attacker[0]!.closed;
    await sleep(50);
    const again = await open(server().url, {
      localAddress: '127.0.0.2',
      send: 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    });
    await again.closed;
    expect(parseRawAnswer(again.received()).status).toBe(200);
  });

  /** Opens `count` connections from `address` one after another, as the server counts them. */
  async function openFrom(address: string, count: number, send?: string) {
    const sockets: RawSocket[] = [];
    for (let index = 0; index < count; index += 1) {
      sockets.push(await open(server().url, { localAddress: address, send }));
      await sleep(10);
    }
    return sockets;
  }

  const healthzFrom = async (address: string) => {
    const raw = await open(server().url, {
      localAddress: address,
      send: 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    });
    await raw.closed;
    return parseRawAnswer(raw.received());
  };

  const expectBusy = (raw: RawSocket) => {
    const answer = parseRawAnswer(raw.received());
    expect(answer.status, raw.received()).toBe(503);
    expect(answer.json).toEqual({
      error: 'The server has too many open connections. Please try again in a few seconds.',
      code: 'service_unavailable',
    });
  };

  it('keeps the last quarter of MAX_CONNECTIONS for clients holding few connections', async () => {
    // 30 connections, 22 shared: two addresses take 20, a third 2 of the shared and 6 reserved.
    const first = await openFrom('127.0.1.1', 10);
    const second = await openFrom('127.0.1.2', 10);
    const third = await openFrom('127.0.1.3', 8);
    const refused = await open(server().url, { localAddress: '127.0.1.3' });
    await refused.closed;
    expectBusy(refused);

    // Someone else holding nothing is served from the reserve, and nobody was closed for it.
    expect((await healthzFrom('127.0.2.1')).status).toBe(200);
    expect([...first, ...second, ...third].filter((raw) => raw.isClosed())).toHaveLength(0);
  });

  it('when every connection is taken, closes the slowest held by the client holding most', async () => {
    // The busiest client: one request half sent first, then nine idle connections; four others
    // hold five each. 30 held.
    const [halfSent] = await openFrom(
      '127.0.1.1',
      1,
      halfSentJsonPost('/api/login', '{"email":"a@example.com","password":"x"}'),
    );
    const busiest = await openFrom('127.0.1.1', 9);
    const others = await Promise.all(
      ['127.0.1.2', '127.0.1.3', '127.0.1.4', '127.0.1.5'].map(async (address, index) => {
        await sleep(index * 80);
        return openFrom(address, 5);
      }),
    );

    // A newcomer is served in the place of the busiest client's longest idle connection.
    expect((await healthzFrom('127.0.2.2')).status).toBe(200);
    await busiest[0]!.closed;
    expect(busiest[0]!.received()).toBe('');
    expect(busiest.filter((raw) => raw.isClosed())).toHaveLength(1);

    // Newcomers that stay: each takes the place of an idle connection of the client holding the
    // most (the busiest, until it holds no more than the others), oldest first.
    await openFrom('127.0.6.1', 1);
    for (let index = 2; index <= 6; index += 1) await openFrom(`127.0.6.${index}`, 1);
    await sleep(100);
    expect(busiest.map((raw) => raw.isClosed())).toEqual([
      ...Array(6).fill(true),
      ...Array(3).fill(false),
    ]);
    expect(halfSent!.isClosed()).toBe(false);
    expect(others.flat().filter((raw) => raw.isClosed())).toHaveLength(0);
    // Then the next busiest: 127.0.1.2 holds five, the busiest four.
    await openFrom('127.0.6.7', 1);
    await sleep(100);
    expect(others[0]!.map((raw) => raw.isClosed())).toEqual([true, false, false, false, false]);
    expect(halfSent!.isClosed()).toBe(false);
  });
});

describe.each(databaseKinds())('connections from many addresses on %s', (kind) => {
  // The flood of the report, scaled down: 17 addresses × 256 against 4,096 is five addresses
  // holding all they may (10) against 40.
  const server = useTestServer(kind, {
    env: { MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_ADDRESS: '10' },
  });

  it('still serves everyone else when a few addresses open all they may', async () => {
    const flood: RawSocket[] = [];
    for (let address = 1; address <= 5; address += 1) {
      for (let index = 0; index < 10; index += 1) {
        flood.push(await open(server().url, { localAddress: `127.0.3.${address}` }));
      }
      await sleep(50);
    }
    for (const visitor of ['127.0.9.1', '127.0.9.2', '127.0.9.3']) {
      const raw = await open(server().url, {
        localAddress: visitor,
        send: 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      });
      await raw.closed;
      expect(parseRawAnswer(raw.received()).status, raw.received()).toBe(200);
    }
    // The flood never held more than the server allows.
    expect(flood.filter((raw) => !raw.isClosed()).length).toBeLessThanOrEqual(40);
  });
});
