import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets, revokedTokens, users } from '../../db/schema.ts';

// Every function takes the database or a transaction (a transaction is a Db too).

const userColumns = {
  id: users.id,
  uuid: users.uuid,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
};
/** The user's columns without the password hash, which a request's check has no use for. */
const { passwordHash: _passwordHash, ...userCheckColumns } = userColumns;

export type UserRecord = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

/** `email` must already be normalised (trimmed, lower-cased), as stored. */
export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserById(db: Db, id: number) {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Sets the hash and bumps the token version, so tokens issued before stop working. */
export async function updatePassword(db: Db, userId: number, passwordHash: string, at: Date) {
  const [updated] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  return updated!.tokenVersion;
}

/** Closes every still-open reset of the user (a new code supersedes older ones). */
export async function consumeOpenResets(db: Db, userId: number, at: Date) {
  await db
    .update(passwordResets)
    .set({ consumedAt: at })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.consumedAt)));
}

export async function insertPasswordReset(db: Db, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

/** Locks the row so that concurrent guesses are counted one after the other. */
export async function findResetByVerificationTokenForUpdate(db: Db, verificationTokenHash: string) {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.verificationTokenHash, verificationTokenHash))
    .for('update');
  return reset;
}

export async function findResetByResetToken(
  db: Db,
  resetTokenHash: string,
  options: { forUpdate: boolean },
) {
  const query = db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.resetTokenHash, resetTokenHash));
  const [reset] = await (options.forUpdate ? query.for('update') : query);
  return reset;
}

export async function recordWrongCode(
  db: Db,
  resetId: number,
  attempts: number,
  consumedAt: Date | null,
) {
  await db
    .update(passwordResets)
    .set({ attempts, consumedAt })
    .where(eq(passwordResets.id, resetId));
}

export async function markResetVerified(
  db: Db,
  resetId: number,
  values: { verifiedAt: Date; resetTokenHash: string; resetExpiresAt: Date },
) {
  await db.update(passwordResets).set(values).where(eq(passwordResets.id, resetId));
}

/**
 * What the auth hook checks on every protected request (token version, active
 * flag, role) and the manager's names; prepared once, by name, per database.
 */
export function prepareUserCheck(db: Db) {
  return db
    .select(userCheckColumns)
    .from(users)
    .where(eq(users.uuid, sql.placeholder('uuid')))
    .limit(1)
    .prepare('authenticate_user_by_uuid');
}

/** Whether a token id is revoked (the auth hook, once per token per version of the table). */
export function prepareRevocationCheck(db: Db) {
  return db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(eq(revokedTokens.jti, sql.placeholder('jti')))
    .limit(1)
    .prepare('authenticate_revoked_token');
}

/** Ends a token until it would have expired; drops revocations whose tokens have expired. */
export async function revokeToken(db: Db, jti: string, expiresAt: Date, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
    await tx.delete(revokedTokens).where(lte(revokedTokens.expiresAt, at));
  });
}
