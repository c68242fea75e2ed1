/**
 * The record of each seed run (`seed_runs`,
 * docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md): a row before the first
 * batch, each batch's start added in that batch's own transaction, `finished_at` at the end. A row
 * left without it is a seed that stopped half-way, and says how far it got.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { seedRuns } from '../../db/schema.ts';
import type { Executor } from './seed.queries.ts';

export type SeedRun = typeof seedRuns.$inferSelect;

export async function beginSeedRun(
  db: Db,
  run: Pick<SeedRun, 'source' | 'seed' | 'count' | 'batchSize' | 'datesUntil'>,
): Promise<number> {
  const [row] = await db.insert(seedRuns).values(run).returning({ id: seedRuns.id });
  return row!.id;
}

/** In the batch's transaction: the batch starting at business `start` (of `size`) is in. */
export async function recordSeedBatch(
  executor: Executor,
  runId: number,
  start: number,
  size: number,
): Promise<void> {
  await executor.execute(sql`
    update ${seedRuns}
       set ${sql.identifier(seedRuns.doneBatches.name)} = array_append(${seedRuns.doneBatches}, ${start}::int),
           ${sql.identifier(seedRuns.written.name)} = ${seedRuns.written} + ${size}::int,
           ${sql.identifier(seedRuns.updatedAt.name)} = now()
     where ${seedRuns.id} = ${runId}`);
}

export async function finishSeedRun(db: Db, runId: number): Promise<void> {
  await db
    .update(seedRuns)
    .set({ finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(seedRuns.id, runId));
}

/** The oldest run that never finished, if any. */
export async function findInterruptedSeed(
  db: Db,
  source?: SeedRun['source'],
): Promise<SeedRun | undefined> {
  const [row] = await db
    .select()
    .from(seedRuns)
    .where(and(isNull(seedRuns.finishedAt), source ? eq(seedRuns.source, source) : undefined))
    .orderBy(asc(seedRuns.id))
    .limit(1);
  return row;
}

const at = (value: Date | string) => new Date(value).toISOString().replace(/\.\d+Z$/, 'Z');

/** `A seed was interrupted: 1000 of 3000 businesses written (seed 7, started …, last batch …).` */
export const describeInterruptedSeed = (run: SeedRun): string =>
  `A seed was interrupted: ${run.written} of ${run.count} businesses written (${run.source === 'demo' ? 'the demo data, ' : ''}seed ${run.seed}, started ${at(run.startedAt)}, last batch ${at(run.updatedAt)}).`;

/**
 * A new seed refused while an earlier one is unfinished: the message says how to go on. A
 * refusal (409), so a server running the tool does not log it as its own failure.
 */
export class InterruptedSeedError extends AppError {
  constructor(readonly run: SeedRun) {
    super(
      409,
      `${describeInterruptedSeed(run)} Run "npm run seed -- --resume" to write the other ${run.count - run.written} (the same businesses it would have written), then seed again for more. If that seed is still running in another process, wait for it to finish.`,
    );
  }
}
