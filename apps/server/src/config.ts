import path from 'node:path';
import { z } from 'zod';

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
const LOCAL_HOSTS = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/**
 * The address links in emails lead to when APP_URL is unset: http://localhost:PORT, the address
 * the README tells users to open, unless HOST names another interface that only answers there.
 */
function defaultAppUrl(host: string, port: number): string {
  if (LOCAL_HOSTS.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const EnvSchema = z.object({
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
  EMAIL_CONFIRMATION_TTL: durationMs('EMAIL_CONFIRMATION_TTL').prefault('48h'),
  LOGIN_RATE_WINDOW: durationMs('LOGIN_RATE_WINDOW').prefault('15m'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: integer(1, 10_000).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: integer(1, 100_000).default(20),
  BODY_LIMIT_BYTES: integer(1024, 100 * 1024 * 1024).default(1024 * 1024),
  UPLOAD_MAX_FILE_BYTES: integer(1024, 10 * 1024 * 1024 * 1024).default(100 * 1024 * 1024),
  UPLOAD_MAX_FILES: integer(1, 1000).default(50),
  UPLOAD_MAX_REQUEST_BYTES: integer(1024, 50 * 1024 * 1024 * 1024).default(250 * 1024 * 1024),
  UPLOAD_MAX_ARCHIVE_ENTRIES: integer(1, 100_000).default(1000),
  UPLOAD_MAX_EXPANDED_BYTES: integer(1024, 50 * 1024 * 1024 * 1024).default(500 * 1024 * 1024),
  UPLOAD_MAX_COMPRESSION_RATIO: integer(2, 100_000).default(200),
  UPLOAD_MAX_COVER_BYTES: integer(1024, 100 * 1024 * 1024).default(10 * 1024 * 1024),
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
  TRUST_PROXY: booleanText.default(false),
  SEED_DEMO_DATA: booleanText.default(true),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
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
  emailConfirmationTtlMs: number;
  login: { windowMs: number; maxFailuresPerAccount: number; maxFailuresPerAddress: number };
  bodyLimitBytes: number;
  /** Limits for the multipart upload endpoints and the archives they expand. */
  upload: UploadLimits;
  storage: StorageConfig;
  /** Signed /storage links: how long they work, and the key they are signed with (else one kept
   * in the database, shared by every instance). */
  storageLinks: { ttlMs: number; secret: string | undefined };
  /** Board renders and analyses: worker threads per instance, and how long one may take. */
  render: { workers: number; timeoutMs: number };
  trustProxy: boolean;
  seedDemoData: boolean;
  webDistDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
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

export class ConfigError extends Error {
  override name = 'ConfigError';
}

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
    emailConfirmationTtlMs: e.EMAIL_CONFIRMATION_TTL,
    login: {
      windowMs: e.LOGIN_RATE_WINDOW,
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    },
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
    storage: storageConfig(e),
    storageLinks: { ttlMs: e.STORAGE_LINK_TTL, secret: e.STORAGE_SIGNING_SECRET },
    render: { workers: e.RENDER_WORKERS, timeoutMs: e.RENDER_TIMEOUT },
    trustProxy: e.TRUST_PROXY,
    seedDemoData: e.SEED_DEMO_DATA,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
  };
}
