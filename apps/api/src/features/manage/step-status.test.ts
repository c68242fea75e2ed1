/**
 * Step status updates (docs/product.md §4.5, §7.5; docs/decisions/023-step-status-updates.md), over
 * HTTP against the real app, on every database lane. Each test makes its own
 * business with all twelve step rows, so the rows it counts are its own.
 */
import {
  businessDetailResponseSchema,
  businessListResponseSchema,
  errorBodySchema,
  formationStepKeys,
  formationStepNames,
  stepStatusKinds,
  stepStatusUpdateResponseSchema,
  successMessages,
  type FormationStepKey,
  type StepStatus,
  type StepStatusKind,
} from '@fd/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, formationSteps } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { callApi, type TestApp, type TestUser } from '../../test/test-app.ts';
import * as records from '../../test/manage-records.ts';
import { startManageSuite } from '../../test/manage-suite.ts';

const kinds = Object.keys(stepStatusKinds) as StepStatusKind[];

describe.each(lanes)('step status updates on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let ownerId: number;
  let actor: TestUser & { token: string };
  let colleague: TestUser & { token: string };

  beforeAll(async () => {
    ({ database, harness, actor, colleague, ownerId } = await startManageSuite(lane));
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  let businessCount = 0;
  const createBusiness = (approvedBefore?: FormationStepKey) =>
    records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: `Step Test ${(businessCount += 1)}`,
      ...(approvedBefore ? { approvedBefore } : {}),
    });

  const update = (
    kind: string,
    statusId: string | number,
    json: unknown,
    token: string | null = actor.token,
  ) =>
    callApi(harness.baseUrl, 'PUT', `/api/v1/manager/settings/${kind}/update/${statusId}/`, {
      json,
      ...(token ? { token } : {}),
    });
  const detail = async (uuid: string) => {
    const response = await callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/manager/business/detail/${uuid}/`,
      { token: actor.token },
    );
    expect(response.status, response.text).toBe(200);
    return businessDetailResponseSchema.parse(response.body).data;
  };
  const logsOf = (businessId: number) => records.logsOf(database.db, businessId);
  const notificationsOf = (businessId: number) => records.notificationsOf(database.db, businessId);
  const otherActiveManagers = (actorId: number) =>
    records.otherActiveManagers(database.db, actorId);
  /** The business row and its steps as stored. */
  const snapshot = async (businessId: number) => ({
    business: (await database.db.select().from(businesses).where(eq(businesses.id, businessId)))[0],
    steps: await database.db
      .select()
      .from(formationSteps)
      .where(eq(formationSteps.businessId, businessId))
      .orderBy(asc(formationSteps.id)),
  });
  const validationsOf = (body: unknown) => errorBodySchema.parse(body).errors.validations ?? {};

  it.each(kinds)('%s moves its step, logs, notifies, and the activity follows', async (kind) => {
    const key = stepStatusKinds[kind];
    const name = formationStepNames[key];
    const { id, uuid, stepIds } = await createBusiness(key);
    const statusId = stepIds[key];

    const response = await update(kind, statusId, { status: 'processing' });
    expect(response.status, response.text).toBe(200);
    const answer = stepStatusUpdateResponseSchema.parse(response.body);
    const since = answer.data.status_since;
    expect(answer).toEqual({
      message: successMessages.statusUpdated,
      data: { id: statusId, status: 'PROCESSING', status_item_name: name, status_since: since },
    });
    let shown = await detail(uuid);
    expect(shown.business_formation_statuses[key]).toEqual({
      id: statusId,
      status: 'PROCESSING',
      status_item_name: name,
      status_since: since,
    });
    expect(shown.current_business_formation_activity).toEqual({
      step: key,
      status: 'PROCESSING',
      status_item_name: name,
      since,
    });
    const [step] = await database.db
      .select()
      .from(formationSteps)
      .where(eq(formationSteps.id, statusId));
    expect(step!.updatedBy).toBe(actor.id);

    const logs = await logsOf(id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      managerId: actor.id,
      managerName: 'Ada Lovelace',
      action: `Changed ${name} from Pending to Processing`,
      feedbackLogCategory: name,
    });
    const told = await notificationsOf(id);
    expect(told.map((n) => n.managerId).sort((a, b) => a - b)).toEqual(
      await otherActiveManagers(actor.id),
    );
    expect(told[0]).toMatchObject({
      message: `Ada Lovelace changed the ${name} of Step Test ${businessCount} to Processing.`,
      status: 'Processing',
    });

    // Approved: the current activity moves on to the next step, which is pending.
    expect((await update(kind, statusId, { status: 'APPROVED' })).status).toBe(200);
    shown = await detail(uuid);
    expect(shown.business_formation_statuses[key].status).toBe('APPROVED');
    const next = formationStepKeys[formationStepKeys.indexOf(key) + 1];
    expect(shown.current_business_formation_activity).toEqual(
      next
        ? {
            step: next,
            status: 'PENDING',
            status_item_name: formationStepNames[next],
            since: shown.business_formation_statuses[next].status_since,
          }
        : null,
    );
    expect((await logsOf(id)).map((l) => l.action)).toEqual([
      `Changed ${name} from Pending to Processing`,
      `Changed ${name} from Processing to Approved`,
    ]);
  });

  it('knows since when each step holds its status, whoever changes it', async () => {
    const { id, uuid, stepIds } = await createBusiness('tax_ein_status');
    const statusId = stepIds.tax_ein_status;
    const sinceOf = async () => (await detail(uuid)).business_formation_statuses.tax_ein_status;
    const created = (await sinceOf()).status_since!;

    // Three hours on (the API's clock; the session lasts eight), the step moves: its
    // status_since is that write's time.
    harness.clock.advance(3 * 60 * 60 * 1000);
    const moved = stepStatusUpdateResponseSchema.parse(
      (await update('tax', statusId, { status: 'PROCESSING' })).body,
    ).data.status_since;
    expect(new Date(moved).getTime() - new Date(created).getTime()).toBeGreaterThanOrEqual(
      3 * 60 * 60 * 1000,
    );
    expect(Math.abs(new Date(moved).getTime() - harness.clock.now().getTime())).toBeLessThan(
      60_000,
    );
    expect((await sinceOf()).status_since).toBe(moved);
    // The list shows the current step's age from the same time.
    const listed = await callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/manager/business/list/?search=${encodeURIComponent(`Step Test ${businessCount}`)}`,
      { token: actor.token },
    );
    expect(listed.status, listed.text).toBe(200);
    const row = businessListResponseSchema
      .parse(listed.body)
      .data.businesses.find((b) => b.id === id);
    expect(row?.current_business_formation_activity).toMatchObject({
      step: 'tax_ein_status',
      since: moved,
    });

    // The same status again, or a change that leaves the status, keeps it.
    harness.clock.advance(30 * 60 * 1000);
    const again = stepStatusUpdateResponseSchema.parse(
      (await update('tax', statusId, { status: 'PROCESSING' })).body,
    ).data.status_since;
    expect(again).toBe(moved);
    await database.db
      .update(formationSteps)
      .set({ updatedBy: colleague.id })
      .where(eq(formationSteps.id, statusId));
    expect((await sinceOf()).status_since).toBe(moved);

    // Another writer that sets no updated_at (psql, another tool) moves it to the database's now.
    await database.db
      .update(formationSteps)
      .set({ status: 'FAILED' })
      .where(eq(formationSteps.id, statusId));
    const byOther = (await sinceOf()).status_since!;
    expect(byOther).not.toBe(moved);
    expect(Math.abs(new Date(byOther).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('approving payment makes the business PAID; moving it back makes it UNPAID', async () => {
    const { uuid, stepIds } = await createBusiness();
    expect((await detail(uuid)).account_level).toBe('UNPAID');
    expect((await update('payment', stepIds.payment_status, { status: 'Approved' })).status).toBe(
      200,
    );
    expect((await detail(uuid)).account_level).toBe('PAID');
    expect((await update('payment', stepIds.payment_status, { status: 'FAILED' })).status).toBe(
      200,
    );
    const shown = await detail(uuid);
    expect(shown.account_level).toBe('UNPAID');
    expect(shown.current_business_formation_activity).toMatchObject({
      step: 'payment_status',
      status: 'FAILED',
    });
  });

  it('moves incorporation status into the business row (the tabs filter on it)', async () => {
    const { id, stepIds } = await createBusiness();
    await update('incorporation-status', stepIds.incorporation_status, { status: 'APPROVED' });
    const { business } = await snapshot(id);
    expect(business!.incorporationStatus).toBe('APPROVED');
  });

  it('answers the same status with 200 and writes nothing', async () => {
    const { id, stepIds } = await createBusiness();
    const before = await snapshot(id);
    const response = await update('tax', stepIds.tax_ein_status, { status: 'PENDING' });
    expect(response.status, response.text).toBe(200);
    expect(stepStatusUpdateResponseSchema.parse(response.body).data.status).toBe('PENDING');
    expect(await snapshot(id)).toEqual(before);
    expect(await logsOf(id)).toEqual([]);
    expect(await notificationsOf(id)).toEqual([]);
  });

  const refused: [
    string,
    (ids: Record<FormationStepKey, number>) => [string, string | number, unknown],
  ][] = [
    ['another kind of step', (ids) => ['tax', ids.payment_status, { status: 'APPROVED' }]],
    ['an unknown id', () => ['tax', 2_000_000_000, { status: 'APPROVED' }]],
    ['id zero', () => ['tax', 0, { status: 'APPROVED' }]],
    ['a non-numeric id', () => ['tax', 'abc', { status: 'APPROVED' }]],
    ['an id past int4', () => ['tax', 9_999_999_999, { status: 'APPROVED' }]],
    ['an unknown status', (ids) => ['tax', ids.tax_ein_status, { status: 'DONE' }]],
    ['a NUL in the status', (ids) => ['tax', ids.tax_ein_status, { status: 'APPROVED\u0000' }]],
    ['a missing status', (ids) => ['tax', ids.tax_ein_status, {}]],
    ['a status not text', (ids) => ['tax', ids.tax_ein_status, { status: 1 }]],
    ['an extra field', (ids) => ['tax', ids.tax_ein_status, { status: 'APPROVED', updated_by: 1 }]],
    ['a body not an object', (ids) => ['tax', ids.tax_ein_status, ['APPROVED']]],
    [
      'the display-only step',
      (ids) => ['document-verification', ids.document_verification_status, { status: 'APPROVED' }],
    ],
  ];

  it.each(refused)('refuses %s with a 4xx and writes nothing', async (_case, make) => {
    const { id, stepIds } = await createBusiness();
    const before = await snapshot(id);
    const [kind, statusId, json] = make(stepIds);
    const response = await update(kind, statusId, json);
    expect(response.status, response.text).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await snapshot(id)).toEqual(before);
    expect(await logsOf(id)).toEqual([]);
    expect(await notificationsOf(id)).toEqual([]);
  });

  it('answers a step of another kind with 400 naming statusId, an unknown id with 404', async () => {
    const { stepIds } = await createBusiness();
    const wrong = await update('tax', stepIds.payment_status, { status: 'APPROVED' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(validationsOf(wrong.body))).toEqual(['statusId']);
    expect((await update('tax', 2_000_000_000, { status: 'APPROVED' })).status).toBe(404);
    const bad = await update('tax', stepIds.tax_ein_status, { status: 'DONE' });
    expect(bad.status).toBe(400);
    expect(Object.keys(validationsOf(bad.body))).toEqual(['status']);
  });

  it('answers 401 without a token', async () => {
    const { id, stepIds } = await createBusiness();
    const before = await snapshot(id);
    const response = await update('payment', stepIds.payment_status, { status: 'APPROVED' }, null);
    expect(response.status).toBe(401);
    expect(await snapshot(id)).toEqual(before);
    expect(await logsOf(id)).toEqual([]);
  });

  it('lands two managers updating one step at once in order, both logged', async () => {
    for (let round = 0; round < 5; round++) {
      const { id, stepIds } = await createBusiness();
      const statusId = stepIds.stripe_status;
      const answers = await Promise.all([
        update('stripe', statusId, { status: 'PROCESSING' }, actor.token),
        update('stripe', statusId, { status: 'FAILED' }, colleague.token),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const logs = await logsOf(id);
      expect(logs.map((l) => l.managerName).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);
      // The second moved from what the first stored: its compare-and-set saw the first land.
      const [first, second] = logs.map(
        (l) => /from (\w+) to (\w+)$/.exec(l.action)!.slice(1) as [string, string],
      );
      expect(first![0]).toBe('Pending');
      expect(second![0]).toBe(first![1]);
      const { steps } = await snapshot(id);
      const stored = steps.find((s) => s.id === statusId)!.status as StepStatus;
      expect(stored.toLowerCase()).toBe(second![1].toLowerCase());
      const told = (await notificationsOf(id)).map((n) => n.managerId);
      expect(told.filter((m) => m === actor.id)).toHaveLength(1);
      expect(told.filter((m) => m === colleague.id)).toHaveLength(1);
    }
  });
});
