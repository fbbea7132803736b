import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import { createTransactor, type Database } from './db/database.ts';
import { createWorkerPool } from './lib/worker-pool.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import { createMaintenance } from './maintenance.ts';
import { createAdminRepository } from './modules/admin/admin.repository.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { createAdminBoardOptionsService } from './modules/admin/admin-board-options.service.ts';
import { createAuditLog } from './modules/admin/audit-log.ts';
import type { Actor } from './modules/auth/actor.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createEmailConfirmationService } from './modules/auth/email-confirmation.service.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createPasswordNotices } from './modules/auth/password-notices.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { createBoardRepository } from './modules/board/board.repository.ts';
import { createBoardService } from './modules/board/board.service.ts';
import { createBoardOptionsEditor } from './modules/board/board-options-editor.ts';
import { createBoardRenderService } from './modules/board/board-render.service.ts';
import { createBoardWorkers } from './modules/board/board-workers.ts';
import { createBomRepository } from './modules/bom/bom.repository.ts';
import { type BomService, createBomService } from './modules/bom/bom.service.ts';
import { createBomMatcher } from './modules/bom/bom-matching.ts';
import { createBomPartReferences } from './modules/bom/bom-part-references.ts';
import { createCartRepository } from './modules/cart/cart.repository.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createCompaniesRepository } from './modules/companies/companies.repository.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createCurrenciesRepository } from './modules/currencies/currencies.repository.ts';
import { createCurrenciesService } from './modules/currencies/currencies.service.ts';
import { createErrorReportsRepository } from './modules/error-reports/error-reports.repository.ts';
import { createErrorReportsService } from './modules/error-reports/error-reports.service.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { orderPricing } from './modules/orders/order-pricing.ts';
import { createOrdersRepository } from './modules/orders/orders.repository.ts';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import { createPackagesRepository } from './modules/packages/packages.repository.ts';
import {
  createPackagesService,
  type PackagesService,
} from './modules/packages/packages.service.ts';
import { createCatalogueLoader } from './modules/parts/catalogue-loader.ts';
import { createPartsRepository } from './modules/parts/parts.repository.ts';
import { createPartsService, type PartsService } from './modules/parts/parts.service.ts';
import { createPartsModerationRepository } from './modules/parts/parts-moderation.repository.ts';
import { createPartsModerationService } from './modules/parts/parts-moderation.service.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import { createPaymentsRepository } from './modules/payments/payments.repository.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createPayPalClient } from './modules/payments/paypal-client.ts';
import { createSandboxApprovalService } from './modules/payments/sandbox-approval.service.ts';
import {
  createSandboxCredentials,
  type SandboxCredentials,
} from './modules/payments/sandbox-credentials.ts';
import { SANDBOX_PREFIX } from './modules/payments/sandbox-provider.routes.ts';
import { createPlacementsRepository } from './modules/placements/placements.repository.ts';
import {
  createPlacementsService,
  type PlacementsService,
} from './modules/placements/placements.service.ts';
import { createPricingRepository } from './modules/pricing/pricing.repository.ts';
import { createPricingService } from './modules/pricing/pricing.service.ts';
import { createProductsRepository } from './modules/products/products.repository.ts';
import {
  createProductsService,
  type ProductsService,
} from './modules/products/products.service.ts';
import { createProjectsRepository } from './modules/projects/projects.repository.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { createQuoteService } from './modules/quote/quote.service.ts';
import { createRateLimitsRepository } from './modules/rate-limits/rate-limits.repository.ts';
import { createRateLimitsService } from './modules/rate-limits/rate-limits.service.ts';
import { createShippingRepository } from './modules/shipping/shipping.repository.ts';
import { createShippingService } from './modules/shipping/shipping.service.ts';
import { createObjectStore } from './modules/storage/create-object-store.ts';
import { createStorageRepository } from './modules/storage/storage.repository.ts';
import { createStorageService } from './modules/storage/storage.service.ts';
import { createInstancesService } from './modules/system/instances.service.ts';
import { createSystemRepository } from './modules/system/system.repository.ts';
import type { TableJob, TableJobResult } from './modules/tables/table-job.ts';
import { createTableReader } from './modules/tables/table-reader.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';

export type ServiceDependencies = {
  db: Database;
  /** What changed in the database, on any instance: what the caches forget. */
  changes: ChangeFeed;
  config: Config;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Where this instance answers HTTP itself (the embedded sandbox payment provider is there). */
  selfUrl?: () => string;
};

/**
 * The PayPal adapter, pointed at PayPal when configured, or at the embedded sandbox in demo
 * mode; null when online payment is off.
 */
function paymentProvider(
  config: Config,
  selfUrl: () => string,
  sandbox: SandboxCredentials,
): PaymentProvider | null {
  const payments = config.payments;
  if (payments.provider === 'none') return null;
  if (payments.provider === 'paypal') {
    return createPayPalClient({
      name: 'paypal',
      apiUrl: () => payments.apiUrl,
      credentials: async () => ({
        clientId: payments.clientId,
        clientSecret: payments.clientSecret,
      }),
      webhookId: payments.webhookId,
      brandName: 'Circuits',
    });
  }
  return createPayPalClient({
    name: 'sandbox',
    apiUrl: () => `${selfUrl()}${SANDBOX_PREFIX}`,
    credentials: () => sandbox.client(),
    webhookId: undefined,
    brandName: 'Circuits',
  });
}

/** Wires every area's repository and service; the only place that knows them all. */
export function createServices({
  db,
  changes,
  config,
  mailer,
  clock,
  logger,
  selfUrl = () => config.appUrl,
}: ServiceDependencies) {
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
    audit: () => auditLog,
    transactor,
    clock,
  });
  const users = createUsersService({
    repository: createUsersRepository(transactor),
    companies,
    clock,
    changes,
    transactor,
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
    changes,
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
    sessionsEnded: auth.forgetUserSessions,
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
  // Every read of a user's table runs in these workers (modules/tables), never on a request.
  const tablePool = createWorkerPool<TableJob, TableJobResult>({
    script: new URL('./modules/tables/table-worker.ts', import.meta.url),
    size: config.tables.workers,
    timeoutMs: config.tables.timeoutMs,
    memoryMb: config.tables.memoryMb,
    // Started ahead of work: starting a process holds the server's thread until it runs.
    keepStarted: config.tables.warmWorkers,
  });
  const tables = createTableReader({ pool: tablePool, limits: config.tables, logger });
  const boardWorkers = createBoardWorkers(config.render);
  const files = createFilesService({
    tables,
    repository: createFilesRepository(transactor),
    storage,
    transactor,
    clock,
    limits: config.upload,
    identify: boardWorkers.identify,
  });
  const boardRepository = createBoardRepository(transactor);
  const board = createBoardService({
    repository: boardRepository,
    files,
    clock,
    changes,
    transactor,
  });
  const boardRenders = createBoardRenderService({
    repository: boardRepository,
    files,
    storage,
    pool: boardWorkers.renders,
    transactor,
    clock,
    logger,
    renderTimeoutMs: config.render.timeoutMs,
    renderMemoryMb: config.render.memoryMb,
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
    changes,
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
    changes,
    appUrl: config.appUrl,
    users,
    productOrders: () => (productId) => orders!.ordersOfProduct(productId),
    assembly: () => ({
      bomOf: (productId) => bom!.rowsOf(productId),
      checkedBomOf: (productId) => bom!.checkedRowsOf(productId),
      placementsOf: (productId) => placements!.pageOf(productId),
      checkedPlacementsOf: (productId) => placements!.checkedOf(productId),
      copy: async (from, to, fileIds) => {
        const bomIds = await bom!.copyBom(from, to, fileIds);
        await placements!.copyPlacements(from, to, fileIds, bomIds);
      },
    }),
  });
  // Orders and payments report to each other: payments tell orders when one is paid.
  let orders: OrdersService | undefined;
  const paymentsRepository = createPaymentsRepository(transactor);
  const sandboxCredentials = createSandboxCredentials({
    repository: paymentsRepository,
    now: () => clock.now(),
  });
  const sandboxApproval = createSandboxApprovalService({
    repository: paymentsRepository,
    enabled: config.payments.provider === 'sandbox',
    clock,
  });
  const payments = createPaymentsService({
    repository: paymentsRepository,
    provider: paymentProvider(config, selfUrl, sandboxCredentials),
    bankTransfer: config.bankTransfer,
    outcomes: () => orders!.outcomes,
    transactor,
    clock,
    logger,
    appUrl: config.appUrl,
  });
  orders = createOrdersService({
    repository: createOrdersRepository(transactor),
    products: products,
    companies,
    shipping,
    users,
    payments,
    cart: () => cart,
    pricing: () => orderPricing(pricing),
    storage,
    rateLimits,
    mailer,
    transactor,
    clock,
    logger,
    appUrl: config.appUrl,
  });
  const pricing = createPricingService({
    repository: createPricingRepository(transactor),
    board,
    companies,
    clock,
  });
  const quote = createQuoteService({ board, pricing, rateLimits });
  const cart = createCartService({
    repository: createCartRepository(transactor),
    products,
    board,
    pricing,
    clock,
  });
  const catalogue = createCatalogueLoader(transactor);
  // Packages are listed by part category, which the parts area owns: late-bound like projects.
  let parts: PartsService | undefined;
  const packages: PackagesService = createPackagesService({
    repository: createPackagesRepository(transactor),
    categoryNames: () => parts!.categoryNames(),
  });
  const adminRepository = createAdminRepository(transactor);
  const auditLog = createAuditLog({ repository: adminRepository, users, clock });
  const partsRepository = createPartsRepository(transactor);
  parts = createPartsService({
    repository: partsRepository,
    packages,
    transactor,
    countCap: config.partsSearchCountCap,
    changes,
    audit: auditLog,
  });
  const bomPartReferences = createBomPartReferences(transactor);
  const partsModeration = createPartsModerationService({
    repository: createPartsModerationRepository(transactor),
    parts: partsRepository,
    partsService: parts,
    bomReferences: bomPartReferences,
    audit: auditLog,
    transactor,
  });
  // BOM rows and placements name each other's designators: placements are told when the BOM
  // changes, and read the BOM's designators, through these late-bound references.
  let bom: BomService | undefined;
  const productRef = (actor: Actor, id: number, intent: 'read' | 'edit') =>
    products!.productRef(actor, id, intent);
  const placements: PlacementsService = createPlacementsService({
    repository: createPlacementsRepository(transactor),
    packages,
    files,
    product: productRef,
    tables,
    bomIndex: () => (productId) => bom!.refDesignIndex(productId),
    transactor,
    clock,
  });
  bom = createBomService({
    repository: createBomRepository(transactor),
    matcher: createBomMatcher({ parts, packages, clock }),
    parts,
    files,
    users,
    product: productRef,
    tables,
    maxLines: config.tables.maxBomLines,
    bomChanged: () => placements.relink,
    transactor,
    clock,
  });
  const assembly = bom;
  const admin = createAdminService({
    repository: adminRepository,
    users,
    companies,
    auth,
    passwordResets,
    orders,
    errorReports,
    pricing,
    auditLog,
    transactor,
  });
  // The board settings options section of the admin panel, in its own service beside `admin`.
  const adminBoardOptions = createAdminBoardOptionsService({
    editor: createBoardOptionsEditor({ repository: boardRepository, clock }),
    products,
    companies,
    pricing,
    cart,
    audit: auditLog,
    transactor,
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
    catalogue,
    packages,
    parts,
    partsModeration,
    bom: assembly,
    placements,
    /** Reads users' tables in the table workers: BOMs, placements, spreadsheets, catalogues. */
    tables,
    payments,
    paymentsRepository,
    sandboxCredentials,
    sandboxApproval,
    orders,
    pricing,
    quote,
    cart,
    admin,
    adminBoardOptions,
    instances,
    /** The heartbeat and the sweep: started when the server listens, stopped when it closes. */
    maintenance,
    /** Stops what runs beside requests (the render and table workers). */
    close: async () => {
      await Promise.all([boardWorkers.close(), tablePool.close()]);
    },
  };
}

export type Services = ReturnType<typeof createServices>;
