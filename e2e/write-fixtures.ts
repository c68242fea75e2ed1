/**
 * Writes what the specs sign in with and look for (e2e/fixtures.ts) into a migrated database:
 * the accounts, the fixture businesses, the manage fixtures and the notifications fixture.
 * e2e/serve.ts writes them into the e2e server's embedded database, after the demo data;
 * e2e/tests/notifications-instances.spec.ts into a fresh PostgreSQL database of its own.
 */
import path from 'node:path';
import { formationStepKeys, formationStepNames } from '@fd/contract';
import type { Database } from '../apps/api/src/db/client.ts';
import {
  businesses,
  comments,
  documents,
  formationSteps,
  users,
} from '../apps/api/src/db/schema.ts';
import { sampleFiles } from '../apps/api/src/tools/seed/sample-files.ts';
import { hashPassword } from '../apps/api/src/lib/password.ts';
import {
  accounts,
  fixtureBusinesses,
  MANAGE_FIXTURES_CREATED_AT,
  manageBusinesses,
  notificationsBusiness,
  timelineBusiness,
  viewerBusiness,
  type ManageFixture,
} from './fixtures.ts';

export async function writeFixtures({ db }: Database): Promise<void> {
  const accountIds = new Map<string, number>();
  for (const account of Object.values(accounts)) {
    const [row] = await db
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
    const [owner] = await db
      .insert(users)
      .values({
        email: fixture.ownerEmail,
        role: 'CLIENT',
        firstName: fixture.ownerFirst,
        lastName: fixture.ownerLast,
        referralSource: 'Something unlisted',
      })
      .returning({ id: users.id });
    await db.insert(businesses).values({
      userId: owner!.id,
      businessName: fixture.name,
      companyType: null,
      countryOfIncorporation: 'UK',
      stateOfIncorporation: 'England',
      nationalIdentificationNumber: 'nin' in fixture ? fixture.nin : null,
    });
  }

  // The manage-business spec's businesses, the notifications specs', the timeline spec's and the viewer's: every step
  // Pending, dated before the demo.
  const manageCreatedAt = new Date(MANAGE_FIXTURES_CREATED_AT);
  const withSteps: ManageFixture[] = [
    ...Object.values(manageBusinesses),
    notificationsBusiness,
    timelineBusiness,
    viewerBusiness,
  ];
  for (const fixture of withSteps) {
    const [owner] = await db
      .insert(users)
      .values({
        email: fixture.ownerEmail,
        role: 'CLIENT',
        firstName: fixture.ownerFirst,
        lastName: fixture.ownerLast,
        createdAt: manageCreatedAt,
      })
      .returning({ id: users.id });
    const [business] = await db
      .insert(businesses)
      .values({
        userId: owner!.id,
        businessName: fixture.name,
        ...fixture.details,
        createdAt: manageCreatedAt,
      })
      .returning({ id: businesses.id });
    await db.insert(formationSteps).values(
      formationStepKeys.map((stepKey) => ({
        businessId: business!.id,
        stepKey,
        statusItemName: formationStepNames[stepKey],
      })),
    );
    for (const document of fixture.documents ?? []) {
      const file = sampleFiles[document.sample];
      await db.insert(documents).values({
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
    if (fixture.colleagueComment !== undefined) {
      await db.insert(comments).values({
        businessId: business!.id,
        userId: accountIds.get(accounts.manageColleague.email)!,
        comment: fixture.colleagueComment,
        createdAt: manageCreatedAt,
      });
    }
  }
}
