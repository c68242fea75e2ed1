import { defineConfig } from 'vitest/config';

// One runner for every unit, component and API integration test in the repo.
// Each workspace declares its own project (environment, setup files).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web'],
  },
});
