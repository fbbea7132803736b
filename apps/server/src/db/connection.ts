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
  /**
   * Hears the notifications sent on `channel` by any connection to the database, until the
   * answered function is called. `onStatus(true)` says every notification from then on is heard;
   * `onStatus(false)` says some may be missed (the connection was lost; it is made again).
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listening>;
  close(): Promise<void>;
};

export type Listening = {
  /**
   * Resolves once every notification committed before the call has been handed to
   * `onNotification` (or the connection was lost, which `onStatus(false)` has said first).
   */
  settle(): Promise<void>;
  stop(): Promise<void>;
};

export type NotificationHandlers = {
  onNotification(payload: string): void;
  onStatus(listening: boolean): void;
};

// After a lost listening connection, how long to wait before connecting again.
const RELISTEN_DELAY_MS = 1_000;

/** How the listening connection names itself in pg_stat_activity. */
const LISTENER_APPLICATION_NAME = 'circuits-changes';

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
    async listen(channel, handlers) {
      // One process holds the database: nothing is ever missed, and PGlite hands each
      // notification over as the statement that committed it completes.
      const unlisten = await client.listen(channel, handlers.onNotification);
      handlers.onStatus(true);
      return {
        settle: async () => {},
        async stop() {
          handlers.onStatus(false);
          if (!client.closed) await unlisten();
        },
      };
    },
    async close() {
      await client.close();
      lock.release();
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<DatabaseConnection> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    // The app's queries are short and bounded (a search walks at most a thousand parts): a
    // parallel plan's workers take longer to start than such a query takes, and the planner
    // picked them for the parts facets now and then, tripling their time (bench/README.md).
    options: '-c max_parallel_workers_per_gather=0',
  });
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
    async listen(channel, handlers) {
      return listenOnPostgres(url, channel, handlers);
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * LISTEN on a connection of its own (outside the pool). When it is lost, the listener is told at
 * once (notifications may be missed from then on) and it connects again until stopped.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Listening> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let loseCurrent: (() => void) | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      // A connection that dies without a word (a network cut) must be noticed too.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (loseCurrent === onLost) loseCurrent = undefined;
      handlers.onStatus(false);
      next.end().catch(() => {});
      if (client === next) client = undefined;
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RELISTEN_DELAY_MS);
    };
    next.on('error', onLost);
    next.on('end', onLost);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    loseCurrent = onLost;
    handlers.onStatus(true);
  };

  // PostgreSQL sends a listening connection every notification committed before a statement
  // it runs ahead of that statement's answer: a round trip is a barrier. Callers share them,
  // but each waits for one that began after it asked.
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const barrier = (): Promise<void> => {
    const on = client;
    const lose = loseCurrent;
    if (!on) return Promise.resolve();
    running = on
      .query('select 1')
      .then(
        () => {},
        () => lose?.(),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const settle = (): Promise<void> => {
    if (!running) return barrier();
    next ??= running.then(() => {
      next = undefined;
      return running ?? barrier();
    });
    return next;
  };

  // A first failure is retried like a lost connection; until then nothing is cached.
  await connect().catch(() => {});
  return {
    settle,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      handlers.onStatus(false);
      await last?.end();
    },
  };
}
