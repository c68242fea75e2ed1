import { expect, test, type Page, type Request } from '@playwright/test';
import {
  API_BASE_PATH,
  businessApiPaths,
  companyTypes,
  incorporationCountries,
  LIST_PAGE_SIZE,
} from '@fd/contract';
import { expectNoViolations, phoneViewport } from '../a11y.ts';
import {
  businessApi,
  businessRowCells,
  expectAddress,
  expectRows,
  resultCount,
  type BusinessApi,
  type ListQuery,
} from '../business-oracle.ts';
import { accounts } from '../fixtures.ts';
import { restoreSession, signInOnce, type SignedInState } from '../session.ts';

/**
 * Finding and shaping /business (docs/product.md §11.2): several filters at once and the rows per
 * page, all in the address. Every row on screen is compared with the real API's answer to the
 * same query, and the query the screen sends is read off the wire.
 */

const PAGE_SIZE = '25';

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
const filterButton = (page: Page) => page.getByRole('button', { name: 'Filter', exact: true });
const chips = (page: Page) => page.getByRole('list', { name: 'Applied filters' });
const rowsPerPage = (page: Page) => page.getByRole('combobox', { name: 'Rows per page' });

/** Opens the filter dropdown and adds a kind (with a value, when it has a list). */
async function addFilter(page: Page, item: string, value?: string): Promise<void> {
  await filterButton(page).click();
  await page
    .getByRole('menu', { name: 'Filter' })
    .getByRole('menuitemcheckbox', { name: item, exact: true })
    .click();
  if (value !== undefined) {
    await page
      .getByRole('menu', { name: item })
      .getByRole('menuitemradio', { name: value, exact: true })
      .click();
  }
}

/** The query of every page of the list the screen asks the API for (tab counts ask no page). */
function recordListQueries(page: Page): ListQuery[] {
  const queries: ListQuery[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (
      url.pathname === `${API_BASE_PATH}/${businessApiPaths.list}` &&
      url.searchParams.has('page')
    ) {
      queries.push(Object.fromEntries(url.searchParams));
    }
  });
  return queries;
}

/**
 * A country and a type that, with Paid, list more than one page of the default size, so that a
 * page of 25 shows more rows than a page of 10 would: asked of the API, not written here.
 */
async function busyCombination(): Promise<{ country: string; type: string; total: number }> {
  for (const country of incorporationCountries) {
    for (const type of companyTypes) {
      const { total_count } = await api.list(businessApiPaths.list, {
        country,
        type,
        account_level: 'PAID',
      });
      if (total_count > LIST_PAGE_SIZE) return { country, type, total: total_count };
    }
  }
  throw new Error('The demo has no country and type with more than ten paid businesses.');
}

/** The table and the total show the API's first page of this query, 25 rows to a page. */
async function expectListOf(page: Page, query: ListQuery): Promise<number> {
  const answer = await api.list(businessApiPaths.list, {
    ...query,
    page: '1',
    page_size: PAGE_SIZE,
  });
  expect(answer.businesses.length, 'the API has rows for this query').toBeGreaterThan(0);
  await expectRows(table(page), answer.businesses.map(businessRowCells));
  await expect(resultCount(page, answer.total_count)).toBeVisible();
  return answer.businesses.length;
}

test('country, type, Paid and 25 rows a page combine, survive a reload, and a chip removes one', async ({
  page,
}) => {
  const { country, type } = await busyCombination();
  const listQueries = recordListQueries(page);

  await addFilter(page, 'Country', country);
  await expectAddress(page, '/business', { country });
  await addFilter(page, 'Type', type);
  await addFilter(page, 'Paid');
  await rowsPerPage(page).selectOption(PAGE_SIZE);

  const combined = { country, type, account_level: 'PAID' };
  await expectAddress(page, '/business', { ...combined, page_size: PAGE_SIZE });
  const shown = await expectListOf(page, combined);
  // More than the ten of the default page: the page size reached the API.
  expect(shown).toBeGreaterThan(LIST_PAGE_SIZE);
  // The screen asked the API exactly this: every filter and the page size, page 1.
  expect(listQueries.at(-1)).toEqual({ ...combined, page: '1', page_size: PAGE_SIZE });

  const chipNames = [`Country: ${country}`, `Type: ${type}`, 'Paid'];
  await expect(chips(page).getByRole('button')).toHaveText(chipNames);
  await expect(filterButton(page)).toHaveAccessibleDescription(
    `Country: ${country}, Type: ${type}, Paid`,
  );
  await expectNoViolations(page, 'the list with three filters and their chips');

  // A reload gives the same view: filters, chips, page size, rows.
  await page.reload();
  await expectAddress(page, '/business', { ...combined, page_size: PAGE_SIZE });
  await expect(rowsPerPage(page)).toHaveValue(PAGE_SIZE);
  await expect(chips(page).getByRole('button')).toHaveText(chipNames);
  await expectListOf(page, combined);

  // The Type chip, removed from the keyboard: the other filters stay, and the rows follow.
  await chips(page)
    .getByRole('button', { name: `Remove Type: ${type}` })
    .focus();
  await page.keyboard.press('Enter');
  const withoutType = { country, account_level: 'PAID' };
  await expectAddress(page, '/business', { ...withoutType, page_size: PAGE_SIZE });
  await expect(chips(page).getByRole('button')).toHaveText([`Country: ${country}`, 'Paid']);
  await expect(chips(page).getByRole('button', { name: 'Remove Paid' })).toBeFocused();
  await expectListOf(page, withoutType);
  expect(listQueries.at(-1)).toEqual({ ...withoutType, page: '1', page_size: PAGE_SIZE });

  // Back brings the Type back; Forward takes it away again.
  await page.goBack();
  await expectAddress(page, '/business', { ...combined, page_size: PAGE_SIZE });
  await expectListOf(page, combined);
  await page.goForward();
  await expectAddress(page, '/business', { ...withoutType, page_size: PAGE_SIZE });
  await expectListOf(page, withoutType);

  // 'Clear filters' keeps the page size.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expectAddress(page, '/business', { page_size: PAGE_SIZE });
  await expect(chips(page)).toHaveCount(0);
  await expectListOf(page, {});
});

test('a hand-written address with several filters and an unknown page size', async ({ page }) => {
  const { country, type } = await busyCombination();
  const listQueries = recordListQueries(page);
  // Every filter the address names applies (not only the first); 30 rows is no choice: ten.
  await page.goto(
    `/business?type=${type}&country=${country}&account_level=paid&page_size=30&search=`,
  );
  const combined = { country, type, account_level: 'PAID' };
  await expect(rowsPerPage(page)).toHaveValue(String(LIST_PAGE_SIZE));
  const answer = await api.list(businessApiPaths.list, {
    ...combined,
    page: '1',
    page_size: String(LIST_PAGE_SIZE),
  });
  await expectRows(table(page), answer.businesses.map(businessRowCells));
  expect(answer.businesses).toHaveLength(LIST_PAGE_SIZE);
  await expect(chips(page).getByRole('button')).toHaveText([
    `Country: ${country}`,
    `Type: ${type}`,
    'Paid',
  ]);
  expect(listQueries.at(-1)).toEqual({
    ...combined,
    page: '1',
    page_size: String(LIST_PAGE_SIZE),
  });
});

test('on a phone the chips and the page size fit the screen and shape the cards', async ({
  page,
}) => {
  const { country, type } = await busyCombination();
  await page.setViewportSize(phoneViewport);
  await page.goto(`/business?country=${country}&type=${type}&account_level=PAID`);
  const cards = page.getByRole('list', { name: 'Businesses' }).getByRole('listitem');
  await expect(cards).toHaveCount(LIST_PAGE_SIZE);
  const chipButtons = chips(page).getByRole('button');
  await expect(chipButtons).toHaveCount(3);
  for (const chip of await chipButtons.all()) {
    await expect(chip).toBeInViewport({ ratio: 1 });
  }

  const size = rowsPerPage(page);
  await size.scrollIntoViewIfNeeded();
  await size.selectOption(PAGE_SIZE);
  await expectAddress(page, '/business', {
    country,
    type,
    account_level: 'PAID',
    page_size: PAGE_SIZE,
  });
  const answer = await api.list(businessApiPaths.list, {
    country,
    type,
    account_level: 'PAID',
    page: '1',
    page_size: PAGE_SIZE,
  });
  await expect(cards).toHaveCount(answer.businesses.length);
  await expect(cards.first()).toContainText(answer.businesses[0]!.business_name);
  await expect(cards.last()).toContainText(answer.businesses.at(-1)!.business_name);

  const widths = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(widths.scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(
    widths.clientWidth,
  );
  await expectNoViolations(page, 'the phone list with chips and 25 cards');
});

test('a new tab on such an address asks for its page once: the early call is the screen’s', async ({
  page,
}) => {
  const { country, type } = await busyCombination();
  // A new tab: nothing cached, no stored page. The route asks for the page while the screen's
  // code loads (docs/decisions/051-the-list-screens-first-calls-start-with.md); a screen asking
  // for anything else would ask a second time.
  const cold = await page.context().newPage();
  const listQueries = recordListQueries(cold);
  await cold.goto(`/business?country=${country}&type=${type}&account_level=PAID&page_size=25`);
  const combined = { country, type, account_level: 'PAID' };
  const answer = await api.list(businessApiPaths.list, {
    ...combined,
    page: '1',
    page_size: PAGE_SIZE,
  });
  await expectRows(table(cold), answer.businesses.map(businessRowCells));
  expect(listQueries).toEqual([{ page: '1', page_size: PAGE_SIZE, ...combined }]);
  await cold.close();
});
