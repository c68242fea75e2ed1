import { defineConfig } from 'vitest/config';

// One runner for every unit, component and API integration test in the repo.
// Each workspace declares its own project (environment, setup files).
export default defineConfig({
  test: {
    // Two cores: PGlite, argon2 and jsdom are CPU-heavy, so two test files at a time.
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'apps/api',
      'apps/web',
      'apps/web/vitest.build.config.ts',
      'scripts',
      // The paths the docs name (docs/paths.test.ts): not a workspace, so declared here.
      { test: { name: 'docs', environment: 'node', include: ['docs/*.test.ts'] } },
    ],
  },
});
