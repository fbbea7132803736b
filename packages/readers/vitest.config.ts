import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'readers', include: ['src/**/*.test.ts'] },
});
