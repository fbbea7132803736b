import fs from 'node:fs';
import path from 'node:path';
import { buildApp, uploadStagingDir } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { API_DOCS_PATH } from './http/openapi.ts';
import { createLogger, resolveLogFormat } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import {
  DEMO_LOGINS,
  DEMO_PASSWORD,
  hasDemoLogins,
  seedDemoCatalogue,
  seedDemoData,
} from './seed/demo-data.ts';
import { demoLoginWarning, loud, noPaymentWarning, paymentLines } from './start-notices.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(
    config.logLevel,
    undefined,
    resolveLogFormat(config.logFormat, process.stdout.isTTY === true),
  );
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  const { server, services } = await buildApp({
    config,
    database,
    mailer,
    clock: systemClock,
    logger,
  });

  // Parts of uploads and partial files of writes interrupted by a stop; nothing refers to them,
  // and nothing writes them before this instance listens (the data folder is its own).
  fs.rmSync(uploadStagingDir(config.dataDir), { recursive: true, force: true });
  await services.storage.store.check();
  await services.storage.store.removeUnfinished(new Date());

  let seeded = false;
  await database.migrate(async () => {
    if (config.seedDemoData) {
      seeded = await seedDemoData(services, {
        stagingDir: uploadStagingDir(config.dataDir),
        logger,
      });
    }
  });
  if (seeded) logger.info('seeded the demo companies, users and project');

  await server.listen({ port: config.port, host: config.host });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url =
    config.appUrl === `http://localhost:${config.port}`
      ? `http://localhost:${port}`
      : config.appUrl;

  const lines = [
    '',
    `Circuits is running at ${url}`,
    `  links in emails lead to ${config.appUrl} (APP_URL): open Circuits there to stay logged in`,
    `  database: ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  email:    ${mailer.destination}`,
    ...paymentLines(config),
    `  API docs: ${url}${API_DOCS_PATH}`,
  ];
  const demoLogins = await hasDemoLogins(services);
  if (config.seedDemoData && demoLogins) {
    lines.push(`  demo logins (password "${DEMO_PASSWORD}"):`);
    for (const login of DEMO_LOGINS)
      lines.push(`    ${login.email.padEnd(28)} ${login.description}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
  const warnings = [
    noPaymentWarning(config),
    demoLoginWarning(
      config,
      demoLogins,
      DEMO_LOGINS.map((login) => login.email),
    ),
  ].filter((warning): warning is string => warning !== null);
  for (const warning of warnings) {
    logger.warn(warning);
    process.stderr.write(loud(warning));
  }

  const seeding = new AbortController();
  let catalogueSeeded: Promise<unknown> = Promise.resolve();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    seeding.abort();
    await catalogueSeeded;
    await server.close();
    mailer.close();
    await database.close();
    logger.info('stopped');
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));

  // The demo catalogue (over 20,000 generated parts) loads after the server listens, so a first
  // start is as quick as any other; the parts search shows what has loaded so far, and says how
  // much. It starts after the stop handlers are in place, so a stop during it ends it cleanly.
  if (config.seedDemoData) {
    catalogueSeeded = seedDemoCatalogue(services, {
      signal: seeding.signal,
      logger,
      databaseKind: database.kind,
    }).catch((error: unknown) => {
      if (!seeding.signal.aborted) logger.error({ err: error }, 'demo catalogue not loaded');
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Circuits could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
