import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import {
  type BankTransferConfig,
  bankTransferConfig,
  PAYMENT_PROVIDERS,
  type PaymentsConfig,
  paymentsConfig,
} from './config-payments.ts';

export { ConfigError } from './config-error.ts';
export {
  type BankTransferConfig,
  type PaymentsConfig,
  SAMPLE_BANK_DETAILS,
} from './config-payments.ts';

// Configuration is read once, at start, from the environment. Every variable has an embedded
// default except the optional services (DATABASE_URL, SMTP_URL); a bad value stops the start with
// a message naming the variable.

const DURATION_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "90s", "30m", "12h", "7d" to milliseconds. */
function durationMs(label: string) {
  return z.string().transform((value, ctx) => {
    const match = /^(\d+)\s*([smhd])$/.exec(value.trim());
    const amount = match ? Number(match[1]) : 0;
    if (!match || amount <= 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be a positive duration such as 90s, 30m, 12h or 7d`,
      });
      return z.NEVER;
    }
    return amount * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS];
  });
}

function integer(min: number, max: number) {
  return z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
}

const BYTE_UNITS = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 } as const;

/**
 * A rate limit, "<amount>/<duration>": at most that amount per duration ("20/1h"); byte limits
 * may give the amount with a unit ("2GB/1d"). Unused allowance refills evenly over the duration.
 */
function rateLimit(label: string, amount: 'count' | 'bytes' = 'count') {
  const example = amount === 'bytes' ? '500MB/1h or 2GB/1d' : '20/1h or 500/1d';
  return z.string().transform((value, ctx): RateLimit => {
    const match = /^(\d+)\s*(KB|MB|GB|TB)?\s*\/\s*(\d+)\s*([smhd])$/i.exec(value.trim());
    const unit = match?.[2]?.toUpperCase() as keyof typeof BYTE_UNITS | undefined;
    const max = match ? Number(match[1]) * (unit ? BYTE_UNITS[unit] : 1) : 0;
    const windowAmount = match ? Number(match[3]) : 0;
    if (!match || max <= 0 || windowAmount <= 0 || (unit && amount === 'count')) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be an amount per duration such as ${example}`,
      });
      return z.NEVER;
    }
    const unitMs = DURATION_UNITS_MS[match[4]!.toLowerCase() as keyof typeof DURATION_UNITS_MS];
    return { max, windowMs: windowAmount * unitMs };
  });
}

const booleanText = z.stringbool({
  error: 'must be true or false',
  truthy: ['true', '1', 'yes'],
  falsy: ['false', '0', 'no'],
});

function url(protocols: readonly string[]) {
  return z
    .string()
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });
}

/** Hosts at which a browser on this machine reaches the server as localhost. */
export const LOCAL_HOSTS: ReadonlySet<string> = new Set([
  '0.0.0.0',
  '::',
  '127.0.0.1',
  '::1',
  'localhost',
]);

/**
 * The address links in emails lead to when APP_URL is unset: http://localhost:PORT, the address
 * the README tells users to open, unless HOST names another interface that only answers there.
 */
function defaultAppUrl(host: string, port: number): string {
  if (LOCAL_HOSTS.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;

export const EnvSchema = z.object({
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_MAX: integer(1, 1000).default(10),
  APP_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z
    .string()
    .regex(/@/, 'must be an address such as "Circuits <no-reply@example.com>"')
    .default('Circuits <no-reply@circuits.localhost>'),
  TOKEN_TTL: durationMs('TOKEN_TTL').prefault('7d'),
  SESSION_MAX_AGE: durationMs('SESSION_MAX_AGE').prefault('30d'),
  EMAIL_CONFIRMATION_TTL: durationMs('EMAIL_CONFIRMATION_TTL').prefault('48h'),
  LOGIN_FREE_FAILURES: integer(1, 1000).default(5),
  LOGIN_DELAY: durationMs('LOGIN_DELAY').prefault('1m'),
  LOGIN_MAX_DELAY: durationMs('LOGIN_MAX_DELAY').prefault('1h'),
  LOGIN_FAILURE_MEMORY: durationMs('LOGIN_FAILURE_MEMORY').prefault('24h'),
  LOGIN_MAX_FAILURES_PER_ADDRESS: integer(1, 100_000).default(30),
  LOGIN_ADDRESS_WINDOW: durationMs('LOGIN_ADDRESS_WINDOW').prefault('15m'),
  LOGIN_KNOWN_ADDRESS_TTL: durationMs('LOGIN_KNOWN_ADDRESS_TTL').prefault('90d'),
  PASSWORD_RESET_TTL: durationMs('PASSWORD_RESET_TTL').prefault('1h'),
  PASSWORD_RESET_WINDOW: durationMs('PASSWORD_RESET_WINDOW').prefault('1h'),
  PASSWORD_RESET_MAX_PER_EMAIL: integer(1, 1000).default(3),
  PASSWORD_RESET_MAX_PER_ADDRESS: integer(1, 100_000).default(10),
  BODY_LIMIT_BYTES: integer(1024, 100 * 1024 * 1024).default(1024 * 1024),
  UPLOAD_MAX_FILE_BYTES: integer(1024, 10 * 1024 * 1024 * 1024).default(100 * 1024 * 1024),
  UPLOAD_MAX_FILES: integer(1, 1000).default(50),
  UPLOAD_MAX_REQUEST_BYTES: integer(1024, 50 * 1024 * 1024 * 1024).default(250 * 1024 * 1024),
  UPLOAD_MAX_ARCHIVE_ENTRIES: integer(1, 100_000).default(1000),
  UPLOAD_MAX_EXPANDED_BYTES: integer(1024, 50 * 1024 * 1024 * 1024).default(500 * 1024 * 1024),
  UPLOAD_MAX_COMPRESSION_RATIO: integer(2, 100_000).default(200),
  UPLOAD_MAX_COVER_BYTES: integer(1024, 100 * 1024 * 1024).default(10 * 1024 * 1024),
  UPLOAD_MAX_STAGED_BYTES: integer(1024, 1024 * 1024 * 1024 * 1024).default(2 * 1024 * 1024 * 1024),
  HEADERS_TIMEOUT: durationMs('HEADERS_TIMEOUT').prefault('20s'),
  REQUEST_TIMEOUT: durationMs('REQUEST_TIMEOUT').prefault('10m'),
  REQUEST_IDLE_TIMEOUT: durationMs('REQUEST_IDLE_TIMEOUT').prefault('30s'),
  KEEP_ALIVE_TIMEOUT: durationMs('KEEP_ALIVE_TIMEOUT').prefault('5s'),
  MAX_CONNECTIONS: integer(1, 1_000_000).default(4096),
  MAX_CONNECTIONS_PER_ADDRESS: integer(0, 1_000_000).optional(),
  LIMIT_WRITES_PER_USER: rateLimit('LIMIT_WRITES_PER_USER').prefault('1000/1h'),
  LIMIT_WRITES_PER_ADDRESS: rateLimit('LIMIT_WRITES_PER_ADDRESS').prefault('3000/1h'),
  LIMIT_SIGNUPS_PER_ADDRESS: rateLimit('LIMIT_SIGNUPS_PER_ADDRESS').prefault('10/1h'),
  LIMIT_RESENDS_PER_USER: rateLimit('LIMIT_RESENDS_PER_USER').prefault('5/1h'),
  LIMIT_EMAILS_PER_ADDRESS: rateLimit('LIMIT_EMAILS_PER_ADDRESS').prefault('20/1h'),
  LIMIT_REPORTS_PER_USER: rateLimit('LIMIT_REPORTS_PER_USER').prefault('20/1h'),
  LIMIT_REPORTS_PER_RECIPIENT: rateLimit('LIMIT_REPORTS_PER_RECIPIENT').prefault('10/1h'),
  LIMIT_REPORTS_PER_ADDRESS: rateLimit('LIMIT_REPORTS_PER_ADDRESS').prefault('60/1h'),
  LIMIT_BOARD_RENDERS_PER_USER: rateLimit('LIMIT_BOARD_RENDERS_PER_USER').prefault('60/1h'),
  LIMIT_UPLOAD_BYTES_PER_USER: rateLimit('LIMIT_UPLOAD_BYTES_PER_USER', 'bytes').prefault('2GB/1h'),
  LIMIT_ERROR_REPORTS_PER_USER: rateLimit('LIMIT_ERROR_REPORTS_PER_USER').prefault('100/1h'),
  LIMIT_QUOTES_PER_ADDRESS: rateLimit('LIMIT_QUOTES_PER_ADDRESS').prefault('600/1h'),
  LIMIT_PDF_RENDERS_PER_USER: rateLimit('LIMIT_PDF_RENDERS_PER_USER').prefault('60/1h'),
  LIMIT_PDF_RENDERS_PER_ADDRESS: rateLimit('LIMIT_PDF_RENDERS_PER_ADDRESS').prefault('200/1h'),
  STORAGE_LINK_TTL: durationMs('STORAGE_LINK_TTL').prefault('1h'),
  STORAGE_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "may contain only letters, digits and !_.*'()/-")
    .default(''),
  RENDER_WORKERS: integer(1, 64).default(2),
  RENDER_TIMEOUT: durationMs('RENDER_TIMEOUT').prefault('2m'),
  RENDER_WORKER_MEMORY_MB: integer(64, 65_536).default(768),
  RENDER_WARM_WORKERS: integer(0, 64).default(1),
  PARTS_SEARCH_COUNT_CAP: integer(10, 100_000_000).default(1000),
  RENDER_DRAFT_TTL: durationMs('RENDER_DRAFT_TTL').prefault('1h'),
  TABLE_WORKERS: integer(1, 64).default(1),
  TABLE_READ_TIMEOUT: durationMs('TABLE_READ_TIMEOUT').prefault('30s'),
  TABLE_WORKER_MEMORY_MB: integer(64, 65_536).default(512),
  TABLE_WARM_WORKERS: integer(0, 64).default(1),
  BOM_MAX_LINES: integer(1, 1_000_000).default(20_000),
  PLACEMENT_MAX_ROWS: integer(1, 1_000_000).default(50_000),
  INSTANCE_HEARTBEAT: durationMs('INSTANCE_HEARTBEAT').prefault('5s'),
  SWEEP_INTERVAL: durationMs('SWEEP_INTERVAL').prefault('1h'),
  STORAGE_ORPHAN_GRACE: durationMs('STORAGE_ORPHAN_GRACE').prefault('1h'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_URL: url(['https:', 'http:']).default('https://api-m.sandbox.paypal.com'),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYMENTS: z
    .enum(PAYMENT_PROVIDERS, { error: `must be one of ${PAYMENT_PROVIDERS.join(', ')}` })
    .optional(),
  BANK_TRANSFER_DETAILS: z.string().max(300, 'must be at most 300 characters').optional(),
  TRUST_PROXY: booleanText.default(false),
  SEED_DEMO_DATA: booleanText.default(true),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  LOG_FORMAT: z
    .enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` })
    .default('auto'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections per server instance when DATABASE_URL is set. */
  databasePoolMax: number;
  /** Base of links in emails: where users reach the app. */
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** A token expires after this long without use. */
  tokenTtlMs: number;
  /** ...and this long after the login that issued it, however much it is used. */
  sessionMaxAgeMs: number;
  emailConfirmationTtlMs: number;
  login: LoginLimits;
  /** How long a password reset link works; how many may be asked for is a rate limit. */
  passwordResetTtlMs: number;
  bodyLimitBytes: number;
  /** Limits for the multipart upload endpoints and the archives they expand. */
  upload: UploadLimits;
  /** Bytes all uploads in progress on this instance may stage on its disk together. */
  maxStagedUploadBytes: number;
  connections: ConnectionLimits;
  /** How much of each kind of work one user or client address may ask for (rate limits). */
  rateLimits: RateLimits;
  storage: StorageConfig;
  /** Signed /storage links: how long they work, and the key they are signed with (else one kept
   * in the database, shared by every instance). */
  storageLinks: { ttlMs: number; secret: string | undefined };
  /**
   * Board renders and analyses: worker processes per instance, how long one may take, the heap
   * each worker may use (MB), and how long a render of unsaved files or settings (a draft's) is
   * kept.
   */
  render: {
    workers: number;
    timeoutMs: number;
    memoryMb: number;
    /** Workers started with the server, warmed up before work arrives, and kept started. */
    warmWorkers: number;
    draftTtlMs: number;
  };
  /**
   * Reading users' tables (BOM, placement and catalogue files, and the first rows of uploaded
   * spreadsheets): worker processes per instance, how long one read may take, the heap each
   * worker may use (MB), and the most lines of one BOM and placements of one file.
   */
  tables: {
    workers: number;
    timeoutMs: number;
    memoryMb: number;
    /** Workers started with the server and kept started (a stopped one is replaced at once). */
    warmWorkers: number;
    maxBomLines: number;
    maxPlacements: number;
  };
  /** How often an instance records that it is alive (silent for 4 beats: taken as stopped). */
  instanceHeartbeatMs: number;
  /**
   * The sweep (at start and every `intervalMs`) of renders no board uses and of objects no row
   * refers to; an object nothing accounts for is removed once older than `orphanGraceMs`.
   */
  sweep: { intervalMs: number; orphanGraceMs: number };
  /**
   * Online payments: PayPal when configured; the embedded sandbox provider in demo mode only
   * (PAYMENTS=sandbox, or demo data seeded without PayPal); else none.
   */
  payments: PaymentsConfig;
  /**
   * The bank account printed on proforma invoices for payment by bank transfer: the one
   * configured, a sample in demo mode, else none (bank transfer is then not offered).
   */
  bankTransfer: BankTransferConfig | null;
  trustProxy: boolean;
  seedDemoData: boolean;
  /** A parts search counts at most this many matches; beyond, its totals say "more than". */
  partsSearchCountCap: number;
  webDistDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  logFormat: z.infer<typeof EnvSchema>['LOG_FORMAT'];
};

/**
 * Failed logins: each account and client address pair has a few free failures, then a delay that
 * doubles with every further failure. (One address failing across many accounts is a rate limit,
 * loginFailuresPerAddress, that spares the accounts known at the address.)
 */
export type LoginLimits = {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** A pair's failures are forgotten after this long without another. */
  failureMemoryMs: number;
  /** An account that logged in from an address within this period is known there. */
  knownAddressTtlMs: number;
};

export type UploadLimits = {
  maxFileBytes: number;
  maxFiles: number;
  maxRequestBytes: number;
  maxArchiveEntries: number;
  maxExpandedBytes: number;
  maxCompressionRatio: number;
  maxCoverBytes: number;
};

/** Timeouts (ms) and caps that keep slow or idle connections from holding the server. */
export type ConnectionLimits = {
  /** To receive a request's line and headers. */
  headersTimeoutMs: number;
  /** To receive a whole request, body included. */
  requestTimeoutMs: number;
  /** The longest silence while a request is being received or its answer read. */
  idleTimeoutMs: number;
  /** An idle kept-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /** 0: no cap per client address. */
  maxConnectionsPerAddress: number;
};

/** At most `max` (hits, or bytes) per `windowMs`, refilled evenly. */
export type RateLimit = { max: number; windowMs: number };

export type RateLimitName =
  | 'writesPerUser'
  | 'writesPerAddress'
  | 'registrationsPerAddress'
  | 'confirmationResendsPerUser'
  | 'confirmationEmailsPerAddress'
  | 'reportEmailsPerUser'
  | 'reportEmailsPerRecipient'
  | 'reportEmailsPerAddress'
  | 'passwordResetsPerEmail'
  | 'passwordResetsPerAddress'
  | 'loginFailuresPerAddress'
  | 'boardRendersPerUser'
  | 'uploadBytesPerUser'
  | 'errorReportsPerUser'
  | 'quotesPerAddress'
  | 'pdfRendersPerUser'
  | 'pdfRendersPerAddress';
export type RateLimits = Readonly<Record<RateLimitName, RateLimit>>;

/** Where uploaded files live: a folder (the default, DATA_DIR/files) or an S3 bucket. */
export type StorageConfig =
  | { type: 'local'; directory: string }
  | {
      type: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      prefix: string;
    };

const DEFAULT_WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');

function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig {
  if (!e.S3_BUCKET) return { type: 'local', directory: path.resolve(e.DATA_DIR, 'files') };
  const hasKey = e.S3_ACCESS_KEY_ID !== undefined;
  if (hasKey !== (e.S3_SECRET_ACCESS_KEY !== undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  return {
    type: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials: hasKey
      ? { accessKeyId: e.S3_ACCESS_KEY_ID!, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
      : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX.replace(/^\/+/, ''),
  };
}

function stagedBytesLimit(e: z.infer<typeof EnvSchema>): number {
  // The largest upload with everything its archives may expand to must fit on an idle server.
  if (e.UPLOAD_MAX_STAGED_BYTES < e.UPLOAD_MAX_REQUEST_BYTES + e.UPLOAD_MAX_EXPANDED_BYTES) {
    throw new ConfigError(
      'Invalid configuration:\n  UPLOAD_MAX_STAGED_BYTES must be at least UPLOAD_MAX_REQUEST_BYTES + UPLOAD_MAX_EXPANDED_BYTES',
    );
  }
  return e.UPLOAD_MAX_STAGED_BYTES;
}

function connectionLimits(e: z.infer<typeof EnvSchema>): ConnectionLimits {
  if (e.HEADERS_TIMEOUT > e.REQUEST_TIMEOUT) {
    throw new ConfigError(
      'Invalid configuration:\n  HEADERS_TIMEOUT must not be longer than REQUEST_TIMEOUT',
    );
  }
  return {
    headersTimeoutMs: e.HEADERS_TIMEOUT,
    requestTimeoutMs: e.REQUEST_TIMEOUT,
    idleTimeoutMs: e.REQUEST_IDLE_TIMEOUT,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT,
    maxConnections: e.MAX_CONNECTIONS,
    // Behind a proxy every connection comes from the proxy: no cap per address unless set.
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY ? 0 : 256),
  };
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells and .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const message = issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
      return `  ${message} (got ${JSON.stringify(present[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = result.data;
  if (e.LOGIN_MAX_DELAY < e.LOGIN_DELAY) {
    throw new ConfigError(
      'Invalid configuration:\n  LOGIN_MAX_DELAY must not be shorter than LOGIN_DELAY',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    appUrl: (e.APP_URL ?? defaultAppUrl(e.HOST, e.PORT)).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    tokenTtlMs: e.TOKEN_TTL,
    sessionMaxAgeMs: e.SESSION_MAX_AGE,
    emailConfirmationTtlMs: e.EMAIL_CONFIRMATION_TTL,
    login: {
      freeFailures: e.LOGIN_FREE_FAILURES,
      firstDelayMs: e.LOGIN_DELAY,
      maxDelayMs: e.LOGIN_MAX_DELAY,
      failureMemoryMs: e.LOGIN_FAILURE_MEMORY,
      knownAddressTtlMs: e.LOGIN_KNOWN_ADDRESS_TTL,
    },
    passwordResetTtlMs: e.PASSWORD_RESET_TTL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    upload: {
      maxFileBytes: e.UPLOAD_MAX_FILE_BYTES,
      maxFiles: e.UPLOAD_MAX_FILES,
      maxRequestBytes: e.UPLOAD_MAX_REQUEST_BYTES,
      maxArchiveEntries: e.UPLOAD_MAX_ARCHIVE_ENTRIES,
      maxExpandedBytes: e.UPLOAD_MAX_EXPANDED_BYTES,
      maxCompressionRatio: e.UPLOAD_MAX_COMPRESSION_RATIO,
      maxCoverBytes: e.UPLOAD_MAX_COVER_BYTES,
    },
    maxStagedUploadBytes: stagedBytesLimit(e),
    connections: connectionLimits(e),
    rateLimits: {
      writesPerUser: e.LIMIT_WRITES_PER_USER,
      writesPerAddress: e.LIMIT_WRITES_PER_ADDRESS,
      registrationsPerAddress: e.LIMIT_SIGNUPS_PER_ADDRESS,
      confirmationResendsPerUser: e.LIMIT_RESENDS_PER_USER,
      confirmationEmailsPerAddress: e.LIMIT_EMAILS_PER_ADDRESS,
      reportEmailsPerUser: e.LIMIT_REPORTS_PER_USER,
      reportEmailsPerRecipient: e.LIMIT_REPORTS_PER_RECIPIENT,
      reportEmailsPerAddress: e.LIMIT_REPORTS_PER_ADDRESS,
      // These keep the variables they were introduced with: a count, and a window of its own.
      passwordResetsPerEmail: {
        max: e.PASSWORD_RESET_MAX_PER_EMAIL,
        windowMs: e.PASSWORD_RESET_WINDOW,
      },
      passwordResetsPerAddress: {
        max: e.PASSWORD_RESET_MAX_PER_ADDRESS,
        windowMs: e.PASSWORD_RESET_WINDOW,
      },
      loginFailuresPerAddress: {
        max: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
        windowMs: e.LOGIN_ADDRESS_WINDOW,
      },
      boardRendersPerUser: e.LIMIT_BOARD_RENDERS_PER_USER,
      uploadBytesPerUser: e.LIMIT_UPLOAD_BYTES_PER_USER,
      errorReportsPerUser: e.LIMIT_ERROR_REPORTS_PER_USER,
      quotesPerAddress: e.LIMIT_QUOTES_PER_ADDRESS,
      pdfRendersPerUser: e.LIMIT_PDF_RENDERS_PER_USER,
      pdfRendersPerAddress: e.LIMIT_PDF_RENDERS_PER_ADDRESS,
    },
    storage: storageConfig(e),
    storageLinks: { ttlMs: e.STORAGE_LINK_TTL, secret: e.STORAGE_SIGNING_SECRET },
    render: {
      workers: e.RENDER_WORKERS,
      timeoutMs: e.RENDER_TIMEOUT,
      memoryMb: e.RENDER_WORKER_MEMORY_MB,
      warmWorkers: Math.min(e.RENDER_WARM_WORKERS, e.RENDER_WORKERS),
      draftTtlMs: e.RENDER_DRAFT_TTL,
    },
    tables: {
      workers: e.TABLE_WORKERS,
      timeoutMs: e.TABLE_READ_TIMEOUT,
      memoryMb: e.TABLE_WORKER_MEMORY_MB,
      warmWorkers: Math.min(e.TABLE_WARM_WORKERS, e.TABLE_WORKERS),
      maxBomLines: e.BOM_MAX_LINES,
      maxPlacements: e.PLACEMENT_MAX_ROWS,
    },
    instanceHeartbeatMs: e.INSTANCE_HEARTBEAT,
    sweep: { intervalMs: e.SWEEP_INTERVAL, orphanGraceMs: e.STORAGE_ORPHAN_GRACE },
    payments: paymentsConfig(e),
    bankTransfer: bankTransferConfig(e),
    trustProxy: e.TRUST_PROXY,
    seedDemoData: e.SEED_DEMO_DATA,
    partsSearchCountCap: e.PARTS_SEARCH_COUNT_CAP,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
  };
}
