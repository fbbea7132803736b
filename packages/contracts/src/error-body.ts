import { z } from 'zod';

/** Stable machine-readable reasons; the HTTP status is derived from them on the server. */
export const ERROR_CODES = [
  'malformed_request',
  'validation_failed',
  'invalid_credentials',
  'unauthenticated',
  'token_expired',
  'token_invalid',
  'account_disabled',
  'email_unconfirmed',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'request_timeout',
  'rate_limited',
  'internal',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field name (dotted path for nested fields) to a human-readable message. */
export const FieldMessages = z.record(z.string(), z.string());
export type FieldMessages = z.infer<typeof FieldMessages>;

/**
 * The one error body (SPEC §8): `error` is a message, or an object of field messages that the UI
 * joins with line breaks; `disabledAccountError` makes the UI log out and go home.
 */
export const ErrorBody = z
  .object({
    error: z.union([z.string(), FieldMessages]),
    code: z.enum(ERROR_CODES),
    disabledAccountError: z.literal(true).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The exact messages SPEC §8 tells clients to treat as "logged out". */
export const TOKEN_EXPIRED_MESSAGE = 'Token is Expired';
export const TOKEN_INVALID_MESSAGE = 'Token is Invalid';
