import { defineProject } from 'vitest/config';

// The house rules checked over the whole code base (file sizes, import circles).
export default defineProject({
  test: { name: 'house', include: ['*.test.ts'] },
});
