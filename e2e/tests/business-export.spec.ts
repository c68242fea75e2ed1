import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  businessApiPaths,
  businessExportColumns,
  exportTexts,
  type BusinessListItem,
} from '@fd/contract';
import { readCsvObjects } from '../../apps/api/src/test/csv-reader.ts';
import { businessApi, type BusinessApi, type ListQuery } from '../business-oracle.ts';
import { accounts } from '../fixtures.ts';
import { restoreSession, signInOnce, type SignedInState } from '../session.ts';

/**
 * 'Export CSV' on /business (docs/product.md §11.3) in real Chromium against the real API: the
 * file the browser saves holds the rows the list API gives for the view on screen, and Cancel
 * stops an export before anything is saved.
 */

let session: SignedInState;
let api: BusinessApi;

test.beforeAll(async ({ browser }) => {
  session = await signInOnce(browser, accounts.exports);
});

test.beforeEach(async ({ page, request }) => {
  await restoreSession(page, session);
  await page.goto('/business');
  api = await businessApi(page, request);
});

const exportButton = (page: Page) => page.getByRole('button', { name: exportTexts.button });
const table = (page: Page) => page.getByRole('table', { name: 'Businesses' });

/** Every row the list API gives for a view, page by page. */
async function listAll(path: string, query: ListQuery): Promise<BusinessListItem[]> {
  const rows: BusinessListItem[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.list(path, { ...query, page: String(page), page_size: '100' });
    rows.push(...answer.businesses);
    if (answer.businesses.length < 100) return rows;
  }
}

test("an export of a filtered view whose rows equal the API's", async ({ page }) => {
  // The Queued tab, filtered to one country, as a manager picks them.
  await page.getByRole('tab', { name: /^Queued/ }).click();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page
    .getByRole('menu', { name: 'Filter' })
    .getByRole('menuitemcheckbox', { name: 'Country', exact: true })
    .click();
  await page
    .getByRole('menu', { name: 'Country' })
    .getByRole('menuitemradio', { name: 'USA', exact: true })
    .click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page).toHaveURL(/country=USA/);
  const expected = await listAll(businessApiPaths.listByStatus('pending'), { country: 'USA' });
  expect(expected.length, 'the view has rows').toBeGreaterThan(1);
  await expect(table(page).getByRole('row')).toHaveCount(Math.min(expected.length, 10) + 1);

  const downloading = page.waitForEvent('download');
  await exportButton(page).click();
  const download = await downloading;
  const day = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`businesses-${day}.csv`);
  const { header, rows } = readCsvObjects(await readFile((await download.path())!, 'utf8'));

  expect(header).toEqual([...businessExportColumns]);
  expect(
    rows.map((row) => [row.id, row.uuid, row.business_name, row.owner_email, row.created_at]),
  ).toEqual(
    expected.map((item) => [
      String(item.id),
      item.uuid,
      item.business_name,
      item.user.email,
      item.created_at,
    ]),
  );
  for (const row of rows) expect(row.country_of_incorporation).toBe('USA');
  const noun = expected.length === 1 ? 'row' : 'rows';
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toHaveText(
    `Exported ${expected.length} ${noun} to businesses-${day}.csv.`,
  );
  await expect(exportButton(page)).toBeEnabled();
});

test('Cancel stops an export: nothing is saved, and the next export runs', async ({ page }) => {
  // Holds the request in the browser a while, so Cancel meets it under way; the server's
  // answer is its own (the request goes on unchanged if it is not cancelled).
  let held = 0;
  await page.route(`**/${businessApiPaths.export}**`, async (route) => {
    held++;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue().catch(() => undefined);
  });
  const downloads: unknown[] = [];
  page.on('download', (download) => downloads.push(download));
  // The progress reads against the list's exact total: the list must be on screen first (a
  // click before it arrives reads '0 rows', with no total).
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
  await expect(table(page).getByRole('row')).toHaveCount(11);

  await exportButton(page).click();
  const cancel = page.getByRole('button', { name: exportTexts.cancel, exact: true });
  await expect(cancel).toBeFocused();
  await expect(page.getByRole('progressbar', { name: exportTexts.progressLabel })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'rows' })).toHaveText(
    /^0 of [\d,]+ rows$/,
  );
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: exportTexts.cancelled })).toBeVisible();
  await expect(cancel).toBeHidden();
  await expect(exportButton(page)).toBeFocused();
  await page.waitForTimeout(3500);
  expect(downloads).toHaveLength(0);
  expect(held).toBe(1);

  // The server holds no export of this manager's: the next one runs to the end.
  await page.unroute(`**/${businessApiPaths.export}**`);
  const downloading = page.waitForEvent('download');
  await exportButton(page).click();
  const download = await downloading;
  const { rows } = readCsvObjects(await readFile((await download.path())!, 'utf8'));
  expect(rows.length).toBe((await api.list(businessApiPaths.list)).total_count);
});
