import { spawn } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { API_BASE_PATH, businessApiPaths, manageApiPaths } from '@fd/contract';
import { rootDir } from '../api-instances.ts';
import { businessApi, type BusinessApi, type ListQuery } from '../business-oracle.ts';
import { accounts, E2E_DATA_DIR } from '../fixtures.ts';
import { restoreSession, signInOnce, storedToken, type SignedInState } from '../session.ts';

/**
 * The lists follow the live stream (docs/product.md § 10.2): a client's event and another
 * manager's change move the reader's tab counts in place, without a reload; new rows wait behind
 * '1 new business — show', so the rows, the page and the scroll the manager is reading stay put.
 */

let reader: SignedInState;
let colleague: SignedInState;

test.beforeAll(async ({ browser }) => {
  reader = await signInOnce(browser, accounts.liveReader);
  colleague = await signInOnce(browser, accounts.liveColleague);
});

/** The six tabs (docs/product.md §2) and the list each counts. */
const tabs: { label: string; path: string; query: ListQuery }[] = [
  { label: 'All clients', path: businessApiPaths.list, query: {} },
  { label: 'Incorporated', path: businessApiPaths.listByStatus('incorporated'), query: {} },
  {
    label: 'Processing',
    path: businessApiPaths.list,
    query: { processing_status: 'PROCESSING', business_formation_status: 'Incorporation_Status' },
  },
  { label: 'Queued', path: businessApiPaths.listByStatus('pending'), query: {} },
  {
    label: 'Verified payments',
    path: businessApiPaths.all,
    query: { payment_status: 'CONFIRMED' },
  },
  {
    label: 'Unconfirmed payments',
    path: businessApiPaths.all,
    query: { payment_status: 'UNCONFIRMED' },
  },
];
const tabCounts = (api: BusinessApi) =>
  Promise.all(tabs.map(async ({ path, query }) => (await api.list(path, query)).total_count));

const tab = (page: Page, label: string) =>
  page.getByRole('tab', { name: new RegExp(`^${label}(?: [\\d,]+)?$`) });
const tabShows = (page: Page, label: string, count: number) =>
  expect(tab(page, label)).toHaveAccessibleName(`${label} ${count.toLocaleString('en-US')}`);
const rowNames = (page: Page) =>
  page.getByRole('table', { name: 'Businesses' }).getByRole('row').allInnerTexts();

/** Opens /business for the reader, scrolled down, with a mark that a reload would wipe. */
async function readList(page: Page): Promise<{ api: BusinessApi; scrollY: number }> {
  await page.setViewportSize({ width: 1280, height: 500 });
  await restoreSession(page, reader);
  await page.goto('/business');
  const api = await businessApi(page, page.request);
  const all = await api.list(businessApiPaths.list);
  await tabShows(page, 'All clients', all.total_count);
  await expect(page.getByRole('table', { name: 'Businesses' }).getByRole('row')).toHaveCount(11);
  await page.evaluate(() => {
    (window as { liveMark?: boolean }).liveMark = true;
    window.scrollTo(0, 250);
  });
  const scrollY = await page.evaluate(() => window.scrollY);
  expect(scrollY, 'the page scrolls at this size').toBeGreaterThan(0);
  return { api, scrollY };
}

async function expectNotReloadedAndStill(page: Page, scrollY: number) {
  expect(await page.evaluate(() => (window as { liveMark?: boolean }).liveMark)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
  await expect(page).toHaveURL(/\/business$/);
}

test("another manager's change moves the reader's counts in place", async ({ page, browser }) => {
  const { api, scrollY } = await readList(page);
  const before = await tabCounts(api);
  for (const [index, { label }] of tabs.entries()) await tabShows(page, label, before[index]!);
  const rowsBefore = await rowNames(page);

  // The colleague, in a browser of their own, sets a business's incorporation to Processing.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const other = await context.newPage();
    await restoreSession(other, colleague);
    await other.goto('/settings');
    const token = await storedToken(other);
    const otherApi = await businessApi(other, other.request);
    const { businesses } = await otherApi.list(businessApiPaths.listByStatus('pending'));
    let changed = false;
    for (const listed of businesses) {
      const detail = await otherApi.detail(listed.uuid);
      const step = detail.business_formation_statuses.incorporation_status;
      if (step.id === null || step.status === 'PROCESSING') continue;
      const response = await other.request.put(
        `${API_BASE_PATH}/${manageApiPaths.stepStatusUpdate('incorporation-status', step.id)}`,
        { data: { status: 'PROCESSING' }, headers: { Authorization: `Bearer ${token}` } },
      );
      await expect(response).toBeOK();
      changed = true;
      break;
    }
    expect(changed, 'a queued business whose incorporation is not processing').toBe(true);
  } finally {
    await context.close();
  }

  const after = await tabCounts(api);
  expect(after, 'the change moved a count').not.toEqual(before);
  for (const [index, { label }] of tabs.entries()) await tabShows(page, label, after[index]!);
  await expectNotReloadedAndStill(page, scrollY);
  // No business was added: the rows the reader reads are the same ones.
  expect((await rowNames(page)).length).toBe(rowsBefore.length);
});

test('a client event counts at once and its new row waits to be asked for', async ({ page }) => {
  const { api, scrollY } = await readList(page);
  const before = await api.list(businessApiPaths.list);
  const rowsBefore = await rowNames(page);

  // `npm run simulate` beside the running server (its admin channel), as an operator would.
  await runSimulate(1);

  const after = await api.list(businessApiPaths.list);
  expect(after.total_count).toBeGreaterThan(before.total_count);
  await tabShows(page, 'All clients', after.total_count);
  const added = after.total_count - before.total_count;
  const notice = page.getByRole('button', {
    name: `${added} new ${added === 1 ? 'business' : 'businesses'} — show`,
  });
  await expect(notice).toBeVisible();
  expect(await rowNames(page)).toEqual(rowsBefore);
  await expectNotReloadedAndStill(page, scrollY);

  await notice.click();
  await expect(notice).toBeHidden();
  await expect
    .poll(async () => (await rowNames(page))[1])
    .toContain(after.businesses[0]!.business_name);
});

function runSimulate(clients: number): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: E2E_DATA_DIR };
  for (const name of ['DATABASE_URL', 'REDIS_URL']) delete env[name];
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      ['run', 'simulate', '--', '--clients', String(clients), '--rate', '10'],
      {
        cwd: rootDir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`simulate exited ${code}:\n${output}`)),
    );
  });
}
