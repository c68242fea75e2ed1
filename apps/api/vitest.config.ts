import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The server bundle that the process tests start (src/test/processes.ts).
    globalSetup: ['src/test/build-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
