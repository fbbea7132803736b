import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'dfm', include: ['src/**/*.test.ts'] },
});
