import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './browser.ts';
import { E2E_PORT } from './fixtures.ts';

const executablePath = findChromium(process.env);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  // Two cores: the server, the browser and the test runner share them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    // No trace unless asked for (`--trace retain-on-failure`): recording one for every test,
    // screencast and all, cost a quarter of the run's time, kept or not
    // (docs/decisions/116-end-to-end-tests-record-no-trace.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: chromiumArgs } },
    },
  ],
  webServer: {
    // The real product: built SPA + API on a fresh embedded database (see serve.ts).
    command: 'npx tsx e2e/serve.ts',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
