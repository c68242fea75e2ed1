import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  API_BASE_PATH,
  apiPaths,
  businessApiPaths,
  manageApiPaths,
  type BusinessListResponse,
  type ManagerLog,
  type NotificationListPage,
} from '@fd/contract';
import { businessApi } from '../business-oracle.ts';
import { accounts } from '../fixtures.ts';
import { restoreSession, signInOnce, storedToken, type SignedInState } from '../session.ts';

/**
 * Acting on many businesses at once (docs/product.md §11.5): rows ticked on /business, one step
 * set Failed with one report for them all, and each business's log, feedback and notification
 * as if it had been changed alone; and the limit of 1,000 businesses an action, which the API
 * enforces and the screen says in the server's words.
 */

let actor: SignedInState;
let watcher: SignedInState;

test.beforeAll(async ({ browser }) => {
  actor = await signInOnce(browser, accounts.bulk);
  watcher = await signInOnce(browser, accounts.bulkWatcher);
});

const STEP = 'Stripe';
const REPORT_TITLE = 'Payment processor (Stripe)';
const actorName = `${accounts.bulk.firstName} ${accounts.bulk.lastName}`;
/** A notification's sentence: its period, unless the business's name brings one (docs/product.md §10.1). */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

async function apiGet<T>(page: Page, path: string, params: Record<string, string> = {}) {
  const token = await storedToken(page);
  const response = await page.request.get(`${API_BASE_PATH}/${path}`, {
    params,
    headers: { Authorization: `Bearer ${token}` },
  });
  await expect(response, `GET ${path}`).toBeOK();
  return ((await response.json()) as { data: T }).data;
}

test('a bulk Failed with feedback on three businesses (three logs, three feedbacks, notifications)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const message = `Stripe refused the account (${randomUUID().slice(0, 8)}).`;
  await restoreSession(page, actor);
  // The page's rows as the API sent them: which businesses the ticked rows are.
  const listed = page.waitForResponse((response) => {
    // The page itself, not a tab's count (the queue's path, list/attention/, starts alike).
    const url = new URL(response.url());
    return (
      url.pathname.endsWith(`/${businessApiPaths.list}`) &&
      url.searchParams.has('page') &&
      response.ok()
    );
  });
  await page.goto('/business?page_size=25');
  const rows = ((await (await listed).json()) as BusinessListResponse).data.businesses;
  const table = page.getByRole('table', { name: 'Businesses' });
  const boxes = table.locator('tbody').getByRole('checkbox');
  await expect(boxes.nth(rows.length - 1)).toBeVisible();

  // Three rows in a row that have a Stripe step (a demo business may lack a step's row, and a
  // bulk action refuses those), from the second row of the page on, so a Shift range is seen.
  const api = await businessApi(page, page.request);
  const details = await Promise.all(rows.map((business) => api.detail(business.uuid)));
  const hasStep = (index: number) =>
    details[index]?.business_formation_statuses.stripe_status.id != null;
  const first = details.findIndex(
    (_, index) => index >= 1 && hasStep(index) && hasStep(index + 1) && hasStep(index + 2),
  );
  expect(first, 'three rows with a Stripe step').toBeGreaterThan(0);
  const chosen = rows.slice(first, first + 3);
  const before = details.slice(first, first + 3);

  // One row, then Shift-click two rows down: the three of them.
  await boxes.nth(first).click();
  await boxes.nth(first + 2).click({ modifiers: ['Shift'] });
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByTestId('bulk-count')).toHaveText('3 selected');
  for (const [offset, business] of chosen.entries()) {
    await expect(boxes.nth(first + offset)).toBeChecked();
    await expect(boxes.nth(first + offset)).toHaveAccessibleName(
      `Select ${business.business_name}`,
    );
  }
  await expect(boxes.nth(first - 1)).not.toBeChecked();
  await expect(boxes.nth(first + 3)).not.toBeChecked();

  await bar.getByRole('button', { name: 'Set status…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set a status on 3 businesses' });
  await dialog.getByLabel('Step').selectOption({ label: STEP });
  await dialog.getByLabel('Status').selectOption({ label: 'Failed' });
  await dialog.getByLabel('Feedback title').selectOption({ label: REPORT_TITLE });
  await dialog.getByLabel('Message to each client').fill(message);
  const sent = page.waitForRequest(`**${API_BASE_PATH}/${manageApiPaths.bulk}`);
  await dialog.getByRole('button', { name: 'Set Failed on 3 businesses' }).click();
  expect(((await sent).postDataJSON() as { businesses: string[] }).businesses).toEqual(
    chosen.map((business) => business.uuid),
  );
  await expect(bar.getByRole('status').filter({ hasText: 'on 3 businesses.' })).toHaveText(
    `Set ${STEP} to Failed on 3 businesses.`,
  );
  for (const offset of [0, 1, 2]) await expect(boxes.nth(first + offset)).not.toBeChecked();

  for (const [i, business] of chosen.entries()) {
    const detail = await api.detail(business.uuid);
    expect(detail.business_formation_statuses.stripe_status.status).toBe('FAILED');
    const logs = (
      await apiGet<{ manager_logs: { feedback_doc_logs: ManagerLog[] } }>(
        page,
        manageApiPaths.managerLogs(business.uuid),
      )
    ).manager_logs.feedback_doc_logs.filter((log) => log.manager_name === actorName);
    const reports = logs.filter((log) => log.feedback?.message_body === message);
    expect(reports, `${business.business_name}: one report`).toHaveLength(1);
    expect(reports[0]!.action).toBe(`Sent feedback "${REPORT_TITLE}" on ${STEP} to the client`);
    const wasFailed = before[i]!.business_formation_statuses.stripe_status.status === 'FAILED';
    const changed = logs.filter((log) => log.action.startsWith(`Changed ${STEP} from `));
    expect(changed.length, `${business.business_name}: status change logged`).toBe(
      wasFailed ? 0 : 1,
    );

    // The manage page shows the report in its log too.
    if (i === 0) {
      await page.goto(`/manage-business/${business.uuid}`);
      await expect(
        page.getByRole('region', { name: 'Activities log' }).getByText(message).first(),
      ).toBeVisible();
    }
  }

  // The other manager was told of each report, one notification a business.
  const watcherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const watcherPage = await watcherContext.newPage();
  await restoreSession(watcherPage, watcher);
  await watcherPage.goto('/business');
  const notices = await apiGet<NotificationListPage>(watcherPage, apiPaths.notifications.list, {
    page_size: '100',
  });
  for (const business of chosen) {
    expect(
      notices.detail.filter(
        (notice) =>
          notice.business?.uuid === business.uuid &&
          notice.message ===
            sentence(`${actorName} sent feedback on ${STEP} to ${business.business_name}`),
      ),
      `${business.business_name}: notified`,
    ).not.toHaveLength(0);
  }
  await watcherContext.close();
});

test('the select-all limit', async ({ page }) => {
  await restoreSession(page, actor);
  await page.goto('/business');
  const token = await storedToken(page);

  // The API refuses 1,001 businesses, whatever they are, and says how many it was given.
  const tooMany = Array.from({ length: 1001 }, () => randomUUID());
  const refused = await page.request.post(`${API_BASE_PATH}/${manageApiPaths.bulk}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { businesses: tooMany, action: { kind: 'assign', manager_id: null } },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { errors: { detail: string } }).errors.detail).toBe(
    'At most 1,000 businesses an action: this selection has 1,001. Narrow it first.',
  );

  // The demo data's ~300 businesses fit one action: the bar offers them all.
  const table = page.getByRole('table', { name: 'Businesses' });
  await expect(table.locator('tbody').getByRole('checkbox').first()).toBeVisible();
  await table.getByRole('checkbox', { name: 'Select every business on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByTestId('bulk-count')).toHaveText('10 selected');
  const offer = bar.getByRole('button', { name: /^Select all [\d,]+ matching$/ });
  await expect(offer).toBeVisible();
  const total = Number((await offer.textContent())!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(10);
  expect(total).toBeLessThanOrEqual(1000);
  await offer.click();
  await expect(bar.getByTestId('bulk-count')).toHaveText(`${total} selected`);

  // The screen shows the server's own refusal. No stand-in answers: the real call goes to the
  // real API, its body swapped on the way for 1,001 businesses, which the server refuses.
  await page.route(`**${API_BASE_PATH}/${manageApiPaths.bulk}`, async (route) => {
    const body = route.request().postDataJSON() as { action: unknown };
    await route.continue({
      postData: JSON.stringify({ businesses: tooMany, action: body.action }),
    });
  });
  await bar.getByRole('button', { name: 'Assign…' }).click();
  const dialog = page.getByRole('dialog', { name: `Assign ${total} businesses` });
  await dialog.getByLabel('Assign to').selectOption({ label: 'Nobody (unassign)' });
  await dialog.getByRole('button', { name: `Assign ${total} businesses` }).click();
  await expect(bar.getByRole('alert')).toHaveText(
    'At most 1,000 businesses an action: this selection has 1,001. Narrow it first.',
  );
  // Refused: the selection stays for another try.
  await expect(bar.getByTestId('bulk-count')).toHaveText(`${total} selected`);
});
