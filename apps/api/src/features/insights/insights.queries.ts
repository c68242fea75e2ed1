/**
 * The insights' SQL (docs/product.md §12.4). Each figure is one statement over an index, read
 * when asked (docs/decisions/109-insights-computed-on-request.md); the funnel sums the counts the
 * business triggers already keep (docs/decisions/029-counts-at-a-million-businesses-maintained-per.md).
 * Each statement is also exported as SQL (`insightStatements`), so that bench/insights.bench.ts
 * times the very text the API runs.
 */
import { formationStepKeys } from '@fd/contract';
import { sql, type AnyColumn } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  businessCounts,
  businesses,
  feedback,
  formationSteps,
  managerLogs,
  users,
} from '../../db/schema.ts';

const WEEK_SECONDS = 7 * 24 * 3600;

export interface StepWindow {
  days: number;
  since: Date;
}

/** Each step and the one before it in the canonical order (docs/architecture.md §4). */
const previousSteps = sql.join(
  formationStepKeys
    .slice(1)
    .map((key, index) => sql`(${key}::text, ${formationStepKeys[index]!}::text)`),
  sql`, `,
);

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/**
 * The week a time falls in, counted from `from` (0 = the week starting at `from`). date_bin and
 * date_part keep to timestamps and doubles: extract's numeric arithmetic cost several times more
 * per row.
 */
const weekOf = (column: AnyColumn, from: Date) =>
  sql`(date_part('epoch', date_bin('7 days', ${column}, ${at(from)}) - ${at(from)})
    / ${WEEK_SECONDS})::int`;

export const insightStatements = {
  /** Businesses by current activity step (null: Completed) and its status, from the kept counts. */
  funnel: () =>
    sql`select ${businessCounts.currentActivityStep} as step,
          ${businessCounts.currentActivityStatus} as status, sum(${businessCounts.n}) as n
        from ${businessCounts} group by 1, 2`,

  /**
   * The steps approved since the oldest window's start, and per window the count and the median
   * and 90th percentile of their days: from when the step could start (the business's creation,
   * or the approval of the step before it, whichever is later) to its approval.
   */
  stepDays: (windows: readonly StepWindow[]) => {
    const oldest = windows.reduce((a, b) => (a.since < b.since ? a : b)).since;
    const windowRows = sql.join(
      windows.map((w) => sql`(${w.days}::int, ${at(w.since)})`),
      sql`, `,
    );
    return sql`with approved as (
          select s.step_key, s.status_since,
            greatest(0, date_part('epoch', s.status_since
              - greatest(b.created_at, coalesce(p.status_since, b.created_at))) / 86400) as days
          from ${formationSteps} s
          join ${businesses} b on b.id = s.business_id
          left join (values ${previousSteps}) as o(step_key, previous_key)
            on o.step_key = s.step_key
          left join ${formationSteps} p on p.business_id = s.business_id
            and p.step_key = o.previous_key and p.status = 'APPROVED'
          where s.status = 'APPROVED' and s.status_since >= ${at(oldest)}
        )
        select a.step_key as step, w.days as window_days, count(*) as approved,
          round(percentile_cont(0.5) within group (order by a.days)::numeric, 1) as median_days,
          round(percentile_cont(0.9) within group (order by a.days)::numeric, 1) as p90_days
        from approved a
        join (values ${windowRows}) as w(days, since) on a.status_since >= w.since
        group by 1, 2`;
  },

  /** Businesses created since `from`, by week (0 = the week starting at `from`). */
  newBusinesses: (from: Date) =>
    sql`select ${weekOf(businesses.createdAt, from)} as week, count(*) as n
        from ${businesses} where ${businesses.createdAt} >= ${at(from)}
        group by 1`,

  /** Steps that went Failed since `since`, by the title of the latest feedback sent about each. */
  failures: (since: Date) =>
    sql`select f.title as feedback_title, count(*) as n
        from ${formationSteps} s
        left join lateral (
          select ${feedback.feedbackTitle} as title from ${feedback}
          where ${feedback.statusItemId} = s.id
          order by ${feedback.createdAt} desc, ${feedback.id} desc limit 1
        ) f on true
        where s.status = 'FAILED' and s.status_since >= ${at(since)}
        group by 1`,

  /**
   * Logged actions since `from`, per manager and week. A manager is named as now; one since
   * removed (no id) by the name the log kept.
   */
  managerChanges: (from: Date) =>
    sql`select l.manager_id, coalesce(u.first_name || ' ' || u.last_name, l.manager_name)
          as manager_name, l.week, count(*) as n
        from (
          select ${managerLogs.managerId} as manager_id,
            case when ${managerLogs.managerId} is null then ${managerLogs.managerName} end
              as manager_name,
            ${weekOf(managerLogs.createdAt, from)} as week
          from ${managerLogs}
          where ${managerLogs.createdAt} >= ${at(from)}
        ) l
        left join ${users} u on u.id = l.manager_id
        group by 1, 2, 3`,
};

type Count = string | number;

export const selectFunnel = (db: Db) =>
  queryRows<{ step: string | null; status: string | null; n: Count }>(
    db,
    insightStatements.funnel(),
  );

export const selectStepDays = (db: Db, windows: readonly StepWindow[]) =>
  queryRows<{
    step: string;
    window_days: number;
    approved: Count;
    median_days: Count | null;
    p90_days: Count | null;
  }>(db, insightStatements.stepDays(windows));

export const selectNewBusinessesByWeek = (db: Db, from: Date) =>
  queryRows<{ week: number; n: Count }>(db, insightStatements.newBusinesses(from));

export const selectFailuresByTitle = (db: Db, since: Date) =>
  queryRows<{ feedback_title: string | null; n: Count }>(db, insightStatements.failures(since));

export const selectManagerChangesByWeek = (db: Db, from: Date) =>
  queryRows<{ manager_id: number | null; manager_name: string; week: number; n: Count }>(
    db,
    insightStatements.managerChanges(from),
  );
