import { expect, test } from '@playwright/test';
import { startApiInstances, type ApiInstances } from '../api-instances.ts';
import { testTlsFiles } from '../../apps/api/src/test/tls.ts';
import { notificationsJourney } from '../notifications-journey.ts';

/**
 * The app over HTTPS as a deployment serves it (TLS_CERT_FILE and TLS_KEY_FILE; decision 54):
 * the built server with the tests' certificate, which these browsers are told to accept. The
 * page, its files and calls come over HTTP/2, and the notifications journey
 * (e2e/notifications-journey.ts) runs on it whole: the sign-in, the manage screen's work, and
 * each notification arriving live on the stream. Only when DATABASE_URL names a PostgreSQL
 * server (CI sets it): the instance runs on a fresh database of this spec's, with the specs'
 * fixtures, dropped at the end.
 */
const serverUrl = process.env.DATABASE_URL;

if (serverUrl) {
  test.describe('over HTTPS', () => {
    // Building the server and starting it on two shared cores, then the journey.
    test.describe.configure({ timeout: 180_000 });

    let instance: ApiInstances | undefined;

    test.beforeAll(async () => {
      instance = await startApiInstances(serverUrl, 1, {
        TLS_CERT_FILE: testTlsFiles.certFile,
        TLS_KEY_FILE: testTlsFiles.keyFile,
      });
    });

    test.afterAll(async () => {
      await instance?.stop();
    });

    test('the page, its files and its calls come over HTTP/2', async ({ browser }) => {
      const [baseURL] = instance!.baseURLs as [string];
      expect(baseURL).toMatch(/^https:\/\//);
      const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
      try {
        const page = await context.newPage();
        await page.goto('/');
        await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
        const protocols = await page.evaluate(() =>
          [
            ...performance.getEntriesByType('navigation'),
            ...performance.getEntriesByType('resource'),
          ].map((entry) => (entry as PerformanceResourceTiming).nextHopProtocol),
        );
        expect(protocols.length).toBeGreaterThan(3);
        expect(new Set(protocols)).toEqual(new Set(['h2']));
      } finally {
        await context.close();
      }
    });

    test('the notifications journey: a step failed reaches the other manager live', async ({
      browser,
    }) => {
      const [baseURL] = instance!.baseURLs as [string];
      await notificationsJourney(browser, { a: baseURL, b: baseURL, acceptTestCertificate: true });
    });
  });
}
