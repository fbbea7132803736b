import { pino } from 'pino';

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

/** JSON logs on stdout (or `destination`); secrets and the values of failed queries never reach them. */
export function createLogger(
  level: pino.LevelWithSilent,
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
        censor: '[redacted]',
      },
      serializers: {
        err: (error: unknown) => pino.stdSerializers.err(withoutQueryValues(error) as Error),
      },
    },
    destination,
  );
}
