/**
 * The insights' SQL (docs/product.md §12.4). Each figure is one statement over an index, read
 * when asked (docs/decisions/109-insights-computed-on-request.md); the funnel sums the counts the
 * business triggers already keep (docs/decisions/029-counts-at-a-million-businesses-maintained-per.md).
 */
import { formationStepKeys } from '@fd/contract';
import { sql } from 'drizzle-orm';
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

/** Businesses by current activity step (null: Completed) and its status, from the kept counts. */
export function selectFunnel(db: Db) {
  return queryRows<{ step: string | null; status: string | null; n: string | number }>(
    db,
    sql`select ${businessCounts.currentActivityStep} as step,
          ${businessCounts.currentActivityStatus} as status, sum(${businessCounts.n}) as n
        from ${businessCounts} group by 1, 2`,
  );
}

/** Each step and the one before it in the canonical order (docs/architecture.md §4). */
const previousSteps = sql.join(
  formationStepKeys
    .slice(1)
    .map((key, index) => sql`(${key}::text, ${formationStepKeys[index]!}::text)`),
  sql`, `,
);

/**
 * The steps approved since the oldest window's start, and per window the count and the median
 * and 90th percentile of their days: from when the step could start (the business's creation,
 * or the approval of the step before it, whichever is later) to its approval.
 */
export function selectStepDays(db: Db, windows: ReadonlyArray<{ days: number; since: Date }>) {
  const oldest = windows.reduce((a, b) => (a.since < b.since ? a : b)).since;
  const windowRows = sql.join(
    windows.map((w) => sql`(${w.days}::int, ${w.since.toISOString()}::timestamptz)`),
    sql`, `,
  );
  return queryRows<{
    step: string;
    window_days: number;
    approved: string | number;
    median_days: string | number | null;
    p90_days: string | number | null;
  }>(
    db,
    sql`with approved as (
          select s.step_key, s.status_since,
            greatest(0, extract(epoch from s.status_since
              - greatest(b.created_at, coalesce(p.status_since, b.created_at))) / 86400) as days
          from ${formationSteps} s
          join ${businesses} b on b.id = s.business_id
          left join (values ${previousSteps}) as o(step_key, previous_key)
            on o.step_key = s.step_key
          left join ${formationSteps} p on p.business_id = s.business_id
            and p.step_key = o.previous_key and p.status = 'APPROVED'
          where s.status = 'APPROVED' and s.status_since >= ${oldest.toISOString()}::timestamptz
        )
        select a.step_key as step, w.days as window_days, count(*) as approved,
          round(percentile_cont(0.5) within group (order by a.days)::numeric, 1) as median_days,
          round(percentile_cont(0.9) within group (order by a.days)::numeric, 1) as p90_days
        from approved a
        join (values ${windowRows}) as w(days, since) on a.status_since >= w.since
        group by 1, 2`,
  );
}

/** Businesses created since `from`, by week (0 = the week starting at `from`). */
export function selectNewBusinessesByWeek(db: Db, from: Date) {
  return queryRows<{ week: number; n: string | number }>(
    db,
    sql`select floor(extract(epoch from ${businesses.createdAt} - ${from.toISOString()}::timestamptz)
          / ${WEEK_SECONDS})::int as week, count(*) as n
        from ${businesses} where ${businesses.createdAt} >= ${from.toISOString()}::timestamptz
        group by 1`,
  );
}

/** Steps that went Failed since `since`, by the title of the latest feedback sent about each. */
export function selectFailuresByTitle(db: Db, since: Date) {
  return queryRows<{ feedback_title: string | null; n: string | number }>(
    db,
    sql`select f.title as feedback_title, count(*) as n
        from ${formationSteps} s
        left join lateral (
          select ${feedback.feedbackTitle} as title from ${feedback}
          where ${feedback.statusItemId} = s.id
          order by ${feedback.createdAt} desc, ${feedback.id} desc limit 1
        ) f on true
        where s.status = 'FAILED' and s.status_since >= ${since.toISOString()}::timestamptz
        group by 1`,
  );
}

/**
 * Logged actions since `from`, per manager and week. A manager is named as now; one since
 * removed (no id) by the name the log kept.
 */
export function selectManagerChangesByWeek(db: Db, from: Date) {
  return queryRows<{
    manager_id: number | null;
    manager_name: string;
    week: number;
    n: string | number;
  }>(
    db,
    sql`select l.manager_id, coalesce(u.first_name || ' ' || u.last_name, l.manager_name)
          as manager_name, l.week, count(*) as n
        from (
          select ${managerLogs.managerId} as manager_id,
            case when ${managerLogs.managerId} is null then ${managerLogs.managerName} end
              as manager_name,
            floor(extract(epoch from ${managerLogs.createdAt} - ${from.toISOString()}::timestamptz)
              / ${WEEK_SECONDS})::int as week
          from ${managerLogs}
          where ${managerLogs.createdAt} >= ${from.toISOString()}::timestamptz
        ) l
        left join ${users} u on u.id = l.manager_id
        group by 1, 2, 3`,
  );
}
