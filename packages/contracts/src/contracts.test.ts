import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildPath } from './endpoint.ts';
import { AddressInput, ENDPOINTS, RegisterInput } from './index.ts';

function fieldMessages(result: { error?: z.ZodError }): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] = issue.message;
  return messages;
}

describe('endpoint declarations', () => {
  it('declare each method and path once', () => {
    const keys = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declare a params schema for exactly the placeholders of the path', () => {
    for (const endpoint of ENDPOINTS) {
      const placeholders = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(Object.keys(endpoint.params?.shape ?? {}), endpoint.path).toEqual(placeholders);
    }
  });

  it('turn into JSON Schema for the OpenAPI document', () => {
    for (const endpoint of ENDPOINTS) {
      if (endpoint.body?.type === 'json') {
        const schema = JSON.stringify(z.toJSONSchema(endpoint.body.schema, { io: 'input' }));
        expect(schema, endpoint.path).toContain('"type":"object"');
      }
      // Redirects have no body to describe.
      if (endpoint.status !== 302) {
        expect(() => z.toJSONSchema(endpoint.response, { io: 'output' })).not.toThrow();
      }
    }
  });
});

describe('buildPath', () => {
  it('fills and encodes placeholders', () => {
    expect(buildPath('/api/addresses/{id}', { id: 7 })).toBe('/api/addresses/7');
    expect(buildPath('/document/{type}/{id}', { type: 'a b', id: 1 })).toBe('/document/a%20b/1');
  });

  it('refuses a missing placeholder', () => {
    expect(() => buildPath('/api/addresses/{id}')).toThrow('Missing path parameter "id"');
  });
});

describe('request schemas', () => {
  it('normalise registration input', () => {
    const parsed = RegisterInput.parse({
      name: ' Ada ',
      lastname: 'Lovelace',
      email: ' Ada@Example.COM ',
      password: 'correct horse',
      company_name: 'Analytical Engines',
      country_code: 'gb',
    });
    expect(parsed).toMatchObject({ name: 'Ada', email: 'ada@example.com', country_code: 'GB' });
  });

  it('name each bad registration field', () => {
    const result = RegisterInput.safeParse({
      name: '',
      email: 'not-an-email',
      password: 'short',
      company_name: 'x'.repeat(201),
      country_code: 'XX',
    });
    expect(fieldMessages(result)).toEqual({
      name: 'First name is required',
      lastname: 'Last name is required',
      email: 'Email must be a valid email address',
      password: 'Password must be at least 8 characters',
      company_name: 'Company name must be at most 200 characters',
      country_code: 'Country must be an ISO 3166-1 alpha-2 code such as US, CA or FR',
    });
  });

  it('requires the postal parts of an address', () => {
    const result = AddressInput.safeParse({ country_code: 'CA', line1: 42 });
    expect(fieldMessages(result)).toEqual({
      line1: 'Street address must be text',
      city: 'City is required',
      postal_code: 'Postal code is required',
    });
  });
});
