import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

const tag = 'System';

export const healthz = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  summary: 'Liveness: the process answers',
  tag,
  access: 'public',
  status: 200,
  response: z.object({ status: z.literal('ok') }),
});

export const readyz = defineEndpoint({
  method: 'GET',
  path: '/readyz',
  summary: 'Readiness: the database answers and the server is not shutting down (else 503)',
  tag,
  access: 'public',
  status: 200,
  response: z.object({ status: z.literal('ready') }),
});
