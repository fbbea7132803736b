import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Integration tests start the real server on a fresh database per file.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
