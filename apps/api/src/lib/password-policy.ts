/**
 * One rule for every new password, whichever path sets it (reset, change, the manager tool):
 * at least 8 characters (and at most PASSWORD_MAX_LENGTH, which the schemas check), not one
 * of the common passwords attackers try first, and not the account's own email (OWASP ASVS
 * 5.0, V6.2). The forms keep their own first checks (docs/product.md §6: 8 on reset, 6 on
 * change); the server's rule is this one (docs/decisions/039-one-rule-for-every-new-password.md).
 */
import {
  apiErrorDetails,
  RESET_PASSWORD_MIN_LENGTH as MIN_LENGTH,
  validationMessages,
} from '@fd/contract';
import { AppError } from './app-error.ts';

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * zxcvbn-ts's list of ~49 000 passwords common in leaks, loaded on first use (~20 ms, kept):
 * only those long enough to pass the length rule are kept, lower-cased.
 */
const loadCommonPasswords = () =>
  (commonPasswords ??= import('@zxcvbn-ts/language-common').then((loaded) => {
    // The package is CommonJS to a bundle: its exports may arrive as the default export.
    const { dictionary } =
      'dictionary' in loaded ? loaded : (loaded as { default: typeof loaded }).default;
    return new Set(
      dictionary['passwords-common']
        .filter((password) => password.length >= MIN_LENGTH)
        .map((password) => password.toLowerCase()),
    );
  }));

/** What is wrong with `password` as `email`'s new password, or undefined if nothing is. */
async function newPasswordProblem(password: string, email: string): Promise<string | undefined> {
  if (password.length < MIN_LENGTH) return validationMessages.resetPasswordMin;
  const lowered = password.trim().toLowerCase();
  if (lowered === email.trim().toLowerCase()) return apiErrorDetails.passwordIsEmail;
  if ((await loadCommonPasswords()).has(lowered)) return apiErrorDetails.passwordCommon;
  return undefined;
}

/** A 400 naming `field` when `password` may not be `email`'s new password. */
export async function refuseWeakPassword(
  password: string,
  email: string,
  field: string,
): Promise<void> {
  const problem = await newPasswordProblem(password, email);
  if (problem) throw new AppError(400, problem, { [field]: [problem] });
}
