/**
 * The manage screen's answer schemas, in a chunk of their own: they (and zod) load with the
 * screen's first calls, not with its first download
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
export {
  assigneeUpdateResponseSchema,
  businessSetupResponseSchema,
  commentCreateResponseSchema,
  commentDeleteResponseSchema,
  commentListResponseSchema,
  feedbackCreateResponseSchema,
  feedbackWithStatusResponseSchema,
  fileHistoryResponseSchema,
  managerLogsResponseSchema,
  postFormationAttachmentsResponseSchema,
  stepStatusUpdateResponseSchema,
} from '@fd/contract';
