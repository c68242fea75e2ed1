import {
  apiErrorDetails,
  errorMessages,
  MANAGER_ROLE,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  RESET_TOKEN_TTL_MS,
  successMessages,
  validationMessages,
  type LoginResponse,
  type Manager,
} from '@fd/contract';
import type { Database } from '../../db/client.ts';
import { signAccessToken, type AccessTokenSettings } from '../../lib/access-token.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mail/index.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { refuseWeakPassword } from '../../lib/password-policy.ts';
import {
  createNumericCode,
  createRandomToken,
  digestsEqual,
  hmacSha256,
  sha256,
} from '../../lib/secrets.ts';
import type { AuthenticatedManager } from './authenticated-manager.ts';
import * as queries from './auth.queries.ts';
import type { UserRecord } from './auth.queries.ts';

export interface AuthServiceDeps {
  database: Database;
  mailer: Mailer;
  jwt: AccessTokenSettings;
  now: () => Date;
  /**
   * Awaited after a write to users commits: settles once this process's caches have heard of it
   * from the table's trigger (`TableChanges.caughtUp`).
   */
  usersChanged?: () => Promise<void>;
  /** Awaited after a logout commits: this process then refuses the token at once. */
  tokensRevoked?: () => Promise<void>;
}

export const verificationMailSubject = 'Your Formation Desk verification code';
const otpTtlMinutes = OTP_TTL_MS / 60_000;

/** Emails are stored trimmed and lower-cased; every lookup uses the same form. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// Unknown emails are checked against this hash, so that the time a login takes
// does not tell whether the account exists.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(createRandomToken()));

const toManagerRecord = (user: UserRecord): Manager => ({
  id: user.id,
  uuid: user.uuid,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  role: user.role as Manager['role'],
});

const isActiveManager = (user: UserRecord | undefined): user is UserRecord =>
  user !== undefined && user.role === MANAGER_ROLE && user.isActive;

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({
  database,
  mailer,
  jwt,
  now,
  usersChanged = async () => {},
  tokensRevoked = async () => {},
}: AuthServiceDeps) {
  const { db } = database;
  const codeHash = (code: string) => hmacSha256(jwt.secret, code);
  void getDummyHash();

  async function issueCredentials(user: { uuid: string; role: string; tokenVersion: number }) {
    const access = await signAccessToken(
      { sub: user.uuid, role: user.role, tokenVersion: user.tokenVersion },
      jwt,
      now(),
    );
    return { access, expires_in: jwt.ttlSeconds };
  }

  async function login(input: { email: string; password: string }): Promise<LoginResponse> {
    const user = await queries.findUserByEmail(db, normalizeEmail(input.email));
    let passwordMatches = false;
    if (user?.passwordHash) {
      passwordMatches = await verifyPassword(user.passwordHash, input.password);
    } else {
      await verifyPassword(await getDummyHash(), input.password);
    }
    if (!user || !passwordMatches) {
      throw new AppError(401, apiErrorDetails.invalidCredentials);
    }
    // Only now that the password is proven do we say why the account may not sign in.
    if (user.role !== MANAGER_ROLE) throw new AppError(403, errorMessages.notManager);
    if (!user.isActive) throw new AppError(403, apiErrorDetails.accountDisabled);

    const credentials = await issueCredentials(user);
    return {
      message: successMessages.login,
      data: { auth: toManagerRecord(user), credentials },
      token: credentials.access,
    };
  }

  /** Reset work still running after its answer went out (`settled` waits for it). */
  const resetsUnderWay = new Set<Promise<void>>();

  /**
   * Answers the same, in the same time, for every email: the answer goes out before
   * anything about the account is looked up. Then, for an active manager, a reset is
   * opened (older open ones stand) and the code mailed. Answering after the lookup let the
   * time tell which emails have accounts (the insert and the mail's queueing took ~20 ms
   * more).
   */
  function requestPasswordReset(email: string, log: Logger) {
    const verificationToken = createRandomToken();
    const work = openReset(normalizeEmail(email), verificationToken, log).catch(
      (error: unknown) => {
        log.error({ err: error }, 'Could not open a password reset');
      },
    );
    resetsUnderWay.add(work);
    void work.finally(() => resetsUnderWay.delete(work));
    return {
      message: successMessages.codeSent,
      data: { detail: { message: successMessages.codeSent, token: verificationToken } },
    };
  }

  async function openReset(email: string, verificationToken: string, log: Logger) {
    const user = await queries.findUserByEmail(db, email);
    if (!isActiveManager(user)) return;
    const code = createNumericCode();
    const at = now();
    // Older open codes stand: each is bound to the verification token of its own request, so a
    // request by someone else cannot cancel the owner's code
    // (docs/decisions/071-password-resets-an-attacker-cannot-deny.md). A reset or a change
    // closes them all.
    await queries.insertPasswordReset(db, {
      userId: user.id,
      verificationTokenHash: sha256(verificationToken),
      codeHash: codeHash(code),
      expiresAt: new Date(at.getTime() + OTP_TTL_MS),
      createdAt: at,
    });
    try {
      await mailer.send({
        to: user.email,
        subject: verificationMailSubject,
        text:
          `Hello ${user.firstName || 'there'},\n\n` +
          `Your Formation Desk verification code is ${code}.\n` +
          `It expires in ${otpTtlMinutes} minutes. If you did not ask to reset your password, ignore this email.\n`,
      });
    } catch (error) {
      log.error({ err: error }, 'Could not send the verification code mail');
    }
  }

  /** Resolves once every reset answered so far is opened and mailed (or has failed). */
  async function settled(): Promise<void> {
    await Promise.all([...resetsUnderWay]);
  }

  async function verifyOtp(input: { otp: string; token: string }) {
    const resetToken = createRandomToken();
    // Decided inside the transaction, thrown after it: a wrong guess must be counted, not rolled back.
    const accepted = await db.transaction(async (tx) => {
      const reset = await queries.findResetByVerificationTokenForUpdate(tx, sha256(input.token));
      const at = now();
      if (!reset || reset.consumedAt || reset.verifiedAt || reset.expiresAt <= at) return false;
      if (!digestsEqual(reset.codeHash, codeHash(input.otp))) {
        const attempts = reset.attempts + 1;
        await queries.recordWrongCode(
          tx,
          reset.id,
          attempts,
          attempts >= OTP_MAX_ATTEMPTS ? at : null,
        );
        return false;
      }
      await queries.markResetVerified(tx, reset.id, {
        verifiedAt: at,
        resetTokenHash: sha256(resetToken),
        resetExpiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
      });
      return true;
    });
    if (!accepted) throw new AppError(401, errorMessages.otpInvalid);
    return { message: successMessages.verify, data: { reset_token: resetToken } };
  }

  async function resetPassword(input: {
    token: string;
    password: string;
    confirm_password: string;
  }) {
    const tokenHash = sha256(input.token);
    const isUsable = (reset: Awaited<ReturnType<typeof queries.findResetByResetToken>>) =>
      reset !== undefined &&
      reset.consumedAt === null &&
      reset.resetExpiresAt !== null &&
      reset.resetExpiresAt > now();

    // Checked once before hashing, so a stream of bad tokens costs no argon2 work…
    const found = await queries.findResetByResetToken(db, tokenHash, { forUpdate: false });
    if (!isUsable(found)) throw new AppError(401, apiErrorDetails.invalidResetToken);
    const owner = await queries.findUserById(db, found!.userId);
    if (!isActiveManager(owner)) throw new AppError(401, apiErrorDetails.invalidResetToken);
    if (input.password !== input.confirm_password) {
      throw new AppError(400, validationMessages.passwordsMustMatch, {
        confirm_password: [validationMessages.passwordsMustMatch],
      });
    }
    await refuseWeakPassword(input.password, owner.email, 'password');
    const passwordHash = await hashPassword(input.password);
    // …and again under a lock, so two requests cannot both use the same token.
    const done = await db.transaction(async (tx) => {
      const reset = await queries.findResetByResetToken(tx, tokenHash, { forUpdate: true });
      if (!isUsable(reset)) return false;
      const user = await queries.findUserById(tx, reset!.userId);
      if (!isActiveManager(user)) return false;
      const at = now();
      await queries.updatePassword(tx, user.id, passwordHash, at);
      await queries.consumeOpenResets(tx, user.id, at);
      return true;
    });
    if (!done) throw new AppError(401, apiErrorDetails.invalidResetToken);
    await usersChanged();
    return { message: successMessages.reset, data: { detail: successMessages.reset } };
  }

  /**
   * Older tokens stop working after the change (token version), so the answer
   * carries fresh credentials for the session that made it.
   */
  async function changePassword(
    manager: AuthenticatedManager,
    input: { old_password: string; new_password: string },
  ) {
    const user = await queries.findUserById(db, manager.id);
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.old_password))) {
      throw new AppError(400, apiErrorDetails.wrongCurrentPassword);
    }
    if (input.old_password === input.new_password) {
      throw new AppError(400, apiErrorDetails.samePassword);
    }
    await refuseWeakPassword(input.new_password, user.email, 'new_password');
    const passwordHash = await hashPassword(input.new_password);
    const tokenVersion = await db.transaction(async (tx) => {
      const at = now();
      const version = await queries.updatePassword(tx, user.id, passwordHash, at);
      // A code requested before the change must not be able to undo it.
      await queries.consumeOpenResets(tx, user.id, at);
      return version;
    });
    await usersChanged();
    const credentials = await issueCredentials({ ...user, tokenVersion });
    return {
      message: successMessages.passwordChanged,
      data: { detail: successMessages.passwordChanged, credentials },
      token: credentials.access,
    };
  }

  /**
   * Ends the session's own token (docs/decisions/040-logout-ends-the-session-s-token.md): every
   * instance refuses it from now on, while the manager's other sessions go on.
   */
  async function logout(manager: AuthenticatedManager) {
    await queries.revokeToken(db, manager.tokenId, manager.sessionExpiresAt, now());
    await tokensRevoked();
    return { message: successMessages.logout, data: { detail: successMessages.logout } };
  }

  return {
    login,
    logout,
    requestPasswordReset,
    settled,
    verifyOtp,
    resetPassword,
    changePassword,
  };
}
