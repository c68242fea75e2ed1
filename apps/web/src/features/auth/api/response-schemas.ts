/**
 * The contract schemas of the auth calls' answers, in a chunk of their own: the sign-in screen
 * loads them, with zod, only when a call is made
 * (docs/decisions/031-a-light-first-visit-the-sign-in.md).
 */
export {
  forgotPasswordResponseSchema,
  loginResponseSchema,
  verifyOtpResponseSchema,
} from '@fd/contract';
