import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.ts';

// A unique violation no service names (two requests saved the same thing at once) answers 409
// with a message, as the driver raises it (wrapped by Drizzle), never 500.

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  const driverError = Object.assign(new Error('duplicate key value violates unique constraint'), {
    code: '23505',
    constraint: 'board_files_product_file_idx',
  });
  app.get('/duplicate', async () => {
    throw new Error('Failed query: insert into "board_files" …', { cause: driverError });
  });
  app.get('/broken', async () => {
    throw new Error('something else');
  });
  afterAll(() => app.close());

  it('answers an unnamed unique violation with 409 and a message', async () => {
    const answer = await app.inject({ method: 'GET', url: '/duplicate' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      error: 'This was saved by another request at the same time: reload to see it, then try again',
      code: 'conflict',
    });
  });

  it('still answers anything else unexpected with 500', async () => {
    const answer = await app.inject({ method: 'GET', url: '/broken' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ error: 'Something went wrong on our side', code: 'internal' });
  });
});
