import { buildPath, ENDPOINTS, healthz, readyz, register } from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../test/test-server.ts';

describe.each(databaseKinds())('HTTP behaviour on %s', (kind) => {
  const server = useTestServer(kind, { env: { BODY_LIMIT_BYTES: '4096' } });
  let team: Team;

  beforeAll(async () => {
    team = await createTeam(server(), 'Protocol Co');
  });

  it('answers liveness and readiness', async () => {
    expect((await server().call(healthz)).data).toEqual({ status: 'ok' });
    expect((await server().call(readyz)).data).toEqual({ status: 'ready' });
  });

  const guarded = ENDPOINTS.filter((endpoint) => endpoint.access !== 'public');
  const concretePath = (path: string) =>
    buildPath(path, Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 1])));

  it('refuses every non-public endpoint without a token', async () => {
    for (const endpoint of guarded) {
      const response = await server().request(endpoint.method, concretePath(endpoint.path), {
        json: endpoint.body ? {} : undefined,
      });
      expect(response.status, endpoint.path).toBe(401);
      expect(response.json.code).toBe('unauthenticated');
    }
  });

  it('keeps users with an unconfirmed email to the endpoints that allow it', async () => {
    const { data } = await server().call(register, {
      body: {
        name: 'New',
        lastname: 'User',
        email: 'unconfirmed@protocol.example',
        password: 'not-yet-confirmed',
        company_name: 'Unconfirmed Co',
        country_code: 'US',
      },
    });
    for (const endpoint of guarded.filter((e) => e.access === 'confirmed')) {
      const response = await server().request(endpoint.method, concretePath(endpoint.path), {
        token: data.token,
        json: endpoint.body ? {} : undefined,
      });
      expect(response.status, endpoint.path).toBe(403);
      expect(response.json.code).toBe('email_unconfirmed');
    }
    expect(
      guarded
        .filter((e) => e.access === 'authenticated')
        .map((e) => e.path)
        .sort(),
    ).toEqual([
      '/api/email/resend',
      '/api/errorReport/store',
      '/api/logout',
      '/api/logout/everywhere',
      '/api/password/change',
      '/api/user',
    ]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/user'],
      ['DELETE', '/api/addresses/1'],
    ] as const) {
      const response = await server().request(method, path, { token: team.editor.token });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.json).toEqual({
        code: 'not_found',
        error: `No API endpoint ${method} ${path}`,
      });
    }
  });

  describe('bad input is a 4xx with a message, never a 500', () => {
    const post = (body: string | Buffer, headers: Record<string, string>) =>
      server().request('POST', '/api/login', { body, headers });

    it('malformed JSON', async () => {
      const response = await post('{"email": ', { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('malformed_request');
      expect(response.json.error).toMatch(/not valid JSON/);
    });

    it('JSON that is not an object, or no body at all', async () => {
      for (const body of ['[1,2]', '"text"', '42', 'null', '']) {
        const response = await post(body, { 'content-type': 'application/json' });
        expect(response.status, body).toBe(400);
        expect(response.json).toEqual({
          code: 'malformed_request',
          error: 'The request body must be a JSON object',
        });
      }
    });

    it('a content type other than JSON', async () => {
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const response = await post('email=a@b.c', { 'content-type': contentType });
        expect(response.status, contentType).toBe(415);
        expect(response.json).toEqual({
          code: 'unsupported_media_type',
          error: 'Unsupported content type: send JSON with Content-Type: application/json',
        });
      }
    });

    it('a body over the limit', async () => {
      const huge = JSON.stringify({ email: 'a@b.example', password: 'x'.repeat(10_000) });
      const response = await post(huge, { 'content-type': 'application/json' });
      expect(response.status).toBe(413);
      expect(response.json).toEqual({
        code: 'payload_too_large',
        error: 'The request body is too large',
      });
    });

    it('prototype pollution attempts', async () => {
      const response = await post(
        '{"email":"a@b.example","password":"x","__proto__":{"admin":1}}',
        {
          'content-type': 'application/json',
        },
      );
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('malformed_request');
    });

    it('wrong types inside the body', async () => {
      const response = await server().request('POST', '/api/login', {
        json: { email: ['a@b.example'], password: { value: 'x' } },
      });
      expect(response.status).toBe(422);
      expect(response.json.error).toEqual({
        email: 'Email must be text',
        password: 'Password must be text',
      });
    });
  });

  it('accepts an empty JSON body on endpoints that take none', async () => {
    const response = await server().request('GET', '/api/logout', {
      token: team.viewer.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
  });

  it('sends security headers on API answers', async () => {
    const response = await server().call(healthz);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Plain HTTP here: no HSTS.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  describe('OpenAPI', () => {
    it('documents every endpoint of the contracts, with its schemas', async () => {
      const response = await server().request('GET', '/api/docs/json');
      expect(response.status).toBe(200);
      const document = response.json;
      expect(document.openapi).toBe('3.1.0');
      for (const endpoint of ENDPOINTS) {
        const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
        expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
        expect(operation.summary).toBe(endpoint.summary);
        expect(Object.keys(operation.responses)).toContain(String(endpoint.status));
      }
      const storagePath = Object.keys(document.paths).filter((path) =>
        path.startsWith('/storage/'),
      );
      expect(storagePath).toHaveLength(1);
      expect(document.paths[storagePath[0]!].get.summary).toContain('signed link');
      expect(Object.keys(document.paths)).toHaveLength(
        new Set(ENDPOINTS.map((e) => e.path)).size + 1,
      );
      expect(document.paths['/api/products/{id}/addFiles'].post.requestBody.content).toHaveProperty(
        'multipart/form-data',
      );
      expect(document.components.schemas.User.properties).toHaveProperty('isConfirmedEmail');
      expect(
        document.paths['/api/register'].post.requestBody.content['application/json'].schema
          .required,
      ).toEqual(['name', 'lastname', 'email', 'password', 'company_name', 'country_code']);
    });

    it('serves the viewer at /api/docs', async () => {
      const response = await server().request('GET', '/api/docs', { redirect: 'follow' });
      expect(response.status).toBe(200);
      expect(response.text).toContain('swagger-ui');
    });
  });
});
