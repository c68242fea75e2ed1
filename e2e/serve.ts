/**
 * Starts the real product for the end-to-end tests, as `npm start` would:
 * a fresh embedded data folder, the demo data, the accounts the specs sign in
 * with and the businesses they look for (e2e/fixtures.ts), then the API serving
 * the built web app.
 * The accounts are written before the server opens the embedded database,
 * since PGlite allows one process at a time.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { formationStepKeys, formationStepNames } from '@fd/contract';
import {
  businesses,
  comments,
  documents,
  formationSteps,
  users,
} from '../apps/api/src/db/schema.ts';
import { hashPassword } from '../apps/api/src/lib/password.ts';
import { sampleFiles } from '../apps/api/src/features/seed/sample-files.ts';
import { seedDemoIfEmpty } from '../apps/api/src/features/seed/seed.service.ts';
import {
  accounts,
  E2E_DATA_DIR,
  E2E_PORT,
  fixtureBusinesses,
  MANAGE_FIXTURES_CREATED_AT,
  manageBusinesses,
} from './fixtures.ts';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });

const database = await openDatabase({ pgliteDir: path.join(E2E_DATA_DIR, 'db') });
await database.migrate();
await seedDemoIfEmpty(database, {
  filesDir: path.join(E2E_DATA_DIR, 'files'),
  log: (line) => console.log(line),
});
const accountIds = new Map<string, number>();
for (const account of Object.values(accounts)) {
  const [row] = await database.db
    .insert(users)
    .values({
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: account.role,
      firstName: account.firstName,
      lastName: account.lastName,
    })
    .returning({ id: users.id });
  accountIds.set(account.email, row!.id);
}
for (const fixture of Object.values(fixtureBusinesses)) {
  const [owner] = await database.db
    .insert(users)
    .values({
      email: fixture.ownerEmail,
      role: 'CLIENT',
      firstName: fixture.ownerFirst,
      lastName: fixture.ownerLast,
      referralSource: 'Something unlisted',
    })
    .returning({ id: users.id });
  await database.db.insert(businesses).values({
    userId: owner!.id,
    businessName: fixture.name,
    companyType: null,
    countryOfIncorporation: 'UK',
    stateOfIncorporation: 'England',
    nationalIdentificationNumber: 'nin' in fixture ? fixture.nin : null,
  });
}
// The manage-business spec's businesses: every step Pending, dated before the demo.
const manageCreatedAt = new Date(MANAGE_FIXTURES_CREATED_AT);
for (const fixture of Object.values(manageBusinesses)) {
  const [owner] = await database.db
    .insert(users)
    .values({
      email: fixture.ownerEmail,
      role: 'CLIENT',
      firstName: fixture.ownerFirst,
      lastName: fixture.ownerLast,
      createdAt: manageCreatedAt,
    })
    .returning({ id: users.id });
  const [business] = await database.db
    .insert(businesses)
    .values({
      userId: owner!.id,
      businessName: fixture.name,
      ...fixture.details,
      createdAt: manageCreatedAt,
    })
    .returning({ id: businesses.id });
  await database.db.insert(formationSteps).values(
    formationStepKeys.map((stepKey) => ({
      businessId: business!.id,
      stepKey,
      statusItemName: formationStepNames[stepKey],
    })),
  );
  for (const document of 'documents' in fixture ? fixture.documents : []) {
    const file = sampleFiles[document.sample];
    await database.db.insert(documents).values({
      businessId: business!.id,
      kind: document.kind,
      documentTitle: document.title,
      fileName: path.basename(file.storageKey),
      storageKey: file.storageKey,
      contentType: file.contentType,
      size: file.size,
      createdAt: manageCreatedAt,
    });
  }
  if ('colleagueComment' in fixture) {
    await database.db.insert(comments).values({
      businessId: business!.id,
      userId: accountIds.get(accounts.manageColleague.email)!,
      comment: fixture.colleagueComment,
      createdAt: manageCreatedAt,
    });
  }
}
await database.close();

// The e2e server always runs the embedded default, whatever the shell exported.
for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'JWT_SECRET', 'WEB_DIST_DIR']) {
  delete process.env[name];
}
Object.assign(process.env, {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: E2E_DATA_DIR,
  SEED_DEMO: 'true',
  // Every spec signs in from 127.0.0.1; per-account limits still apply.
  RATE_LIMIT_IP_MULTIPLIER: '50',
  INIT_CWD: process.cwd(),
});
await import('../apps/api/src/main.ts');
