/**
 * _Ours_: acting on many businesses at once from the list (docs/product.md §11.5;
 * docs/decisions/104-bulk-actions-one-transaction.md): one step's status, or the assignee, set
 * on up to BULK_ACTION_MAX_BUSINESSES businesses in one call that lands whole or not at all.
 */
import { z } from 'zod';
import { assigneeUpdateRequestSchema } from './assignment.ts';
import { businessExportQuerySchema } from './businesses.ts';
import { formationStepNames } from './enums.ts';
import { successBody } from './errors.ts';
import { feedbackFieldsSchema, businessUuidSchema } from './manage.ts';
import { stepStatusKinds, stepStatusLabels } from './manage-values.ts';
import type { StepStatusKind } from './manage-values.ts';

/** The most businesses one bulk call changes. */
export const BULK_ACTION_MAX_BUSINESSES = 1000;

/** The statuses a bulk call sets: a step is never moved back to Pending in bulk. */
export const bulkStepStatuses = ['PROCESSING', 'APPROVED', 'FAILED'] as const;
export type BulkStepStatus = (typeof bulkStepStatuses)[number];

const stepKinds = Object.keys(stepStatusKinds) as [StepStatusKind, ...StepStatusKind[]];

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

const bulkStatusActionSchema = z.strictObject({
  kind: z.literal('status'),
  step: z.enum(stepKinds, { error: `step must be one of: ${stepKinds.join(', ')}.` }),
  status: z.enum(bulkStepStatuses, {
    error: `status must be one of: ${bulkStepStatuses.join(', ')}.`,
  }),
  /** Required with FAILED, refused otherwise: sent to each client with the status. */
  feedback: feedbackFieldsSchema.pick({ feedback_title: true, message_body: true }).optional(),
});

const bulkAssignActionSchema = z.strictObject({
  kind: z.literal('assign'),
  manager_id: assigneeUpdateRequestSchema.shape.manager_id,
});

const bulkActionSchema = z.discriminatedUnion(
  'kind',
  [bulkStatusActionSchema, bulkAssignActionSchema],
  {
    error: "action.kind must be 'status' or 'assign'.",
  },
);

/**
 * `POST manager/business/bulk/`: the businesses (uuids) or `query`, a view of the list (its
 * query parameters and `status`, the tab, read as the CSV export reads them), and the action.
 */
export const bulkActionRequestSchema = z
  .strictObject({
    businesses: z
      .array(businessUuidSchema, { error: 'businesses must be a list of business uuids.' })
      .min(1, { error: 'businesses must name at least one business.' })
      .optional(),
    query: businessExportQuerySchema.optional(),
    action: bulkActionSchema,
  })
  .superRefine((body, ctx) => {
    if ((body.businesses === undefined) === (body.query === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['businesses'], message: bulkActionTexts.oneSelection });
    }
    const uuids = body.businesses ?? [];
    if (uuids.length > BULK_ACTION_MAX_BUSINESSES) {
      ctx.addIssue({
        code: 'custom',
        path: ['businesses'],
        message: bulkActionTexts.tooMany(uuids.length, 'selection'),
      });
    } else {
      const seen = new Set<string>();
      for (const uuid of uuids) {
        if (seen.has(uuid)) {
          ctx.addIssue({
            code: 'custom',
            path: ['businesses'],
            message: bulkActionTexts.duplicate(uuid),
          });
          break;
        }
        seen.add(uuid);
      }
    }
    const action = body.action;
    if (action.kind === 'status') {
      if (action.status === 'FAILED' && !action.feedback) {
        ctx.addIssue({
          code: 'custom',
          path: ['action', 'feedback'],
          message: bulkActionTexts.feedbackRequired,
        });
      }
      if (action.status !== 'FAILED' && action.feedback) {
        ctx.addIssue({
          code: 'custom',
          path: ['action', 'feedback'],
          message: bulkActionTexts.feedbackRefused,
        });
      }
    }
  });
export type BulkActionRequest = z.input<typeof bulkActionRequestSchema>;
export type BulkActionInput = z.output<typeof bulkActionRequestSchema>;
export type BulkAction = BulkActionInput['action'];

/** `changed`: the businesses the action changed; `unchanged`: those already so; `businesses`: every one, as acted on. */
export const bulkActionResponseSchema = successBody(
  z.object({
    changed: z.number(),
    unchanged: z.number(),
    businesses: z.array(z.string()),
  }),
);
export type BulkActionResponse = z.infer<typeof bulkActionResponseSchema>;
