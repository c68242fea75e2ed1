/**
 * A bulk load into (nearly) empty tables, PostgreSQL only
 * (docs/decisions/036-the-seed-as-a-bulk-load-indexes.md): the seeded tables' secondary indexes,
 * unique constraints (other than the primary keys) and foreign keys are taken away before the load
 * and put back after it. Building an index over a million rows at once costs a fraction of
 * maintaining it row by row, and one check of a foreign key over the whole table a fraction of a
 * check per row.
 *
 * What is taken away is read from the catalogue, not listed here, so an index
 * or a constraint added by a later migration is covered too, and put back from
 * its own definition (pg_get_indexdef, pg_get_constraintdef): the database ends
 * as the migrations left it. The statements that put everything back are
 * written, in the same transaction as the drops, to the table `fd_seed_rebuild`;
 * each is deleted from it in the transaction that carries it out, and the table
 * is dropped at the end. A seed stopped half way (even killed) leaves the rest
 * there, and the next seed finishes it first (`finishPendingRebuild`).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const REBUILD_TABLE = 'fd_seed_rebuild';
/** Per index build or foreign-key check: the sorts of a million rows fit in memory. */
const MAINTENANCE_WORK_MEM = '512MB';

type Phase = 'attach' | 'build' | 'constrain';

interface RebuildStep {
  position: number;
  /** attach: foreign keys back as NOT VALID, one after the other (quick);
   * build: index builds and foreign-key checks, several at once;
   * constrain: unique constraints onto their rebuilt indexes (quick). */
  phase: Phase;
  table: string;
  /** Index builds on one table may run together; a foreign-key check excludes anything else on its table. */
  exclusive: boolean;
  /** Roughly how long it takes, to start the longest first. */
  weight: number;
  statement: string;
}

interface PlanRow {
  drop: string;
  phase: Phase;
  table: string;
  exclusive: boolean;
  weight: number | string;
  statements: string[];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Reads what to take away from `tables` and how to put it back: indexes other
 * than primary keys (and than those a foreign key of another table depends
 * on), non-deferrable unique constraints, and valid foreign keys.
 */
async function readPlan(db: Db, tables: readonly string[]): Promise<PlanRow[]> {
  const result = await db.execute(sql`
    with t as (
      select c.oid, c.oid::regclass::text as name, pg_relation_size(c.oid) as size
        from unnest(${sql.param([...tables])}::text[]) as n(name)
        join pg_class c on c.oid = to_regclass(n.name)
    )
    -- Indexes, and unique constraints (built as an index, then attached).
    select case when con.oid is null then format('drop index %s', x.indexrelid::regclass)
                else format('alter table %s drop constraint %I', t.name, con.conname) end as drop,
           'build' as phase, t.name as table, false as exclusive,
           -- GIN indexes of text cost several times a B-tree of the same table.
           t.size * case when am.amname = 'gin' then 8 else 1 end as weight,
           case when con.oid is null then array[pg_get_indexdef(x.indexrelid)]
                else array[pg_get_indexdef(x.indexrelid),
                           format('alter table %s add constraint %I unique using index %I',
                                  t.name, con.conname, i.relname)] end as statements
      from t
      join pg_index x on x.indrelid = t.oid
      join pg_class i on i.oid = x.indexrelid
      join pg_am am on am.oid = i.relam
      left join pg_constraint con on con.conindid = x.indexrelid and con.conrelid = t.oid
     where not x.indisprimary
       and (con.oid is null or (con.contype = 'u' and not con.condeferrable))
       and not exists (select 1 from pg_constraint f
                        where f.contype = 'f' and f.conindid = x.indexrelid)
    union all
    -- Foreign keys: back as NOT VALID, then checked once over the table.
    select format('alter table %s drop constraint %I', t.name, f.conname),
           'attach', t.name, true, t.size,
           array[format('alter table %s add constraint %I %s not valid',
                        t.name, f.conname, pg_get_constraintdef(f.oid)),
                 format('alter table %s validate constraint %I', t.name, f.conname)]
      from t
      join pg_constraint f on f.conrelid = t.oid
     where f.contype = 'f' and f.convalidated`);
  return rowsOf<PlanRow>(result);
}

/** The steps in the order they run: attach, build, constrain. */
function stepsOf(plan: readonly PlanRow[]): RebuildStep[] {
  const steps: Omit<RebuildStep, 'position'>[] = [];
  for (const row of plan) {
    const weight = Number(row.weight);
    if (row.phase === 'attach') {
      // A foreign key: NOT VALID first, its check among the builds.
      steps.push({
        phase: 'attach',
        table: row.table,
        exclusive: true,
        weight,
        statement: row.statements[0]!,
      });
      steps.push({
        phase: 'build',
        table: row.table,
        exclusive: true,
        weight,
        statement: row.statements[1]!,
      });
    } else {
      steps.push({
        phase: 'build',
        table: row.table,
        exclusive: false,
        weight,
        statement: row.statements[0]!,
      });
      if (row.statements[1]) {
        steps.push({
          phase: 'constrain',
          table: row.table,
          exclusive: true,
          weight,
          statement: row.statements[1],
        });
      }
    }
  }
  const order: Record<Phase, number> = { attach: 0, build: 1, constrain: 2 };
  steps.sort((a, b) => order[a.phase] - order[b.phase] || b.weight - a.weight);
  return steps.map((step, position) => ({ ...step, position }));
}

/**
 * Takes away the secondary indexes, unique constraints and foreign keys of
 * `tables` and records how to put them back, in one transaction. Returns how
 * many objects were dropped.
 */
export async function dropForBulkLoad(db: Db, tables: readonly string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const plan = await readPlan(tx, tables);
    const steps = stepsOf(plan);
    await tx.execute(
      sql.raw(`create table ${REBUILD_TABLE} (
        position integer primary key, phase text not null, table_name text not null,
        exclusive boolean not null, weight float8 not null, statement text not null)`),
    );
    if (steps.length > 0) {
      await tx.execute(sql`
        insert into ${sql.identifier(REBUILD_TABLE)}
        select * from unnest(
          ${sql.param(steps.map((s) => s.position))}::int[],
          ${sql.param(steps.map((s) => s.phase))}::text[],
          ${sql.param(steps.map((s) => s.table))}::text[],
          ${sql.param(steps.map((s) => s.exclusive))}::boolean[],
          ${sql.param(steps.map((s) => s.weight))}::float8[],
          ${sql.param(steps.map((s) => s.statement))}::text[])`);
    }
    // Foreign keys first: a unique index may not go while a key still leans on it.
    const drops = [...plan].sort(
      (a, b) => Number(b.phase === 'attach') - Number(a.phase === 'attach'),
    );
    for (const row of drops) await tx.execute(sql.raw(row.drop));
    return plan.length;
  });
}

/** Whether a seed stopped before it put back what its bulk load took away. */
export async function hasPendingRebuild(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ pending: boolean }>(
    await db.execute(sql`select to_regclass(${REBUILD_TABLE}) is not null as pending`),
  );
  return row?.pending ?? false;
}

async function runStep(db: Db, step: RebuildStep): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('maintenance_work_mem', ${MAINTENANCE_WORK_MEM}, true)`);
    await tx.execute(sql.raw(step.statement));
    await tx.execute(
      sql`delete from ${sql.identifier(REBUILD_TABLE)} where position = ${step.position}`,
    );
  });
}

/**
 * Puts back what `dropForBulkLoad` took away: foreign keys as NOT VALID, then
 * the index builds and the keys' checks on `connections` connections at once
 * (longest first; a check waits for the builds on its table, as their locks
 * would make it), then the unique constraints. Returns the seconds spent.
 */
export async function finishPendingRebuild(db: Db, connections = 2): Promise<number> {
  const startedAt = performance.now();
  const steps = rowsOf<{
    position: number;
    phase: Phase;
    table_name: string;
    exclusive: boolean;
    weight: number;
    statement: string;
  }>(await db.execute(sql`select * from ${sql.identifier(REBUILD_TABLE)} order by position`)).map(
    (r): RebuildStep => ({
      position: r.position,
      phase: r.phase,
      table: r.table_name,
      exclusive: r.exclusive,
      weight: Number(r.weight),
      statement: r.statement,
    }),
  );
  for (const step of steps.filter((s) => s.phase === 'attach')) await runStep(db, step);
  await runConcurrently(
    db,
    steps.filter((s) => s.phase === 'build'),
    connections,
  );
  for (const step of steps.filter((s) => s.phase === 'constrain')) await runStep(db, step);
  await db.execute(sql.raw(`drop table ${REBUILD_TABLE}`));
  return (performance.now() - startedAt) / 1000;
}

/** Runs the steps, heaviest first, at most `connections` at once and never two that would wait on each other's locks. */
async function runConcurrently(
  db: Db,
  steps: readonly RebuildStep[],
  connections: number,
): Promise<void> {
  const pending = [...steps].sort((a, b) => b.weight - a.weight);
  const running = new Map<RebuildStep, Promise<void>>();
  const fits = (step: RebuildStep) =>
    [...running.keys()].every(
      (other) => other.table !== step.table || (!other.exclusive && !step.exclusive),
    );
  let failure: unknown;
  while (pending.length > 0 || running.size > 0) {
    const next = failure === undefined && running.size < connections ? pending.findIndex(fits) : -1;
    if (next >= 0) {
      const [step] = pending.splice(next, 1);
      running.set(
        step!,
        runStep(db, step!)
          .catch((error: unknown) => {
            failure ??= error;
          })
          .finally(() => running.delete(step!)),
      );
      continue;
    }
    if (running.size === 0) break;
    await Promise.race(running.values());
  }
  if (failure !== undefined) throw failure;
}
