import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Each file in a VM context of a long-lived worker thread, not a process of its own: jsdom
    // and the app's packages are loaded once per worker instead of once per file, which was most
    // of this project's time (docs/decisions/118-the-test-run-on-two-cores.md). The cost:
    // an error made by Node itself (fetch's TypeError) is not an instance of the context's
    // classes, so the app tells errors apart by name where one may come from elsewhere.
    pool: 'vmThreads',
  },
});
