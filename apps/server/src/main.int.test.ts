import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getUser, login } from '@circuits/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, databaseKinds } from '../test/test-server.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo-data.ts';

// The server as `npm start` runs it: a separate process configured by environment variables.

const MAIN = path.resolve(import.meta.dirname, 'main.ts');
const README = path.resolve(import.meta.dirname, '../../../README.md');

type Started = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
};

function run(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function startedUrl(started: Started): Promise<string> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const match = /Circuits is running at (http:\/\/\S+)/.exec(started.stdout());
    if (match) return match[1]!;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${started.stdout()}\n${started.stderr()}`);
}

// biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary response bodies.
async function post(url: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('configuration errors', () => {
  it('stop the start with a message naming the variable', async () => {
    const started = run({ PORT: 'abc', TOKEN_TTL: 'forever', DATA_DIR: os.tmpdir() });
    expect(await started.exited).toBe(1);
    expect(started.stderr()).toContain('Invalid configuration:');
    expect(started.stderr()).toContain('PORT must be a whole number (got "abc")');
    expect(started.stderr()).toContain('TOKEN_TTL must be a positive duration');
  });
});

describe('the README', () => {
  it('lists the same demo logins in the README', () => {
    const readme = fs.readFileSync(README, 'utf8');
    for (const demo of DEMO_LOGINS) expect(readme).toContain(demo.email);
    expect(readme).toContain(DEMO_PASSWORD);
  });
});

describe.each(databaseKinds())('npm start on %s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-main-'));
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  let first: Started;

  beforeAll(async () => {
    env = { DATA_DIR: dataDir, PORT: '0' };
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
    first = run(env);
  });

  afterAll(async () => {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds the demo data and prints the URL and the demo logins', async () => {
    const url = await startedUrl(first);
    const banner = first.stdout();
    for (const demo of DEMO_LOGINS) expect(banner).toContain(demo.email);
    expect(banner).toContain(`password "${DEMO_PASSWORD}"`);
    expect(banner).toContain(`${url}/api/docs`);
    // The address email links use, so the user opens Circuits there (HOST 127.0.0.1: localhost).
    expect(banner).toMatch(/links in emails lead to http:\/\/localhost:\d+ \(APP_URL\)/);

    const roles: Record<string, string> = {};
    for (const demo of DEMO_LOGINS) {
      const response = await post(`${url}${login.path}`, {
        email: demo.email,
        password: demo.password,
      });
      expect(response.status, demo.email).toBe(200);
      const user = response.json.user;
      roles[demo.email] = `${user.role}/${user.company_role}/${user.company.name}`;
      expect(user.isConfirmedEmail).toBe(true);
    }
    expect(roles).toEqual({
      'admin@circuits.example': 'admin/edit/Circuits',
      'moderator@circuits.example': 'moderator/view/Circuits',
      'editor@northwind.example': 'other/edit/Northwind Electronics',
      'viewer@northwind.example': 'other/view/Northwind Electronics',
    });
  });

  it.runIf(kind === 'pglite')('refuses a second server on the same data folder', async () => {
    const second = run(env);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain('is in use by another Circuits server');
  });

  it('shuts down gracefully on SIGTERM and keeps its data for the next start', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.stdout()).toContain('"msg":"stopped"');

    const again = run(env);
    try {
      const url = await startedUrl(again);
      expect(again.stdout()).not.toContain('seeded the demo companies and users');
      const editor = DEMO_LOGINS.find((demo) => demo.email.startsWith('editor'))!;
      const { json } = await post(`${url}${login.path}`, editor);
      const me = await fetch(`${url}${getUser.path}`, {
        headers: { authorization: `Bearer ${json.token}` },
      });
      const { user } = (await me.json()) as { user: { company: unknown } };
      expect(user.company).toMatchObject({
        name: 'Northwind Electronics',
        currency: { id: 1 },
        tax: 13,
      });
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  });
});
