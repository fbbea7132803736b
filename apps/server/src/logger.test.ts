import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, resolveLogFormat, withoutQueryValues } from './logger.ts';

class QueryError extends Error {
  query: string;
  params: unknown[];
  constructor(query: string, params: unknown[], cause?: unknown) {
    super(`Failed query: ${query}\nparams: ${params}`, { cause });
    this.query = query;
    this.params = params;
  }
}

describe('withoutQueryValues', () => {
  it('keeps the query and drops its values from message, stack, properties and causes', () => {
    const cause = Object.assign(new Error('new row violates check constraint'), {
      code: '23514',
      detail: 'Failing row contains (7, Jane Doe, 12 Elm St).',
      params: ['Jane Doe'],
    });
    const error = new QueryError(
      'insert into "addresses" values ($1, $2)',
      ['Jane Doe', '12 Elm St'],
      cause,
    );
    const copy = withoutQueryValues(error) as QueryError;
    expect(copy).toBeInstanceOf(QueryError);
    expect(copy.message).toBe('Failed query: insert into "addresses" values ($1, $2)');
    expect(copy.stack).toMatch(
      /^Error: Failed query: insert into "addresses" values \(\$1, \$2\)\n {4}at /,
    );
    expect(copy.query).toBe('insert into "addresses" values ($1, $2)');
    expect(copy.params).toBeUndefined();
    expect((copy.cause as { code: string }).code).toBe('23514');
    expect(JSON.stringify({ ...copy, cause: { ...(copy.cause as object) } })).not.toMatch(
      /Jane|Elm/,
    );
    // The original is left as it was.
    expect(error.params).toEqual(['Jane Doe', '12 Elm St']);
  });

  it('leaves other errors and values as they are', () => {
    const error = Object.assign(new Error('disk full'), { code: 'ENOSPC', path: '/data/files' });
    const copy = withoutQueryValues(error) as typeof error;
    expect(copy.message).toBe('disk full');
    expect(copy.code).toBe('ENOSPC');
    expect(copy.path).toBe('/data/files');
    expect(withoutQueryValues('text')).toBe('text');
  });
});

describe('createLogger', () => {
  it('writes errors through the scrubbing serializer, causes included', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logger = createLogger('error', destination);
    const inner = new QueryError('select 1 where name = $1', ['Jane Doe']);
    logger.error({ err: new Error('the page failed', { cause: inner }) }, 'unhandled error');
    const entry = JSON.parse(lines[0]!);
    expect(entry.err.message).toBe('the page failed: Failed query: select 1 where name = $1');
    expect(lines[0]).not.toContain('Jane');
  });
});

describe('resolveLogFormat', () => {
  it('writes for a person at a terminal and JSON for a collector, unless told', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('the pretty format', () => {
  it('writes one readable line with the message and its fields, secrets still redacted', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logger = createLogger('info', destination, 'pretty');
    logger.info(
      { method: 'POST', path: '/api/login', body: { password: 'secret-value' } },
      'request',
    );
    const text = lines.join('');
    expect(text).toMatch(/INFO.*request/);
    expect(text).toContain('/api/login');
    expect(text).not.toContain('secret-value');
    expect(() => JSON.parse(text)).toThrow();
  });
});
