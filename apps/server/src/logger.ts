import { pino } from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

// Properties of database errors that carry the values of a query (addresses, names, phone
// numbers): PGlite and Drizzle keep the parameters, PostgreSQL's `detail` quotes the key.
const PERSONAL_KEYS = new Set(['params', 'queryOptions', 'detail']);

/**
 * A copy of an error (and its causes) without what a failed query held: the query stays, its
 * parameters go (Drizzle also writes them into its message, and so into the stack).
 */
export function withoutQueryValues(error: unknown, seen = new Set<unknown>()): unknown {
  if (!(error instanceof Error) || seen.has(error)) return error;
  seen.add(error);
  const query = (error as { query?: unknown }).query;
  const withValues = typeof query === 'string' ? `Failed query: ${query}\nparams: ` : undefined;
  const message =
    withValues && error.message.startsWith(withValues) ? `Failed query: ${query}` : error.message;
  const copy = Object.create(Object.getPrototypeOf(error)) as Error;
  const hidden = (value: unknown) => ({
    value,
    enumerable: false,
    writable: true,
    configurable: true,
  });
  Object.defineProperty(copy, 'message', hidden(message));
  Object.defineProperty(copy, 'stack', hidden(error.stack?.replace(error.message, message)));
  for (const [key, value] of Object.entries(error)) {
    if (!PERSONAL_KEYS.has(key) && key !== 'cause')
      (copy as unknown as Record<string, unknown>)[key] = value;
  }
  if (error.cause !== undefined) {
    Object.defineProperty(copy, 'cause', hidden(withoutQueryValues(error.cause, seen)));
  }
  return copy;
}

/** `auto` writes coloured lines for a person at a terminal and JSON lines for a log collector. */
export function resolveLogFormat(
  format: 'auto' | 'json' | 'pretty',
  isTerminal: boolean,
): 'json' | 'pretty' {
  if (format !== 'auto') return format;
  return isTerminal ? 'pretty' : 'json';
}

/**
 * Logs on stdout (or `destination`), as JSON lines or as coloured lines for a terminal; secrets
 * and the values of failed queries never reach them.
 */
export function createLogger(
  level: pino.LevelWithSilent,
  destination?: pino.DestinationStream,
  format: 'json' | 'pretty' = 'json',
): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      err: (error: unknown) => pino.stdSerializers.err(withoutQueryValues(error) as Error),
    },
  };
  if (format === 'json') return pino(options, destination);
  // In the same thread (not a transport worker): a line is on screen before the process exits.
  const stream = pretty({
    colorize: destination === undefined,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    sync: true,
    ...(destination ? { destination } : {}),
  });
  return pino(options, stream);
}
