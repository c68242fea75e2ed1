import { test } from '@playwright/test';
import { notificationsJourney } from '../notifications-journey.ts';

/**
 * Notifications between two managers on the e2e server (docs/product.md §2.3, §4.3, §8;
 * decision 27): the journey is e2e/notifications-journey.ts, shared with
 * notifications-instances.spec.ts, which runs it across two API instances.
 */

// Two browsers, and every step checked in all three tabs.
test.describe.configure({ timeout: 120_000 });

test('a step failed by one manager reaches another live; read, deleted, all marked read; the small-screen page', async ({
  browser,
  baseURL,
}) => {
  await notificationsJourney(browser, { a: baseURL!, b: baseURL! });
});
