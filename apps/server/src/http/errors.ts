import {
  type ErrorBody,
  type ErrorCode,
  type FieldMessages,
  TOKEN_EXPIRED_MESSAGE,
  TOKEN_INVALID_MESSAGE,
} from '@circuits/contracts';

/** The one place an error code gets its HTTP status. */
export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  malformed_request: 400,
  validation_failed: 422,
  invalid_credentials: 422,
  unauthenticated: 401,
  token_expired: 401,
  token_invalid: 401,
  account_disabled: 403,
  email_unconfirmed: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  request_timeout: 408,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
};

/** An expected failure with a message meant for the user; anything else is a bug (500). */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly detail: string | FieldMessages;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    detail: string | FieldMessages,
    headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : Object.values(detail).join('\n'));
    this.code = code;
    this.detail = detail;
    this.headers = headers;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.detail, code: this.code };
    if (this.code === 'account_disabled') body.disabledAccountError = true;
    return body;
  }
}

export const badRequest = (message: string) => new AppError('malformed_request', message);

export const validationFailed = (fields: FieldMessages) =>
  new AppError('validation_failed', fields);

export const invalidField = (field: string, message: string) =>
  validationFailed({ [field]: message });

export const invalidCredentials = () =>
  new AppError('invalid_credentials', 'Wrong email or password');

export const unauthenticated = () => new AppError('unauthenticated', 'Authentication required');

export const tokenExpired = () => new AppError('token_expired', TOKEN_EXPIRED_MESSAGE);

export const tokenInvalid = () => new AppError('token_invalid', TOKEN_INVALID_MESSAGE);

export const accountDisabled = () =>
  new AppError('account_disabled', 'Your account has been disabled. Please contact support.');

export const emailUnconfirmed = () =>
  new AppError('email_unconfirmed', 'Please confirm your email address first');

export const forbidden = (message: string) => new AppError('forbidden', message);

/** `notFound('shipping account')` answers "Shipping account not found". */
export const notFound = (resource: string) =>
  new AppError('not_found', `${resource[0]?.toUpperCase()}${resource.slice(1)} not found`);

export const conflict = (detail: string | FieldMessages) => new AppError('conflict', detail);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('rate_limited', message, { 'retry-after': String(Math.ceil(retryAfterSeconds)) });

export const serviceUnavailable = (message: string) => new AppError('service_unavailable', message);

/** "45 seconds", "1 minute", "15 minutes": for messages that say when to try again. */
export function waitTime(seconds: number): string {
  if (seconds < 60) {
    const whole = Math.max(1, Math.ceil(seconds));
    return `${whole} second${whole === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
