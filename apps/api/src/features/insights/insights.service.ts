/**
 * How the service is doing (docs/product.md §12.4): the figures of the insights screen, read
 * when asked and shaped for the wire. Weeks start on Monday, UTC; the weekly series end with the
 * current week, so its figures are the week so far.
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
  selectFailuresByTitle,
  selectFunnel,
  selectManagerChangesByWeek,
  selectNewBusinessesByWeek,
  selectStepDays,
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

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));

export async function readInsights(deps: InsightsDeps, weekCount: number): Promise<Insights> {
  const now = deps.now();
  const from = new Date(weekStart(now).getTime() - (weekCount - 1) * 7 * DAY_MS);
  const windows = insightStepWindows.map((days) => ({
    days,
    since: new Date(now.getTime() - days * DAY_MS),
  }));
  const failuresSince = new Date(now.getTime() - INSIGHT_FAILURE_DAYS * DAY_MS);

  const [funnelRows, stepDayRows, newRows, failureRows, changeRows] = await Promise.all([
    selectFunnel(deps.db),
    selectStepDays(deps.db, windows),
    selectNewBusinessesByWeek(deps.db, from),
    selectFailuresByTitle(deps.db, failuresSince),
    selectManagerChangesByWeek(deps.db, from),
  ]);

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
        const row = stepDayRows.find((r) => r.step === step && r.window_days === windowDays);
        return {
          step,
          window_days: windowDays,
          approved: row ? Number(row.approved) : 0,
          median_days: row ? toNumber(row.median_days) : null,
          p90_days: row ? toNumber(row.p90_days) : null,
        };
      }),
    ),
    new_businesses: weekly(newRows),
    failures: failureRows
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
