import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The server bundle that the process tests start (src/test/processes.ts).
    globalSetup: ['src/test/build-server.ts'],
    // A worker runs its files one after another in one process, the app's modules loaded once:
    // loading them again for each file was about 3 s of each file's time. A test file leaves no
    // state behind for another to read (docs/conventions.md, Tests;
    // docs/decisions/118-the-test-run-on-two-cores.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
