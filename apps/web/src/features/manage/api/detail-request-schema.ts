/**
 * The detail edit's request schema, which the editor checks a value with before Save sends it:
 * loaded (with zod) when an editor opens, not with the manage screen
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
export { businessSetupRequestSchema } from '@fd/contract';
