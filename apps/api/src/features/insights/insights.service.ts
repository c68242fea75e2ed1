/**
 * How the service is doing (docs/product.md §12.4): the figures of the insights screen, summed
 * from the counts the database keeps by day (docs/decisions/114-insights-from-counts-kept-by-day.md)
 * and shaped for the wire. Days and weeks are UTC; weeks start on Monday, and the weekly series
 * end with the current week, so its figures are the week so far. A window of N days starts at
 * the start of the day N days before now.
 */
import {
  formationStepKeys,
  INSIGHT_FAILURE_DAYS,
  insightStepWindows,
  type FormationStepKey,
  type Insights,
} from '@fd/contract';
import type { Db } from '../../db/client.ts';
import {
  compactInsightCounts,
  selectApprovals,
  selectFailuresByTitle,
  selectFunnel,
  selectManagerChangesByWeek,
  selectNewBusinessesByWeek,
} from './insights.queries.ts';

export interface InsightsDeps {
  db: Db;
  now: () => Date;
}

const DAY_MS = 24 * 3600 * 1000;

/** Monday 00:00 UTC of the week holding `at`. */
function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The UTC day `days` days before `at`, as `YYYY-MM-DD`. */
const dayBefore = (at: Date, days: number) =>
  new Date(at.getTime() - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The p-th percentile of a step's approvals, interpolated as percentile_cont does, over their
 * days in tenths (`counts`: how many took each number of tenths, by tenths); rounded half up to a
 * tenth. `p10` is p in tenths (5: the median, 9: the 90th): the arithmetic is in whole hundredths
 * of a day, so nothing is lost to floating point.
 */
function percentileOfTenths(
  counts: ReadonlyArray<{ tenths: number; n: number }>,
  p10: number,
): number | null {
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return null;
  const position = p10 * (total - 1); // tenths of the position among the sorted values
  const index = Math.floor(position / 10);
  const fraction = position % 10; // tenths of the way to the next value
  const valueAt = (i: number) => {
    let seen = 0;
    for (const c of counts) {
      seen += c.n;
      if (i < seen) return c.tenths;
    }
    return counts[counts.length - 1]!.tenths;
  };
  const low = valueAt(index);
  const hundredths = low * 10 + (fraction === 0 ? 0 : fraction * (valueAt(index + 1) - low));
  return Math.floor((hundredths + 5) / 10) / 10;
}

/**
 * Rows an answer may meet beyond what it met first after the day tables were last folded (by this
 * process) before it folds them again: a window's sum meets one row per day and key once folded
 * (~90 000 for the days per step at 1 000 000 businesses), and every writing statement appends.
 */
const ROWS_BEFORE_COMPACTING = 5000;

/** How many rows the first answer after this process's last fold met (none yet: unknown). */
const foldedRows = new WeakMap<Db, number>();
const compacting = new WeakMap<Db, Promise<void>>();

/** Folds the day tables in the background when an answer met many more rows than when folded. */
function compactIfGrown(db: Db, rowsMet: number): void {
  const folded = foldedRows.get(db);
  if (folded === undefined) {
    foldedRows.set(db, rowsMet);
    return;
  }
  if (rowsMet <= folded + ROWS_BEFORE_COMPACTING || compacting.has(db)) return;
  const done = compactInsightCounts(db)
    // The next answer measures the folded tables afresh.
    .then(() => void foldedRows.delete(db))
    // A failed fold changes nothing (one statement a table); a later answer tries again.
    .catch(() => undefined)
    .finally(() => compacting.delete(db));
  compacting.set(db, done);
}

export async function readInsights(deps: InsightsDeps, weekCount: number): Promise<Insights> {
  const now = deps.now();
  const from = new Date(weekStart(now).getTime() - (weekCount - 1) * 7 * DAY_MS);
  const fromDay = from.toISOString().slice(0, 10);
  const windows = insightStepWindows.map((days) => ({ days, since: dayBefore(now, days) }));

  const [funnelRows, approvalRows, newRows, failureRows, changeRows] = await Promise.all([
    selectFunnel(deps.db),
    selectApprovals(deps.db, windows),
    selectNewBusinessesByWeek(deps.db, fromDay),
    selectFailuresByTitle(deps.db, dayBefore(now, INSIGHT_FAILURE_DAYS)),
    selectManagerChangesByWeek(deps.db, fromDay),
  ]);
  compactIfGrown(
    deps.db,
    [approvalRows, newRows, failureRows, changeRows].reduce(
      (sum, rows) => sum + rows.reduce((met, row) => met + row.rows, 0),
      0,
    ),
  );

  const weekly = (rows: ReadonlyArray<{ week: number; n: string | number }>) => {
    const counts = Array.from({ length: weekCount }, () => 0);
    for (const row of rows) {
      if (row.week >= 0 && row.week < weekCount) counts[row.week]! += Number(row.n);
    }
    return counts;
  };

  const funnelCount = (step: FormationStepKey, status: string) =>
    funnelRows
      .filter((row) => row.step === step && row.status === status)
      .reduce((sum, row) => sum + Number(row.n), 0);

  const managers = new Map<string, { id: number | null; name: string; rows: typeof changeRows }>();
  for (const row of changeRows) {
    if (Number(row.n) === 0) continue;
    const key = `${row.manager_id ?? ''}:${row.manager_id === null ? row.manager_name : ''}`;
    const entry = managers.get(key) ?? { id: row.manager_id, name: row.manager_name, rows: [] };
    entry.rows.push(row);
    managers.set(key, entry);
  }

  return {
    as_of: now.toISOString(),
    weeks: Array.from({ length: weekCount }, (_, week) =>
      new Date(from.getTime() + week * 7 * DAY_MS).toISOString().slice(0, 10),
    ),
    funnel: {
      steps: formationStepKeys.map((step) => ({
        step,
        pending: funnelCount(step, 'PENDING'),
        processing: funnelCount(step, 'PROCESSING'),
        failed: funnelCount(step, 'FAILED'),
      })),
      completed: funnelRows
        .filter((row) => row.step === null)
        .reduce((sum, row) => sum + Number(row.n), 0),
    },
    step_days: insightStepWindows.flatMap((windowDays) =>
      formationStepKeys.map((step) => {
        const counts = approvalRows
          .filter((r) => r.step === step && r.window_days === windowDays)
          .map((r) => ({ tenths: r.tenths, n: Number(r.n) }))
          .filter((c) => c.n !== 0)
          .sort((a, b) => a.tenths - b.tenths);
        return {
          step,
          window_days: windowDays,
          approved: counts.reduce((sum, c) => sum + c.n, 0),
          median_days: percentileOfTenths(counts, 5),
          p90_days: percentileOfTenths(counts, 9),
        };
      }),
    ),
    new_businesses: weekly(newRows),
    failures: failureRows
      .filter((row) => Number(row.n) !== 0)
      .map((row) => ({ feedback_title: row.feedback_title, count: Number(row.n) }))
      // Most first; steps failed without feedback after the titled ones of the same count.
      .sort(
        (a, b) =>
          b.count - a.count ||
          Number(a.feedback_title === null) - Number(b.feedback_title === null) ||
          (a.feedback_title ?? '').localeCompare(b.feedback_title ?? ''),
      ),
    manager_changes: [...managers.values()]
      .map((manager) => ({
        manager_id: manager.id,
        manager_name: manager.name,
        counts: weekly(manager.rows),
      }))
      .sort((a, b) => a.manager_name.localeCompare(b.manager_name)),
  };
}
