import type { FastifyRequest } from 'fastify';
import { emailUnconfirmed, tokenInvalid, unauthenticated } from '../../http/errors.ts';
import type { Authenticator } from '../../http/router.ts';
import type { AuthService } from './auth.service.ts';

/** Reads "Authorization: Bearer <token>" and resolves the actor for the endpoint's access level. */
export function bearerAuthenticator(auth: AuthService): Authenticator {
  return async (request: FastifyRequest, access) => {
    const header = request.headers.authorization;
    if (!header) throw unauthenticated();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw tokenInvalid();
    const actor = await auth.authenticate(match[1]!);
    if (access === 'confirmed' && !actor.emailConfirmed) throw emailUnconfirmed();
    return actor;
  };
}
