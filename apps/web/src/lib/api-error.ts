// SPEC §8, the error catalogue: what a failed call means for the user. Classification is pure
// (tested in api-error.test.ts); api-client.ts carries out the effects in one place.

export const LOGGED_OUT_MESSAGE = 'You were logged out due to inactivity. Please log in again';
export const NOT_FOUND_MESSAGE = 'Not found';
export const NETWORK_MESSAGE =
  'The server could not be reached. Check your connection and try again.';

const TOKEN_MESSAGES = new Set(['Token is Expired', 'Token is Invalid', 'Token has Expired']);

export type FieldErrors = Record<string, string>;

export type ApiFailure =
  /** Expired or invalid token, or HTTP 401: log out, tell the user, go to /login. */
  | { type: 'session-expired' }
  /** disabledAccountError: log out and go to /. */
  | { type: 'account-disabled'; message: string }
  /** HTTP 404, whatever the body says (SPEC §8: toast "Not found"). */
  | { type: 'not-found' }
  /** An error message from the server. */
  | { type: 'message'; message: string }
  /** Field messages from the server, keyed by request field. */
  | { type: 'fields'; fields: FieldErrors; message: string }
  /** An answer the client cannot read (wrong shape, not JSON): only logged. */
  | { type: 'bad-response'; detail: string }
  /** No answer at all. */
  | { type: 'network' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldMessages(error: Record<string, unknown>): FieldErrors {
  const fields: FieldErrors = {};
  for (const [field, value] of Object.entries(error)) {
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (message): message is string => typeof message === 'string' && message.length > 0,
    );
    if (messages.length > 0) fields[field] = messages.join('\n');
  }
  return fields;
}

export function classifyFailure(status: number, body: unknown): ApiFailure {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(body) && body.disabledAccountError) {
    return {
      type: 'account-disabled',
      message: typeof error === 'string' && error ? error : 'This account is disabled',
    };
  }
  if (status === 401 || (typeof error === 'string' && TOKEN_MESSAGES.has(error))) {
    return { type: 'session-expired' };
  }
  // SPEC §8 gives a 404 one message, so a missing product reads the same as any missing page.
  if (status === 404) return { type: 'not-found' };
  if (typeof error === 'string' && error.length > 0) return { type: 'message', message: error };
  if (isRecord(error)) {
    const fields = fieldMessages(error);
    const messages = Object.values(fields);
    if (messages.length > 0) return { type: 'fields', fields, message: messages.join('\n') };
  }
  return { type: 'bad-response', detail: `HTTP ${status} without an error message` };
}

/** The text a user should read for a failure, for forms that show errors in place. */
export function failureMessage(failure: ApiFailure): string {
  switch (failure.type) {
    case 'session-expired':
      return LOGGED_OUT_MESSAGE;
    case 'not-found':
      return NOT_FOUND_MESSAGE;
    case 'network':
      return NETWORK_MESSAGE;
    case 'bad-response':
      return 'Something went wrong';
    case 'account-disabled':
    case 'message':
    case 'fields':
      return failure.message;
  }
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly failure: ApiFailure;

  constructor(status: number, failure: ApiFailure) {
    super(failureMessage(failure));
    this.status = status;
    this.failure = failure;
  }

  get fieldErrors(): FieldErrors {
    return this.failure.type === 'fields' ? this.failure.fields : {};
  }
}
