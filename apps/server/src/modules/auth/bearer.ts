import type { FastifyRequest } from 'fastify';
import { emailUnconfirmed, tokenInvalid, unauthenticated } from '../../http/errors.ts';
import type { Authenticator } from '../../http/router.ts';
import type { AuthService } from './auth.service.ts';

/**
 * Reads "Authorization: Bearer <token>" (or `?token=` on the endpoints that take it there) and
 * resolves the actor for the endpoint's access level.
 */
export function bearerAuthenticator(auth: AuthService): Authenticator {
  return async (request: FastifyRequest, access, options) => {
    const token = bearerToken(request) ?? (options?.queryToken ? queryToken(request) : undefined);
    if (token === undefined) throw unauthenticated();
    const actor = await auth.authenticate(token);
    if (access === 'confirmed' && !actor.emailConfirmed) throw emailUnconfirmed();
    return actor;
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw tokenInvalid();
  return match[1]!;
}

function queryToken(request: FastifyRequest): string | undefined {
  const token = (request.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}
