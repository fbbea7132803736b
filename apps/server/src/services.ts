import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { createTransactor, type Database } from './db/database.ts';
import { createWorkerPool } from './lib/worker-pool.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import { createMaintenance } from './maintenance.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createEmailConfirmationService } from './modules/auth/email-confirmation.service.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createPasswordNotices } from './modules/auth/password-notices.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { createBoardRepository } from './modules/board/board.repository.ts';
import { createBoardService } from './modules/board/board.service.ts';
import { createBoardRenderService } from './modules/board/board-render.service.ts';
import type { RenderJob, RenderJobResult } from './modules/board/board-render-job.ts';
import { createCompaniesRepository } from './modules/companies/companies.repository.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createCurrenciesRepository } from './modules/currencies/currencies.repository.ts';
import { createCurrenciesService } from './modules/currencies/currencies.service.ts';
import { createErrorReportsRepository } from './modules/error-reports/error-reports.repository.ts';
import { createErrorReportsService } from './modules/error-reports/error-reports.service.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createProductsRepository } from './modules/products/products.repository.ts';
import {
  createProductsService,
  type ProductsService,
} from './modules/products/products.service.ts';
import { createProjectsRepository } from './modules/projects/projects.repository.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { createRateLimitsRepository } from './modules/rate-limits/rate-limits.repository.ts';
import { createRateLimitsService } from './modules/rate-limits/rate-limits.service.ts';
import { createShippingRepository } from './modules/shipping/shipping.repository.ts';
import { createShippingService } from './modules/shipping/shipping.service.ts';
import { createObjectStore } from './modules/storage/object-store.ts';
import { createStorageRepository } from './modules/storage/storage.repository.ts';
import { createStorageService } from './modules/storage/storage.service.ts';
import { createInstancesService } from './modules/system/instances.service.ts';
import { createSystemRepository } from './modules/system/system.repository.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';

export type ServiceDependencies = {
  db: Database;
  config: Config;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
};

/** Wires every area's repository and service; the only place that knows them all. */
export function createServices({ db, config, mailer, clock, logger }: ServiceDependencies) {
  const transactor = createTransactor(db);
  const rateLimits = createRateLimitsService({
    repository: createRateLimitsRepository(transactor),
    transactor,
    clock,
    limits: config.rateLimits,
  });
  const instances = createInstancesService({
    repository: createSystemRepository(transactor),
    logger,
    heartbeatMs: config.instanceHeartbeatMs,
    // Without DATABASE_URL the database is PGlite, which one process alone can open.
    exclusiveDatabase: config.databaseUrl === undefined,
  });
  const currencies = createCurrenciesService({
    repository: createCurrenciesRepository(transactor),
  });
  const shipping = createShippingService({ repository: createShippingRepository(transactor) });
  const companies = createCompaniesService({
    repository: createCompaniesRepository(transactor),
    currencies,
    shipping,
    transactor,
    clock,
  });
  const users = createUsersService({
    repository: createUsersRepository(transactor),
    companies,
    clock,
  });
  const authRepository = createAuthRepository(transactor);
  const confirmations = createEmailConfirmationService({
    repository: authRepository,
    users,
    mailer,
    clock,
    logger,
    rateLimits,
    appUrl: config.appUrl,
    ttlMs: config.emailConfirmationTtlMs,
  });
  const throttle = createLoginThrottle({
    repository: authRepository,
    rateLimits,
    clock,
    limits: config.login,
  });
  const notices = createPasswordNotices({ mailer, logger, appUrl: config.appUrl });
  const auth = createAuthService({
    repository: authRepository,
    users,
    companies,
    confirmations,
    throttle,
    notices,
    rateLimits,
    transactor,
    clock,
    tokenTtlMs: config.tokenTtlMs,
    sessionMaxAgeMs: config.sessionMaxAgeMs,
  });
  const passwordResets = createPasswordResetService({
    repository: authRepository,
    users,
    throttle,
    rateLimits,
    notices,
    mailer,
    transactor,
    clock,
    logger,
    appUrl: config.appUrl,
    ttlMs: config.passwordResetTtlMs,
  });
  const errorReports = createErrorReportsService({
    repository: createErrorReportsRepository(transactor),
    rateLimits,
    clock,
  });
  const storage = createStorageService({
    repository: createStorageRepository(transactor),
    store: createObjectStore(config.storage),
    transactor,
    clock,
    logger,
    linkTtlMs: config.storageLinks.ttlMs,
    configuredSecret: config.storageLinks.secret,
    instance: instances,
    orphanGraceMs: config.sweep.orphanGraceMs,
  });
  const files = createFilesService({
    repository: createFilesRepository(transactor),
    storage,
    transactor,
    clock,
    limits: config.upload,
  });
  const boardRepository = createBoardRepository(transactor);
  const board = createBoardService({ repository: boardRepository, files, clock });
  const renderPool = createWorkerPool<RenderJob, RenderJobResult>({
    script: new URL('./modules/board/board-worker.ts', import.meta.url),
    size: config.render.workers,
    timeoutMs: config.render.timeoutMs,
  });
  const boardRenders = createBoardRenderService({
    repository: boardRepository,
    files,
    storage,
    pool: renderPool,
    transactor,
    clock,
    logger,
    renderTimeoutMs: config.render.timeoutMs,
    draftTtlMs: config.render.draftTtlMs,
    instance: instances,
    settings: board,
  });
  // A project lists its products and a product belongs to a project: projects reach the
  // products area through this late-bound reference, created right below.
  let products: ProductsService | undefined;
  const projects = createProjectsService({
    repository: createProjectsRepository(transactor),
    companies,
    storage,
    products: () => products!.projectProducts,
    transactor,
    clock,
  });
  products = createProductsService({
    repository: createProductsRepository(transactor),
    projects,
    files,
    board,
    boardRenders,
    storage,
    mailer,
    logger,
    rateLimits,
    transactor,
    clock,
    appUrl: config.appUrl,
  });
  const maintenance = createMaintenance({
    instances,
    tasks: [
      async () => ({ renders: await boardRenders.collectUnused() }),
      // After the renders, so the objects of those just removed are gone too.
      () => storage.sweep(),
    ],
    intervalMs: config.sweep.intervalMs,
    logger,
  });
  return {
    transactor,
    rateLimits,
    currencies,
    shipping,
    companies,
    users,
    confirmations,
    auth,
    passwordResets,
    errorReports,
    storage,
    files,
    board,
    boardRenders,
    projects,
    products,
    instances,
    /** The heartbeat and the sweep: started when the server listens, stopped when it closes. */
    maintenance,
    /** Stops what runs beside requests (the render workers). */
    close: () => renderPool.close(),
  };
}

export type Services = ReturnType<typeof createServices>;
