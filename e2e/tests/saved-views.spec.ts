import { expect, test, type Page } from '@playwright/test';
import {
  API_BASE_PATH,
  businessApiPaths,
  incorporationCountries,
  savedViewApiPaths,
  type SavedView,
} from '@fd/contract';
import { expectNoViolations, phoneViewport } from '../a11y.ts';
import {
  businessApi,
  businessRowCells,
  expectAddress,
  expectRows,
  resultCount,
  type BusinessApi,
} from '../business-oracle.ts';
import { accounts } from '../fixtures.ts';
import { restoreSession, signInOnce, storedToken, type SignedInState } from '../session.ts';

/**
 * Saved views (docs/product.md §11.4; docs/decisions/103-saved-views-are-list-addresses.md): a
 * manager shapes the list, saves it as a view, opens it again from the 'Views' menu after leaving
 * it, and copies its link; a colleague opens that link and sees the same tab, filter, page size
 * and rows, compared with the real API's answer, and none of the first manager's views.
 */

const PAGE_SIZE = '25';

let owner: SignedInState;
let colleague: SignedInState;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeAll(async ({ browser }) => {
  owner = await signInOnce(browser, accounts.viewsOwner);
  colleague = await signInOnce(browser, accounts.viewsColleague);
});

const table = (page: Page) => page.getByRole('table', { name: 'Businesses' });
const viewsButton = (page: Page) => page.getByRole('button', { name: 'Views', exact: true });
const viewsPanel = (page: Page) => page.getByRole('dialog', { name: 'Saved views' });
const queuedTab = (page: Page) => page.getByRole('tab', { name: /^Queued/ });

/** A country whose Queued tab holds more than one page of ten: asked of the API. */
async function busyQueuedCountry(api: BusinessApi): Promise<string> {
  for (const country of incorporationCountries) {
    const { total_count } = await api.list(businessApiPaths.listByStatus('pending'), { country });
    if (total_count > 10) return country;
  }
  throw new Error('The demo has no country with more than ten queued businesses.');
}

/** The screen shows the Queued tab of `country`, 25 rows a page, as the API lists it. */
async function expectQueuedView(page: Page, api: BusinessApi, country: string): Promise<void> {
  await expectAddress(page, '/business', { status: 'pending', country, page_size: PAGE_SIZE });
  await expect(queuedTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Applied filters' }).getByRole('button')).toHaveText([
    `Country: ${country}`,
  ]);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue(PAGE_SIZE);
  const answer = await api.list(businessApiPaths.listByStatus('pending'), {
    country,
    page: '1',
    page_size: PAGE_SIZE,
  });
  expect(answer.businesses.length, 'more than ten rows: the page size shows').toBeGreaterThan(10);
  await expectRows(table(page), answer.businesses.map(businessRowCells));
  await expect(resultCount(page, answer.total_count)).toBeVisible();
}

/** The manager's views, as the API keeps them. */
async function savedViews(page: Page): Promise<SavedView[]> {
  const response = await page.request.get(`${API_BASE_PATH}/${savedViewApiPaths.list}`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  await expect(response).toBeOK();
  return ((await response.json()) as { data: { views: SavedView[] } }).data.views;
}

test('a view is saved, reopened from the menu, and its link opens it for a colleague', async ({
  browser,
  page,
  request,
}) => {
  await restoreSession(page, owner);
  await page.goto('/business');
  const api = await businessApi(page, request);
  const country = await busyQueuedCountry(api);
  const name = `Queued in ${country}`;

  // Shaped as a manager shapes it: the tab, a country, 25 rows a page.
  await queuedTab(page).click();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page
    .getByRole('menu', { name: 'Filter' })
    .getByRole('menuitemcheckbox', { name: 'Country', exact: true })
    .click();
  await page
    .getByRole('menu', { name: 'Country' })
    .getByRole('menuitemradio', { name: country, exact: true })
    .click();
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption(PAGE_SIZE);
  await expectQueuedView(page, api, country);

  await viewsButton(page).click();
  await expect(viewsPanel(page).getByText('No saved views yet')).toBeVisible();
  await viewsPanel(page).getByRole('button', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save current view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByText(`Saved the view "${name}".`)).toBeVisible();
  expect(await savedViews(page)).toMatchObject([
    {
      name,
      query: new URLSearchParams({ status: 'pending', country, page_size: PAGE_SIZE }).toString(),
    },
  ]);

  // Away to another view of the list, then back through the menu.
  await page.getByRole('tab', { name: /^All clients/ }).click();
  await page.getByRole('button', { name: /^Remove Country/ }).click();
  await expectAddress(page, '/business', { page_size: PAGE_SIZE });
  await viewsButton(page).click();
  const link = viewsPanel(page).getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(link).not.toHaveAttribute('aria-current');
  await link.click();
  await expectQueuedView(page, api, country);

  // Marked as the view on screen; its link copied whole.
  await viewsButton(page).click();
  await expect(
    viewsPanel(page).getByRole('link', { name: new RegExp(`^${name}`) }),
  ).toHaveAttribute('aria-current', 'page');
  await viewsPanel(page)
    .getByRole('button', { name: `Copy link to ${name}` })
    .click();
  await expect(viewsPanel(page).getByRole('status')).toHaveText('Link copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).origin).toBe(new URL(page.url()).origin);

  // The colleague opens the address: the same view, and the rows the API gives them.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const other = await context.newPage();
    await restoreSession(other, colleague);
    await other.goto(copied);
    const otherApi = await businessApi(other, context.request);
    await expectQueuedView(other, otherApi, country);
    await viewsButton(other).click();
    await expect(viewsPanel(other).getByText('No saved views yet')).toBeVisible();
    expect(await savedViews(other)).toEqual([]);
  } finally {
    await context.close();
  }
});

test('on a phone the menu opens as a sheet, and a view is renamed and deleted', async ({
  page,
}) => {
  await page.setViewportSize(phoneViewport);
  await restoreSession(page, owner);
  await page.goto('/business?status=incorporated');
  await viewsButton(page).click();
  await viewsPanel(page).getByRole('button', { name: 'Save current view…' }).click();
  await page.getByRole('dialog', { name: 'Save current view' }).getByLabel('Name').fill('Done');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved the view "Done".')).toBeVisible();

  await viewsButton(page).click();
  const box = await viewsPanel(page).boundingBox();
  expect(box?.width).toBe(phoneViewport.width);
  await expectNoViolations(page, 'the Views menu, open at 390×844');
  await viewsPanel(page).getByRole('button', { name: 'Rename Done' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename "Done"' });
  await rename.getByLabel('Name').fill('Incorporated');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('Renamed the view to "Incorporated".')).toBeVisible();
  expect((await savedViews(page)).map((view) => view.name)).toContain('Incorporated');

  await viewsButton(page).click();
  await viewsPanel(page).getByRole('button', { name: 'Delete Incorporated' }).click();
  await page.getByRole('button', { name: 'Delete view' }).click();
  await expect(page.getByText('Deleted the view "Incorporated".')).toBeVisible();
  expect((await savedViews(page)).map((view) => view.name)).not.toContain('Incorporated');
});
