import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import * as schema from './schema.ts';

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

// Any fixed number shared by every instance: serialises migrations and seeding across servers
// that start together against one PostgreSQL database.
const STARTUP_LOCK_KEY = 7_310_251;

export type DatabaseConnection = {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Database;
  /** Runs migrations, then `afterMigrate` (seeding), as the only instance doing so. */
  migrate(afterMigrate?: () => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  dataDir: string;
  databaseUrl: string | undefined;
  poolMax?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax ?? 10)
    : openPglite(path.join(options.dataDir, 'db'));
}

async function openPglite(directory: string): Promise<DatabaseConnection> {
  fs.mkdirSync(directory, { recursive: true });
  // PGlite has no inter-process locking: a second server on the same folder would corrupt it.
  const lock = acquireDataDirLock(directory);
  let client: PGlite;
  try {
    client = await PGlite.create(directory, { extensions: { pg_trgm } });
  } catch (error) {
    lock.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    async migrate(afterMigrate) {
      await migratePglite(drizzlePglite({ client, schema }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
      await afterMigrate?.();
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
      lock.release();
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    async migrate(afterMigrate) {
      const client = await pool.connect();
      try {
        const locked = drizzleNodePg({ client, schema });
        await locked.execute(sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`);
        try {
          await migrateNodePg(locked, { migrationsFolder: MIGRATIONS_FOLDER });
          await afterMigrate?.();
        } finally {
          await locked.execute(sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}
