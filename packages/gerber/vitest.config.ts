import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'gerber', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
