/**
 * The people the manage API tests start with (manage.test.ts, step-status.test.ts,
 * comments.test.ts): on a fresh database and app, a signed-in manager who acts, another active
 * one (so every write notifies someone), a disabled one (who must not be notified) and a client
 * who owns the test businesses.
 */
import type { Lane, TestDatabase } from './databases.ts';
import { insertOwner } from './manage-records.ts';
import {
  createUser,
  signIn,
  startTestApp,
  uniqueEmail,
  type TestApp,
  type TestUser,
} from './test-app.ts';

export interface ManageSuite {
  database: TestDatabase;
  harness: TestApp;
  actor: TestUser & { token: string };
  colleague: TestUser & { token: string };
  disabled: TestUser;
  ownerId: number;
}

export async function startManageSuite(lane: Lane): Promise<ManageSuite> {
  const database = await lane.open();
  const harness = await startTestApp({ database });
  const actor = await signIn(
    harness,
    await createUser(database, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: uniqueEmail('ada'),
    }),
  );
  const colleague = await signIn(
    harness,
    await createUser(database, { firstName: 'Grace', lastName: 'Hopper' }),
  );
  const disabled = await createUser(database, {
    isActive: false,
    firstName: 'Gone',
    lastName: 'Away',
  });
  const ownerId = await insertOwner(database.db);
  return { database, harness, actor, colleague, disabled, ownerId };
}
