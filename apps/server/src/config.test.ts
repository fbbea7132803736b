import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SAMPLE_BANK_DETAILS } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      appUrl: 'http://localhost:3000',
      tokenTtlMs: 7 * 24 * 3600 * 1000,
      sessionMaxAgeMs: 30 * 24 * 3600 * 1000,
      emailConfirmationTtlMs: 48 * 3600 * 1000,
      login: {
        freeFailures: 5,
        firstDelayMs: 60 * 1000,
        maxDelayMs: 3600 * 1000,
        failureMemoryMs: 24 * 3600 * 1000,
        knownAddressTtlMs: 90 * 24 * 3600 * 1000,
      },
      passwordResetTtlMs: 3600 * 1000,
      seedDemoData: true,
      trustProxy: false,
    });
  });

  it('links emails to localhost unless HOST names an address only reachable there', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '4000' }).appUrl).toBe('http://localhost:4000');
    expect(loadConfig({ HOST: '::' }).appUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '192.168.1.20' }).appUrl).toBe('http://192.168.1.20:3000');
    expect(loadConfig({ HOST: 'fd00::7' }).appUrl).toBe('http://[fd00::7]:3000');
    expect(loadConfig({ HOST: '192.168.1.20', APP_URL: 'https://pcb.example' }).appUrl).toBe(
      'https://pcb.example',
    );
  });

  it('reads durations, numbers and booleans', () => {
    const config = loadConfig({
      PORT: '8080',
      TOKEN_TTL: '5s',
      LOGIN_ADDRESS_WINDOW: '2h',
      SEED_DEMO_DATA: 'false',
      APP_URL: 'https://circuits.example.com/',
      DATABASE_URL: 'postgres://app@db:5432/circuits',
    });
    expect(config.port).toBe(8080);
    expect(config.tokenTtlMs).toBe(5000);
    expect(config.rateLimits.loginFailuresPerAddress.windowMs).toBe(2 * 3600 * 1000);
    expect(config.seedDemoData).toBe(false);
    expect(config.appUrl).toBe('https://circuits.example.com');
    expect(config.databaseUrl).toBe('postgres://app@db:5432/circuits');
  });

  it('refuses a longest login delay shorter than the first', () => {
    expect(() => loadConfig({ LOGIN_DELAY: '10m', LOGIN_MAX_DELAY: '5m' })).toThrow(
      'Invalid configuration:\n  LOGIN_MAX_DELAY must not be shorter than LOGIN_DELAY',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('fails naming every bad variable and its value', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        TOKEN_TTL: '7 weeks',
        DATABASE_URL: 'mysql://x',
        SEED_DEMO_DATA: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      [
        'Invalid configuration:',
        '  PORT must be a whole number (got "eighty")',
        '  DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://x")',
        '  TOKEN_TTL must be a positive duration such as 90s, 30m, 12h or 7d (got "7 weeks")',
        '  SEED_DEMO_DATA must be true or false (got "maybe")',
      ].join('\n'),
    );
  });
});

describe('loadConfig: files', () => {
  it('keeps files on local disk under DATA_DIR with the documented upload limits', () => {
    const config = loadConfig({ DATA_DIR: '/srv/circuits' });
    expect(config.storage).toEqual({ type: 'local', directory: '/srv/circuits/files' });
    expect(config.upload).toEqual({
      maxFileBytes: 100 * 1024 * 1024,
      maxFiles: 50,
      maxRequestBytes: 250 * 1024 * 1024,
      maxArchiveEntries: 1000,
      maxExpandedBytes: 500 * 1024 * 1024,
      maxCompressionRatio: 200,
      maxCoverBytes: 10 * 1024 * 1024,
    });
    expect(config.storageLinks).toEqual({ ttlMs: 3600 * 1000, secret: undefined });
  });

  it('stores in S3 when a bucket is set', () => {
    const config = loadConfig({
      S3_BUCKET: 'circuits-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: '/prod/',
    });
    expect(config.storage).toEqual({
      type: 's3',
      bucket: 'circuits-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'prod/',
    });
  });

  it('names bad storage settings', () => {
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow(
      'S3_BUCKET must be an S3 bucket name (got "Not A Bucket")',
    );
    expect(() => loadConfig({ S3_BUCKET: 'bucket', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(() => loadConfig({ STORAGE_SIGNING_SECRET: 'short' })).toThrow(
      'STORAGE_SIGNING_SECRET must be at least 32 characters',
    );
    expect(() => loadConfig({ UPLOAD_MAX_COMPRESSION_RATIO: '1' })).toThrow(
      'UPLOAD_MAX_COMPRESSION_RATIO must be at least 2',
    );
  });
});

describe('loadConfig: payments', () => {
  it('pays through the embedded sandbox in demo mode only, unless PayPal is configured', () => {
    // Demo mode: the demo data is seeded (the default), or the sandbox is asked for by name.
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
    expect(loadConfig({ PAYMENTS: 'sandbox', SEED_DEMO_DATA: 'false' }).payments).toEqual({
      provider: 'sandbox',
    });
    // A production start (no demo data) never takes payments nobody receives.
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).payments).toEqual({ provider: 'none' });
    expect(loadConfig({ PAYMENTS: 'none' }).payments).toEqual({ provider: 'none' });
    expect(
      loadConfig({
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_API_URL: 'https://api-m.paypal.com/',
        PAYPAL_WEBHOOK_ID: 'WH-1',
      }).payments,
    ).toEqual({
      provider: 'paypal',
      apiUrl: 'https://api-m.paypal.com',
      clientId: 'id',
      clientSecret: 'secret',
      webhookId: 'WH-1',
    });
    expect(
      loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }).payments,
    ).toMatchObject({ apiUrl: 'https://api-m.sandbox.paypal.com', webhookId: undefined });
  });

  it('names bad payment settings', () => {
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(
      'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together',
    );
    expect(() => loadConfig({ PAYPAL_API_URL: 'ftp://paypal' })).toThrow(
      'PAYPAL_API_URL must be a URL starting with https:// or http://',
    );
    expect(() =>
      loadConfig({ PAYMENTS: 'sandbox', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }),
    ).toThrow('PAYMENTS=sandbox takes no PayPal credentials');
    expect(() => loadConfig({ PAYMENTS: 'paypal' })).toThrow(
      'PAYMENTS=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
    );
    expect(() => loadConfig({ PAYMENTS: 'cash' })).toThrow(
      'PAYMENTS must be one of paypal, sandbox, none (got "cash")',
    );
  });

  it('prints a sample bank account in demo mode only, and says it is one', () => {
    expect(loadConfig({}).bankTransfer).toEqual({
      details: SAMPLE_BANK_DETAILS,
      sample: true,
    });
    expect(SAMPLE_BANK_DETAILS).toContain('a sample account: do not pay into it');
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).bankTransfer).toBeNull();
    expect(
      loadConfig({ SEED_DEMO_DATA: 'false', BANK_TRANSFER_DETAILS: 'Acme Bank, IBAN DE00' })
        .bankTransfer,
    ).toEqual({ details: 'Acme Bank, IBAN DE00', sample: false });
  });
});

describe('loadConfig: connections and rate limits', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config.connections).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 10 * 60_000,
      idleTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5000,
      maxConnections: 4096,
      maxConnectionsPerAddress: 256,
    });
    expect(config.maxStagedUploadBytes).toBe(2 * 1024 ** 3);
    expect(config.rateLimits).toEqual({
      writesPerUser: { max: 1000, windowMs: 3_600_000 },
      writesPerAddress: { max: 3000, windowMs: 3_600_000 },
      registrationsPerAddress: { max: 10, windowMs: 3_600_000 },
      confirmationResendsPerUser: { max: 5, windowMs: 3_600_000 },
      confirmationEmailsPerAddress: { max: 20, windowMs: 3_600_000 },
      reportEmailsPerUser: { max: 20, windowMs: 3_600_000 },
      reportEmailsPerRecipient: { max: 10, windowMs: 3_600_000 },
      reportEmailsPerAddress: { max: 60, windowMs: 3_600_000 },
      passwordResetsPerEmail: { max: 3, windowMs: 3_600_000 },
      passwordResetsPerAddress: { max: 10, windowMs: 3_600_000 },
      loginFailuresPerAddress: { max: 30, windowMs: 900_000 },
      boardRendersPerUser: { max: 60, windowMs: 3_600_000 },
      uploadBytesPerUser: { max: 2 * 1024 ** 3, windowMs: 3_600_000 },
      errorReportsPerUser: { max: 100, windowMs: 3_600_000 },
      quotesPerAddress: { max: 600, windowMs: 3_600_000 },
      pdfRendersPerUser: { max: 60, windowMs: 3_600_000 },
      pdfRendersPerAddress: { max: 200, windowMs: 3_600_000 },
    });
  });

  it('reads amounts per duration, with units for bytes', () => {
    const config = loadConfig({
      LIMIT_REPORTS_PER_USER: '5/10m',
      LIMIT_UPLOAD_BYTES_PER_USER: '500MB/1d',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    });
    expect(config.rateLimits.reportEmailsPerUser).toEqual({ max: 5, windowMs: 600_000 });
    expect(config.rateLimits.uploadBytesPerUser).toEqual({
      max: 500 * 1024 ** 2,
      windowMs: 86_400_000,
    });
    expect(config.connections.maxConnectionsPerAddress).toBe(0);
  });

  it('caps connections per address only when not behind a proxy, unless told', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).connections.maxConnectionsPerAddress).toBe(0);
    expect(
      loadConfig({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '50' }).connections
        .maxConnectionsPerAddress,
    ).toBe(50);
  });

  it('names bad limits', () => {
    expect(() => loadConfig({ LIMIT_REPORTS_PER_USER: '20 an hour' })).toThrow(
      'LIMIT_REPORTS_PER_USER must be an amount per duration such as 20/1h or 500/1d (got "20 an hour")',
    );
    expect(() => loadConfig({ LIMIT_BOARD_RENDERS_PER_USER: '5MB/1h' })).toThrow(
      'LIMIT_BOARD_RENDERS_PER_USER must be an amount per duration such as 20/1h or 500/1d',
    );
    expect(() => loadConfig({ LIMIT_UPLOAD_BYTES_PER_USER: '0GB/1h' })).toThrow(
      'LIMIT_UPLOAD_BYTES_PER_USER must be an amount per duration such as 500MB/1h or 2GB/1d',
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT: '2m', REQUEST_TIMEOUT: '1m' })).toThrow(
      'HEADERS_TIMEOUT must not be longer than REQUEST_TIMEOUT',
    );
    expect(() => loadConfig({ UPLOAD_MAX_STAGED_BYTES: String(100 * 1024 * 1024) })).toThrow(
      'UPLOAD_MAX_STAGED_BYTES must be at least UPLOAD_MAX_REQUEST_BYTES + UPLOAD_MAX_EXPANDED_BYTES',
    );
  });
});
