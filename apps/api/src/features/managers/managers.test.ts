import { apiErrorDetails, validationMessages } from '@fd/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import {
  createManager,
  listManagers,
  managerErrors,
  renameManager,
  setManagerActive,
} from './managers.service.ts';

/** Runs `promise`, expecting it to fail with an AppError, and returns that error. */
async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.each(lanes)('managers service on $name', (lane) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await lane.open();
  });
  afterAll(() => database.dispose());

  const userByEmail = async (email: string) =>
    (await database.db.select().from(users).where(eq(users.email, email)))[0];

  it('creates a manager with a lower-cased email and a hashed password', async () => {
    const manager = await createManager(database.db, {
      email: '  Grace.Mensah@Example.COM ',
      firstName: ' Grace ',
      lastName: 'Mensah',
      password: 'correct horse',
    });
    expect(manager).toMatchObject({
      email: 'grace.mensah@example.com',
      firstName: 'Grace',
      lastName: 'Mensah',
      isActive: true,
    });
    const row = await userByEmail('grace.mensah@example.com');
    expect(row?.role).toBe('MANAGER');
    expect(row?.passwordHash).not.toContain('correct horse');
    expect(await verifyPassword(row!.passwordHash!, 'correct horse')).toBe(true);
  });

  it('refuses a duplicate email whatever its case, with a conflict', async () => {
    const error = await appErrorOf(
      createManager(database.db, {
        email: 'GRACE.MENSAH@example.com',
        firstName: 'Other',
        lastName: 'Person',
        password: 'another password',
      }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.detail).toBe(managerErrors.duplicateEmail('grace.mensah@example.com'));
    expect(
      (await listManagers(database.db)).filter((m) => m.email === 'grace.mensah@example.com'),
    ).toHaveLength(1);
  });

  it('refuses a short password, a bad email and over-long names, naming each field', async () => {
    const short = await appErrorOf(
      createManager(database.db, {
        email: 'short@example.com',
        firstName: 'A',
        lastName: 'B',
        password: '1234567',
      }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.validations).toEqual({ password: [validationMessages.resetPasswordMin] });

    const invalid = await appErrorOf(
      createManager(database.db, {
        email: 'not-an-email',
        firstName: '',
        lastName: 'x'.repeat(101),
        password: 'long enough',
      }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.validations).toEqual({
      email: [validationMessages.emailInvalid],
      firstName: ['First name is required.'],
      lastName: ['Last name must be at most 100 characters.'],
    });
    expect(await userByEmail('short@example.com')).toBeUndefined();
    expect(await userByEmail('not-an-email')).toBeUndefined();
  });

  it('holds the new password to the rule of every path: not common, not the email', async () => {
    for (const [password, detail] of [
      ['baseball1', apiErrorDetails.passwordCommon],
      ['Weak.Owner@example.com', apiErrorDetails.passwordIsEmail],
    ] as const) {
      const refused = await appErrorOf(
        createManager(database.db, {
          email: 'weak.owner@example.com',
          firstName: 'Weak',
          lastName: 'Owner',
          password,
        }),
      );
      expect(refused.statusCode, password).toBe(400);
      expect(refused.validations, password).toEqual({ password: [detail] });
    }
    expect(await userByEmail('weak.owner@example.com')).toBeUndefined();
  });

  it('renames a manager, found by email in any case', async () => {
    const renamed = await renameManager(database.db, {
      email: 'Grace.Mensah@example.com',
      firstName: 'Grace A.',
      lastName: 'Mensah-Owusu',
    });
    expect(renamed).toMatchObject({ firstName: 'Grace A.', lastName: 'Mensah-Owusu' });
    expect(await userByEmail('grace.mensah@example.com')).toMatchObject({
      firstName: 'Grace A.',
      lastName: 'Mensah-Owusu',
    });
  });

  it('refuses names with control characters or nothing visible, and changes nothing', async () => {
    const before = await userByEmail('grace.mensah@example.com');
    const refused = await appErrorOf(
      renameManager(database.db, {
        email: 'grace.mensah@example.com',
        firstName: 'Grace\u001b[2J',
        lastName: '\u200b\u200b',
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.validations).toEqual({
      firstName: [
        'First name must be one line of text, without line breaks, tabs or other control characters.',
      ],
      lastName: ['Last name must contain visible characters, not only spaces or invisible ones.'],
    });
    const created = await appErrorOf(
      createManager(database.db, {
        email: 'bell.ringer@example.com',
        firstName: 'Bell\u0007',
        lastName: 'Two\nLines',
        password: 'a long enough passphrase',
      }),
    );
    expect(Object.keys(created.validations ?? {}).sort()).toEqual(['firstName', 'lastName']);
    expect(await userByEmail('grace.mensah@example.com')).toEqual(before);
    expect(await userByEmail('bell.ringer@example.com')).toBeUndefined();
  });

  it('disables and re-enables a manager; disabling ends open sessions', async () => {
    const before = await userByEmail('grace.mensah@example.com');
    const disabled = await setManagerActive(database.db, {
      email: 'grace.mensah@example.com',
      isActive: false,
    });
    expect(disabled.isActive).toBe(false);
    const after = await userByEmail('grace.mensah@example.com');
    expect(after!.tokenVersion).toBe(before!.tokenVersion + 1);

    const enabled = await setManagerActive(database.db, {
      email: 'grace.mensah@example.com',
      isActive: true,
    });
    expect(enabled.isActive).toBe(true);
  });

  it('answers 404 for an unknown email, and for a client’s email, changing nothing', async () => {
    await database.db
      .insert(users)
      .values({ email: 'client@example.com', role: 'CLIENT', firstName: 'Cee' });
    for (const email of ['nobody@example.com', 'client@example.com']) {
      const rename = await appErrorOf(
        renameManager(database.db, { email, firstName: 'A', lastName: 'B' }),
      );
      expect([rename.statusCode, rename.detail]).toEqual([404, managerErrors.unknownEmail(email)]);
      const disable = await appErrorOf(setManagerActive(database.db, { email, isActive: false }));
      expect([disable.statusCode, disable.detail]).toEqual([
        404,
        managerErrors.unknownEmail(email),
      ]);
    }
    expect(await userByEmail('client@example.com')).toMatchObject({
      firstName: 'Cee',
      isActive: true,
    });
  });

  it('lists managers only, oldest first', async () => {
    await createManager(database.db, {
      email: 'kofi@example.com',
      firstName: 'Kofi',
      lastName: 'Asante',
      password: 'kofi asante office key',
    });
    const managers = await listManagers(database.db);
    expect(managers.map((m) => m.email)).toEqual(['grace.mensah@example.com', 'kofi@example.com']);
    expect(managers[0]).toMatchObject({ firstName: 'Grace A.', isActive: true });
    expect(managers[0]!.createdAt).toBeInstanceOf(Date);
  });
});
