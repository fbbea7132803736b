import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Endpoint, EndpointBody, EndpointResponse } from '@circuits/contracts';
import { buildPath } from '@circuits/contracts';
import { type ParsedMail, simpleParser } from 'mailparser';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Clock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseConnection, openDatabase } from '../src/db/connection.ts';
import { createLogger } from '../src/logger.ts';
import { createMailer } from '../src/mail/mailer.ts';
import type { Services } from '../src/services.ts';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './global-setup.ts';

// Starts the real server (real HTTP, real database, real mailer) for one test file: PGlite in a
// fresh temporary folder, or a fresh database on the PostgreSQL server of DATABASE_URL.

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (as .ci/run does). */
export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export type TestClock = Clock & { advance(ms: number): void };

function testClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
  };
}

export type TestResponse = {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary response bodies.
  json: any;
};

export type RequestOptions = {
  token?: string | undefined;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (with the given headers), for malformed-input tests. */
  body?: string | Buffer;
  /** Sent as multipart/form-data. */
  form?: FormData;
  headers?: Record<string, string>;
  redirect?: 'follow' | 'manual';
};

export type CallOptions<E extends Endpoint> = {
  token?: string | undefined;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: EndpointBody<E>;
  /** For multipart endpoints: the form to send. */
  form?: FormData;
};

export type TestServer = {
  kind: DatabaseKind;
  url: string;
  dataDir: string;
  clock: TestClock;
  services: Services;
  database: DatabaseConnection;
  request(method: string, urlPath: string, options?: RequestOptions): Promise<TestResponse>;
  /** Calls an endpoint; a success body is checked against the contract's response schema. */
  call<E extends Endpoint>(
    endpoint: E,
    options?: CallOptions<E>,
  ): Promise<TestResponse & { data: EndpointResponse<E> }>;
  /** Mail written to DATA_DIR/outbox (the .eml files), oldest first. */
  outbox(): Promise<ParsedMail[]>;
  close(): Promise<void>;
};

export type TestServerOptions = {
  env?: Record<string, string>;
  /** Receives the server's log lines (JSON), at LOG_LEVEL (set it in env; default silent). */
  logStream?: { write(line: string): void };
  /**
   * PostgreSQL only: the database to use. `{ copyOf }` starts on a fresh copy of that database
   * (CREATE DATABASE … TEMPLATE, dropped on close); `{ keep }` uses that database itself, made if
   * missing and kept on close (benchmarks build a large catalogue once and copy it per run).
   * Without it, the server starts on a copy of the test run's migrated template when there is one
   * (global-setup.ts), else on an empty database it migrates.
   */
  postgres?: { copyOf: string } | { keep: string } | { migrated: string };
};

// Tests that are not about rate limits make many calls from one address and user: they get
// allowances no test reaches. Tests of a limit set it in `env`.
const GENEROUS_LIMITS: Record<string, string> = {
  LIMIT_WRITES_PER_USER: '1000000/1h',
  LIMIT_WRITES_PER_ADDRESS: '1000000/1h',
  LIMIT_SIGNUPS_PER_ADDRESS: '1000000/1h',
  LIMIT_RESENDS_PER_USER: '1000000/1h',
  LIMIT_EMAILS_PER_ADDRESS: '1000000/1h',
  LIMIT_REPORTS_PER_USER: '1000000/1h',
  LIMIT_REPORTS_PER_RECIPIENT: '1000000/1h',
  LIMIT_REPORTS_PER_ADDRESS: '1000000/1h',
  LIMIT_BOARD_RENDERS_PER_USER: '1000000/1h',
  LIMIT_UPLOAD_BYTES_PER_USER: '1000GB/1h',
  LIMIT_ERROR_REPORTS_PER_USER: '1000000/1h',
  LIMIT_QUOTES_PER_ADDRESS: '1000000/1h',
  LIMIT_PDF_RENDERS_PER_USER: '1000000/1h',
  LIMIT_PDF_RENDERS_PER_ADDRESS: '1000000/1h',
};

export type HttpClient = Pick<TestServer, 'request' | 'call'>;

/** Requests to a server at `url`, as a browser or API client sends them. */
export function httpClient(url: string): HttpClient {
  const request: TestServer['request'] = async (method, urlPath, requestOptions = {}) => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
    let body: string | Buffer | FormData | undefined = requestOptions.form ?? requestOptions.body;
    if (requestOptions.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(requestOptions.json);
    }
    const response = await fetch(`${url}${urlPath}`, {
      method,
      headers,
      body,
      redirect: requestOptions.redirect ?? 'manual',
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  return {
    request,
    async call(endpoint, callOptions = {}) {
      const query = callOptions.query
        ? `?${new URLSearchParams(
            Object.entries(callOptions.query).map(([key, value]): [string, string] => [
              key,
              String(value),
            ]),
          )}`
        : '';
      const response = await request(
        endpoint.method,
        `${buildPath(endpoint.path, callOptions.params)}${query}`,
        { token: callOptions.token, json: callOptions.body, form: callOptions.form },
      );
      const data =
        response.status === endpoint.status && endpoint.status !== 302
          ? endpoint.response.parse(response.json)
          : undefined;
      return { ...response, data: data as never };
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });
}

/** Whether the PostgreSQL server of DATABASE_URL has a database of this name. */
export async function postgresDatabaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    return (found.rowCount ?? 0) > 0;
  } finally {
    await admin.end();
  }
}

export async function renamePostgresDatabase(from: string, to: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${from}" RENAME TO "${to}"`);
  } finally {
    await admin.end();
  }
}

export async function createPostgresDatabase(
  choice?: TestServerOptions['postgres'],
): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL!;
  const kept = choice && 'keep' in choice ? choice.keep : undefined;
  const name = kept ?? `circuits_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (kept) {
    const found = await admin.query('select 1 from pg_database where datname = $1', [kept]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  } else if (choice && 'migrated' in choice) {
    // A small template: the default strategy copies it through the shared buffers without the
    // checkpoint FILE_COPY waits for, which many test files at once would queue on.
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${choice.migrated}"`);
  } else if (choice && 'copyOf' in choice) {
    // FILE_COPY copies the files and syncs them before answering; the default (WAL_LOG) writes
    // the whole copy to the write-ahead log, whose checkpoints then land among a benchmark's calls.
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${choice.copyOf}" STRATEGY FILE_COPY`);
  } else {
    await admin.query(`CREATE DATABASE "${name}"`);
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (kept) return;
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function startTestServer(
  kind: DatabaseKind,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-test-'));
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const postgres =
    kind === 'postgres'
      ? await createPostgresDatabase(
          options.postgres ?? (template ? { migrated: template } : undefined),
        )
      : undefined;
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    // Demo mode's payment provider, asked for by name (tests of other settings override it).
    PAYMENTS: 'sandbox',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Tests start many servers: none warms a render worker up it would never use warm.
    RENDER_WARM_WORKERS: '0',
    TABLE_WARM_WORKERS: '0',
    ...GENEROUS_LIMITS,
    ...options.env,
  });
  const clock = testClock();
  let database: DatabaseConnection | undefined;
  try {
    const pgliteTemplate = process.env[PGLITE_TEMPLATE_ENV];
    if (kind === 'pglite' && pgliteTemplate) {
      fs.cpSync(pgliteTemplate, path.join(dataDir, 'db'), { recursive: true });
    }
    database = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
    await database.migrate();
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(dataDir, 'outbox'),
    });
    const logger = createLogger(config.logLevel, options.logStream);
    const { server, services } = await buildApp({ config, database, mailer, clock, logger });
    await server.listen({ port, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${port}`;
    const openDb = database;

    return {
      kind,
      url,
      dataDir,
      clock,
      services,
      database: openDb,
      ...httpClient(url),
      async outbox() {
        const outboxDir = path.join(dataDir, 'outbox');
        if (!fs.existsSync(outboxDir)) return [];
        const files = fs
          .readdirSync(outboxDir)
          .filter((file) => file.endsWith('.eml'))
          .sort();
        return Promise.all(
          files.map((file) => simpleParser(fs.readFileSync(path.join(outboxDir, file)))),
        );
      },
      async close() {
        await server.close();
        mailer.close();
        await openDb.close();
        await postgres?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database?.close();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Starts a server before the tests of the enclosing describe block and stops it after. */
export function useTestServer(
  kind: DatabaseKind,
  options: TestServerOptions = {},
): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(kind, options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('The test server has not started');
    return server;
  };
}

/** The rows of a query run straight on the test server's database. */
export async function queryRows<T>(
  server: Pick<TestServer, 'database'>,
  query: Parameters<DatabaseConnection['db']['execute']>[0],
): Promise<T[]> {
  const result = await server.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
