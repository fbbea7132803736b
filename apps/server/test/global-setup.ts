import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/connection.ts';

// Every test server starts on a migrated database. Making one from nothing (PGlite's initdb, then
// every migration) costs seconds per test file, most of a busy machine's test time; so the test
// run migrates one database of each kind here, once, and each test server starts on a copy of it
// (test-server.ts). The copies are as fresh as a new database: nothing but the schema is in them.

export const PGLITE_TEMPLATE_ENV = 'CIRCUITS_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'CIRCUITS_TEST_POSTGRES_TEMPLATE';

export default async function setup(): Promise<() => Promise<void>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-template-'));
  const pglite = await openDatabase({ dataDir: folder, databaseUrl: undefined });
  await pglite.migrate();
  await pglite.close();
  // Test processes start after this and inherit the environment.
  process.env[PGLITE_TEMPLATE_ENV] = path.join(folder, 'db');

  const serverUrl = process.env.DATABASE_URL;
  const templateName = `circuits_template_${process.pid}`;
  if (serverUrl) {
    await onPostgres(serverUrl, `CREATE DATABASE "${templateName}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${templateName}`;
    const postgres = await openDatabase({
      dataDir: folder,
      databaseUrl: url.toString(),
      poolMax: 1,
    });
    await postgres.migrate();
    await postgres.close();
    process.env[POSTGRES_TEMPLATE_ENV] = templateName;
  }

  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (serverUrl)
      await onPostgres(serverUrl, `DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
  };
}

async function onPostgres(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
