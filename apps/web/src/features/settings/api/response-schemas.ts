/**
 * The settings calls' answer schemas, loaded with the call
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
export { changePasswordResponseSchema } from '@fd/contract';
