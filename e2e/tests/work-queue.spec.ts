import { expect, test, type Page } from '@playwright/test';
import { businessApiPaths, manageTexts } from '@fd/contract';
import { expectNoViolations } from '../a11y.ts';
import { businessApi, columnCells, shownReasons, type BusinessApi } from '../business-oracle.ts';
import { accounts } from '../fixtures.ts';
import { restoreSession, signInOnce, type SignedInState } from '../session.ts';

/**
 * 'Needs attention' (docs/product.md §11.5): a business whose step has waited past its limit is
 * in the queue, longest waiting first; moving that step on its manage page takes it out, and the
 * queue's count follows.
 */

let session: SignedInState;
test.beforeAll(async ({ browser }) => {
  session = await signInOnce(browser, accounts.queue);
});

const QUEUE = businessApiPaths.listByStatus('attention');
const queueTab = (page: Page) => page.getByRole('tab', { name: /^Needs attention\b/ });
const table = (page: Page) => page.getByRole('table', { name: 'Businesses' });

async function queueCount(api: BusinessApi): Promise<number> {
  return (await api.list(QUEUE)).total_count;
}

test('a step past its limit is in the queue, oldest first, and leaves it once moved', async ({
  page,
}) => {
  await restoreSession(page, session);
  await page.goto('/business');
  const api = await businessApi(page, page.request);

  await queueTab(page).click();
  await expect(page).toHaveURL(/[?&]status=attention\b/);
  await expect(page.getByText(/waited longer than its limit/)).toBeVisible();
  const first = await api.list(QUEUE, { page_size: '10' });
  expect(first.total_count).toBeGreaterThan(0);
  // The rows shown are the API's, longest waiting first.
  await expect(table(page).locator('tbody tr')).toHaveCount(first.businesses.length);
  const since = first.businesses.map((row) =>
    new Date(row.current_business_formation_activity?.since ?? 0).getTime(),
  );
  expect(since).toEqual([...since].sort((a, b) => a - b));
  // Each row says why it waits: the API's reasons (at least one), in words, in the last column.
  expect(first.businesses.every((row) => (row.attention_reasons ?? []).length > 0)).toBe(true);
  await expect(table(page).locator('thead th').last()).toHaveText('Waiting on');
  await expect(table(page).locator('tbody tr td:last-child')).toHaveText(
    first.businesses.map((row) => shownReasons(row) ?? ''),
  );
  await expect(queueTab(page)).toHaveAccessibleName(
    `Needs attention ${first.total_count.toLocaleString('en-US')}`,
  );

  // A paid business (no receipt to verify) whose current step can be approved.
  const all = await api.list(QUEUE, { page_size: '100', account_level: 'PAID' });
  const chosen = all.businesses.find(
    (row) => row.current_business_formation_activity?.status === 'PENDING',
  );
  expect(chosen, 'a paid business in the queue on a pending step').toBeDefined();
  const stepName = chosen!.current_business_formation_activity!.status_item_name;
  const before = await queueCount(api);

  await page.goto(`/manage-business/${chosen!.uuid}`);
  const step = page
    .getByRole('region', { name: 'Status management' })
    .getByRole('listitem', { name: stepName, exact: true });
  await step.getByRole('button', { name: `Change status of ${stepName}` }).click();
  await page.getByRole('menuitem', { name: 'Processing', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: manageTexts.confirmStatus });
  await confirm.getByRole('button', { name: manageTexts.updateStatus, exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(step.getByText('Processing', { exact: true })).toBeVisible();

  // Back on the queue: the business has gone from it, and the count is one less.
  await page.goto(`/business?status=attention&search=${encodeURIComponent(chosen!.business_name)}`);
  await expect(table(page).getByText(chosen!.business_name, { exact: true })).toHaveCount(0);
  expect((await api.list(QUEUE, { search: chosen!.business_name })).businesses).toHaveLength(0);
  expect(await queueCount(api)).toBe(before - 1);
  await expect(queueTab(page)).toHaveAccessibleName(
    `Needs attention ${(before - 1).toLocaleString('en-US')}`,
  );
});

test("the side menu's Dashboard opens the queue at its first page from any list", async ({
  page,
}) => {
  await restoreSession(page, session);
  // All clients, page 2: the page is stored for the list (docs/product.md §4.7).
  await page.goto('/business');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2 of/)).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/business\?status=attention$/);
  await expect(queueTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/^Page 1 of/)).toBeVisible();
  const api = await businessApi(page, page.request);
  const first = await api.list(QUEUE, { page_size: '10' });
  await expect(table(page).locator('tbody tr').first()).toContainText(
    first.businesses[0]!.business_name,
  );
});

test('a column header sorts the list both ways, kept in the address and on reload', async ({
  page,
}) => {
  // Two orders, a reload and an axe check of the whole list.
  test.setTimeout(90_000);
  await restoreSession(page, session);
  await page.goto('/business');
  const api = await businessApi(page, page.request);
  const header = table(page).getByRole('columnheader', { name: 'Name' });
  // The names shown (the third column, after the tick box and the email), as the API orders them.
  const names = columnCells(table(page), 3);
  const namesOf = async (sort: string) =>
    (await api.list(businessApiPaths.all, { sort })).businesses.map((row) => row.business_name);

  await header.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/[?&]sort=business_name(&|$)/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByLabel('Sort')).toHaveValue('business_name');
  const ascending = await namesOf('business_name');
  await expect(names).toHaveText(ascending);
  // A to Z whatever the case.
  const lowered = ascending.map((name) => name.toLowerCase());
  expect(lowered).toEqual([...lowered].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

  await page.reload();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(names).toHaveText(ascending);
  await expectNoViolations(page, '/business sorted by name');

  // From the keyboard, the other way.
  await header.getByRole('button', { name: 'Name' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]sort=-business_name(&|$)/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(names).toHaveText(await namesOf('-business_name'));
  // The Sort select shows the same order; choosing another leaves the header unsorted.
  await expect(page.getByLabel('Sort')).toHaveValue('-business_name');
  await page.getByLabel('Sort').selectOption('created_at');
  await expect(page).toHaveURL(/[?&]sort=created_at(&|$)/);
  await expect(header).not.toHaveAttribute('aria-sort');
});
