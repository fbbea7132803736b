import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { createChangeFeed } from './db/change-feed.ts';
import type { DatabaseConnection } from './db/connection.ts';
import { createConnectionGuard } from './http/connections.ts';
import { installErrorHandler, sendError } from './http/error-handler.ts';
import { AppError } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { createRouter } from './http/router.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { createUploadStaging } from './http/upload-staging.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { registerAdminBoardOptionsRoutes } from './modules/admin/admin-board-options.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { bearerAuthenticator } from './modules/auth/bearer.ts';
import { registerBoardRoutes } from './modules/board/board.routes.ts';
import { registerBomRoutes } from './modules/bom/bom.routes.ts';
import { registerCartRoutes } from './modules/cart/cart.routes.ts';
import { registerCompanyRoutes } from './modules/companies/companies.routes.ts';
import { registerCurrencyRoutes } from './modules/currencies/currencies.routes.ts';
import { registerErrorReportRoutes } from './modules/error-reports/error-reports.routes.ts';
import { registerOrderRoutes } from './modules/orders/orders.routes.ts';
import { registerPackageRoutes } from './modules/packages/packages.routes.ts';
import { registerPartsRoutes } from './modules/parts/parts.routes.ts';
import { registerPartsModerationRoutes } from './modules/parts/parts-moderation.routes.ts';
import { registerPaymentRoutes } from './modules/payments/payments.routes.ts';
import { registerSandboxProvider } from './modules/payments/sandbox-provider.routes.ts';
import { registerPlacementRoutes } from './modules/placements/placements.routes.ts';
import { registerPricingRoutes } from './modules/pricing/pricing.routes.ts';
import { registerProductRoutes } from './modules/products/products.routes.ts';
import { registerProjectRoutes } from './modules/projects/projects.routes.ts';
import { registerQuoteRoutes } from './modules/quote/quote.routes.ts';
import { registerShippingRoutes } from './modules/shipping/shipping.routes.ts';
import { registerStorageRoutes } from './modules/storage/storage.routes.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { createServices, type Services } from './services.ts';

export type AppDependencies = {
  config: Config;
  database: DatabaseConnection;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
};

export type App = { server: FastifyInstance; services: Services };

const QUIET_PATHS = new Set(['/healthz', '/readyz']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes and failures are worth a line at `info`; reads (pages, assets, lists) would bury them,
 * so they are logged at `debug`, as are the probes of load balancers.
 */
export function requestLogLevel(method: string, path: string, status: number): 'info' | 'debug' {
  if (QUIET_PATHS.has(path)) return 'debug';
  return status >= 400 || !READ_METHODS.has(method) ? 'info' : 'debug';
}

export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config, database, mailer, clock, logger } = deps;
  // The embedded sandbox payment provider answers on this instance's own port.
  const selfUrl = () => {
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = ['0.0.0.0', '::', 'localhost', ''].includes(config.host)
      ? '127.0.0.1'
      : config.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  };
  const changes = createChangeFeed(database);
  await changes.start();
  const services = createServices({
    db: database.db,
    changes,
    config,
    mailer,
    clock,
    logger,
    selfUrl,
  });

  const connections = createConnectionGuard(config.connections, logger);
  const server = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // One line per request is logged by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    ...connections.serverOptions,
  });
  connections.install(server.server);
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  installErrorHandler(server);
  acceptJsonOnly(server);

  server.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    request.log[requestLogLevel(request.method, path, reply.statusCode)](
      { method: request.method, path, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  // The heartbeat and the sweep run once the database is migrated and requests come in.
  server.addHook('onReady', async () => {
    await services.maintenance.start();
  });

  server.addHook('onClose', async () => {
    await services.maintenance.stop();
    await services.close();
    await changes.stop();
  });

  let accepting = true;
  server.addHook('preClose', async () => {
    accepting = false;
  });

  await registerSecurityHeaders(server, config.appUrl);
  await registerOpenApi(server);

  // Multipart forms are read by the router (receiveForm), which sets the limits per request.
  await server.register(fastifyMultipart, { throwFileSizeLimit: true });
  const authenticate = bearerAuthenticator(services.auth);
  const router = createRouter(
    server,
    authenticate,
    {
      limits: config.upload,
      staging: createUploadStaging(uploadStagingDir(config.dataDir), config.maxStagedUploadBytes),
    },
    services.rateLimits,
  );
  registerSystemRoutes(router, { accepting: () => accepting, pingDatabase: database.ping });
  registerAuthRoutes(router, services.auth, services.confirmations, services.passwordResets);
  registerCompanyRoutes(router, services.companies);
  registerCurrencyRoutes(router, services.currencies);
  registerShippingRoutes(router, services.shipping);
  registerErrorReportRoutes(router, services.errorReports);
  registerProjectRoutes(router, services.projects);
  registerProductRoutes(router, services.products);
  registerPricingRoutes(router, services.pricing);
  registerCartRoutes(router, services.cart);
  registerQuoteRoutes(router, services.quote);
  registerBoardRoutes(router, services.board, services.products);
  registerPartsRoutes(router, services.parts);
  registerPartsModerationRoutes(router, services.partsModeration);
  registerPackageRoutes(router, services.packages);
  registerBomRoutes(router, services.bom);
  registerPlacementRoutes(router, services.placements);
  registerStorageRoutes(server, services.storage, authenticate);
  registerOrderRoutes(router, services.orders, services.payments);
  registerPaymentRoutes(router, services.payments, services.sandboxApproval);
  registerAdminRoutes(router, services.admin);
  registerAdminBoardOptionsRoutes(router, services.adminBoardOptions);
  if (config.payments.provider === 'sandbox') {
    registerSandboxProvider(server, {
      repository: services.paymentsRepository,
      credentials: services.sandboxCredentials,
      clock,
      appUrl: config.appUrl,
    });
  }

  const spa = await registerSpa(server, config.webDistDir);
  server.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/')) {
      return sendError(
        reply,
        new AppError('not_found', `No API endpoint ${request.method} ${path}`),
      );
    }
    // A missing script or stylesheet must fail as such, not load the app's HTML.
    if (path.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    if (request.method === 'GET' || request.method === 'HEAD') return spa.send(reply, 404);
    return sendError(reply, new AppError('not_found', 'Not found'));
  });

  return { server, services };
}

/** Where uploaded file parts wait while their request is handled (emptied at start). */
export function uploadStagingDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/**
 * JSON is the only body type the JSON endpoints take (multipart arrives with uploads). An empty
 * body counts as no body, so clients may send the JSON content type on every call.
 */
function acceptJsonOnly(server: FastifyInstance): void {
  server.removeContentTypeParser('text/plain');
  const parseJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
