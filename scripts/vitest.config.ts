import { defineProject } from 'vitest/config';

// The repository's own scripts (npm start, the machine's set-up), run as real processes.
export default defineProject({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['*.test.ts'],
    testTimeout: 60_000,
  },
});
