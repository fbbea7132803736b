import { defineConfig } from 'vitest/config';

// Each workspace owns its vitest.config.ts; this file only lists them so one command runs all.
export default defineConfig({
  test: {
    passWithNoTests: true,
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'house/vitest.config.ts'],
  },
});
