/**
 * The derived columns of a business follow their inputs whoever writes them
 * (migration 0005): each input is changed here with plain SQL, as any writer
 * might, and each derived column checked, on every database lane.
 */
import { formationStepKeys, formationStepNames, type StepStatus } from '@fd/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { businesses, formationSteps, manualPaymentReceipts, users } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';

describe.each(lanes)('derived business columns on $name', (lane) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await lane.open();
  });
  afterAll(() => database.dispose());

  const derived = async (businessId: number) => {
    const [row] = await database.db
      .select({
        searchText: businesses.searchText,
        incorporationStatus: businesses.incorporationStatus,
        accountLevel: businesses.accountLevel,
        step: businesses.currentActivityStep,
        status: businesses.currentActivityStatus,
        hasManualReceipt: businesses.hasManualReceipt,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    return row!;
  };
  const setStep = (businessId: number, stepKey: string, status: StepStatus) =>
    database.db
      .update(formationSteps)
      .set({ status })
      .where(and(eq(formationSteps.businessId, businessId), eq(formationSteps.stepKey, stepKey)));

  async function createBusiness(email: string, name: string, withSteps = true) {
    const [owner] = await database.db
      .insert(users)
      .values({ email, role: 'CLIENT', firstName: 'Émile', lastName: 'Öztürk' })
      .returning({ id: users.id });
    // Derived values written by the caller are not believed: the database derives its own.
    const [business] = await database.db
      .insert(businesses)
      .values({
        userId: owner!.id,
        businessName: name,
        searchText: 'made up',
        accountLevel: 'PAID',
        incorporationStatus: 'APPROVED',
        hasManualReceipt: true,
      })
      .returning({ id: businesses.id });
    if (withSteps) {
      await database.db.insert(formationSteps).values(
        formationStepKeys.map((stepKey) => ({
          businessId: business!.id,
          stepKey,
          statusItemName: formationStepNames[stepKey],
        })),
      );
    }
    return { ownerId: owner!.id, businessId: business!.id };
  }

  it('keeps the canonical step order in one definition shared with the contract', async () => {
    const [row] = await queryRows<{ keys: string[] }>(
      database.db,
      sql`select formation_step_order() as keys`,
    );
    expect(row!.keys).toEqual([...formationStepKeys]);
  });

  it('derives the search text from the name and the owner, lower-cased', async () => {
    const { ownerId, businessId } = await createBusiness('Owner@Example.com', 'Zebra Ltd');
    expect((await derived(businessId)).searchText).toBe('zebra ltd émile öztürk owner@example.com');

    await database.db
      .update(businesses)
      .set({ businessName: 'Quagga LLC' })
      .where(eq(businesses.id, businessId));
    expect((await derived(businessId)).searchText).toBe(
      'quagga llc émile öztürk owner@example.com',
    );

    await database.db
      .update(users)
      .set({ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com' })
      .where(eq(users.id, ownerId));
    expect((await derived(businessId)).searchText).toBe('quagga llc ada obi ada@example.com');
  });

  it('derives the tab, account and activity columns from the steps, any status to any status', async () => {
    const { businessId } = await createBusiness('steps@example.com', 'Steps Inc.');
    expect(await derived(businessId)).toMatchObject({
      incorporationStatus: 'PENDING',
      accountLevel: 'UNPAID',
      step: 'payment_status',
      status: 'PENDING',
      hasManualReceipt: false,
    });

    await setStep(businessId, 'payment_status', 'APPROVED');
    expect(await derived(businessId)).toMatchObject({
      accountLevel: 'PAID',
      step: 'onboarding_doc_status',
      status: 'PENDING',
    });

    // Every step before incorporation approved, incorporation processing: the Processing tab.
    const beforeIncorporation = formationStepKeys.slice(
      0,
      formationStepKeys.indexOf('incorporation_status'),
    );
    await database.db
      .update(formationSteps)
      .set({ status: 'APPROVED' })
      .where(
        and(
          eq(formationSteps.businessId, businessId),
          sql`${formationSteps.stepKey} in ${beforeIncorporation}`,
        ),
      );
    await setStep(businessId, 'incorporation_status', 'PROCESSING');
    expect(await derived(businessId)).toMatchObject({
      incorporationStatus: 'PROCESSING',
      step: 'incorporation_status',
      status: 'PROCESSING',
    });

    await setStep(businessId, 'incorporation_status', 'FAILED');
    expect(await derived(businessId)).toMatchObject({
      incorporationStatus: 'FAILED',
      status: 'FAILED',
    });

    // Back to an earlier step: the activity moves back, the payment rule goes both ways.
    await setStep(businessId, 'payment_status', 'PROCESSING');
    expect(await derived(businessId)).toMatchObject({
      accountLevel: 'UNPAID',
      step: 'payment_status',
      status: 'PROCESSING',
      incorporationStatus: 'FAILED',
    });

    // All approved: Completed (no activity).
    await database.db
      .update(formationSteps)
      .set({ status: 'APPROVED' })
      .where(eq(formationSteps.businessId, businessId));
    expect(await derived(businessId)).toMatchObject({
      incorporationStatus: 'APPROVED',
      accountLevel: 'PAID',
      step: null,
      status: null,
    });

    // A step row that goes missing counts as PENDING: never reported Completed by mistake.
    await database.db
      .delete(formationSteps)
      .where(
        and(eq(formationSteps.businessId, businessId), eq(formationSteps.stepKey, 'stripe_status')),
      );
    expect(await derived(businessId)).toMatchObject({ step: 'stripe_status', status: 'PENDING' });
  });

  it('counts a business without step rows as waiting on the first step', async () => {
    const { businessId } = await createBusiness('bare@example.com', 'Bare Co', false);
    expect(await derived(businessId)).toMatchObject({
      incorporationStatus: 'PENDING',
      accountLevel: 'UNPAID',
      step: 'payment_status',
      status: 'PENDING',
    });
  });

  it('follows manual payment receipts in and out', async () => {
    const { businessId } = await createBusiness('receipts@example.com', 'Receipts Co');
    const receipt = {
      businessId,
      fileName: 'receipt.pdf',
      storageKey: 'seed/receipt.pdf',
      contentType: 'application/pdf',
      size: 10,
    };
    await database.db.insert(manualPaymentReceipts).values([receipt, receipt]);
    expect((await derived(businessId)).hasManualReceipt).toBe(true);

    const [one] = await database.db
      .select({ id: manualPaymentReceipts.id })
      .from(manualPaymentReceipts)
      .where(eq(manualPaymentReceipts.businessId, businessId));
    await database.db.delete(manualPaymentReceipts).where(eq(manualPaymentReceipts.id, one!.id));
    expect((await derived(businessId)).hasManualReceipt).toBe(true);
    await database.db
      .delete(manualPaymentReceipts)
      .where(eq(manualPaymentReceipts.businessId, businessId));
    expect((await derived(businessId)).hasManualReceipt).toBe(false);
  });

  it('does not let a writer set a derived column directly', async () => {
    const { businessId } = await createBusiness('direct@example.com', 'Direct Co');
    await database.db
      .update(businesses)
      .set({ accountLevel: 'PAID', incorporationStatus: 'APPROVED', searchText: 'x' })
      .where(eq(businesses.id, businessId));
    expect(await derived(businessId)).toMatchObject({
      accountLevel: 'UNPAID',
      incorporationStatus: 'PENDING',
      searchText: 'direct co émile öztürk direct@example.com',
    });
  });

  it('writes no new row version when nothing a derived column depends on changed', async () => {
    const { ownerId, businessId } = await createBusiness('quiet@example.com', 'Quiet Co');
    const before = await queryRows<{ xmin: string }>(
      database.db,
      sql`select xmin::text as xmin from businesses where id = ${businessId}`,
    );
    await database.db.update(users).set({ tokenVersion: 5 }).where(eq(users.id, ownerId));
    await database.db
      .update(formationSteps)
      .set({ status: 'PENDING' })
      .where(eq(formationSteps.businessId, businessId));
    const after = await queryRows<{ xmin: string }>(
      database.db,
      sql`select xmin::text as xmin from businesses where id = ${businessId}`,
    );
    // Same row version: the touch that found nothing to change wrote nothing.
    expect(after).toEqual(before);
  });
});
