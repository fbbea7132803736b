import { randomBytes } from 'node:crypto';
import { addProduct, addProject, login } from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/connection.ts';
import { DEMO_LOGINS } from '../src/seed/demo-data.ts';
import type { HttpClient } from './test-server.ts';
import { form } from './uploads.ts';

// For tests of server processes (test/server-process.ts): the demo logins they seed, products
// made through HTTP, the stored file rows read from their database, and large inputs.

/** A token of the seeded demo user whose email starts with `role` (editor, viewer, …). */
export async function demoToken(api: HttpClient, role: string): Promise<string> {
  const demo = DEMO_LOGINS.find((entry) => entry.email.startsWith(role))!;
  const answer = await api.call(login, { body: { email: demo.email, password: demo.password } });
  if (answer.status !== 200) throw new Error(`login of ${demo.email} failed: ${answer.text}`);
  return answer.data.token;
}

/** A new product (in a new project) of the token's company; answers its id. */
export async function newProduct(api: HttpClient, token: string, name: string): Promise<number> {
  const project = await api.call(addProject, { token, form: form({ title: `${name} project` }) });
  const product = await api.call(addProduct, {
    token,
    params: { id: project.data.data.id },
    form: form({ name }),
  });
  if (product.status !== 201) throw new Error(`the product was not created: ${product.text}`);
  return product.data.data.id;
}

export type ProcessDatabase = { dataDir: string; databaseUrl?: string | undefined };

/**
 * Rows of a query on a server process's database. PGlite is read once its server has stopped
 * (one process at a time); PostgreSQL at any time.
 */
export async function readRows<T>(where: ProcessDatabase, query: string): Promise<T[]> {
  if (where.databaseUrl) {
    const client = new pg.Client({ connectionString: where.databaseUrl });
    await client.connect();
    try {
      return (await client.query(query)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const database = await openDatabase({ dataDir: where.dataDir, databaseUrl: undefined });
  try {
    const result = await database.db.execute(sql.raw(query));
    return (result as unknown as { rows: T[] }).rows;
  } finally {
    await database.close();
  }
}

/** The keys of the stored_files rows, sorted. */
export async function registeredKeys(where: ProcessDatabase): Promise<string[]> {
  const rows = await readRows<{ key: string }>(where, 'select key from stored_files');
  return rows.map((row) => row.key).sort();
}

/** `count` files of `bytes` random bytes each, as form parts of an upload. */
export function randomFiles(count: number, bytes: number) {
  return Array.from({ length: count }, (_, index) => ({
    field: 'files',
    name: `part-${index + 1}.bin`,
    data: new Uint8Array(randomBytes(bytes)),
  }));
}

/**
 * A copper layer of `features` strokes and flashes: a board that takes the renderer a while
 * (about a second per 100 000 features on a busy 2-core machine).
 */
export function largeCopperLayer(features: number): string {
  const lines = ['%FSLAX46Y46*%', '%MOMM*%', '%ADD10C,0.2*%', '%ADD11R,0.5X0.3*%', 'D10*'];
  const at = (index: number) => [(index % 300) * 300_000, Math.floor(index / 300) * 300_000];
  for (let index = 0; index < features; index++) {
    const [x, y] = at(index);
    lines.push(`X${x}Y${y}D02*`, `X${x! + 200_000}Y${y! + 100_000}D01*`);
  }
  lines.push('D11*');
  for (let index = 0; index < features; index++) {
    const [x, y] = at(index);
    lines.push(`X${x! + 150_000}Y${y! + 150_000}D03*`);
  }
  lines.push('M02*', '');
  return lines.join('\n');
}
