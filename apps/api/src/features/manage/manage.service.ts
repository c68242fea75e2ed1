import {
  apiErrorDetails,
  businessDetailLabels,
  COMMENTS_LIMIT,
  incorporationCountries,
  incorporationStates,
  latestIncorporationDay,
  notificationStatuses as stepNotificationStatuses,
  stepStatusKinds,
  stepStatusLabels,
  successMessages,
  type BusinessDetailEdit,
  type BusinessRef,
  type BusinessSetupDetails,
  type BusinessComment,
  type EditableBusinessDetail,
  type IncorporationCountry,
  type StepStatus,
  type StepStatusKind,
  type FormationStepKey,
} from '@fd/contract';
import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TableChanges } from '../../lib/read-cache/index.ts';
import type { AuthenticatedManager } from '../auth/index.ts';
import {
  COMMENT_ADDED_ACTION,
  deleteComment as deleteCommentRow,
  commentInsert,
  findBusiness,
  findFormationStep,
  insertRecord,
  lockBusinessForEdit,
  lockComment,
  selectComments,
  stepStatusUpdate,
  updateBusinessSetup,
  writeRecorded,
  type BusinessSetupRow,
  type BusinessSetupValues,
  type CommentRow,
  type FormationStepRow,
  type WriteRecord,
} from './manage.queries.ts';

export interface ManageDeps {
  db: Db;
  now: () => Date;
  /** Awaited after a write commits, so this instance's next read finds the change heard. */
  businessChanges: TableChanges;
  /** The queue's limits, for a bulk action on 'Needs attention' (docs/product.md §11.5). */
  stepWaitLimits: Readonly<Record<FormationStepKey, number>>;
}

/** Log categories of ours: the product names the field, not its values. */
const logCategories = { businessDetails: 'Business Details', comment: 'Comment' } as const;
/** Notification statuses beside the step ones; the bell shows any other value in blue. */
const notificationStatuses = { updated: 'Updated', comment: 'Comment' } as const;

/** As the log keeps it: the name at the time (docs/product.md §3.8). */
export const managerName = (
  manager: Pick<AuthenticatedManager, 'firstName' | 'lastName' | 'email'>,
) => `${manager.firstName} ${manager.lastName}`.trim() || manager.email;

/**
 * A sentence that ends with a name: its period, unless the name brings one ('… on Acme Inc.',
 * not 'Acme Inc..'; docs/product.md §10.1).
 */
export const sentence = (text: string) => (/[.!?]$/.test(text.trimEnd()) ? text : `${text}.`);

export const invalid = (field: string, message: string) =>
  new AppError(400, message, { [field]: [message] });

export const notFound = () => new AppError(404, apiErrorDetails.notFound);

/** What a manager's write says about itself: its log entry and its notification. */
export interface ActionEvent {
  businessId: number;
  action: string;
  category: string;
  /** None when the write notifies chosen managers itself (an assignment). */
  notification?: { message: string; status: string };
  at: Date;
}

const writeRecord = (manager: AuthenticatedManager, event: ActionEvent): WriteRecord => ({
  log: {
    businessId: event.businessId,
    managerId: manager.id,
    managerName: managerName(manager),
    action: event.action,
    feedbackLogCategory: event.category,
    createdAt: event.at,
  },
  notification: event.notification,
});

/**
 * The log entry of a write already made in the transaction `tx`, and a
 * notification for every other active manager (docs/architecture.md §4):
 * either all of it happened, or none of it.
 */
export async function recordAction(tx: Db, manager: AuthenticatedManager, event: ActionEvent) {
  await insertRecord(tx, writeRecord(manager, event));
}

/**
 * `write` (an INSERT or UPDATE returning `id`) with its log entry and
 * notifications, in one statement (decision 26); undefined when it wrote nothing.
 */
export function recordedWrite(
  db: Db,
  write: SQLWrapper,
  manager: AuthenticatedManager,
  event: ActionEvent,
): Promise<number | undefined> {
  return writeRecorded(db, write, writeRecord(manager, event));
}

// ---- Editing one detail ---------------------------------------------------

const columnOf = {
  business_name: 'businessName',
  business_industry: 'businessIndustry',
  company_type: 'companyType',
  country_of_incorporation: 'countryOfIncorporation',
  state_of_incorporation: 'stateOfIncorporation',
  new_business_formation_address: 'newBusinessFormationAddress',
  incorporation_date: 'incorporationDate',
  tax_id: 'taxId',
} as const satisfies Record<EditableBusinessDetail, keyof BusinessSetupValues>;

const statesOf = (country: string | null): readonly string[] | undefined =>
  (incorporationCountries as readonly (string | null)[]).includes(country)
    ? incorporationStates[country as IncorporationCountry].map((state) => state.value)
    : undefined;

/** What the edit writes; a state is checked against the country stored with it. */
function plannedValues(business: BusinessSetupRow, edit: BusinessDetailEdit): BusinessSetupValues {
  switch (edit.field) {
    case 'state_of_incorporation': {
      const country = business.countryOfIncorporation;
      const states = statesOf(country);
      if (!states) {
        throw invalid(edit.field, 'Set the country of incorporation before its state.');
      }
      if (!states.includes(edit.value)) {
        throw invalid(
          edit.field,
          `state_of_incorporation must be one of the states of ${country}: ${states.join(', ')}.`,
        );
      }
      return { stateOfIncorporation: edit.value };
    }
    case 'country_of_incorporation': {
      // The state stays only where it belongs to the new country (docs/product.md §2.3).
      const state = business.stateOfIncorporation;
      const keepsState = state !== null && (statesOf(edit.value) ?? []).includes(state);
      return {
        countryOfIncorporation: edit.value,
        stateOfIncorporation: keepsState ? state : null,
      };
    }
    default:
      return { [columnOf[edit.field]]: edit.value };
  }
}

const shown = (value: string | null | undefined) => (value == null ? 'Nil' : `"${value}"`);

/** 'Updated Tax EIN from Nil to "12-3456789"', and a state the new country dropped. */
function describeEdit(
  before: BusinessSetupRow,
  after: BusinessSetupRow,
  field: EditableBusinessDetail,
) {
  const column = columnOf[field];
  let action = `Updated ${businessDetailLabels[field]} from ${shown(before[column])} to ${shown(after[column])}`;
  if (
    field === 'country_of_incorporation' &&
    before.stateOfIncorporation !== after.stateOfIncorporation
  ) {
    action += `; ${businessDetailLabels.state_of_incorporation} ${shown(before.stateOfIncorporation)} cleared`;
  }
  return action;
}

const toSetupDetails = (row: BusinessSetupRow): BusinessSetupDetails => ({
  id: row.id,
  uuid: row.uuid,
  business_name: row.businessName,
  business_industry: row.businessIndustry,
  company_type: row.companyType,
  country_of_incorporation: row.countryOfIncorporation,
  state_of_incorporation: row.stateOfIncorporation,
  incorporation_number: row.incorporationNumber,
  incorporation_date: row.incorporationDate,
  new_business_formation_address: row.newBusinessFormationAddress,
  tax_id: row.taxId,
});

/**
 * `PUT business/setup/{uuid}/`: one detail, logged and notified in the same
 * transaction. An edit that changes nothing writes nothing and still succeeds.
 */
export async function editBusinessDetail(
  { db, now, businessChanges }: ManageDeps,
  manager: AuthenticatedManager,
  businessUuid: string,
  edit: BusinessDetailEdit,
): Promise<{ message: string; data: BusinessSetupDetails }> {
  const at = now();
  if (edit.field === 'incorporation_date') {
    const latest = latestIncorporationDay(at);
    // Both are YYYY-MM-DD: string order is date order.
    if (edit.value > latest) {
      throw invalid(edit.field, `incorporation_date must not be after ${latest}.`);
    }
  }
  const { row, changed } = await db.transaction(async (tx) => {
    const before = await lockBusinessForEdit(tx, businessUuid);
    if (!before) throw notFound();
    const values = plannedValues(before, edit);
    const unchanged = Object.entries(values).every(
      ([column, value]) => before[column as keyof BusinessSetupValues] === value,
    );
    if (unchanged) return { row: before, changed: false };

    const after = await updateBusinessSetup(tx, before.id, { ...values, updatedAt: at });
    const label = businessDetailLabels[edit.field];
    await recordAction(tx, manager, {
      businessId: after.id,
      action: describeEdit(before, after, edit.field),
      category: logCategories.businessDetails,
      notification: {
        message: sentence(`${managerName(manager)} updated the ${label} of ${after.businessName}`),
        status: notificationStatuses.updated,
      },
      at,
    });
    return { row: after, changed: true };
  });
  // The businesses trigger says what changed (migration 0007); this instance hears it first.
  if (changed) await businessChanges.caughtUp();
  return {
    message: successMessages.businessUpdated(businessDetailLabels[edit.field]),
    data: toSetupDetails(row),
  };
}

// ---- Comments -------------------------------------------------------------

const toComment = (row: CommentRow): BusinessComment => ({
  id: row.id,
  comment: row.comment,
  business: row.businessId,
  user: { uuid: row.authorUuid, first_name: row.authorFirstName, last_name: row.authorLastName },
  created_at: row.createdAt.toISOString(),
});

/** The latest COMMENTS_LIMIT comments of a business, newest first. */
export async function listComments(db: Db, ref: BusinessRef): Promise<BusinessComment[]> {
  const business = await findBusiness(db, ref);
  if (!business) throw notFound();
  return (await selectComments(db, business.id, COMMENTS_LIMIT)).map(toComment);
}

/** Stored as written (trimmed): plain text, never interpreted. */
export async function createComment(
  { db, now }: ManageDeps,
  manager: AuthenticatedManager,
  input: { comment: string; business: BusinessRef },
): Promise<BusinessComment> {
  const at = now();
  const business = await findBusiness(db, input.business);
  if (!business) throw notFound();
  const id = await recordedWrite(
    db,
    commentInsert(db, {
      businessId: business.id,
      userId: manager.id,
      comment: input.comment,
      createdAt: at,
    }),
    manager,
    {
      businessId: business.id,
      action: COMMENT_ADDED_ACTION,
      category: logCategories.comment,
      notification: {
        message: sentence(`${managerName(manager)} commented on ${business.businessName}`),
        status: notificationStatuses.comment,
      },
      at,
    },
  );
  return {
    id: id!,
    comment: input.comment,
    business: business.id,
    user: { uuid: manager.uuid, first_name: manager.firstName, last_name: manager.lastName },
    created_at: at.toISOString(),
  };
}

/** A manager deletes only their own comments (another's: 403). */
export async function deleteComment(
  { db, now }: ManageDeps,
  manager: AuthenticatedManager,
  id: number,
): Promise<{ id: number }> {
  const at = now();
  await db.transaction(async (tx) => {
    const comment = await lockComment(tx, id);
    if (!comment) throw notFound();
    if (comment.userId !== manager.id) throw new AppError(403, apiErrorDetails.forbidden);
    await deleteCommentRow(tx, id);
    await recordAction(tx, manager, {
      businessId: comment.businessId,
      action: 'Deleted a comment',
      category: logCategories.comment,
      notification: {
        message: sentence(`${managerName(manager)} deleted a comment on ${comment.businessName}`),
        status: notificationStatuses.comment,
      },
      at,
    });
  });
  return { id };
}

// ---- Step status updates --------------------------------------------------

/**
 * `PUT manager/settings/{kind}/update/{statusId}/` (docs/product.md §4.5, §7.5):
 * any status to any status, logged and notified in the same statement. The
 * business's derived columns (current activity, account level, incorporation
 * status) follow by trigger, never set here (decision 19). A step of another
 * kind is a 400 naming statusId (decision 23); the same status writes nothing.
 */
export async function updateStepStatus(
  { db, now, businessChanges }: ManageDeps,
  manager: AuthenticatedManager,
  kind: StepStatusKind,
  statusId: number,
  status: StepStatus,
): Promise<{
  message: string;
  data: { id: number; status: StepStatus; status_item_name: string; status_since: string };
}> {
  const at = now();
  // Compare and set: if another manager moves the step between the read and the write, the
  // write does nothing and the step is read again, so each log names the status it really
  // moved from (decision 23).
  for (;;) {
    const step = await findFormationStep(db, statusId);
    if (!step) throw notFound();
    if (step.stepKey !== stepStatusKinds[kind]) {
      throw invalid('statusId', `statusId ${statusId} is not a ${kind} step.`);
    }
    if (step.status === status) return statusAnswer(step, status, step.statusSince);

    if (!(await moveStep(db, manager, step, status, at))) continue;
    // The step's trigger says what moved (migration 0018); this instance hears it first.
    await businessChanges.caughtUp();
    // The step's trigger moved its status_since to this write's updated_at (migration 0024).
    return statusAnswer(step, status, at);
  }
}

/**
 * Moves `step` from the status it was read with to `status`, with its log entry and
 * notifications, in one statement (decision 26) on `db` or a transaction; false when the step
 * no longer had that status, and nothing was written. Every status change of a step goes
 * through here: alone, with a report (decision 55) and in bulk (decision 104).
 */
export async function moveStep(
  db: Db,
  manager: AuthenticatedManager,
  step: FormationStepRow,
  status: StepStatus,
  at: Date,
): Promise<boolean> {
  const written = await recordedWrite(
    db,
    stepStatusUpdate(db, step.id, step.status, { status, updatedBy: manager.id, updatedAt: at }),
    manager,
    stepStatusEvent(manager, step, status, at),
  );
  return written !== undefined;
}

/** The log entry and notification of moving `step` from its status to `status`. */
export function stepStatusEvent(
  manager: AuthenticatedManager,
  step: FormationStepRow,
  status: StepStatus,
  at: Date,
): ActionEvent {
  const from = stepStatusLabels[step.status as StepStatus] ?? step.status;
  const to = stepStatusLabels[status];
  return {
    businessId: step.businessId,
    action: `Changed ${step.statusItemName} from ${from} to ${to}`,
    category: step.statusItemName,
    notification: {
      message: `${managerName(manager)} changed the ${step.statusItemName} of ${step.businessName} to ${to}.`,
      // The bell's own statuses where one fits (Processing, Approved, Failed); else 'Updated'.
      status: (stepNotificationStatuses as readonly string[]).includes(to)
        ? to
        : notificationStatuses.updated,
    },
    at,
  };
}

const statusAnswer = (step: FormationStepRow, status: StepStatus, since: Date) => ({
  message: successMessages.statusUpdated,
  data: {
    id: step.id,
    status,
    status_item_name: step.statusItemName,
    status_since: since.toISOString(),
  },
});
