/**
 * The demo data set (docs/architecture.md §1): deterministic businesses in every tab and
 * step state, written in batches of set-based inserts so that 100 000 take
 * well under a minute on PostgreSQL.
 */
import { getTableName } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import {
  businesses,
  comments,
  documents,
  feedback,
  formationSteps,
  managerLogs,
  manualPaymentReceipts,
  onlinePayments,
  shareholders,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { compactBusinessCounts } from '../../features/businesses/index.ts';
import { compactInsightCounts } from '../../features/insights/index.ts';
import { createManager, listManagers } from '../../features/managers/index.ts';
import { generateCreationTimes } from './business-generator.ts';
import { dropForBulkLoad, finishPendingRebuild, hasPendingRebuild } from './bulk-load.ts';
import { DEMO_MANAGER, SECOND_DEMO_MANAGER } from './demo.ts';
import { writeSampleFiles } from './sample-files.ts';
import {
  beginSeedRun,
  describeInterruptedSeed,
  findInterruptedSeed,
  finishSeedRun,
  recordSeedBatch,
  type SeedRun,
} from './seed-runs.ts';
import {
  BATCH_TABLES,
  STEPS_PER_BUSINESS,
  type BatchTable,
  type ManagerRef,
  type PreparedBatch,
} from './seed-batch.ts';
import { inThread, startSeedThread } from './seed-thread.ts';
import {
  countBusinesses,
  hasAnyUser,
  insertEncoded,
  prepareSeedTransaction,
  reserveIds,
  type Executor,
} from './seed.queries.ts';

export const DEMO_BUSINESS_COUNT = 300;
const DEMO_SEED = 2026;
/** Only the newest businesses of a run notify the managers, so their lists stay readable. */
const NOTIFIED_BUSINESSES_PER_RUN = 40;
/**
 * From this many businesses, into a table that holds no more than that, the
 * seed loads without secondary indexes and foreign keys and puts them back
 * after (PostgreSQL; bulk-load.ts).
 */
const BULK_LOAD_MIN_BUSINESSES = 20_000;
/** The tables a seed writes in bulk (notifications: a few dozen rows). */
const BULK_TABLES = [
  users,
  businesses,
  formationSteps,
  documents,
  shareholders,
  onlinePayments,
  manualPaymentReceipts,
  comments,
  managerLogs,
  feedback,
].map((table) => getTableName(table));

export interface SeedOptions {
  count: number;
  seed: number;
  /** Where the sample files go on PGlite (on PostgreSQL: the database; decision 44). */
  filesDir: string;
  log: (line: string) => void;
  /** The end of the ~24 months the creation dates spread over (tests pin it). */
  now?: Date;
  batchSize?: number;
  /**
   * PostgreSQL: load without the seeded tables' secondary indexes and foreign
   * keys, and put them back after. By default when at least
   * BULK_LOAD_MIN_BUSINESSES are added to no more businesses than that.
   */
  bulkLoad?: boolean;
  /** Who runs it, as recorded in seed_runs (decision 45): `cli` unless the demo data. */
  source?: SeedRun['source'];
}

export interface SeedCounts {
  businesses: number;
  formationSteps: number;
  documents: number;
  shareholders: number;
  onlinePayments: number;
  manualPaymentReceipts: number;
  comments: number;
  managerLogs: number;
  notifications: number;
  feedback: number;
}

const emptyCounts = (): SeedCounts => ({
  businesses: 0,
  formationSteps: 0,
  documents: 0,
  shareholders: 0,
  onlinePayments: 0,
  manualPaymentReceipts: 0,
  comments: 0,
  managerLogs: 0,
  notifications: 0,
  feedback: 0,
});

/** Writes a prepared batch in one transaction, which also records it in the run's row. */
async function writeBatch(
  db: Db,
  batch: PreparedBatch,
  counts: SeedCounts,
  run: { id: number; start: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const executor: Executor = tx;
    await prepareSeedTransaction(executor);
    for (const key of Object.keys(BATCH_TABLES) as BatchTable[]) {
      await insertEncoded(executor, BATCH_TABLES[key], batch.tables[key]);
    }
    await recordSeedBatch(executor, run.id, run.start, batch.size);
  });
  counts.businesses += batch.size;
  counts.formationSteps += batch.rows.steps;
  counts.documents += batch.rows.documents;
  counts.shareholders += batch.rows.shareholders;
  counts.onlinePayments += batch.rows.onlinePayments;
  counts.manualPaymentReceipts += batch.rows.receipts;
  counts.comments += batch.rows.comments;
  counts.managerLogs += batch.rows.managerLogs;
  counts.feedback += batch.rows.feedback;
  counts.notifications += batch.rows.notifications;
}

/**
 * Appends `count` generated businesses (each with its own client) to the
 * database. The same seed gives the same businesses; emails carry the
 * client's id so that a second run with the same seed never collides.
 * Comments, logs and notifications are attributed to the active managers.
 */
export async function seedBusinesses(
  database: Database,
  options: SeedOptions,
): Promise<SeedCounts> {
  const { count, filesDir, log } = options;
  const now = options.now ?? new Date();
  // PGlite runs in this thread, so there is nothing to overlap; PostgreSQL
  // writes one batch while the next is generated.
  const onPostgres = database.kind === 'postgres';
  const batchSize = options.batchSize ?? (onPostgres ? 2500 : 500);
  const parallelBatches = onPostgres ? 2 : 1;

  await writeSampleFiles(database, filesDir);
  if (onPostgres && (await hasPendingRebuild(database.db))) {
    log('A seed before this one stopped during its bulk load: putting back its indexes first…');
    await finishPendingRebuild(database.db);
  }
  const bulkLoad =
    onPostgres &&
    (options.bulkLoad ??
      (count >= BULK_LOAD_MIN_BUSINESSES && (await countBusinesses(database.db)) <= count));
  // Recorded before the first business: a run stopped half-way is never silently partial.
  const runId = await beginSeedRun(database.db, {
    source: options.source ?? 'cli',
    seed: options.seed,
    count,
    batchSize,
    datesUntil: now,
  });
  if (bulkLoad) await dropForBulkLoad(database.db, BULK_TABLES);
  let counts: SeedCounts;
  try {
    counts = await writeBusinesses(database, {
      ...options,
      now,
      batchSize,
      parallelBatches,
      inWorker: bulkLoad,
      runId,
      done: new Set(),
    });
  } catch (error) {
    // Put the indexes back all the same; the load's error is the one to tell.
    if (bulkLoad) await finishPendingRebuild(database.db).catch(() => {});
    throw error;
  }
  if (bulkLoad) {
    const loaded = performance.now();
    log(`… ${count} businesses written; building their indexes and checking their keys`);
    await finishPendingRebuild(database.db);
    log(`… indexes and keys in ${((performance.now() - loaded) / 1000).toFixed(1)} s`);
  }
  // Each batch added a row per combination to the maintained counts, and per day to the
  // insights' (decision 114): fold them (decision 29).
  await compactBusinessCounts(database.db);
  await compactInsightCounts(database.db);
  await finishSeedRun(database.db, runId);
  return counts;
}

/**
 * Finishes a run that stopped half-way (decision 45): writes the batches it lacks, each the
 * same businesses the run would have written (same seed, dates and batches), and marks it
 * finished. Answers what it wrote now.
 */
export async function resumeSeed(
  database: Database,
  run: SeedRun,
  options: { filesDir: string; log: (line: string) => void },
): Promise<SeedCounts> {
  const onPostgres = database.kind === 'postgres';
  await writeSampleFiles(database, options.filesDir);
  if (onPostgres && (await hasPendingRebuild(database.db))) {
    options.log('The seed stopped during its bulk load: putting back its indexes first…');
    await finishPendingRebuild(database.db);
  }
  const counts = await writeBusinesses(database, {
    count: run.count,
    seed: run.seed,
    filesDir: options.filesDir,
    log: options.log,
    now: new Date(run.datesUntil),
    batchSize: run.batchSize,
    parallelBatches: onPostgres ? 2 : 1,
    inWorker: false,
    runId: run.id,
    done: new Set(run.doneBatches),
  });
  await compactBusinessCounts(database.db);
  await compactInsightCounts(database.db);
  await finishSeedRun(database.db, run.id);
  return counts;
}

async function writeBusinesses(
  database: Database,
  options: SeedOptions & {
    now: Date;
    batchSize: number;
    parallelBatches: number;
    inWorker: boolean;
    /** The run's row, and the batches (by first business) it already committed. */
    runId: number;
    done: ReadonlySet<number>;
  },
): Promise<SeedCounts> {
  const { count, seed, log, now, batchSize, parallelBatches, runId, done } = options;
  const managers: ManagerRef[] = (await listManagers(database.db))
    .filter((m) => m.isActive)
    .map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}` }));
  const creationTimes = generateCreationTimes(seed, count, now).map((d) => d.getTime());
  const counts = emptyCounts();
  const inFlight = new Set<Promise<void>>();
  const progressEvery = Math.max(batchSize, Math.ceil(count / 10 / batchSize) * batchSize);
  // A large seed on PostgreSQL generates in a worker thread while this one sends.
  const preparer = options.inWorker ? startSeedThread() : inThread;

  try {
    for (let start = 0; start < count; start += batchSize) {
      const end = Math.min(start + batchSize, count);
      const size = end - start;
      if (done.has(start)) continue;
      const write = (async () => {
        // Ids first (sequences are not transactional), so the batch can be prepared anywhere.
        const ids = {
          users: await reserveIds(database.db, users, size),
          businesses: await reserveIds(database.db, businesses, size),
          steps: await reserveIds(database.db, formationSteps, size * STEPS_PER_BUSINESS),
        };
        const batch = await preparer.prepare({
          seed,
          nowMs: now.getTime(),
          start,
          end,
          creationTimesMs: creationTimes.slice(start, end),
          notifyFrom: count - NOTIFIED_BUSINESSES_PER_RUN - start,
          managers,
          ids,
        });
        await writeBatch(database.db, batch, counts, { id: runId, start });
      })().finally(() => inFlight.delete(write));
      inFlight.add(write);
      if (inFlight.size >= parallelBatches) {
        try {
          await Promise.race(inFlight);
        } catch (error) {
          // Let the other writes finish before failing, so nothing runs on after the caller closes the database.
          await Promise.allSettled([...inFlight]);
          throw error;
        }
      }
      if (count > progressEvery && end % progressEvery === 0 && end < count) {
        log(`… ${end} of ${count} businesses generated`);
      }
    }
  } finally {
    await Promise.allSettled([...inFlight]);
    await preparer.close();
  }
  // allSettled first so that no write is left running when one fails.
  const results = await Promise.allSettled([...inFlight]);
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
  return counts;
}

/** Creates the two demo managers when the database has no users at all; false when it has some. */
export async function createDemoManagersIfNoUsers(database: Database): Promise<boolean> {
  if (await hasAnyUser(database.db)) return false;
  try {
    await database.db.transaction(async (tx) => {
      await createManager(tx, DEMO_MANAGER);
      await createManager(tx, SECOND_DEMO_MANAGER);
    });
    return true;
  } catch (error) {
    // Another instance starting at the same moment created them first.
    if (error instanceof AppError && error.statusCode === 409) return false;
    throw error;
  }
}

/** The default seed for a CLI run: 1 on an empty database, different on every append. */
export async function defaultSeed(database: Database): Promise<number> {
  return 1 + (await countBusinesses(database.db));
}

export const describeCounts = (counts: SeedCounts): string =>
  `${counts.businesses} businesses (${counts.formationSteps} formation steps, ${counts.documents} documents, ` +
  `${counts.shareholders} shareholders, ${counts.onlinePayments} online payments, ` +
  `${counts.manualPaymentReceipts} manual receipts, ${counts.comments} comments, ` +
  `${counts.managerLogs} manager logs, ${counts.feedback} feedback, ${counts.notifications} notifications)`;

/**
 * First start of the embedded mode: on a database without users, creates the
 * demo managers and a few hundred businesses, and logs one line. Does
 * nothing on a database that has users.
 */
export async function seedDemoIfEmpty(
  database: Database,
  options: { filesDir: string; log: (line: string) => void },
): Promise<{ seeded: boolean }> {
  const startedAt = performance.now();
  // A start killed while it wrote the demo data finishes it now (decision 45); a seed the
  // tool left half-way is told, for its owner to resume. On PostgreSQL another instance may be
  // writing that demo data right now: told, never taken over.
  const interrupted = await findInterruptedSeed(database.db);
  if (interrupted?.source === 'demo' && database.kind === 'pglite') {
    options.log(`${describeInterruptedSeed(interrupted)} Writing the rest of the demo data.`);
    const counts = await resumeSeed(database, interrupted, options);
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    options.log(`Finished the demo data in ${seconds} s: ${describeCounts(counts)} more.`);
    return { seeded: true };
  }
  if (interrupted) {
    options.log(
      `${describeInterruptedSeed(interrupted)} Run "npm run seed -- --resume" to finish it.`,
    );
  }
  if (!(await createDemoManagersIfNoUsers(database))) return { seeded: false };
  const counts = await seedBusinesses(database, {
    count: DEMO_BUSINESS_COUNT,
    seed: DEMO_SEED,
    filesDir: options.filesDir,
    log: options.log,
    source: 'demo',
  });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  options.log(`Seeded demo data in ${seconds} s: 2 managers, ${describeCounts(counts)}.`);
  return { seeded: true };
}
