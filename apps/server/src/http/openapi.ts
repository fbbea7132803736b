import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const API_DOCS_PATH = '/api/docs';

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="40" viewBox="0 0 220 40">
<rect x="4" y="4" width="32" height="32" rx="7" fill="#1c8c5a"/>
<rect x="13" y="13" width="14" height="14" rx="2" fill="none" stroke="#fff" stroke-width="2.5"/>
<path d="M9 16h4M9 24h4M27 16h4M27 24h4M16 9v4M24 9v4M16 27v4M24 27v4" stroke="#fff" stroke-width="2"/>
<text x="46" y="27" font-family="system-ui, sans-serif" font-size="20" font-weight="700" fill="#fff">Circuits API</text>
</svg>`;

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
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    logo: { type: 'image/svg+xml', content: Buffer.from(LOGO_SVG), href: '/', target: '_self' },
    theme: { title: 'Circuits API' },
  });
}
