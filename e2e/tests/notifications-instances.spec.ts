import { test } from '@playwright/test';
import { startApiInstances, type ApiInstances } from '../api-instances.ts';
import { notificationsJourney } from '../notifications-journey.ts';

/**
 * The notifications journey (e2e/notifications-journey.ts) across two API instances on one
 * PostgreSQL database (decision 27): manager A's browser on instance 1, manager B's on
 * instance 2, so every notification B sees crossed from one process to the other through the
 * database. Only when DATABASE_URL names a PostgreSQL server (CI sets it), like the API's
 * database lanes; the database is a fresh one of this spec's, dropped at the end.
 */
const serverUrl = process.env.DATABASE_URL;

if (serverUrl) {
  test.describe('two API instances on one PostgreSQL database', () => {
    // Building the server and starting two API processes on two shared cores, then the journey.
    test.describe.configure({ timeout: 180_000 });

    let instances: ApiInstances | undefined;

    test.beforeAll(async () => {
      instances = await startApiInstances(serverUrl, 2);
    });

    test.afterAll(async () => {
      await instances?.stop();
    });

    test('a step failed on instance 1 reaches a manager on instance 2 live; read, deleted, all marked read', async ({
      browser,
    }) => {
      const [a, b] = instances!.baseURLs as [string, string];
      await notificationsJourney(browser, { a, b });
    });
  });
}
