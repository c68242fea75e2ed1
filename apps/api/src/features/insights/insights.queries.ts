/**
 * The insights' SQL (docs/product.md §12.4): every figure is a sum over counts the database keeps
 * by day (migration 0031; docs/decisions/114-insights-from-counts-kept-by-day.md), the funnel over
 * the counts the business triggers keep (docs/decisions/029-counts-at-a-million-businesses-maintained-per.md).
 * Each statement is also exported as SQL (`insightStatements`), so that bench/insights.bench.ts
 * times the very text the API runs.
 *
 * The day tables hold signed rows that `compactInsightCounts` folds; each sum also answers how
 * many rows it met (`rows`), so that the service folds them when a read meets too many.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  businessCounts,
  insightApprovalDays,
  insightFailureDays,
  insightManagerChangeDays,
  insightNewBusinessDays,
  users,
} from '../../db/schema.ts';

/** A window of the days per step: its length, and its first day (UTC, `YYYY-MM-DD`). */
export interface StepWindow {
  days: number;
  since: string;
}

const day = (value: string) => sql`${value}::date`;

export const insightStatements = {
  /** Businesses by current activity step (null: Completed) and its status, from the kept counts. */
  funnel: () =>
    sql`select ${businessCounts.currentActivityStep} as step,
          ${businessCounts.currentActivityStatus} as status, sum(${businessCounts.n}) as n
        from ${businessCounts} group by 1, 2`,

  /**
   * Per window, step and days taken (in tenths), how many steps were approved from the window's
   * first day on.
   */
  approvals: (windows: readonly StepWindow[]) => {
    // The oldest window's days only, on the index; each row then joins the windows it is in.
    const oldest = windows.reduce((a, b) => (a.since < b.since ? a : b)).since;
    const windowRows = sql.join(
      windows.map((w) => sql`(${w.days}::int, ${day(w.since)})`),
      sql`, `,
    );
    return sql`select w.days as window_days, a.step_key as step, a.tenths, sum(a.n) as n,
          count(*)::int as rows
        from ${insightApprovalDays} a
        join (values ${windowRows}) as w(days, since) on a.day >= w.since
        where a.day >= ${day(oldest)}
        group by 1, 2, 3`;
  },

  /** Businesses created from the Monday `from` on, by week (0 = the week starting at `from`). */
  newBusinesses: (from: string) =>
    sql`select (${insightNewBusinessDays.day} - ${day(from)}) / 7 as week,
          sum(${insightNewBusinessDays.n}) as n, count(*)::int as rows
        from ${insightNewBusinessDays} where ${insightNewBusinessDays.day} >= ${day(from)}
        group by 1`,

  /** Steps that went Failed from `since` on, by the title of the latest feedback about each. */
  failures: (since: string) =>
    sql`select ${insightFailureDays.feedbackTitle} as feedback_title,
          sum(${insightFailureDays.n}) as n, count(*)::int as rows
        from ${insightFailureDays} where ${insightFailureDays.day} >= ${day(since)}
        group by 1`,

  /**
   * Logged actions from the Monday `from` on, per manager and week. A manager is named as now;
   * one since removed (no id) by the name the log kept.
   */
  managerChanges: (from: string) =>
    sql`select c.manager_id, coalesce(u.first_name || ' ' || u.last_name, c.manager_name)
          as manager_name, (c.day - ${day(from)}) / 7 as week, sum(c.n) as n,
          count(*)::int as rows
        from ${insightManagerChangeDays} c
        left join ${users} u on u.id = c.manager_id
        where c.day >= ${day(from)}
        group by 1, 2, 3`,
};

type Count = string | number;

export const selectFunnel = (db: Db) =>
  queryRows<{ step: string | null; status: string | null; n: Count }>(
    db,
    insightStatements.funnel(),
  );

export const selectApprovals = (db: Db, windows: readonly StepWindow[]) =>
  queryRows<{ window_days: number; step: string; tenths: number; n: Count; rows: number }>(
    db,
    insightStatements.approvals(windows),
  );

export const selectNewBusinessesByWeek = (db: Db, from: string) =>
  queryRows<{ week: number; n: Count; rows: number }>(db, insightStatements.newBusinesses(from));

export const selectFailuresByTitle = (db: Db, since: string) =>
  queryRows<{ feedback_title: string | null; n: Count; rows: number }>(
    db,
    insightStatements.failures(since),
  );

export const selectManagerChangesByWeek = (db: Db, from: string) =>
  queryRows<{
    manager_id: number | null;
    manager_name: string;
    week: number;
    n: Count;
    rows: number;
  }>(db, insightStatements.managerChanges(from));

/** Each day table and the columns its counts are kept by (constants of this module). */
const DAY_TABLES = {
  insight_new_business_days: 'day',
  insight_manager_change_days: 'day, manager_id, manager_name',
  insight_failure_days: 'day, feedback_title',
  insight_approval_days: 'day, step_key, tenths',
} as const;

/**
 * Folds every day table into one row per day and key, each in one statement: it deletes the rows
 * it sees and inserts their sums (dropping those that sum to 0), so no total ever moves and
 * writers appending meanwhile are neither blocked nor lost, as `compactBusinessCounts` does.
 */
export async function compactInsightCounts(db: Db): Promise<void> {
  for (const [table, keys] of Object.entries(DAY_TABLES)) {
    await db.execute(
      sql.raw(`
      with gone as (delete from ${table} returning *)
      insert into ${table} (${keys}, n)
      select ${keys}, sum(n) from gone group by ${keys} having sum(n) <> 0`),
    );
  }
}
