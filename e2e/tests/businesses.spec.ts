import { expect, test, type Page } from '@playwright/test';
import { API_BASE_PATH, businessApiPaths, LIST_PAGE_SIZE } from '@fd/contract';
import {
  businessApi,
  businessRowCells,
  columnCells,
  expectRows,
  shownCount,
  resultCount,
  expectAddress,
  shownStatus,
  type BusinessApi,
  type ListQuery,
} from '../business-oracle.ts';
import { accounts, fixtureBusinesses } from '../fixtures.ts';
import { restoreSession, signInOnce, type SignedInState } from '../session.ts';

/**
 * /business against the seeded demo (docs/product.md §2, §4, §8, §9): every
 * count, row and total on screen is compared with the real API's answer to the
 * same question.
 */

const PAGE_SIZE = String(LIST_PAGE_SIZE);

/** The six tabs of docs/product.md §2 and the queue, the `status` each keeps in the address, and the endpoint it lists. */
const tabs: { name: string; status: string | null; path: string; query: ListQuery }[] = [
  { name: 'All clients', status: null, path: businessApiPaths.list, query: {} },
  {
    name: 'Incorporated',
    status: 'incorporated',
    path: businessApiPaths.listByStatus('incorporated'),
    query: {},
  },
  {
    name: 'Processing',
    status: 'PROCESSING',
    path: businessApiPaths.list,
    query: { processing_status: 'PROCESSING', business_formation_status: 'Incorporation_Status' },
  },
  { name: 'Queued', status: 'pending', path: businessApiPaths.listByStatus('pending'), query: {} },
  {
    name: 'Verified payments',
    status: 'CONFIRMED',
    path: businessApiPaths.all,
    query: { payment_status: 'CONFIRMED' },
  },
  {
    name: 'Unconfirmed payments',
    status: 'UNCONFIRMED',
    path: businessApiPaths.all,
    query: { payment_status: 'UNCONFIRMED' },
  },
  // Ours: the work queue (docs/product.md §11.5).
  {
    name: 'Needs attention',
    status: 'attention',
    path: businessApiPaths.listByStatus('attention'),
    query: {},
  },
];

let session: SignedInState;
let api: BusinessApi;

test.beforeAll(async ({ browser }) => {
  session = await signInOnce(browser, accounts.businesses);
});

test.beforeEach(async ({ page, request }) => {
  await restoreSession(page, session);
  await page.goto('/business');
  api = await businessApi(page, request);
});

const table = (page: Page) => page.getByRole('table', { name: 'Businesses' });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search businesses' });
/** A tab by its label: tabs are named as they read, the label then the count (WCAG 2.5.3). */
const tabNamed = (label: string) => new RegExp(`^${label}(?: [\\d,]+)?$`);

const filterButton = (page: Page) => page.getByRole('button', { name: 'Filter', exact: true });

/** The address is /business with exactly these query parameters. */

/** The table shows the API's page of this list (all cells) and the pagination its total. */
async function expectListOf(
  page: Page,
  path: string,
  query: ListQuery,
  pageNumber = 1,
): Promise<void> {
  const answer = await api.list(path, { ...query, page: String(pageNumber), page_size: PAGE_SIZE });
  expect(answer.businesses.length, `the API has rows for ${path}`).toBeGreaterThan(0);
  await expectRows(table(page), answer.businesses.map(businessRowCells));
  await expect(resultCount(page, answer.total_count)).toBeVisible();
}

/**
 * Opens the filter dropdown and chooses one of its items (and a value, when it has a list). The
 * kinds are checkboxes, as several apply at once; 'Filter' is the action that clears them
 * (docs/product.md §11.2).
 */
async function chooseFilter(page: Page, item: string, value?: string): Promise<void> {
  await filterButton(page).click();
  await page
    .getByRole('menu', { name: 'Filter' })
    .getByRole(item === 'Filter' ? 'menuitem' : 'menuitemcheckbox', { name: item, exact: true })
    .click();
  if (value !== undefined) {
    await page
      .getByRole('menu', { name: item })
      .getByRole('menuitemradio', { name: value, exact: true })
      .click();
  }
}

test('the heading, the columns and each tab with the count the API gives', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
  await expect(table(page).getByRole('columnheader')).toHaveText([
    // The tick box of the page's rows (docs/product.md §11.6): no text.
    '',
    'Email address',
    'Name',
    'Business level',
    'Type',
    'Country',
    'Status',
    'Activity',
    'In step',
  ]);
  await expect(page.getByRole('tab')).toHaveText(tabs.map((tab) => new RegExp(`^${tab.name}`)));
  for (const tab of tabs) {
    const { total_count } = await api.list(tab.path, tab.query);
    await expect(page.getByRole('tab', { name: tabNamed(tab.name) })).toHaveAccessibleName(
      `${tab.name} ${shownCount(total_count)}`,
    );
  }
});

test('each tab keeps its status in the address and lists its first page, shown by the rules', async ({
  page,
}) => {
  const statusesShown = new Set<string>();
  const levelsShown = new Set<string>();
  for (const tab of tabs) {
    const tabButton = page.getByRole('tab', { name: tabNamed(tab.name) });
    await tabButton.click();
    await expect(tabButton).toHaveAttribute('aria-selected', 'true');
    await expectAddress(page, '/business', tab.status ? { status: tab.status } : {});

    const answer = await api.list(tab.path, { ...tab.query, page: '1', page_size: PAGE_SIZE });
    // The Name column first, as the brief words it; then every cell by docs/product.md's display rules.
    await expect(columnCells(table(page), 3)).toHaveText(
      answer.businesses.map((business) => business.business_name),
    );
    await expectRows(table(page), answer.businesses.map(businessRowCells));
    await expect(resultCount(page, answer.total_count)).toBeVisible();
    for (const business of answer.businesses) {
      statusesShown.add(shownStatus(business));
      levelsShown.add(business.is_registered_company ? 'Existing Business' : 'New Business');
    }
  }
  // The first pages of the seeded tabs exercise every label (else the rules above went untested).
  expect([...statusesShown].sort()).toEqual(['Completed', 'Failed', 'Pending', 'Processing']);
  expect([...levelsShown].sort()).toEqual(['Existing Business', 'New Business']);

  // A null company type shows Nil (the empty fixture, the newest business on All clients).
  await page.getByRole('tab', { name: tabNamed('All clients') }).click();
  await expectAddress(page, '/business', {});
  const emptyRow = table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: fixtureBusinesses.empty.name, exact: true }) });
  await expect(emptyRow.getByRole('cell').nth(4)).toHaveText('Nil');
});

test('search waits for typing to pause, then lists what the API finds', async ({ page }) => {
  // A fragment from the middle of a demo name, in another case: substring and case-insensitive.
  const secondPage = await api.list(businessApiPaths.list, { page: '2', page_size: PAGE_SIZE });
  const word = secondPage.businesses[0]!.business_name.split(' ')[0]!;
  const fragment = word.slice(1, 5).toUpperCase();

  const addressedSearches: string[] = [];
  const requestedSearches: string[] = [];
  page.on('framenavigated', (frame) => {
    const search = new URL(frame.url()).searchParams.get('search');
    if (frame === page.mainFrame() && search !== null) addressedSearches.push(search);
  });
  page.on('request', (request) => {
    const search = new URL(request.url()).searchParams.get('search');
    if (request.url().includes('/manager/business/') && search !== null) {
      requestedSearches.push(search);
    }
  });

  // Keys 100 ms apart, well under the 500 ms pause: one search, for the whole fragment.
  await searchBox(page).pressSequentially(fragment, { delay: 100 });
  await expectAddress(page, '/business', { search: fragment });
  await expectListOf(page, businessApiPaths.list, { search: fragment });
  expect(addressedSearches.length).toBeGreaterThan(0);
  expect(new Set(addressedSearches)).toEqual(new Set([fragment]));
  expect(new Set(requestedSearches)).toEqual(new Set([fragment]));

  // A reload keeps the search, in the address and in the box.
  await page.reload();
  await expect(searchBox(page)).toHaveValue(fragment);
  await expectListOf(page, businessApiPaths.list, { search: fragment });

  const nothing = 'no business is called this';
  await searchBox(page).fill(nothing);
  await expectAddress(page, '/business', { search: nothing });
  expect((await api.list(businessApiPaths.list, { search: nothing })).total_count).toBe(0);
  await expect(table(page).getByText('No data found', { exact: true })).toBeVisible();
  await expect(resultCount(page, 0)).toBeVisible();

  // Clearing the box lists everything again.
  await searchBox(page).fill('');
  await expectAddress(page, '/business', {});
  await expectListOf(page, businessApiPaths.list, {});
});

test('the filter menu narrows the list by type, country and payment, together, and a reload keeps it', async ({
  page,
}) => {
  await filterButton(page).click();
  await expect(page.getByRole('menu', { name: 'Filter' }).locator('[role^="menuitem"]')).toHaveText(
    ['Filter', 'Date', 'Country', 'Type', 'Paid', 'Unpaid'],
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  // Each choice adds its kind to the others (docs/product.md §11.2).
  const cases: { item: string; value?: string; query: ListQuery; summary: string }[] = [
    { item: 'Type', value: 'LLC', query: { type: 'LLC' }, summary: 'Type: LLC' },
    {
      item: 'Country',
      value: 'UK',
      query: { type: 'LLC', country: 'UK' },
      summary: 'Country: UK, Type: LLC',
    },
    { item: 'Filter', query: {}, summary: '' },
    { item: 'Paid', query: { account_level: 'PAID' }, summary: 'Paid' },
    // Unpaid replaces Paid.
    { item: 'Unpaid', query: { account_level: 'UNPAID' }, summary: 'Unpaid' },
  ];
  for (const { item, value, query, summary } of cases) {
    await chooseFilter(page, item, value);
    await expectAddress(page, '/business', query);
    if (summary) await expect(filterButton(page)).toHaveAccessibleDescription(summary);
    else await expect(filterButton(page)).not.toHaveAttribute('aria-describedby');
    await expectListOf(page, businessApiPaths.list, query);
  }

  // A filter on a tab narrows that tab's endpoint.
  await page.getByRole('tab', { name: tabNamed('Incorporated') }).click();
  await expectAddress(page, '/business', { status: 'incorporated', account_level: 'UNPAID' });
  // Unpaid chosen again is removed; C-corp then narrows the tab alone.
  await chooseFilter(page, 'Unpaid');
  await expectAddress(page, '/business', { status: 'incorporated' });
  await chooseFilter(page, 'Type', 'C-corp');
  const onTab = { status: 'incorporated', type: 'C-corp' };
  await expectAddress(page, '/business', onTab);
  await expectListOf(page, businessApiPaths.listByStatus('incorporated'), { type: 'C-corp' });

  await page.reload();
  await expectAddress(page, '/business', onTab);
  await expect(filterButton(page)).toHaveAccessibleDescription('Type: C-corp');
  await expect(page.getByRole('tab', { name: tabNamed('Incorporated') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectListOf(page, businessApiPaths.listByStatus('incorporated'), { type: 'C-corp' });

  // 'Filter' removes the filter and keeps the tab.
  await chooseFilter(page, 'Filter');
  await expectAddress(page, '/business', { status: 'incorporated' });
  await expect(filterButton(page)).not.toHaveAttribute('aria-describedby');
  await expectListOf(page, businessApiPaths.listByStatus('incorporated'), {});
});

test('the date filter sends the two days picked on the calendar', async ({ page }) => {
  await chooseFilter(page, 'Date');
  const calendar = page.getByRole('group', { name: 'Date' });
  await expect(calendar.getByText('Choose the first and the last day.')).toBeVisible();
  const apply = calendar.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();

  // Last month is whole and in the past: the demo has businesses created on its days.
  await calendar.getByRole('button', { name: 'Go to the Previous Month' }).click();
  const monthGrid = calendar.getByRole('grid');
  await monthGrid.getByRole('button', { name: /\b1st\b/ }).click();
  await monthGrid.getByRole('button', { name: /\b15th\b/ }).click();
  await apply.click();

  await expect(page).toHaveURL(/start_date_iso=.*end_date_iso=/);
  const query = Object.fromEntries(new URL(page.url()).searchParams);
  const { start_date_iso: start, end_date_iso: end } = query;
  expect(Object.keys(query).sort()).toEqual(['end_date_iso', 'start_date_iso']);
  expect(start).toMatch(/^\d{4}-\d{2}-01$/);
  expect(end).toBe(`${start!.slice(0, 8)}15`);
  await expectListOf(page, businessApiPaths.list, query);
  // en-US short dates (docs/product.md §9): 10/1/2026 – 10/15/2026.
  const [year, month] = [start!.slice(0, 4), Number(start!.slice(5, 7))];
  const shownRange = `${month}/1/${year} – ${month}/15/${year}`;
  await expect(filterButton(page)).toHaveAccessibleDescription(`Date: ${shownRange}`);

  await page.reload();
  await expectAddress(page, '/business', query);
  await expectListOf(page, businessApiPaths.list, query);
});

test('the activity popup filters by step and status', async ({ page }) => {
  const opener = page.getByRole('button', { name: 'Filter by activity' });
  await opener.click();
  const popup = page.getByRole('dialog', { name: 'Filter by activity' });
  const activities = popup.getByRole('group', { name: 'Activity' });
  const statuses = popup.getByRole('group', { name: 'Status' });
  await expect(activities.getByRole('radio')).toHaveCount(8);
  await expect(statuses.getByRole('radio')).toHaveCount(3);
  await expect(popup.getByRole('button', { name: 'Apply' })).toBeDisabled();

  await activities.getByRole('radio', { name: 'Incorporation Status' }).check();
  await statuses.getByRole('radio', { name: 'Processing' }).check();
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(popup).toBeHidden();

  const query = {
    business_formation_status: 'Incorporation_Status',
    processing_status: 'PROCESSING',
  };
  await expectAddress(page, '/business', query);
  await expectListOf(page, businessApiPaths.list, query);
  const rowCount = await columnCells(table(page), 7).count();
  await expect(columnCells(table(page), 7)).toHaveText(Array(rowCount).fill('Processing'));
  await expect(columnCells(table(page), 8)).toHaveText(
    Array(rowCount).fill('Incorporation Status'),
  );

  // On the Processing tab the tab itself is this filter: the popup has nothing to add.
  await page.getByRole('tab', { name: tabNamed('Processing') }).click();
  await expectAddress(page, '/business', { status: 'PROCESSING' });
  await expect(opener).toBeDisabled();
});

test('pagination pages through the API, keeps the page in the address and session', async ({
  page,
}) => {
  const previous = pagination(page).getByRole('button', { name: 'Previous' });
  const next = pagination(page).getByRole('button', { name: 'Next' });
  const first = await api.list(businessApiPaths.list, { page: '1', page_size: PAGE_SIZE });
  const lastPage = Math.ceil(first.total_count / Number(PAGE_SIZE));
  expect(lastPage).toBeGreaterThan(2);

  await expectListOf(page, businessApiPaths.list, {});
  await expect(pagination(page).getByText(`Page 1 of ${lastPage}`, { exact: true })).toBeVisible();
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  await next.click();
  await expectAddress(page, '/business', { page: '2' });
  await expectListOf(page, businessApiPaths.list, {}, 2);
  await expect(pagination(page).getByText(`Page 2 of ${lastPage}`, { exact: true })).toBeVisible();
  await expect(previous).toBeEnabled();
  expect(await page.evaluate(() => sessionStorage.getItem('business_page'))).toBe('2');

  await page.reload();
  await expectAddress(page, '/business', { page: '2' });
  await expectListOf(page, businessApiPaths.list, {}, 2);

  await page.goBack();
  await expectAddress(page, '/business', {});
  await expectListOf(page, businessApiPaths.list, {}, 1);
  await expect(previous).toBeDisabled();

  // The last page, by the address: Next has nowhere to go.
  await page.goto(`/business?page=${lastPage}`);
  await expectListOf(page, businessApiPaths.list, {}, lastPage);
  await expect(
    pagination(page).getByText(`Page ${lastPage} of ${lastPage}`, { exact: true }),
  ).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();

  // A search with one result is one page.
  await searchBox(page).fill(fixtureBusinesses.empty.name);
  await expectAddress(page, '/business', { search: fixtureBusinesses.empty.name });
  await expectListOf(page, businessApiPaths.list, { search: fixtureBusinesses.empty.name });
  await expect(resultCount(page, 1)).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(previous).toBeDisabled();
});

test('a click or Enter on a row opens that business', async ({ page }) => {
  const { businesses } = await api.list(businessApiPaths.list, { page: '1', page_size: PAGE_SIZE });
  await expectRows(table(page), businesses.map(businessRowCells));

  await table(page).getByRole('cell', { name: businesses[0]!.business_name, exact: true }).click();
  await expect(page).toHaveURL(`/full-business-details/${businesses[0]!.uuid}`);

  await page.goBack();
  await expectAddress(page, '/business', {});
  const thirdRow = table(page).locator('tbody tr').nth(2);
  await expect(thirdRow).toContainText(businesses[2]!.business_name);
  await thirdRow.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/full-business-details/${businesses[2]!.uuid}`);
});

test('Go back from a business returns to the page it was opened from', async ({ page }) => {
  await pagination(page).getByRole('button', { name: 'Next' }).click();
  await expectAddress(page, '/business', { page: '2' });
  const { businesses } = await api.list(businessApiPaths.list, { page: '2', page_size: PAGE_SIZE });
  await expectRows(table(page), businesses.map(businessRowCells));

  await table(page).getByRole('cell', { name: businesses[0]!.business_name, exact: true }).click();
  await expect(page).toHaveURL(`/full-business-details/${businesses[0]!.uuid}`);
  // 'Go back' links to /business itself: the page comes from session storage (docs/product.md §4).
  await page.getByRole('link', { name: 'Go back' }).click();
  await expectAddress(page, '/business', { page: '2' });
  await expectListOf(page, businessApiPaths.list, {}, 2);
});

test('a list the server refuses shows the error text', async ({ page }) => {
  // The screen takes any whole page number from the address; the API refuses one this large.
  await page.goto('/business?page=999999999');
  await expect(table(page).getByRole('alert')).toHaveText('Error: Something went wrong :(');
});

test('a cold load asks for the list while the screen’s code is still loading, and only once', async ({
  page,
}) => {
  // A new tab (nothing cached, no stored page) on an address with a tab and a filter. The screen's
  // chunk is held back, as a slow network would, until the list has been asked for: the route asks
  // for it from the address while the chunks load
  // (docs/decisions/051-the-list-screens-first-calls-start-with.md), where it used to be asked for
  // only once the screen had loaded and rendered.
  const cold = await page.context().newPage();
  const listPath = `${API_BASE_PATH}/${businessApiPaths.listByStatus('incorporated')}`;
  const events: string[] = [];
  const businessCalls: string[] = [];
  cold.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(`${API_BASE_PATH}/manager/business/`)) {
      businessCalls.push(`${url.pathname}${url.search}`);
    }
    if (url.pathname === listPath && url.searchParams.has('page')) events.push('list asked');
  });
  cold.on('requestfinished', (request) => {
    if (isScreenChunk(request.url())) events.push('screen chunk loaded');
  });
  let releaseChunk = () => {};
  const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
  await cold.route(isScreenChunk, async (route) => {
    events.push('screen chunk held');
    await chunkHeld;
    await route.continue();
  });

  await cold.goto('/business?status=incorporated&type=C-corp', { waitUntil: 'commit' });
  await expect
    .poll(() => events, { message: 'the list is asked for while the screen’s chunk is held' })
    .toContain('list asked');
  releaseChunk();

  await expectListOf(cold, businessApiPaths.listByStatus('incorporated'), { type: 'C-corp' });
  for (const tab of tabs) {
    const { total_count } = await api.list(tab.path, tab.query);
    await expect(cold.getByRole('tab', { name: tabNamed(tab.name) })).toHaveAccessibleName(
      `${tab.name} ${shownCount(total_count)}`,
    );
  }
  expect(events).toEqual(['screen chunk held', 'list asked', 'screen chunk loaded']);
  // The page of the list and the six counts, each asked for once: the screen took the answers.
  expect(businessCalls.toSorted()).toEqual(
    [
      `${listPath}?page=1&page_size=${PAGE_SIZE}&type=C-corp`,
      ...tabs.map(({ path, query }) => {
        const search = new URLSearchParams(query).toString();
        return `${API_BASE_PATH}/${path}${search ? `?${search}` : ''}`;
      }),
    ].toSorted(),
  );
  await cold.close();
});

/** The businesses screen's own chunk (the route's page names it; apps/web/build/route-preloads.ts). */
function isScreenChunk(url: string | URL): boolean {
  return /\/assets\/businesses-page-[\w-]+\.js$/.test(new URL(url).pathname);
}
