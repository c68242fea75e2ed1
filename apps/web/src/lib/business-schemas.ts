/**
 * The business endpoints' answer schemas, in a chunk of their own: they (and zod) load with the
 * first call that reads them, not with the screens' first download
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
export {
  bulkActionResponseSchema,
  businessDetailResponseSchema,
  businessListResponseSchema,
  stepWaitLimitsResponseSchema,
  teamManagersResponseSchema,
  timelineResponseSchema,
} from '@fd/contract';
