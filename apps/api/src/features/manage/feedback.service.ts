/**
 * Feedback to the client and post-formation uploads (docs/product.md §7.6; decision 24).
 * Both are a feedback row — an upload is feedback whose title is a post-formation category
 * and which must carry a file — written with its log entry and notifications in one short
 * transaction that starts only once the file is staged on disk.
 */
import {
  FEEDBACK_LIMIT,
  FILE_HISTORY_LIMIT,
  MANAGER_LOGS_LIMIT,
  formationStepNames,
  stepStatusKinds,
  successMessages,
  type BusinessRef,
  type Feedback,
  type FileHistoryEntry,
  type ManagerLog,
  type StepStatus,
} from '@fd/contract';
import type { Db } from '../../db/client.ts';
import { transactionRetryingDeadlocks } from '../../db/errors.ts';
import type { TableChanges } from '../../lib/read-cache/index.ts';
import type { SignedFileUrls } from '../../lib/signed-url.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import type { AuthenticatedManager } from '../auth/index.ts';
import type { StagedUpload } from '../../plugins/uploads.ts';
import {
  feedbackInsert,
  selectFileHistory,
  selectStepFeedback,
  type FeedbackRow,
} from './feedback.queries.ts';
import {
  findBusiness,
  findFormationStep,
  lockBusinessRows,
  lockFormationStepStatus,
  selectManagerLogs,
  type FormationStepRow,
} from './manage.queries.ts';
import {
  invalid,
  managerName,
  notFound,
  moveStep,
  recordedWrite,
  sentence,
  type ActionEvent,
} from './manage.service.ts';

export interface FeedbackDeps {
  db: Db;
  now: () => Date;
  storage: FileStorage;
  fileUrls: SignedFileUrls;
  /** Awaited after a status change commits, so this instance's next read finds it heard. */
  businessChanges: TableChanges;
}

/** What a feedback or an upload says, whichever field names it arrived with. */
export interface FeedbackInput {
  business: BusinessRef;
  statusItemId: number;
  title: string;
  message: string;
  fileUrl: string | null;
  /** Claimed by the route: this service commits or discards it. */
  attachment: StagedUpload | undefined;
}

const POST_FORMATION_STEP = 'post_doc_formation_status';
const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

const fullName = (first: string, last: string, email = '') => `${first} ${last}`.trim() || email;

/** A feedback row as every answer carries it, with a signed link to its file. */
export function toFeedback(row: FeedbackRow, fileUrls: SignedFileUrls): Feedback {
  return {
    id: row.id,
    business: row.businessId,
    status_item_id: row.statusItemId,
    feedback_title: row.feedbackTitle,
    message_body: row.messageBody,
    file_url: row.fileUrl,
    attachment_file: row.hasAttachment ? fileUrls.urlFor('feedback', row.id) : null,
    file_name: row.attachmentFileName,
    file_size: row.attachmentSize,
    manager_name: fullName(row.managerFirstName, row.managerLastName, row.managerEmail),
    created_at: row.createdAt.toISOString(),
  };
}

const updatableSteps = new Set<string>(Object.values(stepStatusKinds));

/** The feedback row of a report (or an upload) on `step`, and its log entry and notification. */
export function feedbackRecord(
  manager: AuthenticatedManager,
  step: FormationStepRow,
  input: Pick<FeedbackInput, 'title' | 'message' | 'fileUrl' | 'attachment'>,
  kind: 'feedback' | 'upload',
  at: Date,
) {
  const attachment = input.attachment;
  const values = {
    businessId: step.businessId,
    statusItemId: step.id,
    feedbackTitle: input.title,
    messageBody: input.message,
    fileUrl: input.fileUrl,
    attachmentFileName: attachment?.fileName ?? null,
    attachmentStorageKey: attachment?.storageKey ?? null,
    attachmentContentType: attachment?.contentType ?? null,
    attachmentSize: attachment?.size ?? null,
    managerId: manager.id,
    createdAt: at,
  };
  const name = managerName(manager);
  const file = attachment ? ` (${attachment.fileName}, ${kilobytes(attachment.size)})` : '';
  const event: ActionEvent = {
    businessId: step.businessId,
    action:
      kind === 'upload'
        ? `Uploaded ${input.title}${file} to the client`
        : `Sent feedback "${input.title}" on ${step.statusItemName} to the client${file}`,
    category: kind === 'upload' ? step.statusItemName : input.title,
    notification: {
      message:
        kind === 'upload'
          ? sentence(`${name} sent ${input.title} to ${step.businessName}`)
          : sentence(`${name} sent feedback on ${step.statusItemName} to ${step.businessName}`),
      status: kind === 'upload' ? 'Upload' : 'Feedback',
    },
    at,
  };
  return { values, event };
}
/** A feedback row and what its write records: its log entry and notification. */
export type FeedbackRecord = ReturnType<typeof feedbackRecord>;

/**
 * In the transaction `tx` (decision 55): the report on `step`, and the step moved to `status`
 * unless it already has it, each with its log entry and notifications. The step, then its
 * business, are locked before any write, in the order a status update alone takes them:
 * concurrent writes to one business queue rather than deadlock. The same for one report and
 * for each business of a bulk Failed (decision 104), whose steps and businesses are all locked
 * before, each kind in one statement (`locked`).
 */
export async function writeReportWithStatus(
  tx: Db,
  manager: AuthenticatedManager,
  step: FormationStepRow,
  { values, event }: FeedbackRecord,
  status: StepStatus,
  at: Date,
  { locked = false }: { locked?: boolean } = {},
): Promise<{ id: number; statusChanged: boolean }> {
  // A bulk change has locked its steps and businesses already, `step.status` read under that lock.
  const current = locked ? step.status : await lockFormationStepStatus(tx, step.id);
  if (current === undefined) throw notFound();
  if (!locked) await lockBusinessRows(tx, [step.businessId]);
  const id = await recordedWrite(tx, feedbackInsert(tx, values), manager, event);
  const statusChanged =
    current !== status && (await moveStep(tx, manager, { ...step, status: current }, status, at));
  return { id: id!, statusChanged };
}

/**
 * Writes one feedback row, its log entry and the other managers' notifications in one
 * statement (decision 26); then moves the staged file into place. If the write fails the
 * file is discarded, so a refused feedback leaves neither row nor file. With `status`, the
 * step moves to it in the same transaction, with its own log entry and notifications
 * (decision 55): the report and the status change land together or not at all.
 */
async function writeFeedback(
  { db, now, storage, fileUrls }: FeedbackDeps,
  manager: AuthenticatedManager,
  input: FeedbackInput,
  kind: 'feedback' | 'upload',
  fields: { statusItemId: string; business: string },
  status?: StepStatus,
): Promise<{ feedback: Feedback; step: FormationStepRow; statusChanged: boolean }> {
  const at = now();
  const attachment = input.attachment;
  let row: FeedbackRow;
  let step: FormationStepRow;
  let statusChanged = false;
  try {
    const found = await findFormationStep(db, input.statusItemId);
    const ref = input.business;
    if (
      !found ||
      !('uuid' in ref ? found.businessUuid === ref.uuid : found.businessId === ref.id)
    ) {
      // Which answer: an unknown business is a 404, a step of another business a 400.
      if (!(await findBusiness(db, ref))) throw notFound();
      throw invalid(
        fields.statusItemId,
        `${fields.statusItemId} ${input.statusItemId} is not a step of this business.`,
      );
    }
    step = found;
    if (status !== undefined && !updatableSteps.has(step.stepKey)) {
      throw invalid(
        fields.statusItemId,
        `${fields.statusItemId} ${input.statusItemId} is a step whose status is not set by hand.`,
      );
    }
    if (kind === 'upload' && step.stepKey !== POST_FORMATION_STEP) {
      throw invalid(
        fields.statusItemId,
        `${fields.statusItemId} ${input.statusItemId} is not the ${formationStepNames[POST_FORMATION_STEP]} step.`,
      );
    }
    const { values, event } = feedbackRecord(manager, step, input, kind, at);
    let id: number | undefined;
    if (status === undefined) {
      id = await recordedWrite(db, feedbackInsert(db, values), manager, event);
    } else {
      const moving = step;
      // The file stays staged until after the commit (below), so a deadlock's victim may run again.
      ({ id, statusChanged } = await transactionRetryingDeadlocks(db, (tx) =>
        writeReportWithStatus(tx, manager, moving, { values, event }, status, at),
      ));
    }
    // The row as written, with the author as signed in: no read back.
    row = {
      ...values,
      id: id!,
      hasAttachment: attachment !== undefined,
      managerFirstName: manager.firstName,
      managerLastName: manager.lastName,
      managerEmail: manager.email,
    };
  } catch (error) {
    if (attachment) await storage.discard(attachment.storageKey);
    throw error;
  }
  // Committed: the row names the file, so it moves into place (a crash here is recovered at
  // start, and until then the file is read from the staging area).
  if (attachment) await storage.commit(attachment.storageKey);
  return { feedback: toFeedback(row, fileUrls), step, statusChanged };
}

/** `POST manager/feedback/`. */
export async function sendFeedback(
  deps: FeedbackDeps,
  manager: AuthenticatedManager,
  input: FeedbackInput,
): Promise<{ message: string; data: Feedback }> {
  const { feedback } = await writeFeedback(deps, manager, input, 'feedback', {
    statusItemId: 'status_item_id',
    business: 'business_id',
  });
  return { message: successMessages.feedbackSent, data: feedback };
}

/**
 * `POST manager/feedback/status/` (decision 55): the report and the step's new status, their
 * log entries and notifications, in one transaction. The same status moves nothing; the
 * report is still sent.
 */
export async function sendFeedbackWithStatus(
  deps: FeedbackDeps,
  manager: AuthenticatedManager,
  input: FeedbackInput & { status: StepStatus },
): Promise<{
  message: string;
  data: { feedback: Feedback; step: { id: number; status: StepStatus; status_item_name: string } };
}> {
  const { feedback, step, statusChanged } = await writeFeedback(
    deps,
    manager,
    input,
    'feedback',
    { statusItemId: 'status_item_id', business: 'business_id' },
    input.status,
  );
  // As the plain status update does: the step's trigger says what moved (migration 0018).
  if (statusChanged) await deps.businessChanges.caughtUp();
  return {
    message: successMessages.statusUpdated,
    data: {
      feedback,
      step: { id: step.id, status: input.status, status_item_name: step.statusItemName },
    },
  };
}

/** The post-formation upload (decision 24): the file is required. */
export async function uploadPostFormationDocument(
  deps: FeedbackDeps,
  manager: AuthenticatedManager,
  input: FeedbackInput & { attachment: StagedUpload },
): Promise<{ message: string; data: Feedback }> {
  const { feedback } = await writeFeedback(deps, manager, input, 'upload', {
    statusItemId: 'statusItemId',
    business: 'businessId',
  });
  return { message: successMessages.fileUploaded, data: feedback };
}

/** `GET manager/feedback/detail/{statusId}/`: the step and its feedback, newest first. */
export async function getStepFeedback(
  { db, fileUrls }: Pick<FeedbackDeps, 'db' | 'fileUrls'>,
  statusId: number,
): Promise<{ id: number; status: StepStatus; status_item_name: string; feedback: Feedback[] }> {
  const step = await findFormationStep(db, statusId);
  if (!step) throw notFound();
  const rows = await selectStepFeedback(db, step.id, {
    withFileOnly: false,
    limit: FEEDBACK_LIMIT,
  });
  return {
    id: step.id,
    status: step.status as StepStatus,
    status_item_name: step.statusItemName,
    feedback: rows.map((row) => toFeedback(row, fileUrls)),
  };
}

/** `GET …/post-doc-formation/{statusId}/attachments/`: the files sent for that step. */
export async function listPostFormationAttachments(
  { db, fileUrls }: Pick<FeedbackDeps, 'db' | 'fileUrls'>,
  statusId: number,
): Promise<Feedback[]> {
  const step = await findFormationStep(db, statusId);
  if (!step) throw notFound();
  if (step.stepKey !== POST_FORMATION_STEP) {
    throw invalid(
      'statusId',
      `statusId ${statusId} is not the ${formationStepNames[POST_FORMATION_STEP]} step.`,
    );
  }
  const rows = await selectStepFeedback(db, step.id, { withFileOnly: true, limit: FEEDBACK_LIMIT });
  return rows.map((row) => toFeedback(row, fileUrls));
}

/** A business's file history (decision 24): newest first, at most FILE_HISTORY_LIMIT. */
export async function getFileHistory(
  { db, fileUrls }: Pick<FeedbackDeps, 'db' | 'fileUrls'>,
  businessUuid: string,
): Promise<FileHistoryEntry[]> {
  const business = await findBusiness(db, { uuid: businessUuid });
  if (!business) throw notFound();
  const rows = await selectFileHistory(db, business.id, FILE_HISTORY_LIMIT);
  return rows.map((row) => ({
    id: `${row.source}-${row.id}`,
    direction: row.source === 'feedback' ? 'sent' : 'received',
    source: row.source,
    title: row.title,
    file_name: row.fileName,
    file_size: Number(row.fileSize),
    content_type: row.contentType,
    by: fullName(row.byFirstName, row.byLastName),
    created_at: new Date(row.createdAt).toISOString(),
    download_url: fileUrls.urlFor(row.source, row.id),
    message: row.message,
  }));
}

/**
 * `GET manager/logs/{businessUuid}/`: the latest MANAGER_LOGS_LIMIT entries, newest first, each
 * feedback or upload with what was sent (docs/product.md §10.1).
 */
export async function listManagerLogs(
  { db, fileUrls }: Pick<FeedbackDeps, 'db' | 'fileUrls'>,
  businessUuid: string,
): Promise<ManagerLog[]> {
  const business = await findBusiness(db, { uuid: businessUuid });
  if (!business) throw notFound();
  const rows = await selectManagerLogs(db, business.id, MANAGER_LOGS_LIMIT);
  const seen = new Set<number>();
  const logs: ManagerLog[] = [];
  for (const row of rows) {
    // Two rows of one entry only if two feedback rows matched it: the first is kept.
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const sent = row.feedback;
    logs.push({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      action: row.action,
      manager_name: row.managerName,
      feedback_log_category: row.feedbackLogCategory,
      feedback:
        sent?.id != null && sent.createdAt !== null
          ? toFeedback(
              {
                id: sent.id,
                businessId: sent.businessId!,
                statusItemId: sent.statusItemId,
                feedbackTitle: sent.feedbackTitle!,
                messageBody: sent.messageBody!,
                fileUrl: sent.fileUrl,
                attachmentFileName: sent.attachmentFileName,
                attachmentSize: sent.attachmentSize,
                hasAttachment: sent.hasAttachment === true,
                managerFirstName: sent.managerFirstName ?? '',
                managerLastName: sent.managerLastName ?? '',
                managerEmail: sent.managerEmail ?? '',
                createdAt: sent.createdAt,
              },
              fileUrls,
            )
          : null,
    });
  }
  return logs;
}
