import { assignmentTexts, type AssigneeUpdateResponse, type TeamManager } from '@fd/contract';
import type { Db } from '../../db/client.ts';
import { transactionRetryingDeadlocks } from '../../db/errors.ts';
import type { AuthenticatedManager } from '../auth/index.ts';
import { listManagers } from '../managers/index.ts';
import { insertNotificationEvent } from '../notifications/index.ts';
import {
  findManagerById,
  lockBusinessAssignee,
  updateAssignee,
  type AssignableManager,
  type LockedAssignee,
} from './assignment.queries.ts';
import {
  invalid,
  managerName,
  notFound,
  recordAction,
  sentence,
  type ManageDeps,
} from './manage.service.ts';

/** The log category and notification status of an assignment (ours). */
const ASSIGNMENT = 'Assignment';
const ASSIGNED_STATUS = 'Assigned';

/** Every manager account, active ones first, each by name: whom the picker offers and names. */
export async function listTeamManagers(db: Db): Promise<TeamManager[]> {
  const managers = await listManagers(db);
  return managers
    .map((manager) => ({
      id: manager.id,
      first_name: manager.firstName,
      last_name: manager.lastName,
      email: manager.email,
      is_active: manager.isActive,
    }))
    .sort(
      (a, b) =>
        Number(b.is_active) - Number(a.is_active) ||
        `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`) ||
        a.id - b.id,
    );
}

/** What the log says of a change from `before` to `after` (either may be nobody). */
function describeAssignment(before: AssignableManager | null, after: AssignableManager | null) {
  if (after && before) return `Reassigned from ${managerName(before)} to ${managerName(after)}`;
  if (after) return `Assigned to ${managerName(after)}`;
  return `Unassigned from ${managerName(before!)}`;
}

/** Whom `managerId` names: an active manager, or nobody (null); any other id is a 400. */
export async function assigneeFor(
  db: Db,
  managerId: number | null,
): Promise<AssignableManager | null> {
  if (managerId === null) return null;
  const after = await findManagerById(db, managerId);
  if (!after?.isActive) throw invalid('manager_id', assignmentTexts.notActive);
  return after;
}

/**
 * In the transaction `tx`, `business` (locked by `lockBusinessAssignees`) given to `after`, or
 * to nobody: the change, its log entry, and a notice to the new assignee and to the one it was
 * taken from (not the manager who acted, and no one else). Asking for what is already so
 * writes nothing: false. The same for one business and for each of a bulk assignment
 * (decision 104).
 */
export async function applyAssignment(
  tx: Db,
  manager: AuthenticatedManager,
  business: LockedAssignee,
  after: AssignableManager | null,
  at: Date,
): Promise<boolean> {
  const managerId = after?.id ?? null;
  if (business.assigneeId === managerId) return false;
  const before =
    business.assigneeId === null
      ? null
      : ((await findManagerById(tx, business.assigneeId)) ?? null);

  await updateAssignee(tx, business.id, managerId);
  await recordAction(tx, manager, {
    businessId: business.id,
    action: describeAssignment(before, after),
    category: ASSIGNMENT,
    at,
  });
  const actor = managerName(manager);
  const name = business.businessName;
  const notices: { recipient: AssignableManager; message: string }[] = [];
  if (after) notices.push({ recipient: after, message: `${actor} assigned ${name} to you` });
  if (before) {
    notices.push({
      recipient: before,
      message: after
        ? `${actor} reassigned ${name} to ${managerName(after)}`
        : `${actor} unassigned you from ${name}`,
    });
  }
  for (const { recipient, message } of notices) {
    if (recipient.id === manager.id) continue;
    await insertNotificationEvent(tx, {
      businessId: business.id,
      message: sentence(message),
      status: ASSIGNED_STATUS,
      createdAt: at,
      actorId: manager.id,
      recipientId: recipient.id,
    });
  }
  return true;
}

/**
 * `PUT manager/business/assignee/{uuid}/` (docs/product.md §11.1): gives the business to an
 * active manager, or to nobody (`managerId` null). Logged like any manager write; the new
 * assignee and the one it was taken from hear of it (not the manager who acted, and no one
 * else), all in one transaction. Asking for what is already so changes nothing and succeeds.
 */
export async function assignBusiness(
  { db, now, businessChanges }: ManageDeps,
  manager: AuthenticatedManager,
  businessUuid: string,
  managerId: number | null,
): Promise<AssigneeUpdateResponse> {
  const at = now();
  const { changed, after } = await transactionRetryingDeadlocks(db, async (tx) => {
    const business = await lockBusinessAssignee(tx, businessUuid);
    if (!business) throw notFound();
    const after = await assigneeFor(tx, managerId);
    return { changed: await applyAssignment(tx, manager, business, after, at), after };
  });
  // The businesses trigger announces the change (migration 0025); this instance hears it first.
  if (changed) await businessChanges.caughtUp();
  return {
    message: after ? assignmentTexts.assigned(managerName(after)) : assignmentTexts.unassigned,
    data: { uuid: businessUuid, assignee_id: managerId },
  };
}
