import {
  type Access,
  type Endpoint,
  type EndpointResponse,
  ErrorBody,
  type MultipartBody,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
} from '@circuits/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UploadLimits } from '../config.ts';
import type { Actor } from '../modules/auth/actor.ts';
import { refuseControlCharacters } from './control-characters.ts';
import { AppError } from './errors.ts';
import { receiveForm, type UploadedFiles } from './multipart.ts';
import type { UploadStaging } from './upload-staging.ts';

/** Resolves the caller of a non-public endpoint or throws the matching 401/403. */
export type Authenticator = (
  request: FastifyRequest,
  access: Exclude<Access, 'public'>,
  options?: { queryToken?: boolean | undefined },
) => Promise<Actor>;

export type HandlerContext<E extends Endpoint> = {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  actor: E['access'] extends 'public' ? undefined : Actor;
  /** The staged file parts of a multipart body (empty for JSON bodies); removed after the reply. */
  files: UploadedFiles;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type HandlerResult<E extends Endpoint> = E['status'] extends 302
  ? { redirectTo: string }
  : EndpointResponse<E>;

export type Handler<E extends Endpoint> = (context: HandlerContext<E>) => Promise<HandlerResult<E>>;

/** Registers endpoints from their contracts; the one way routes are declared. */
export type Router = {
  route<E extends Endpoint>(
    endpoint: E,
    handler: Handler<NoInfer<E>>,
    options?: RouteOptions,
  ): void;
};

export type RouteOptions = {
  /**
   * A limit of the endpoint's own, charged before the body is read (429 when spent), e.g. the
   * public instant quote per client address.
   */
  budget?: (caller: Caller) => Promise<void>;
  /**
   * The answer holds thousands of rows (a whole BOM, every placement): it is sent as the handler
   * built it, whose type is the contract's, without the response schema walking every row again
   * (a second or more for 20,000 placements). The integration tests check these answers
   * against the contract.
   */
  largeAnswer?: boolean;
};

/** Success answers as built; errors still through their schema. */
const sendAsBuilt = (endpoint: Endpoint): FastifySerializerCompiler<unknown> => {
  const checked = serializerCompiler as FastifySerializerCompiler<unknown>;
  return (route) =>
    route.httpStatus === String(endpoint.status) ? (data) => JSON.stringify(data) : checked(route);
};

function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Uploads: the limits and the staging area where file parts wait while a request is handled. */
export type UploadSettings = { limits: UploadLimits; staging: UploadStaging };

/** Who makes a request: the actor (for non-public endpoints) and the client address. */
export type Caller = { actor: Actor | undefined; address: string };

/** What every request is counted against before it is handled; each throws 429 when spent. */
export type RequestBudgets = {
  /** A call that may change something (any method but GET). */
  write(caller: Caller): Promise<void>;
  /** The bytes of an upload: as declared, before it is read (or as received, when undeclared). */
  upload(caller: Caller, bytes: number): Promise<void>;
};

/** The form as the OpenAPI document shows it: the text fields plus the file fields. */
function formDocumentation(body: MultipartBody): z.ZodType {
  const files = Object.fromEntries(
    Object.entries(body.files).map(([name, file]) => {
      const binary = z.string().meta({ format: 'binary', description: file.description });
      const schema = file.maxCount === 1 ? binary : z.array(binary).max(file.maxCount);
      return [name, file.required ? schema : schema.optional()];
    }),
  );
  return body.fields.extend(files);
}

const zodValidator = validatorCompiler as FastifySchemaCompiler<unknown>;

// Multipart bodies are read and validated by the handler (receiveForm), not by Fastify; their
// schema is there for the OpenAPI document only.
const skipBodyValidation: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : zodValidator(route);

const JSON_ONLY = new AppError(
  'unsupported_media_type',
  'Unsupported content type: send JSON with Content-Type: application/json',
);

// Fastify validates a missing body as null; for the contracts it is absent (undefined), so body
// schemas with defaults (`.prefault({})`) accept a POST without a body.
const absentBodyAsUndefined: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidator(route);
  return route.httpPart === 'body' ? (data) => validate(data ?? undefined) : validate;
};

export function createRouter(
  app: FastifyInstance,
  authenticate: Authenticator,
  uploads: UploadSettings,
  budgets: RequestBudgets,
): Router {
  const actors = new WeakMap<FastifyRequest, Actor>();

  return {
    route(endpoint, handler, options = {}) {
      const multipart = endpoint.body?.type === 'multipart' ? endpoint.body : undefined;
      const jsonSchema = endpoint.body?.type === 'json' ? endpoint.body.schema : undefined;
      const bodySchema = jsonSchema ?? (multipart && formDocumentation(multipart));
      const access = endpoint.access;
      const writes = endpoint.method !== 'GET' && endpoint.readOnly !== true;
      const callerOf = (request: FastifyRequest): Caller => ({
        actor: actors.get(request),
        address: request.ip,
      });
      app.route({
        method: endpoint.method,
        url: fastifyPath(endpoint.path),
        ...(endpoint.bodyLimitBytes !== undefined && { bodyLimit: endpoint.bodyLimitBytes }),
        schema: {
          summary: endpoint.summary,
          tags: [endpoint.tag],
          ...(endpoint.params && { params: endpoint.params }),
          ...(endpoint.query && { querystring: endpoint.query }),
          ...(bodySchema && { body: bodySchema }),
          ...(multipart && { consumes: ['multipart/form-data'] }),
          ...(access !== 'public' && { security: [{ bearerAuth: [] }] }),
          response: { [endpoint.status]: endpoint.response, '4xx': ErrorBody },
        },
        // Before the body is read or validated: anonymous callers get 401, never field errors,
        // and a spent write budget refuses the call before its body is received.
        onRequest:
          access === 'public' && !writes && !options.budget
            ? undefined
            : async (request) => {
                if (access !== 'public') {
                  actors.set(
                    request,
                    await authenticate(request, access, { queryToken: endpoint.queryToken }),
                  );
                }
                if (writes) await budgets.write(callerOf(request));
                if (options.budget) await options.budget(callerOf(request));
              },
        validatorCompiler: multipart ? skipBodyValidation : absentBodyAsUndefined,
        ...(options.largeAnswer && { serializerCompiler: sendAsBuilt(endpoint) }),
        preValidation: multipart
          ? undefined
          : async (request) => {
              // A form sent to a JSON endpoint would otherwise arrive as no body at all.
              if (request.isMultipart()) throw JSON_ONLY;
            },
        handler: async (request, reply) => {
          const form = multipart
            ? await receiveForm(request, multipart, uploads.limits, uploads.staging, (bytes) =>
                budgets.upload(callerOf(request), bytes),
              )
            : undefined;
          try {
            refuseControlCharacters([
              { schema: endpoint.query, value: request.query },
              {
                schema: multipart ? multipart.fields : jsonSchema,
                value: form ? form.fields : request.body,
              },
            ]);
            const result = await handler({
              params: request.params,
              query: request.query,
              body: form ? form.fields : request.body,
              files: form?.files ?? {},
              actor: actors.get(request),
              request,
              reply,
            } as HandlerContext<typeof endpoint>);
            if (endpoint.status === 302) {
              return reply.redirect((result as { redirectTo: string }).redirectTo, 302);
            }
            return reply.code(endpoint.status).send(result);
          } finally {
            await form?.cleanup();
          }
        },
      });
    },
  };
}
