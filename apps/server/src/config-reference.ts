import type { EnvSchema } from './config.ts';

// What every environment variable does, grouped by concern: the source of
// docs/configuration.md (`npm run docs:config` writes it). A test holds this list equal to the
// schema in config.ts (every variable documented once, nothing documented that is not read), the
// defaults written here equal to the schema's, and the committed page equal to what is written
// from here, so the page cannot drift from the code.

export type VariableName = keyof typeof EnvSchema.shape;

export type DocumentedVariable = {
  name: VariableName;
  /**
   * The default as the page shows it: a literal in backticks (checked against the schema's), or
   * what happens when the variable is unset, in parentheses.
   */
  default: string;
  meaning: string;
};

export type ConfigGroup = { title: string; about: string[]; variables: DocumentedVariable[] };

export const CONFIG_REFERENCE: ConfigGroup[] = [
  {
    title: 'Server',
    about: [
      'Where the server listens, the address users reach it at, and what it logs.',
      'Behind a reverse proxy set `TRUST_PROXY=true`, so that client addresses (for rate limits ' +
        'and connection caps) come from `X-Forwarded-For`.',
    ],
    variables: [
      { name: 'PORT', default: '`3000`', meaning: 'HTTP port' },
      { name: 'HOST', default: '`0.0.0.0`', meaning: 'interface to listen on' },
      {
        name: 'APP_URL',
        default: '(unset: `http://localhost:$PORT`)',
        meaning:
          'links in emails lead here; `http://$HOST:$PORT` when `HOST` is a non-local address',
      },
      {
        name: 'DATA_DIR',
        default: '`./data`',
        meaning:
          'embedded database (`db/`), outgoing mail (`outbox/`), uploaded files (`files/`); one folder per instance',
      },
      {
        name: 'TRUST_PROXY',
        default: '`false`',
        meaning: '`true` behind a reverse proxy, so client addresses come from `X-Forwarded-For`',
      },
      {
        name: 'WEB_DIST_DIR',
        default: '(unset: `apps/web/dist`)',
        meaning: 'the built web app the server serves',
      },
      {
        name: 'SEED_DEMO_DATA',
        default: '`true`',
        meaning:
          'seed the demo companies and logins into an empty database; demo mode (`false` in production)',
      },
      {
        name: 'LOG_LEVEL',
        default: '`info`',
        meaning:
          '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; reads are logged at `debug`, writes and failures at `info`',
      },
      {
        name: 'LOG_FORMAT',
        default: '`auto`',
        meaning:
          '`pretty` (coloured lines), `json`, or `auto`: pretty on a terminal, JSON otherwise',
      },
      {
        name: 'INSTANCE_HEARTBEAT',
        default: '`5s`',
        meaning:
          'how often an instance says it is alive; silent for 4 beats, its work is released to the others',
      },
    ],
  },
  {
    title: 'Database',
    about: [
      'Without `DATABASE_URL` the server keeps its data in an embedded PostgreSQL (PGlite) in ' +
        '`DATA_DIR/db`, for one process. Several instances share one PostgreSQL 15+ database.',
    ],
    variables: [
      {
        name: 'DATABASE_URL',
        default: '(unset: PGlite in `DATA_DIR/db`)',
        meaning: 'PostgreSQL 15+ server, e.g. `postgres://user:pass@host:5432/circuits`',
      },
      {
        name: 'DATABASE_POOL_MAX',
        default: '`10`',
        meaning:
          'connections per server instance to `DATABASE_URL` (each instance holds one more to listen for changes)',
      },
    ],
  },
  {
    title: 'Storage',
    about: [
      'Uploaded files, renders and order documents live on local disk or in any S3-compatible ' +
        'object store. Stored files never outlive what refers to them: every object is recorded ' +
        'as pending before it is written and until its row is saved (or after its row is ' +
        'removed, until it is deleted), so what a crash interrupts is found and deleted by the ' +
        'sweep, which runs when the server starts and every `SWEEP_INTERVAL`.',
    ],
    variables: [
      {
        name: 'S3_BUCKET',
        default: '(unset: files on local disk in `DATA_DIR/files`)',
        meaning: 'store uploaded files in this S3 bucket (AWS S3, MinIO, Ceph, R2, …)',
      },
      {
        name: 'S3_ENDPOINT',
        default: '(unset: AWS)',
        meaning: 'endpoint of an S3-compatible store, e.g. `http://minio:9000`',
      },
      { name: 'S3_REGION', default: '`us-east-1`', meaning: 'region of the bucket' },
      {
        name: 'S3_ACCESS_KEY_ID',
        default: '(unset: the AWS default credential chain)',
        meaning: 'access key; set together with `S3_SECRET_ACCESS_KEY`',
      },
      { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', meaning: 'secret key' },
      {
        name: 'S3_FORCE_PATH_STYLE',
        default: '`false`',
        meaning: '`true` for stores that need `endpoint/bucket/key` addressing (MinIO, s3rver)',
      },
      {
        name: 'S3_PREFIX',
        default: '(empty)',
        meaning: 'key prefix inside the bucket, e.g. `circuits/`',
      },
      {
        name: 'STORAGE_LINK_TTL',
        default: '`1h`',
        meaning:
          'how long signed file links (`/storage/…`) work; pages get fresh ones when reloaded',
      },
      {
        name: 'STORAGE_SIGNING_SECRET',
        default: '(unset: a random key kept in the database)',
        meaning: 'key that signs file links, at least 32 characters',
      },
      {
        name: 'SWEEP_INTERVAL',
        default: '`1h`',
        meaning: 'sweep unused renders and unreferenced files at start and this often',
      },
      {
        name: 'STORAGE_ORPHAN_GRACE',
        default: '`1h`',
        meaning: 'a stored object no row refers to is swept once older than this',
      },
    ],
  },
  {
    title: 'Mail',
    about: [
      'Without `SMTP_URL` every email is written to `DATA_DIR/outbox` as an `.eml` file (with a ' +
        '`.txt` copy showing its links) and listed in the admin panel.',
    ],
    variables: [
      {
        name: 'SMTP_URL',
        default: '(unset: mail goes to `DATA_DIR/outbox`)',
        meaning: 'e.g. `smtp://user:pass@smtp.example.com:587` or `smtps://…:465`',
      },
      {
        name: 'MAIL_FROM',
        default: '`Circuits <no-reply@circuits.localhost>`',
        meaning: 'sender of the emails',
      },
    ],
  },
  {
    title: 'Accounts and sessions',
    about: [
      'Failed logins are slowed per account and client address: nobody can lock a user out by ' +
        'failing with their email from elsewhere, and the right password from an address that ' +
        'has not failed is never refused. An address failing across many accounts is stopped ' +
        'too, except for the accounts that have logged in from it before (colleagues behind one ' +
        'proxy). New passwords need 8 characters and may not be one character repeated, contain ' +
        "the user's email or name, or be one of the ~6,400 common passwords in " +
        '`apps/server/src/modules/users/common-passwords.txt`.',
    ],
    variables: [
      {
        name: 'TOKEN_TTL',
        default: '`7d`',
        meaning: 'a login token expires after this long without use (`90s`, `30m`, `12h`, `7d`)',
      },
      {
        name: 'SESSION_MAX_AGE',
        default: '`30d`',
        meaning: 'a login token also expires this long after the login, however much it is used',
      },
      {
        name: 'EMAIL_CONFIRMATION_TTL',
        default: '`48h`',
        meaning: 'how long an email confirmation link works',
      },
      {
        name: 'PASSWORD_RESET_TTL',
        default: '`1h`',
        meaning: 'how long a password reset link works (once)',
      },
      {
        name: 'PASSWORD_RESET_MAX_PER_EMAIL',
        default: '`3`',
        meaning: 'reset requests per email (known or not) in the window below',
      },
      {
        name: 'PASSWORD_RESET_MAX_PER_ADDRESS',
        default: '`10`',
        meaning: 'reset requests per client address in the window below',
      },
      {
        name: 'PASSWORD_RESET_WINDOW',
        default: '`1h`',
        meaning: 'window of the two limits above; the allowance refills evenly over it',
      },
      {
        name: 'LOGIN_FREE_FAILURES',
        default: '`5`',
        meaning: 'failed logins of an account from one address before that address must wait',
      },
      {
        name: 'LOGIN_DELAY',
        default: '`1m`',
        meaning: 'the first wait; it doubles with each further failure of the account there',
      },
      { name: 'LOGIN_MAX_DELAY', default: '`1h`', meaning: 'the longest wait' },
      {
        name: 'LOGIN_FAILURE_MEMORY',
        default: '`24h`',
        meaning: 'an account forgets the failures from an address after this long without one',
      },
      {
        name: 'LOGIN_MAX_FAILURES_PER_ADDRESS',
        default: '`30`',
        meaning: 'failed logins from one address, any account, in the window below',
      },
      {
        name: 'LOGIN_ADDRESS_WINDOW',
        default: '`15m`',
        meaning: 'window of the limit above; the allowance refills evenly over it',
      },
      {
        name: 'LOGIN_KNOWN_ADDRESS_TTL',
        default: '`90d`',
        meaning: 'an account that logged in from an address this recently skips its limit',
      },
    ],
  },
  {
    title: 'Payments',
    about: [
      'With `PAYPAL_CLIENT_ID` and `PAYPAL_CLIENT_SECRET` orders are paid through PayPal (OAuth2 ' +
        'client credentials, create order with the return URL `/paypal_payment`, capture on ' +
        'return). Subscribe a PayPal webhook to `CHECKOUT.ORDER.APPROVED` and ' +
        '`PAYMENT.CAPTURE.COMPLETED` at `APP_URL/api/payments/paypal/webhook` and set ' +
        '`PAYPAL_WEBHOOK_ID`: each webhook is verified with PayPal before it is applied, and a ' +
        'capture is applied once however often the return page or the webhook arrive. With ' +
        '`BANK_TRANSFER_DETAILS` proformas print that account and staff record transfers.',
      'In demo mode (the demo data seeded, or `PAYMENTS=sandbox`) without PayPal, an embedded ' +
        'sandbox provider stands in: a small PayPal inside the app (the same Orders v2 protocol, ' +
        'its own per-installation secret) whose page, under a banner saying no money moves, lets ' +
        'a logged-in editor of the paying company approve or cancel; proformas then print a ' +
        'sample bank account, marked as a sample. A way to pay that is off is not offered; ' +
        '[operations](operations.md#payments) has the details.',
    ],
    variables: [
      {
        name: 'PAYMENTS',
        default:
          '(unset: `paypal` when `PAYPAL_*` is set, else `sandbox` in demo mode, else `none`)',
        meaning:
          'how orders are paid online: `paypal`, `sandbox` (demo only: no money moves) or `none`',
      },
      {
        name: 'PAYPAL_CLIENT_ID',
        default: '(unset: no PayPal)',
        meaning: 'REST app client id from developer.paypal.com; set with `PAYPAL_CLIENT_SECRET`',
      },
      { name: 'PAYPAL_CLIENT_SECRET', default: '(unset)', meaning: "the app's secret" },
      {
        name: 'PAYPAL_API_URL',
        default: '`https://api-m.sandbox.paypal.com`',
        meaning: '`https://api-m.paypal.com` for live payments',
      },
      {
        name: 'PAYPAL_WEBHOOK_ID',
        default: '(unset: every webhook is refused)',
        meaning:
          'id of the webhook pointed at `/api/payments/paypal/webhook`, to verify its signatures',
      },
      {
        name: 'BANK_TRANSFER_DETAILS',
        default: '(unset: no bank transfer; a sample account in demo mode)',
        meaning: 'the bank account printed on proforma invoices, for payment by bank transfer',
      },
    ],
  },
  {
    title: 'Requests, uploads and connections',
    about: [
      'Uploads over a limit are refused whole with HTTP 413 and a message naming the limit; ' +
        'nothing of a refused upload is stored. A text field holding a control character (NUL ' +
        'and the like; tabs and line breaks are welcome in multi-line fields) or half of a ' +
        'surrogate pair is refused with 422 naming the field.',
    ],
    variables: [
      { name: 'BODY_LIMIT_BYTES', default: '`1048576`', meaning: 'largest JSON request body' },
      {
        name: 'UPLOAD_MAX_FILE_BYTES',
        default: '`104857600`',
        meaning: 'largest uploaded file, and largest file an archive may expand to',
      },
      {
        name: 'UPLOAD_MAX_FILES',
        default: '`50`',
        meaning: 'most files in one upload (before archives are expanded)',
      },
      {
        name: 'UPLOAD_MAX_REQUEST_BYTES',
        default: '`262144000`',
        meaning: 'largest upload (all its files together)',
      },
      {
        name: 'UPLOAD_MAX_ARCHIVE_ENTRIES',
        default: '`1000`',
        meaning: 'most entries the zip archives of one upload may hold',
      },
      {
        name: 'UPLOAD_MAX_EXPANDED_BYTES',
        default: '`524288000`',
        meaning: 'most bytes the zip archives of one upload may expand to',
      },
      {
        name: 'UPLOAD_MAX_COMPRESSION_RATIO',
        default: '`200`',
        meaning: 'an archive entry over 1 MB compressed more than this to 1 is refused (zip bomb)',
      },
      {
        name: 'UPLOAD_MAX_COVER_BYTES',
        default: '`10485760`',
        meaning: 'largest project or product cover image (PNG, JPEG, GIF or WebP)',
      },
      {
        name: 'UPLOAD_MAX_STAGED_BYTES',
        default: '`2147483648`',
        meaning:
          'bytes all uploads in progress on one instance may stage (archive contents too); 429 beyond',
      },
      {
        name: 'HEADERS_TIMEOUT',
        default: '`20s`',
        meaning: "a request's line and headers must arrive within this (else 408 and closed)",
      },
      {
        name: 'REQUEST_TIMEOUT',
        default: '`10m`',
        meaning: 'a whole request, upload included, must arrive within this (else 408)',
      },
      {
        name: 'REQUEST_IDLE_TIMEOUT',
        default: '`30s`',
        meaning: 'longest silence while a request arrives (408) or its answer is read (closed)',
      },
      {
        name: 'KEEP_ALIVE_TIMEOUT',
        default: '`5s`',
        meaning: 'an idle kept-alive connection is closed after this',
      },
      {
        name: 'MAX_CONNECTIONS',
        default: '`4096`',
        meaning:
          'open connections per instance; a quarter is kept for clients holding few, and when full the slowest held connection is closed first',
      },
      {
        name: 'MAX_CONNECTIONS_PER_ADDRESS',
        default: '(unset: `256`, or `0` with `TRUST_PROXY=true`)',
        meaning:
          'open connections per client address (an IPv6 /64 counts as one; 429 beyond); `0`: no cap',
      },
    ],
  },
  {
    title: 'Rate limits',
    about: [
      'Each `LIMIT_*` is an amount per duration (`20/1h`, `500/1d`; bytes as `500MB/1h`): the ' +
        'allowance refills evenly over the duration, is counted in the database (shared by every ' +
        'instance) and, once spent, is answered with HTTP 429, a message saying what was limited ' +
        'and when to try again, and `Retry-After`. [security](security.md) lists where each is ' +
        'enforced.',
    ],
    variables: [
      {
        name: 'LIMIT_WRITES_PER_USER',
        default: '`1000/1h`',
        meaning:
          'calls that change something (any method but GET; prices asked are not counted) per user',
      },
      {
        name: 'LIMIT_WRITES_PER_ADDRESS',
        default: '`3000/1h`',
        meaning: 'calls that change something per client address (logins and sign-ups too)',
      },
      {
        name: 'LIMIT_SIGNUPS_PER_ADDRESS',
        default: '`10/1h`',
        meaning: 'registrations per client address',
      },
      {
        name: 'LIMIT_EMAILS_PER_ADDRESS',
        default: '`20/1h`',
        meaning: 'confirmation emails (registrations and resends) per client address',
      },
      {
        name: 'LIMIT_RESENDS_PER_USER',
        default: '`5/1h`',
        meaning: 'confirmation emails sent again per user (and at most one a minute)',
      },
      {
        name: 'LIMIT_REPORTS_PER_USER',
        default: '`20/1h`',
        meaning: 'issue report emails (`sendReport`) per user',
      },
      {
        name: 'LIMIT_REPORTS_PER_RECIPIENT',
        default: '`10/1h`',
        meaning: 'issue report emails to one address, whoever sends them',
      },
      {
        name: 'LIMIT_REPORTS_PER_ADDRESS',
        default: '`60/1h`',
        meaning: 'issue report emails sent from one client address, by any user',
      },
      {
        name: 'LIMIT_BOARD_RENDERS_PER_USER',
        default: '`60/1h`',
        meaning: 'new board renders per user (`by_stamp` with `render`; cached renders are free)',
      },
      {
        name: 'LIMIT_UPLOAD_BYTES_PER_USER',
        default: '`2GB/1h`',
        meaning: 'bytes a user uploads (as declared, counted before the upload is read)',
      },
      {
        name: 'LIMIT_ERROR_REPORTS_PER_USER',
        default: '`100/1h`',
        meaning: 'error reports per user (sent by the browser)',
      },
      {
        name: 'LIMIT_QUOTES_PER_ADDRESS',
        default: '`600/1h`',
        meaning:
          'instant quote prices per client address (the public `POST /api/instantQuote/price`)',
      },
      {
        name: 'LIMIT_PDF_RENDERS_PER_USER',
        default: '`60/1h`',
        meaning: 'order documents rendered anew per user (a document that has not changed is free)',
      },
      {
        name: 'LIMIT_PDF_RENDERS_PER_ADDRESS',
        default: '`200/1h`',
        meaning: 'order documents rendered anew per client address',
      },
    ],
  },
  {
    title: 'Rendering and reading files',
    about: [
      "Everything that reads a user's file runs in worker processes with a time and memory " +
        'budget, so no file can hold the server: boards (Gerber and drill) in the render ' +
        'workers, tables (BOM, placement and catalogue files, uploaded spreadsheets) in the table ' +
        'workers. A file that overruns its budget is answered 422 naming the limit.',
    ],
    variables: [
      {
        name: 'RENDER_WORKERS',
        default: '`2`',
        meaning:
          'worker processes per server instance that analyse and render boards (Gerber parsing)',
      },
      {
        name: 'RENDER_TIMEOUT',
        default: '`2m`',
        meaning:
          'a board render taking longer is stopped (its worker restarted) and answered with 503',
      },
      {
        name: 'RENDER_WORKER_MEMORY_MB',
        default: '`768`',
        meaning:
          'heap each render worker may use; a render needing more is stopped and answered 422',
      },
      {
        name: 'RENDER_WARM_WORKERS',
        default: '`1`',
        meaning: 'render workers started with the server and warmed up before work arrives',
      },
      {
        name: 'RENDER_DRAFT_TTL',
        default: '`1h`',
        meaning: 'renders of unsaved files or settings are kept this long, then swept',
      },
      {
        name: 'TABLE_WORKERS',
        default: '`1`',
        meaning:
          "worker processes per server instance that read users' tables (BOM, placement, catalogue files, uploaded spreadsheets)",
      },
      {
        name: 'TABLE_READ_TIMEOUT',
        default: '`30s`',
        meaning:
          'reading one table taking longer is stopped (its worker restarted) and answered 422',
      },
      {
        name: 'TABLE_WORKER_MEMORY_MB',
        default: '`512`',
        meaning: 'heap each table worker may use; a table needing more is stopped and answered 422',
      },
      {
        name: 'TABLE_WARM_WORKERS',
        default: '`1`',
        meaning:
          'table workers started with the server and kept started, so a read never waits for one to start',
      },
      {
        name: 'BOM_MAX_LINES',
        default: '`20000`',
        meaning: 'lines of one BOM; a BOM with more is refused with 413',
      },
      {
        name: 'PLACEMENT_MAX_ROWS',
        default: '`50000`',
        meaning: 'placements of one pick-and-place file; a file with more is refused with 413',
      },
    ],
  },
  {
    title: 'Parts catalogue',
    about: [
      'A real catalogue is imported with `npm run parts:import -- FILE` ' +
        '([parts import](parts-import.md)); without one, the first start loads a demo catalogue.',
    ],
    variables: [
      {
        name: 'PARTS_SEARCH_COUNT_CAP',
        default: '`1000`',
        meaning:
          'a parts search counts at most this many matches, then answers "more than" (`totalCapped`)',
      },
    ],
  },
];
