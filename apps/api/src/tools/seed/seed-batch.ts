/**
 * One batch of the seed, from generated businesses to encoded columns ready to
 * send: plain data in, plain data out, so that it runs in the seed's worker
 * thread (seed-worker.ts) as well as in the caller's.
 */
import { randomUUID } from 'node:crypto';
import { formationStepKeys } from '@fd/contract';
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
import {
  clientColumns,
  generateBusiness,
  submittedBusinessColumns,
  type GeneratedBusiness,
} from './business-generator.ts';
import { sampleFiles } from './sample-files.ts';
import { encodeColumns, type EncodedColumn } from './seed.queries.ts';

export const STEPS_PER_BUSINESS = formationStepKeys.length;

export interface ManagerRef {
  id: number;
  name: string;
}

/** The tables of a batch, in the order they are written (each row's references first). */
export const BATCH_TABLES = {
  users,
  businesses,
  steps: formationSteps,
  documents,
  shareholders,
  onlinePayments,
  receipts: manualPaymentReceipts,
  comments,
  managerLogs,
  feedback,
  notifications,
} as const;
export type BatchTable = keyof typeof BATCH_TABLES;

export interface BatchRequest {
  seed: number;
  nowMs: number;
  /** Indexes of the run's businesses in this batch: start included, end excluded. */
  start: number;
  end: number;
  creationTimesMs: readonly number[];
  /** Batch-relative index from which businesses notify the managers. */
  notifyFrom: number;
  managers: readonly ManagerRef[];
  ids: { users: readonly number[]; businesses: readonly number[]; steps: readonly number[] };
}

export interface PreparedBatch {
  size: number;
  rows: Record<BatchTable, number>;
  tables: Record<BatchTable, EncodedColumn[] | null>;
}

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
    'currentActivitySince',
    'clientWaitingSince',
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
    'statusSince',
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
/**
 * What of the client's waits on a manager, as the database derives it (migration 0028): the
 * submission while every step is Pending, else the first document sent after the current step
 * Failed.
 */
function clientWaitingSince(generated: GeneratedBusiness, currentSince: Date | null): Date | null {
  if (generated.steps.every((step) => step.status === 'PENDING')) return generated.createdAt;
  if (generated.currentActivity?.status !== 'FAILED' || currentSince === null) return null;
  const sentAfter = generated.documents
    .map((document) => document.createdAt)
    .filter((sent) => sent.getTime() > currentSince.getTime());
  return sentAfter.length === 0 ? null : new Date(Math.min(...sentAfter.map((d) => d.getTime())));
}

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
    ...clientColumns(client),
    createdAt: client.createdAt,
    updatedAt: client.createdAt,
  });
  const currentSince =
    generated.steps.find((step) => step.key === generated.currentActivity?.step)?.updatedAt ?? null;
  push(batch.businesses, {
    id: businessId,
    uuid: randomUUID(),
    userId,
    ...submittedBusinessColumns(generated),
    // What the formation gave it, which a business just submitted has not (client-activity.ts).
    incorporationNumber: generated.incorporationNumber,
    incorporationDate: generated.incorporationDate,
    taxId: generated.taxId,
    nationalIdentificationNumber: generated.nationalIdentificationNumber,
    // The step-derived columns as generated (the batch's transaction tells the database so,
    // migration 0009; the seed's tests check it would derive the same); search_text is
    // derived by the database (migration 0005).
    accountLevel: generated.accountLevel,
    incorporationStatus: generated.incorporationStatus,
    currentActivityStep: generated.currentActivity?.step ?? null,
    currentActivityStatus: generated.currentActivity?.status ?? null,
    currentActivitySince: currentSince,
    clientWaitingSince: clientWaitingSince(generated, currentSince),
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
      // A generated step's last change is the one that set its status.
      statusSince: step.updatedAt,
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

/** Generates the batch's businesses and encodes their rows, table by table. */
export function prepareBatch(request: BatchRequest): PreparedBatch {
  const { seed, start, end, ids, managers, notifyFrom } = request;
  const now = new Date(request.nowMs);
  const batch = new BatchColumns();
  for (let i = 0; i < end - start; i++) {
    const generated: GeneratedBusiness = generateBusiness(
      seed,
      start + i,
      new Date(request.creationTimesMs[i]!),
      now,
    );
    addBusiness(
      batch,
      generated,
      {
        userId: ids.users[i]!,
        businessId: ids.businesses[i]!,
        stepIds: ids.steps.slice(i * STEPS_PER_BUSINESS, (i + 1) * STEPS_PER_BUSINESS),
      },
      managers,
      i >= notifyFrom,
    );
  }
  const keys = Object.keys(BATCH_TABLES) as BatchTable[];
  const rows = {} as Record<BatchTable, number>;
  const tables = {} as Record<BatchTable, EncodedColumn[] | null>;
  for (const key of keys) {
    const columns = batch[key] as Record<string, unknown[]>;
    rows[key] = Object.values(columns)[0]?.length ?? 0;
    tables[key] = encodeColumns(BATCH_TABLES[key], columns as never);
  }
  return { size: end - start, rows, tables };
}
