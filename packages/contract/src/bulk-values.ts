/**
 * _Ours_: the bulk action's limit, statuses and texts (docs/product.md §11.6), apart from its
 * schemas (bulk.ts), so that the list screen reads them without loading zod
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
import { formationStepNames } from './enums.ts';
import { stepStatusKinds, stepStatusLabels } from './manage-values.ts';
import type { StepStatusKind } from './manage-values.ts';

/** The most businesses one bulk call changes. */
export const BULK_ACTION_MAX_BUSINESSES = 1000;

/** The statuses a bulk call sets: a step is never moved back to Pending in bulk. */
export const bulkStepStatuses = ['PROCESSING', 'APPROVED', 'FAILED'] as const;
export type BulkStepStatus = (typeof bulkStepStatuses)[number];

const count = (n: number) => n.toLocaleString('en-US');

/** What a bulk call and the list's bar say. */
export const bulkActionTexts = {
  /** More businesses than one call takes: `n` of them in the view or the selection. */
  tooMany: (n: number, what: 'view' | 'selection' = 'view') =>
    `At most ${count(BULK_ACTION_MAX_BUSINESSES)} businesses an action: this ${what} has ${count(n)}. Narrow it first.`,
  limit: `At most ${count(BULK_ACTION_MAX_BUSINESSES)} businesses an action`,
  feedbackRequired: 'A Failed status needs the feedback sent to each client: feedback is required.',
  feedbackRefused: 'feedback goes with a Failed status only.',
  unknown: (uuids: readonly string[]) =>
    `No business has the uuid ${uuids.slice(0, 5).join(', ')}${uuids.length > 5 ? ` (and ${count(uuids.length - 5)} more)` : ''}.`,
  /** Businesses without that step's row: the action is refused; untick them and try again. */
  missingStep: (names: readonly string[], step: string) =>
    `${names.slice(0, 5).join(', ')}${names.length > 5 ? ` (and ${count(names.length - 5)} more)` : ''} ${names.length === 1 ? 'has' : 'have'} no ${step} step: untick ${names.length === 1 ? 'it' : 'them'} and try again.`,
  oneSelection: 'Send either businesses (a list of uuids) or query (a view of the list), not both.',
  duplicate: (uuid: string) => `businesses names ${uuid} twice.`,
  /** 'Set Incorporation Status to Approved on 37 businesses.' */
  statusDone: (step: StepStatusKind, status: BulkStepStatus, n: number) =>
    `Set ${formationStepNames[stepStatusKinds[step]]} to ${stepStatusLabels[status]} on ${count(n)} ${n === 1 ? 'business' : 'businesses'}.`,
  assignDone: (who: string | null, n: number) =>
    who === null
      ? `Unassigned ${count(n)} ${n === 1 ? 'business' : 'businesses'}.`
      : `Assigned ${count(n)} ${n === 1 ? 'business' : 'businesses'} to ${who}.`,
} as const;
