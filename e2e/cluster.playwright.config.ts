import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './browser.ts';
import { clusterTestPort } from './cluster/cluster-env.ts';

const executablePath = findChromium(process.env);

/**
 * `npm run test:cluster`: two API instances on one PostgreSQL and one Redis behind nginx
 * (e2e/cluster.ts, started by ./cluster/global-setup.ts), driven through the proxy with
 * requests pinned to each instance. Run by .ci/run after `npm test`, not by it.
 */
export default defineConfig({
  testDir: './cluster',
  globalSetup: './cluster/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/cluster.json' }]],
  outputDir: '../test-results/cluster',
  use: {
    baseURL: `http://127.0.0.1:${clusterTestPort}`,
    // No trace unless asked for (`--trace retain-on-failure`): recording one for every test,
    // screencast and all, cost a quarter of the run's time, kept or not
    // (docs/decisions/116-end-to-end-tests-record-no-trace.md).
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: chromiumArgs } },
    },
  ],
});
