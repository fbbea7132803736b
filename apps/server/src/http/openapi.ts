import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI document is generated from the contract schemas of the registered endpoints, so
 * register this before any route. Served at /api/docs (viewer) and /api/docs/json.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Circuits API',
        version: '1',
        description:
          'Every call sends `Authorization: Bearer <token>` (from /api/login or /api/register) ' +
          'and JSON. Errors share one body: `{ error, code, disabledAccountError? }`, where ' +
          '`error` is a message or an object of field messages.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    // Only contract endpoints carry tags; the SPA and static routes stay out of the document.
    hideUntagged: true,
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });
}
