import { z } from 'zod';

/** What /forgot-password hands to /verify-otp through navigation state. */
export const verifyOtpLocationStateSchema = z.object({
  token: z.string().min(1),
  email: z.string().min(1),
});
export type VerifyOtpLocationState = z.infer<typeof verifyOtpLocationStateSchema>;

/** What /verify-otp hands to /reset-password. */
export const resetPasswordLocationStateSchema = z.object({ reset_token: z.string().min(1) });
export type ResetPasswordLocationState = z.infer<typeof resetPasswordLocationStateSchema>;
