import { defineProject } from 'vitest/config';

// The build's own scripts (build/): Node code that runs Vite and esbuild, so in Node, in a process
// of its own per file, as the rest of the repo's Node tests (Vite's checks of its options fail
// across the VM contexts the app's tests run in: vitest.config.ts).
export default defineProject({
  test: {
    name: 'web-build',
    environment: 'node',
    include: ['build/**/*.test.ts'],
  },
});
