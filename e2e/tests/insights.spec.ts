import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  API_BASE_PATH,
  businessApiPaths,
  formationStepKeys,
  formationStepNames,
  INSIGHT_FAILURE_DAYS,
  INSIGHT_WEEKS_DEFAULT,
  insightApiPaths,
  insightStepWindows,
  insightTexts,
  manageApiPaths,
  MAX_PAGE_SIZE,
  type BusinessDetail,
  type BusinessListItem,
  type BusinessListPage,
  type Insights,
  type ManagerLog,
} from '@fd/contract';
import { accounts } from '../fixtures.ts';
import { signInAs, storedToken } from '../session.ts';

/**
 * The insights screen (docs/product.md §12.4) against the seeded data: every figure on screen
 * equals one worked out here from the API's list, detail, log and feedback answers — never from
 * the insights' own SQL, whose answer gives only the moment the figures were read.
 */

const DAY_MS = 24 * 3600 * 1000;

interface Expected {
  funnel: Map<string, string[]>;
  stepDays: Map<string, string[]>;
  weeks: Map<string, string[]>;
  failures: Map<string, string[]>;
  managers: Map<string, string[]>;
}

const shown = (n: number) => n.toLocaleString('en-US');
const days = (value: number | null) => (value === null ? 'Nil' : value.toFixed(1));

/**
 * The median or p90 of approvals' days counted in tenths (docs/product.md §12.4): linear between
 * the two nearest ranks, as percentile_cont, over the tenths; rounded half up to a tenth. `p10`
 * is the fraction in tenths (5, 9); the arithmetic is in whole hundredths.
 */
function percentile(sortedTenths: readonly number[], p10: number): number | null {
  if (sortedTenths.length === 0) return null;
  const rank = p10 * (sortedTenths.length - 1);
  const low = sortedTenths[Math.floor(rank / 10)]!;
  const high = sortedTenths[Math.ceil(rank / 10)]!;
  const hundredths = low * 10 + (high - low) * (rank % 10);
  return Math.floor((hundredths + 5) / 10) / 10;
}

/** The start (00:00 UTC) of the day `days` days before `at`: where 'the last N days' begin. */
function windowStart(at: Date, days: number): number {
  const then = new Date(at.getTime() - days * DAY_MS);
  return Date.UTC(then.getUTCFullYear(), then.getUTCMonth(), then.getUTCDate());
}

/** Monday 00:00 UTC of the week holding `at`. */
function weekStart(at: Date): number {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS;
}

async function inTurn<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += 8) {
    results.push(...(await Promise.all(items.slice(i, i + 8).map(work))));
  }
  return results;
}

async function expectedFigures(
  page: Page,
  request: APIRequestContext,
  asOf: Date,
): Promise<Expected> {
  const token = await storedToken(page);
  const get = async <T>(path: string, params: Record<string, string> = {}): Promise<T> => {
    const response = await request.get(`${API_BASE_PATH}/${path}`, {
      params,
      headers: { Authorization: `Bearer ${token}` },
    });
    await expect(response, `GET ${path}`).toBeOK();
    return ((await response.json()) as { data: T }).data;
  };

  const items: BusinessListItem[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const answer = await get<BusinessListPage>(businessApiPaths.list, {
      page: String(pageNumber),
      page_size: String(MAX_PAGE_SIZE),
    });
    items.push(...answer.businesses);
    if (items.length >= answer.total_count || answer.businesses.length === 0) break;
  }
  const details = await inTurn(items, (item) =>
    get<BusinessDetail>(businessApiPaths.detail(item.uuid)),
  );
  const logs = await inTurn(items, (item) =>
    get<{ manager_logs: { feedback_doc_logs: ManagerLog[] } }>(
      manageApiPaths.managerLogs(item.uuid),
    ),
  );

  // The funnel: each business at its current step and status.
  const funnel = new Map<string, string[]>();
  for (const key of formationStepKeys) {
    const at = (status: string) =>
      items.filter(
        (b) =>
          b.current_business_formation_activity?.step === key &&
          b.current_business_formation_activity.status === status,
      ).length;
    const counts = [at('PENDING'), at('PROCESSING'), at('FAILED')];
    funnel.set(
      formationStepNames[key],
      [...counts, counts[0]! + counts[1]! + counts[2]!].map(shown),
    );
  }
  const completed = items.filter((b) => b.current_business_formation_activity === null).length;
  funnel.set(insightTexts.completed, ['', '', '', shown(completed)]);

  // Days per step: from the business's creation or the previous step's approval, in the windows
  // from the start of the day 30 and 90 days ago.
  const stepDays = new Map<string, string[]>();
  for (const [index, key] of formationStepKeys.entries()) {
    const cells: string[] = [];
    for (const windowDays of insightStepWindows) {
      const since = windowStart(asOf, windowDays);
      const spans: number[] = [];
      for (const detail of details) {
        const step = detail.business_formation_statuses[key];
        if (step.status !== 'APPROVED' || step.status_since === null) continue;
        const approvedAt = new Date(step.status_since).getTime();
        if (approvedAt < since) continue;
        const previous =
          index > 0 ? detail.business_formation_statuses[formationStepKeys[index - 1]!] : null;
        const created = new Date(detail.created_at).getTime();
        const start =
          previous?.status === 'APPROVED' && previous.status_since !== null
            ? Math.max(created, new Date(previous.status_since).getTime())
            : created;
        // In tenths of a day, rounded half up.
        spans.push(Math.round(Math.max(0, approvedAt - start) / (DAY_MS / 10)));
      }
      spans.sort((a, b) => a - b);
      cells.push(shown(spans.length), days(percentile(spans, 5)), days(percentile(spans, 9)));
    }
    stepDays.set(formationStepNames[key], cells);
  }

  // Weeks: Monday to Monday, UTC, ending with the current one.
  const from = weekStart(asOf) - (INSIGHT_WEEKS_DEFAULT - 1) * 7 * DAY_MS;
  const weekOf = (at: string) => Math.floor((new Date(at).getTime() - from) / (7 * DAY_MS));
  const weekLabels = Array.from({ length: INSIGHT_WEEKS_DEFAULT }, (_, i) =>
    new Date(from + i * 7 * DAY_MS).toISOString().slice(0, 10),
  );
  const perWeek = (times: readonly string[]) => {
    const counts = weekLabels.map(() => 0);
    for (const at of times) {
      const week = weekOf(at);
      if (week >= 0 && week < counts.length) counts[week]! += 1;
    }
    return counts;
  };
  const newCounts = perWeek(details.map((d) => d.created_at));
  const weeks = new Map(weekLabels.map((label, i) => [label, [shown(newCounts[i]!)]]));

  // Failures: steps Failed in the last 90 days (from the start of that day), by their latest
  // feedback's title.
  const failedSince = windowStart(asOf, INSIGHT_FAILURE_DAYS);
  const failedSteps = details.flatMap((detail) =>
    formationStepKeys
      .map((key) => detail.business_formation_statuses[key])
      .filter(
        (step) =>
          step.status === 'FAILED' &&
          step.id !== null &&
          step.status_since !== null &&
          new Date(step.status_since).getTime() >= failedSince,
      ),
  );
  const titles = await inTurn(failedSteps, async (step) => {
    const { feedback } = await get<{
      feedback: { id: number; feedback_title: string; created_at: string }[];
    }>(manageApiPaths.feedbackDetail(step.id!));
    const latest = [...feedback].sort(
      (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
    )[0];
    return latest?.feedback_title ?? insightTexts.noFeedback;
  });
  const failures = new Map<string, string[]>();
  for (const title of new Set(titles)) {
    failures.set(title, [shown(titles.filter((t) => t === title).length)]);
  }

  // Each manager's logged actions per week, by the name the log kept.
  const byManager = new Map<string, string[]>();
  for (const entry of logs.flatMap((answer) => answer.manager_logs.feedback_doc_logs)) {
    if (weekOf(entry.created_at) < 0) continue;
    byManager.set(entry.manager_name, [
      ...(byManager.get(entry.manager_name) ?? []),
      entry.created_at,
    ]);
  }
  const managers = new Map(
    [...byManager].map(([name, times]) => [name, perWeek(times).map(shown)]),
  );
  return { funnel, stepDays, weeks, failures, managers };
}

/** A figure table's body as row header → its cells' texts. */
async function tableRows(page: Page, name: RegExp | string): Promise<Map<string, string[]>> {
  const table = page.getByRole('table', { name });
  await expect(table).toBeVisible();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? '')),
    );
  return new Map(rows.map(([header, ...cells]) => [header!, cells]));
}

test('every figure equals what the API lists, and the tables read on a phone too', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, accounts.insights);
  const answered = page.waitForResponse((response) =>
    response.url().includes(`${API_BASE_PATH}/${insightApiPaths.insights}`),
  );
  await page.getByRole('navigation').getByRole('link', { name: insightTexts.menuLabel }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: insightTexts.heading })).toBeVisible();
  const asOf = new Date(((await (await answered).json()) as { data: Insights }).data.as_of);

  const expected = await expectedFigures(page, page.request, asOf);
  expect(await tableRows(page, new RegExp(`^${insightTexts.funnel}`))).toEqual(expected.funnel);
  expect(await tableRows(page, new RegExp(`^${insightTexts.stepDays}`))).toEqual(expected.stepDays);
  expect(await tableRows(page, new RegExp(`^${insightTexts.newBusinesses}`))).toEqual(
    expected.weeks,
  );
  expect(await tableRows(page, new RegExp(`^${insightTexts.failures}`))).toEqual(expected.failures);
  expect(await tableRows(page, new RegExp(`^${insightTexts.managerChanges}`))).toEqual(
    expected.managers,
  );
  // The seeded data has figures in every section, so none of the comparisons is empty.
  expect(expected.failures.size).toBeGreaterThan(0);
  expect(expected.managers.size).toBeGreaterThan(0);

  // A chart is drawn as it comes near the screen (decision 110): the first at once, the last
  // only once the page is scrolled down to it; each section has one.
  const sections = page.locator('main section');
  const charts = page.locator('main section .uplot canvas');
  await expect(sections.first().locator('.uplot canvas')).toBeVisible();
  await expect(sections.last().locator('.uplot canvas')).toHaveCount(0);
  for (const section of await sections.all()) {
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('.uplot canvas')).toBeVisible();
  }
  await expect(charts).toHaveCount(await sections.count());

  // On a phone the page does not scroll sideways; a wide table scrolls within its own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole('table', { name: new RegExp(`^${insightTexts.funnel}`) }),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
