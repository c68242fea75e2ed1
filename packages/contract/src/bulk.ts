/**
 * _Ours_: acting on many businesses at once from the list (docs/product.md §11.5;
 * docs/decisions/104-bulk-actions-one-transaction.md): one step's status, or the assignee, set
 * on up to BULK_ACTION_MAX_BUSINESSES businesses in one call that lands whole or not at all.
 */
import { z } from 'zod';
import { assigneeUpdateRequestSchema } from './assignment.ts';
import { businessExportQuerySchema } from './businesses.ts';
import { BULK_ACTION_MAX_BUSINESSES, bulkActionTexts, bulkStepStatuses } from './bulk-values.ts';
import { successBody } from './errors.ts';
import { feedbackFieldsSchema, businessUuidSchema } from './manage.ts';
import { stepStatusKinds } from './manage-values.ts';
import type { StepStatusKind } from './manage-values.ts';

const stepKinds = Object.keys(stepStatusKinds) as [StepStatusKind, ...StepStatusKind[]];

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
