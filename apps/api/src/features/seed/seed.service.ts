/**
 * The demo data set (docs/architecture.md §1): deterministic businesses in every tab and
 * step state, written in batches of set-based inserts so that 100 000 take
 * well under a minute on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import { formationStepKeys } from '@fd/contract';
import type { Database, Db } from '../../db/client.ts';
import {
  businesses,
  comments,
  documents,
  feedback,
  formationSteps,
  managerLogs,
  manualPaymentReceipts,
  notifications,
  onlinePayments,
  shareholders,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { compactBusinessCounts } from '../businesses/index.ts';
import { createManager, listManagers } from '../managers/index.ts';
import {
  generateBusiness,
  generateCreationTimes,
  type GeneratedBusiness,
} from './business-generator.ts';
import { dropForBulkLoad, finishPendingRebuild, hasPendingRebuild } from './bulk-load.ts';
import { DEMO_MANAGER, SECOND_DEMO_MANAGER } from './demo.ts';
import { sampleFiles, writeSampleFiles } from './sample-files.ts';
import {
  countBusinesses,
  hasAnyUser,
  insertColumns,
  prepareSeedTransaction,
  reserveIds,
  type Executor,
} from './seed.queries.ts';

export const DEMO_BUSINESS_COUNT = 300;
const DEMO_SEED = 2026;
/** Only the newest businesses of a run notify the managers, so their lists stay readable. */
const NOTIFIED_BUSINESSES_PER_RUN = 40;
const STEPS_PER_BUSINESS = formationStepKeys.length;
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

interface ManagerRef {
  id: number;
  name: string;
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

/** Column arrays for one batch, filled business by business. */
class BatchColumns {
  readonly users = columnsOf(users, [
    'id',
    'uuid',
    'email',
    'role',
    'firstName',
    'lastName',
    'countryOfResidence',
    'stateOfResidence',
    'residentialAddress',
    'zipCode',
    'phoneNumber',
    'referralSource',
    'createdAt',
    'updatedAt',
  ]);
  readonly businesses = columnsOf(businesses, [
    'id',
    'uuid',
    'userId',
    'businessName',
    'businessIndustry',
    'businessDescription',
    'companyType',
    'countryOfIncorporation',
    'stateOfIncorporation',
    'incorporationNumber',
    'incorporationDate',
    'newBusinessFormationAddress',
    'taxId',
    'nationalIdentificationNumber',
    'companyWebsite',
    'socialLink',
    'isRegisteredCompany',
    'accountLevel',
    'incorporationStatus',
    'currentActivityStep',
    'currentActivityStatus',
    'hasManualReceipt',
    'createdAt',
    'updatedAt',
  ]);
  readonly steps = columnsOf(formationSteps, [
    'id',
    'businessId',
    'stepKey',
    'status',
    'statusItemName',
    'updatedBy',
    'updatedAt',
  ]);
  readonly documents = columnsOf(documents, [
    'uuid',
    'businessId',
    'kind',
    'documentTitle',
    'fileName',
    'storageKey',
    'contentType',
    'size',
    'createdAt',
  ]);
  readonly shareholders = columnsOf(shareholders, [
    'businessId',
    'companyOwnerFullName',
    'ownershipPercentage',
    'isCompany',
  ]);
  readonly onlinePayments = columnsOf(onlinePayments, [
    'businessId',
    'amount',
    'currency',
    'reference',
    'paymentDate',
    'createdAt',
  ]);
  readonly receipts = columnsOf(manualPaymentReceipts, [
    'uuid',
    'businessId',
    'fileName',
    'storageKey',
    'contentType',
    'size',
    'createdAt',
  ]);
  readonly comments = columnsOf(comments, ['businessId', 'userId', 'comment', 'createdAt']);
  readonly managerLogs = columnsOf(managerLogs, [
    'businessId',
    'managerId',
    'managerName',
    'action',
    'feedbackLogCategory',
    'createdAt',
  ]);
  readonly feedback = columnsOf(feedback, [
    'uuid',
    'businessId',
    'statusItemId',
    'feedbackTitle',
    'messageBody',
    'attachmentFileName',
    'attachmentStorageKey',
    'attachmentContentType',
    'attachmentSize',
    'managerId',
    'createdAt',
  ]);
  readonly notifications = columnsOf(notifications, [
    'managerId',
    'businessId',
    'message',
    'status',
    'isRead',
    'createdAt',
  ]);
}

/** `{ id: [], email: [], … }` for the named columns of a table. */
function columnsOf<
  T extends { _: { columns: object } },
  K extends keyof T['_']['columns'] & string,
>(_table: T, keys: readonly K[]): Record<K, unknown[]> {
  return Object.fromEntries(keys.map((key) => [key, []])) as unknown as Record<K, unknown[]>;
}

function push<K extends string>(columns: Record<K, unknown[]>, row: Record<K, unknown>): void {
  for (const key in columns) columns[key].push(row[key]);
}

/** Adds one generated business, with the ids it was given, to the batch columns. */
function addBusiness(
  batch: BatchColumns,
  generated: GeneratedBusiness,
  ids: { userId: number; businessId: number; stepIds: readonly number[] },
  managers: readonly ManagerRef[],
  notify: boolean,
): void {
  const { client } = generated;
  const { userId, businessId, stepIds } = ids;
  const stepId = (key: string) =>
    stepIds[formationStepKeys.indexOf(key as (typeof formationStepKeys)[number])]!;
  const manager = (pick: number) => managers[Math.floor(pick * managers.length)]!;
  const email = `${client.emailLocalPart}.${userId}@${client.emailDomain}`;
  // uuids made here: gen_random_uuid() per row costs PostgreSQL ~4 µs, 7.5 million times at 10⁶ businesses.
  push(batch.users, {
    id: userId,
    uuid: randomUUID(),
    email,
    role: 'CLIENT',
    firstName: client.firstName,
    lastName: client.lastName,
    countryOfResidence: client.countryOfResidence,
    stateOfResidence: client.stateOfResidence,
    residentialAddress: client.residentialAddress,
    zipCode: client.zipCode,
    phoneNumber: client.phoneNumber,
    referralSource: client.referralSource,
    createdAt: client.createdAt,
    updatedAt: client.createdAt,
  });
  push(batch.businesses, {
    id: businessId,
    uuid: randomUUID(),
    userId,
    businessName: generated.businessName,
    businessIndustry: generated.businessIndustry,
    businessDescription: generated.businessDescription,
    companyType: generated.companyType,
    countryOfIncorporation: generated.countryOfIncorporation,
    stateOfIncorporation: generated.stateOfIncorporation,
    incorporationNumber: generated.incorporationNumber,
    incorporationDate: generated.incorporationDate,
    newBusinessFormationAddress: generated.newBusinessFormationAddress,
    taxId: generated.taxId,
    nationalIdentificationNumber: generated.nationalIdentificationNumber,
    companyWebsite: generated.companyWebsite,
    socialLink: generated.socialLink,
    isRegisteredCompany: generated.isRegisteredCompany,
    // The step-derived columns as generated (the batch's transaction tells the database so,
    // migration 0009; the seed's tests check it would derive the same); search_text is
    // derived by the database (migration 0005).
    accountLevel: generated.accountLevel,
    incorporationStatus: generated.incorporationStatus,
    currentActivityStep: generated.currentActivity?.step ?? null,
    currentActivityStatus: generated.currentActivity?.status ?? null,
    hasManualReceipt: generated.hasManualReceipt,
    createdAt: generated.createdAt,
    updatedAt: generated.updatedAt,
  });
  for (const step of generated.steps) {
    push(batch.steps, {
      id: stepId(step.key),
      businessId,
      stepKey: step.key,
      status: step.status,
      statusItemName: step.name,
      updatedBy: step.changedBy !== null && managers.length > 0 ? manager(step.changedBy).id : null,
      updatedAt: step.updatedAt,
    });
  }
  for (const document of generated.documents) {
    const file = sampleFiles[document.sample];
    push(batch.documents, {
      uuid: randomUUID(),
      businessId,
      kind: document.kind,
      documentTitle: document.documentTitle,
      fileName: document.fileName,
      storageKey: file.storageKey,
      contentType: file.contentType,
      size: file.size,
      createdAt: document.createdAt,
    });
  }
  for (const holder of generated.shareholders) push(batch.shareholders, { businessId, ...holder });
  for (const payment of generated.onlinePayments) {
    push(batch.onlinePayments, {
      businessId,
      ...payment,
      paymentDate: payment.paymentDate,
      createdAt: payment.paymentDate,
    });
  }
  for (const receipt of generated.receipts) {
    const file = sampleFiles[receipt.sample];
    push(batch.receipts, {
      uuid: randomUUID(),
      businessId,
      fileName: receipt.fileName,
      storageKey: file.storageKey,
      contentType: file.contentType,
      size: file.size,
      createdAt: receipt.createdAt,
    });
  }
  // Without managers (clients only in the database) nobody wrote comments or logs.
  if (managers.length === 0) return;
  for (const comment of generated.comments) {
    push(batch.comments, {
      businessId,
      userId: manager(comment.author).id,
      comment: comment.comment,
      createdAt: comment.createdAt,
    });
  }
  for (const log of generated.managerLogs) {
    push(batch.managerLogs, {
      businessId,
      managerId: manager(log.author).id,
      managerName: manager(log.author).name,
      action: log.action,
      feedbackLogCategory: log.category,
      createdAt: log.createdAt,
    });
  }
  for (const item of generated.feedback) {
    const file = item.attachment ? sampleFiles[item.attachment.sample] : null;
    push(batch.feedback, {
      uuid: randomUUID(),
      businessId,
      statusItemId: stepId(item.stepKey),
      feedbackTitle: item.feedbackTitle,
      messageBody: item.messageBody,
      attachmentFileName: item.attachment?.fileName ?? null,
      attachmentStorageKey: file?.storageKey ?? null,
      attachmentContentType: file?.contentType ?? null,
      attachmentSize: file?.size ?? null,
      managerId: manager(item.author).id,
      createdAt: item.createdAt,
    });
  }
  if (notify) {
    for (const { id } of managers) {
      push(batch.notifications, {
        managerId: id,
        businessId,
        ...generated.notification,
        createdAt: generated.notification.createdAt,
      });
    }
  }
}

async function writeBatch(
  db: Db,
  generated: readonly GeneratedBusiness[],
  notifyFrom: number,
  managers: readonly ManagerRef[],
  counts: SeedCounts,
): Promise<void> {
  await db.transaction(async (tx) => {
    const executor: Executor = tx;
    await prepareSeedTransaction(executor);
    const size = generated.length;
    const userIds = await reserveIds(executor, users, size);
    const businessIds = await reserveIds(executor, businesses, size);
    const stepIds = await reserveIds(executor, formationSteps, size * STEPS_PER_BUSINESS);
    const batch = new BatchColumns();
    generated.forEach((business, i) => {
      const ids = {
        userId: userIds[i]!,
        businessId: businessIds[i]!,
        stepIds: stepIds.slice(i * STEPS_PER_BUSINESS, (i + 1) * STEPS_PER_BUSINESS),
      };
      addBusiness(batch, business, ids, managers, i >= notifyFrom);
    });
    await insertColumns(executor, users, batch.users);
    await insertColumns(executor, businesses, batch.businesses);
    await insertColumns(executor, formationSteps, batch.steps);
    await insertColumns(executor, documents, batch.documents);
    await insertColumns(executor, shareholders, batch.shareholders);
    await insertColumns(executor, onlinePayments, batch.onlinePayments);
    await insertColumns(executor, manualPaymentReceipts, batch.receipts);
    await insertColumns(executor, comments, batch.comments);
    await insertColumns(executor, managerLogs, batch.managerLogs);
    await insertColumns(executor, feedback, batch.feedback);
    await insertColumns(executor, notifications, batch.notifications);
    counts.businesses += size;
    counts.formationSteps += batch.steps.id.length;
    counts.documents += batch.documents.businessId.length;
    counts.shareholders += batch.shareholders.businessId.length;
    counts.onlinePayments += batch.onlinePayments.businessId.length;
    counts.manualPaymentReceipts += batch.receipts.businessId.length;
    counts.comments += batch.comments.businessId.length;
    counts.managerLogs += batch.managerLogs.businessId.length;
    counts.feedback += batch.feedback.businessId.length;
    counts.notifications += batch.notifications.businessId.length;
  });
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

  writeSampleFiles(filesDir);
  if (onPostgres && (await hasPendingRebuild(database.db))) {
    log('A seed before this one stopped during its bulk load: putting back its indexes first…');
    await finishPendingRebuild(database.db);
  }
  const bulkLoad =
    onPostgres &&
    (options.bulkLoad ??
      (count >= BULK_LOAD_MIN_BUSINESSES && (await countBusinesses(database.db)) <= count));
  if (bulkLoad) await dropForBulkLoad(database.db, BULK_TABLES);
  let counts: SeedCounts;
  try {
    counts = await writeBusinesses(database, { ...options, now, batchSize, parallelBatches });
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
  // Each batch added a row per combination to the maintained counts: fold them (decision 29).
  await compactBusinessCounts(database.db);
  return counts;
}

async function writeBusinesses(
  database: Database,
  options: SeedOptions & { now: Date; batchSize: number; parallelBatches: number },
): Promise<SeedCounts> {
  const { count, seed, log, now, batchSize, parallelBatches } = options;
  const managers: ManagerRef[] = (await listManagers(database.db))
    .filter((m) => m.isActive)
    .map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}` }));
  const creationTimes = generateCreationTimes(seed, count, now);
  const counts = emptyCounts();
  const inFlight = new Set<Promise<void>>();
  const progressEvery = Math.max(batchSize, Math.ceil(count / 10 / batchSize) * batchSize);

  for (let start = 0; start < count; start += batchSize) {
    const end = Math.min(start + batchSize, count);
    const generated: GeneratedBusiness[] = [];
    for (let i = start; i < end; i++)
      generated.push(generateBusiness(seed, i, creationTimes[i]!, now));
    const notifyFrom = count - NOTIFIED_BUSINESSES_PER_RUN - start;
    const write = writeBatch(database.db, generated, notifyFrom, managers, counts).finally(() =>
      inFlight.delete(write),
    );
    inFlight.add(write);
    if (inFlight.size >= parallelBatches) {
      try {
        await Promise.race(inFlight);
      } catch (error) {
        // Let the other write finish before failing, so nothing runs on after the caller closes the database.
        await Promise.allSettled([...inFlight]);
        throw error;
      }
    }
    if (count > progressEvery && end % progressEvery === 0 && end < count) {
      log(`… ${end} of ${count} businesses generated`);
    }
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
  if (!(await createDemoManagersIfNoUsers(database))) return { seeded: false };
  const counts = await seedBusinesses(database, {
    count: DEMO_BUSINESS_COUNT,
    seed: DEMO_SEED,
    filesDir: options.filesDir,
    log: options.log,
  });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  options.log(`Seeded demo data in ${seconds} s: 2 managers, ${describeCounts(counts)}.`);
  return { seeded: true };
}
