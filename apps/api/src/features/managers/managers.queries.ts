import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { MANAGER_ROLE } from '@fd/contract';

export interface ManagerRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  createdAt: Date;
}

const managerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

const isManagerWithEmail = (email: string) =>
  and(eq(users.email, email), eq(users.role, MANAGER_ROLE));

/** Throws a unique violation (db/errors.ts, isUniqueViolation) when the email is taken. */
export async function insertManager(
  db: Db,
  values: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<ManagerRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: MANAGER_ROLE, isActive: true })
    .returning(managerColumns);
  return row!;
}

export async function updateManagerName(
  db: Db,
  email: string,
  names: { firstName: string; lastName: string },
): Promise<ManagerRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...names, updatedAt: sql`now()` })
    .where(isManagerWithEmail(email))
    .returning(managerColumns);
  return row;
}

/** Disabling also bumps the token version, so the manager's open sessions end at once. */
export async function updateManagerActive(
  db: Db,
  email: string,
  isActive: boolean,
): Promise<ManagerRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      isActive,
      updatedAt: sql`now()`,
      ...(isActive ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }),
    })
    .where(isManagerWithEmail(email))
    .returning(managerColumns);
  return row;
}

export function selectManagers(db: Db): Promise<ManagerRow[]> {
  return db
    .select(managerColumns)
    .from(users)
    .where(eq(users.role, MANAGER_ROLE))
    .orderBy(asc(users.createdAt), asc(users.id));
}
