import type { ErrorBody, ErrorCode } from '@circuits/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../db/database.ts';
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  STATUS_BY_CODE,
  validationFailed,
} from './errors.ts';

type ZodValidationError = {
  instancePath: string;
  message?: string;
  keyword: string;
};

/** Request validation issues to field messages keyed by dotted path (first message per field). */
function fieldMessages(issues: readonly ZodValidationError[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    messages[field] ??= issue.message ?? 'Invalid value';
  }
  return messages;
}

function fromValidation(
  context: string | undefined,
  issues: readonly ZodValidationError[],
): AppError {
  // A malformed id in the path names no resource.
  if (context === 'params') return notFound('resource');
  const messages = fieldMessages(issues);
  const whole = messages[''];
  if (whole !== undefined) {
    return badRequest(
      context === 'body'
        ? 'The request body must be a JSON object'
        : `Invalid ${context}: ${whole}`,
    );
  }
  return validationFailed(messages);
}

export const SAVED_MEANWHILE =
  'This was saved by another request at the same time: reload to see it, then try again';

const FASTIFY_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  payload_too_large: 'The request body is too large',
  unsupported_media_type: 'Unsupported content type: send JSON with Content-Type: application/json',
};

function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'malformed_request';
}

/** Maps any thrown error to the one error body. Unknown errors become a logged 500. */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return fromValidation(error.validationContext, error.validation);
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = FASTIFY_CODES[fastifyError.code ?? ''] ?? codeForStatus(status);
    return new AppError(code, MESSAGES[code] ?? fastifyError.message ?? 'Bad request');
  }
  return undefined;
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorBody = error.toBody();
  return reply.code(STATUS_BY_CODE[error.code]).headers(error.headers).send(body);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(error);
    if (known) return sendError(reply, known);
    // Two requests saved the same thing at once and the service did not name it: still a
    // conflict for the one that lost, never a server error.
    if (isUniqueViolation(error)) {
      request.log.warn({ err: error }, 'a unique violation without its own message');
      return sendError(reply, conflict(SAVED_MEANWHILE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError('internal', 'Something went wrong on our side'));
  });
}
