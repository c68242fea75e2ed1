/**
 * One rule for every new password, whichever path sets it (reset, change, the manager tool):
 * at least 8 characters (and at most PASSWORD_MAX_LENGTH, which the schemas check), not the
 * account's own email, not one of the common passwords attackers try first nor one of them with
 * a few digits or symbols added, and not a low-variety one (OWASP ASVS 5.0, V6.2). The forms
 * keep their own first checks (docs/product.md §5: 8 on reset, 6 on change); the server's rule
 * is this one (docs/decisions/039-one-rule-for-every-new-password.md,
 * docs/decisions/070-common-and-low-variety-passwords.md).
 */
import {
  apiErrorDetails,
  RESET_PASSWORD_MIN_LENGTH as MIN_LENGTH,
  validationMessages,
} from '@fd/contract';
import { AppError } from './app-error.ts';

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * zxcvbn-ts's list of ~49 000 passwords common in leaks (`@zxcvbn-ts/language-common`, MIT),
 * loaded on first use (~20 ms, kept), lower-cased. All lengths are kept: a short one with
 * digits or symbols added (`passw0rd!`) is refused as a variant.
 */
const loadCommonPasswords = () =>
  (commonPasswords ??= import('@zxcvbn-ts/language-common').then((loaded) => {
    // The package is CommonJS to a bundle: its exports may arrive as the default export.
    const { dictionary } =
      'dictionary' in loaded ? loaded : (loaded as { default: typeof loaded }).default;
    return new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  }));

/** At most this many digits or symbols added before or after a common password. */
const MAX_DECORATION = 4;
/** The fewest different characters a new password has. */
const MIN_DISTINCT_CHARACTERS = 5;
/** The shortest common password whose decorated variants are refused (shorter is noise). */
const MIN_VARIANT_CORE = 4;

const decoration = new RegExp(
  `^([^\\p{L}]{0,${MAX_DECORATION}})(.*?)([^\\p{L}]{0,${MAX_DECORATION}})$`,
  'u',
);

/**
 * The password with up to four digits or symbols taken off each end: `passw0rd!` → `passw0rd`,
 * `2026dragon` → `dragon`, and the shorter cuts between (`password123!` → `password1`…).
 */
function cores(lowered: string): string[] {
  const [, head = '', , tail = ''] = decoration.exec(lowered) ?? [];
  const found: string[] = [];
  for (let cutHead = 0; cutHead <= head.length; cutHead += 1) {
    for (let cutTail = 0; cutTail <= tail.length; cutTail += 1) {
      if (cutHead === 0 && cutTail === 0) continue;
      const core = lowered.slice(cutHead, lowered.length - cutTail);
      if (core.length >= MIN_VARIANT_CORE) found.push(core);
    }
  }
  return found;
}

/** A short unit repeated (`abcabcabc`), or one run up or down the alphabet or digits. */
function isPredictable(password: string): boolean {
  const characters = [...password];
  if (new Set(characters).size < MIN_DISTINCT_CHARACTERS) return true;
  for (let unit = 1; unit <= characters.length / 2; unit += 1) {
    if (
      characters.length % unit === 0 &&
      password === password.slice(0, unit).repeat(characters.length / unit)
    ) {
      return true;
    }
  }
  const codes = characters.map((character) => character.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

/** What is wrong with `password` as `email`'s new password, or undefined if nothing is. */
async function newPasswordProblem(password: string, email: string): Promise<string | undefined> {
  if (password.length < MIN_LENGTH) return validationMessages.resetPasswordMin;
  const lowered = password.trim().toLowerCase();
  if (lowered === email.trim().toLowerCase()) return apiErrorDetails.passwordIsEmail;
  const common = await loadCommonPasswords();
  if (common.has(lowered)) return apiErrorDetails.passwordCommon;
  if (cores(lowered).some((core) => common.has(core))) return apiErrorDetails.passwordCommonVariant;
  if (isPredictable(lowered)) return apiErrorDetails.passwordRepetitive;
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
