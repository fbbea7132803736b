import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_INT4 } from './fields.ts';
import { ENDPOINTS } from './index.ts';

// Every number a request may carry is bounded: a whole number fits the integer columns ids and
// counts are stored in (2³¹ − 1), and any other number has finite bounds, so no request reaches
// the database or the pricing engine with 2⁵³, 1e308 or a board a kilometre wide.

type JsonSchema = { [key: string]: unknown };

function unboundedNumbers(node: unknown, path: string, found: string[]): void {
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const isNumber = types.includes('number') || types.includes('integer');
  if (isNumber && schema.const === undefined) {
    const minimum = schema.minimum ?? schema.exclusiveMinimum;
    const maximum = schema.maximum ?? schema.exclusiveMaximum;
    const limit = types.includes('integer') ? MAX_INT4 : Number.MAX_VALUE;
    if (typeof minimum !== 'number' || typeof maximum !== 'number' || maximum > limit) {
      found.push(`${path} (${types.join('|')} from ${String(minimum)} to ${String(maximum)})`);
    }
  }
  for (const [key, child] of Object.entries(schema))
    unboundedNumbers(child, `${path}/${key}`, found);
}

function requestParts(endpoint: (typeof ENDPOINTS)[number]) {
  const body = endpoint.body;
  return [
    ['params', endpoint.params],
    ['query', endpoint.query],
    [
      'body',
      body?.type === 'json' ? body.schema : body?.type === 'multipart' ? body.fields : undefined,
    ],
  ] as const;
}

describe('request numbers', () => {
  it('are bounded everywhere: whole numbers within the integer columns, others finite', () => {
    const found: string[] = [];
    for (const endpoint of ENDPOINTS) {
      for (const [part, schema] of requestParts(endpoint)) {
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        unboundedNumbers(json, `${endpoint.method} ${endpoint.path} ${part}`, found);
      }
    }
    expect(found).toEqual([]);
  });
});
