/**
 * `POST manager/business/bulk/` (docs/product.md §11.6;
 * docs/decisions/104-bulk-actions-one-transaction.md): one step's status, or the assignee, set on
 * up to BULK_ACTION_MAX_BUSINESSES businesses in one transaction. Each business gets exactly what
 * the call for it alone does — the same functions write its change, log entry, notifications
 * and (Failed) report — so the bulk call is those single actions, committed together or not at
 * all. A business already so is counted `unchanged` and writes nothing (a Failed one still gets
 * the report, as `POST manager/feedback/status/` sends it: decision 55).
 */
import {
  BULK_ACTION_MAX_BUSINESSES,
  bulkActionTexts,
  formationStepNames,
  stepStatusKinds,
  type BulkActionInput,
  type BulkActionResponse,
} from '@fd/contract';
import type { Db } from '../../db/client.ts';
import { transactionRetryingDeadlocks } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthenticatedManager } from '../auth/index.ts';
import { listQueryFor, selectViewBusinesses, withAttention } from '../businesses/index.ts';
import { applyAssignment, assigneeFor } from './assignment.service.ts';
import { lockBusinessAssignees } from './assignment.queries.ts';
import { feedbackRecord, writeReportWithStatus } from './feedback.service.ts';
import { lockBusinessRows, lockBusinessSteps, selectBusinessIds } from './manage.queries.ts';
import { invalid, managerName, moveStep, type ManageDeps } from './manage.service.ts';

/** The uuids the call names, or those its view resolves to; a 400 beyond the limit. */
async function selectedUuids(
  db: Db,
  manager: AuthenticatedManager,
  input: BulkActionInput,
  queue: { now: Date; stepWaitLimits: ManageDeps['stepWaitLimits'] },
): Promise<string[]> {
  if (input.businesses) return input.businesses;
  const { tab, filters } = input.query!;
  const view = await selectViewBusinesses(
    db,
    tab,
    withAttention(tab, listQueryFor(filters, manager.id), queue.now, queue.stepWaitLimits),
    BULK_ACTION_MAX_BUSINESSES,
  );
  if (view.total > BULK_ACTION_MAX_BUSINESSES) {
    throw invalid('query', bulkActionTexts.tooMany(view.total));
  }
  if (view.uuids.length === 0) throw invalid('query', 'This view has no businesses.');
  return view.uuids;
}

/** The businesses of `uuids`, each known: a 404 naming the unknown ones otherwise. */
async function businessesOf(db: Db, uuids: readonly string[]) {
  const rows = await selectBusinessIds(db, uuids);
  if (rows.length !== uuids.length) {
    const known = new Set(rows.map((row) => row.uuid));
    const unknown = uuids.filter((uuid) => !known.has(uuid));
    throw new AppError(404, bulkActionTexts.unknown(unknown), {
      businesses: [bulkActionTexts.unknown(unknown)],
    });
  }
  return rows;
}

/**
 * In `tx`: the action on each business, as its single call does it; how many it changed, and
 * what the answer says.
 */
async function applyAction(
  tx: Db,
  manager: AuthenticatedManager,
  uuids: readonly string[],
  action: BulkActionInput['action'],
  at: Date,
): Promise<{ changed: number; message: string }> {
  let changed = 0;
  const done = (message: (n: number) => string) => ({ changed, message: message(uuids.length) });
  if (action.kind === 'assign') {
    const after = await assigneeFor(tx, action.manager_id);
    const locked = await lockBusinessAssignees(tx, uuids);
    if (locked.length !== uuids.length) await businessesOf(tx, uuids);
    for (const business of locked) {
      if (await applyAssignment(tx, manager, business, after, at)) changed += 1;
    }
    return done((n) => bulkActionTexts.assignDone(after && managerName(after), n));
  }
  const stepKey = stepStatusKinds[action.step];
  const chosen = await businessesOf(tx, uuids);
  const steps = await lockBusinessSteps(
    tx,
    chosen.map((business) => business.id),
    stepKey,
  );
  if (steps.length !== chosen.length) {
    // A business without the step's row (its single call has no step to name): all refused.
    const found = new Set(steps.map((step) => step.businessId));
    const missing = chosen.filter((business) => !found.has(business.id));
    throw invalid(
      'businesses',
      bulkActionTexts.missingStep(
        missing.map((business) => business.businessName),
        formationStepNames[stepKey],
      ),
    );
  }
  // A report writes before its status change, so each business is locked first, as a single
  // report locks its own (`writeReportWithStatus`): all of them in one statement, in the
  // steps' order.
  if (action.status === 'FAILED') {
    await lockBusinessRows(
      tx,
      steps.map((step) => step.businessId),
    );
  }
  for (const step of steps) {
    if (action.status === 'FAILED') {
      const report = feedbackRecord(
        manager,
        step,
        {
          title: action.feedback!.feedback_title,
          message: action.feedback!.message_body,
          fileUrl: null,
          attachment: undefined,
        },
        'feedback',
        at,
      );
      const { statusChanged } = await writeReportWithStatus(
        tx,
        manager,
        step,
        report,
        action.status,
        at,
        { locked: true },
      );
      if (statusChanged) changed += 1;
    } else if (step.status !== action.status) {
      // Locked above: the status read is the one moved from.
      if (await moveStep(tx, manager, step, action.status, at)) changed += 1;
    }
  }
  return done((n) => bulkActionTexts.statusDone(action.step, action.status, n));
}

/** `POST manager/business/bulk/`. */
export async function applyBulkAction(
  { db, now, businessChanges, stepWaitLimits }: ManageDeps,
  manager: AuthenticatedManager,
  input: BulkActionInput,
): Promise<BulkActionResponse> {
  const at = now();
  const uuids = await selectedUuids(db, manager, input, { now: at, stepWaitLimits });
  // All of it in the database (reports included), so a deadlock's victim may run again.
  const { changed, message } = await transactionRetryingDeadlocks(db, (tx) =>
    applyAction(tx, manager, uuids, input.action, at),
  );
  // The triggers announce what moved (migrations 0018, 0025); this instance hears it first.
  if (changed > 0) await businessChanges.caughtUp();
  return {
    message,
    data: { changed, unchanged: uuids.length - changed, businesses: uuids },
  };
}
