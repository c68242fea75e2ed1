import { expect, test, type Page } from '@playwright/test';
import { businessApiPaths, LIST_PAGE_SIZE, MAX_PAGE } from '@fd/contract';
import {
  businessApi,
  columnCells,
  documentRowCells,
  expectRows,
  shownCount,
  shownFileSize,
  resultCount,
  expectAddress,
  type BusinessApi,
  type ListQuery,
} from '../business-oracle.ts';
import { accounts } from '../fixtures.ts';
import { restoreSession, signInOnce, type SignedInState } from '../session.ts';

/**
 * /document-page against the seeded demo (docs/product.md §2, §9): tabs,
 * counts, rows and the Preview modal, compared with the real API.
 */

/** A tab by its label: tabs are named as they read, the label then the count (WCAG 2.5.3). */
const tabNamed = (label: string) => new RegExp(`^${label}(?: [\\d,]+)?$`);

const PAGE_SIZE = String(LIST_PAGE_SIZE);

const tabs: { name: string; status: string | null; path: string }[] = [
  { name: 'All clients', status: null, path: businessApiPaths.list },
  {
    name: 'Incorporated',
    status: 'incorporated',
    path: businessApiPaths.listByStatus('incorporated'),
  },
  { name: 'Pending', status: 'pending', path: businessApiPaths.listByStatus('pending') },
];

let session: SignedInState;
let api: BusinessApi;

test.beforeAll(async ({ browser }) => {
  session = await signInOnce(browser, accounts.documents);
});

test.beforeEach(async ({ page, request }) => {
  await restoreSession(page, session);
  await page.goto('/document-page');
  api = await businessApi(page, request);
});

const table = (page: Page) => page.getByRole('table', { name: 'Documents' });

async function expectListOf(page: Page, path: string, query: ListQuery): Promise<void> {
  const answer = await api.list(path, { ...query, page: '1', page_size: PAGE_SIZE });
  expect(answer.businesses.length, `the API has rows for ${path}`).toBeGreaterThan(0);
  await expectRows(table(page), answer.businesses.map(documentRowCells));
  await expect(resultCount(page, answer.total_count)).toBeVisible();
}

test('the tabs show the API counts and each lists its businesses with their docs amount', async ({
  page,
}) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(table(page).getByRole('columnheader')).toHaveText([
    'Email address',
    'Name',
    'Business level',
    'Type',
    'Country',
    'Docs amount',
  ]);
  await expect(page.getByRole('tab')).toHaveText(tabs.map((tab) => new RegExp(`^${tab.name}`)));

  for (const tab of tabs) {
    const { total_count } = await api.list(tab.path);
    await expect(page.getByRole('tab', { name: tabNamed(tab.name) })).toHaveAccessibleName(
      `${tab.name} ${shownCount(total_count)}`,
    );
  }
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tabNamed(tab.name) }).click();
    await expectAddress(page, '/document-page', tab.status ? { status: tab.status } : {});
    await expectListOf(page, tab.path, {});
  }

  // Docs amount is the KYB count plus the KYC count (docs/product.md §9), on the API's first row too.
  const [firstRow] = (
    await api.list(businessApiPaths.listByStatus('pending'), { page_size: PAGE_SIZE })
  ).businesses;
  await expect(columnCells(table(page), 6).first()).toHaveText(
    String(firstRow!.total_files.kyb.length + firstRow!.total_files.kyc.length),
  );
});

test('the filters narrow the list by type, country and dates', async ({ page }) => {
  const filterButton = page.getByRole('button', { name: 'Filter', exact: true });
  await filterButton.click();
  await expect(page.getByRole('menu', { name: 'Filter' }).getByRole('menuitemradio')).toHaveText([
    'Filter',
    'Date',
    'Country',
    'Type',
  ]);
  await page.getByRole('menuitemradio', { name: 'Type', exact: true }).click();
  await expect(page.getByRole('menu', { name: 'Type' }).getByRole('menuitemradio')).toHaveText([
    'LLC',
    'C-corp',
  ]);
  await page.getByRole('menuitemradio', { name: 'C-corp', exact: true }).click();
  await expectAddress(page, '/document-page', { filter: 'type', type: 'C-corp' });
  await expectListOf(page, businessApiPaths.list, { filter: 'type', type: 'C-corp' });

  await filterButton.click();
  await page.getByRole('menuitemradio', { name: 'Country', exact: true }).click();
  await page.getByRole('menuitemradio', { name: 'USA', exact: true }).click();
  await expectAddress(page, '/document-page', { filter: 'country', country: 'USA' });
  await expectListOf(page, businessApiPaths.list, { filter: 'country', country: 'USA' });

  await filterButton.click();
  await page.getByRole('menuitemradio', { name: 'Date', exact: true }).click();
  const calendar = page.getByRole('group', { name: 'Date' });
  await calendar.getByRole('button', { name: 'Go to the Previous Month' }).click();
  await calendar
    .getByRole('grid')
    .getByRole('button', { name: /\b2nd\b/ })
    .click();
  await calendar
    .getByRole('grid')
    .getByRole('button', { name: /\b20th\b/ })
    .click();
  await calendar.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/filter=date/);
  const query = Object.fromEntries(new URL(page.url()).searchParams);
  expect(query.start_date_iso).toMatch(/^\d{4}-\d{2}-02$/);
  expect(query.end_date_iso).toBe(`${query.start_date_iso!.slice(0, 8)}20`);
  await expectListOf(page, businessApiPaths.list, query);
});

test('a row opens the Preview of its documents, and See all docs opens the business', async ({
  page,
}) => {
  const { businesses } = await api.list(businessApiPaths.list, { page: '1', page_size: PAGE_SIZE });
  const withDocuments = businesses.find(
    (business) => business.total_files.kyb.length + business.total_files.kyc.length > 0,
  );
  expect(withDocuments, 'a business with documents on the first page').toBeDefined();
  const business = withDocuments!;
  await expectRows(table(page), businesses.map(documentRowCells));

  await table(page).getByRole('cell', { name: business.business_name, exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview).toBeVisible();
  await expect(preview).toContainText(business.business_name);
  // KYC first, then KYB, each with its size in KB.
  await expect(preview.getByRole('listitem')).toHaveText(
    [...business.total_files.kyc, ...business.total_files.kyb].map(
      // Each with its View button (docs/product.md §12.2).
      (document) => `${document.document_title}${shownFileSize(document.size)}View`,
    ),
  );

  // Close leaves the list as it was.
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();

  // A business without documents says so (the fixture businesses, newest, are on page 1).
  const withoutDocuments = businesses.find(
    (candidate) => candidate.total_files.kyb.length + candidate.total_files.kyc.length === 0,
  );
  expect(withoutDocuments, 'a business without documents on the first page').toBeDefined();
  await table(page)
    .getByRole('cell', { name: withoutDocuments!.business_name, exact: true })
    .click();
  await expect(preview).toContainText('No verification documents available.');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await table(page).getByRole('cell', { name: business.business_name, exact: true }).click();
  await preview.getByRole('button', { name: 'See all docs' }).click();
  await expect(page).toHaveURL(`/full-business-details/${business.uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(business.business_name);
});

test('a list the server refuses shows its message in the table', async ({ page }) => {
  await page.goto('/document-page?page=999999999');
  // docs/product.md §8: 'Error: {message}', the server's own detail.
  await expect(table(page).getByRole('alert')).toHaveText(
    `Error: page must be a whole number from 1 to ${MAX_PAGE}.`,
  );
});
