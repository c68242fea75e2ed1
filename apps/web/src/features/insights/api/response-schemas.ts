/**
 * The insights call's answer schema, loaded with the call
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
export { insightsResponseSchema } from '@fd/contract';
