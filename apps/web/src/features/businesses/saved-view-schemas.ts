/**
 * The saved views' answer schemas, in a chunk of their own: they (and zod) load with the first
 * call, not with the list screen's first download
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
export {
  savedViewDeleteResponseSchema,
  savedViewResponseSchema,
  savedViewsResponseSchema,
} from '@fd/contract';
