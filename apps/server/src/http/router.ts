import {
  type Access,
  type Endpoint,
  type EndpointResponse,
  ErrorBody,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
} from '@circuits/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../modules/auth/actor.ts';

/** Resolves the caller of a non-public endpoint or throws the matching 401/403. */
export type Authenticator = (
  request: FastifyRequest,
  access: Exclude<Access, 'public'>,
) => Promise<Actor>;

export type HandlerContext<E extends Endpoint> = {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  actor: E['access'] extends 'public' ? undefined : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type HandlerResult<E extends Endpoint> = E['status'] extends 302
  ? { redirectTo: string }
  : EndpointResponse<E>;

export type Handler<E extends Endpoint> = (context: HandlerContext<E>) => Promise<HandlerResult<E>>;

/** Registers endpoints from their contracts; the one way routes are declared. */
export type Router = {
  route<E extends Endpoint>(endpoint: E, handler: Handler<NoInfer<E>>): void;
};

function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export function createRouter(app: FastifyInstance, authenticate: Authenticator): Router {
  const actors = new WeakMap<FastifyRequest, Actor>();

  return {
    route(endpoint, handler) {
      if (endpoint.body?.type === 'multipart') {
        // Declared in contracts already; serving them arrives with the first upload endpoint
        // (@fastify/multipart streaming the files, `fields` validating the text parts).
        throw new Error(`${endpoint.method} ${endpoint.path}: multipart bodies are not served yet`);
      }
      const access = endpoint.access;
      app.route({
        method: endpoint.method,
        url: fastifyPath(endpoint.path),
        schema: {
          summary: endpoint.summary,
          tags: [endpoint.tag],
          ...(endpoint.params && { params: endpoint.params }),
          ...(endpoint.query && { querystring: endpoint.query }),
          ...(endpoint.body && { body: endpoint.body.schema }),
          ...(access !== 'public' && { security: [{ bearerAuth: [] }] }),
          response: { [endpoint.status]: endpoint.response, '4xx': ErrorBody },
        },
        // Before the body is read or validated: anonymous callers get 401, never field errors.
        onRequest:
          access === 'public'
            ? undefined
            : async (request) => {
                actors.set(request, await authenticate(request, access));
              },
        handler: async (request, reply) => {
          const result = await handler({
            params: request.params,
            query: request.query,
            body: request.body,
            actor: actors.get(request),
            request,
            reply,
          } as HandlerContext<typeof endpoint>);
          if (endpoint.status === 302) {
            return reply.redirect((result as { redirectTo: string }).redirectTo, 302);
          }
          return reply.code(endpoint.status).send(result);
        },
      });
    },
  };
}
