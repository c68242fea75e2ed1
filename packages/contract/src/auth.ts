import { z } from 'zod';
import {
  CHANGE_PASSWORD_MIN_LENGTH as CHANGE_MIN,
  EMAIL_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  RESET_PASSWORD_MIN_LENGTH as RESET_MIN,
} from './limits.ts';
import { validationMessages as m } from './messages.ts';
import { successBody } from './errors.ts';

/** A required string: missing, null or blank all give the same "required" message. */
const requiredString = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

/**
 * An email address as the server takes it: zod's own rule (no leading or doubled dot, a dotted
 * domain), spelled without look-arounds so that every regular-expression dialect reads the
 * document's pattern alike.
 */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const email = requiredString(m.emailRequired)
  .max(EMAIL_MAX_LENGTH, { error: m.emailInvalid })
  .pipe(z.email({ pattern: emailPattern, error: m.emailInvalid }))
  // The pattern is the rule; `format: email` beside it (a looser one) adds nothing a client
  // needs, and the two with a length make request generators search for minutes.
  .meta({
    pattern: emailPattern.source,
    maxLength: EMAIL_MAX_LENGTH,
    description: 'An email address.',
  });

const password = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .max(PASSWORD_MAX_LENGTH, {
      error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    });

// ---- Requests -------------------------------------------------------------

export const loginRequestSchema = z.object({
  email,
  password: password(m.passwordRequired),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

const otp = requiredString(m.otpRequired).regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), {
  error: m.otpInvalid,
});

export const verifyOtpRequestSchema = z.object({
  otp,
  token: requiredString('Verification token is required.').max(512),
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

/**
 * docs/product.md gives two readings of the reset payload: `password` or `newPassword`
 * beside `token` and `confirm_password`. The server accepts either; the web
 * client sends `password`. Whether the two passwords match is checked after the token
 * (auth.service.ts), as a reset with a dead token has nothing to match.
 */
const newResetPassword = password(m.newPasswordRequired).min(RESET_MIN, {
  error: m.resetPasswordMin,
});
export const resetPasswordRequestSchema = z
  .object({
    token: requiredString('Reset token is required.').max(512),
    password: newResetPassword.optional(),
    newPassword: newResetPassword.optional(),
    confirm_password: password(m.confirmPasswordRequired),
  })
  .meta({ anyOf: [{ required: ['password'] }, { required: ['newPassword'] }] })
  .transform(({ token, password: p, newPassword, confirm_password }, ctx) => {
    const chosen = p ?? newPassword;
    if (chosen === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: m.newPasswordRequired });
      return z.NEVER;
    }
    return { token, password: chosen, confirm_password };
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/**
 * Change password: `old_password` and `new_password`. The other reading
 * (`current_password`, `password`) is accepted too.
 */
export const changePasswordRequestSchema = z
  .object({
    old_password: z.string().optional(),
    current_password: z.string().optional(),
    new_password: z.string().optional(),
    password: z.string().optional(),
  })
  .transform((v) => ({
    old_password: v.old_password ?? v.current_password,
    new_password: v.new_password ?? v.password,
  }))
  .pipe(
    z.object({
      old_password: password(m.currentPasswordRequired).min(CHANGE_MIN, {
        error: m.changePasswordMin,
      }),
      new_password: password(m.changeNewPasswordRequired).min(CHANGE_MIN, {
        error: m.changePasswordMin,
      }),
    }),
  );
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

// ---- Web forms (same rules, the field names the screens use) --------------

export const verifyOtpFormSchema = z.object({ otp });
export const resetPasswordFormSchema = z
  .object({
    password: z
      .string()
      .min(1, { error: m.newPasswordRequired })
      .min(RESET_MIN, { error: m.resetPasswordMin }),
    confirm_password: z.string().min(1, { error: m.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirm_password, {
    error: m.passwordsMustMatch,
    path: ['confirm_password'],
  });
export const changePasswordFormSchema = z.object({
  old_password: z
    .string()
    .min(1, { error: m.currentPasswordRequired })
    .min(CHANGE_MIN, { error: m.changePasswordMin }),
  new_password: z
    .string()
    .min(1, { error: m.changeNewPasswordRequired })
    .min(CHANGE_MIN, { error: m.changePasswordMin }),
});
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

// ---- Responses ------------------------------------------------------------

export const managerSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(['MANAGER', 'CLIENT', 'ADMIN']),
});
export type Manager = z.infer<typeof managerSchema>;

const credentialsSchema = z.object({ access: z.string(), expires_in: z.number() });

export const loginResponseSchema = successBody(
  z.object({ auth: managerSchema, credentials: credentialsSchema }),
).extend({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const forgotPasswordResponseSchema = successBody(
  z.object({ detail: z.object({ message: z.string(), token: z.string() }) }),
);
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const verifyOtpResponseSchema = successBody(z.object({ reset_token: z.string() }));
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/**
 * A password change retires every older access token (token version), so the
 * answer carries fresh credentials for the session that made the change.
 */
export const changePasswordResponseSchema = successBody(
  z.object({ detail: z.string(), credentials: credentialsSchema }),
).extend({ token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const detailMessageResponseSchema = successBody(z.object({ detail: z.string() }));
export type DetailMessageResponse = z.infer<typeof detailMessageResponseSchema>;
