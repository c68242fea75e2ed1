/**
 * The insights (docs/product.md §12.4) over HTTP against the real app on every database lane:
 * every figure on a small data set whose answers are worked out by hand below, the weeks
 * parameter, who may ask, and bad input refused with a 400 that names it.
 */
import { errorBodySchema, insightsResponseSchema, type FormationStepKey } from '@fd/contract';
import { formationStepKeys, formationStepNames } from '@fd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { businesses, feedback, formationSteps, managerLogs } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { startManageSuite } from '../../test/manage-suite.ts';
import { callApi, signIn, type TestApp, type TestUser } from '../../test/test-app.ts';

type Manager = TestUser & { token: string };

/** A Wednesday noon, UTC: this week began on Monday the 7th. */
const NOW = new Date('2030-01-09T12:00:00Z');
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

type StepState = { status: 'APPROVED' | 'PROCESSING' | 'FAILED'; since: Date };

/** A business created at `createdAt` with the given steps' rows (the others have none). */
async function insertBusiness(
  db: Db,
  ownerId: number,
  name: string,
  createdAt: Date,
  steps: Partial<Record<FormationStepKey, StepState>>,
) {
  const [row] = await db
    .insert(businesses)
    .values({ userId: ownerId, businessName: name, createdAt, updatedAt: createdAt })
    .returning({ id: businesses.id });
  const stepIds: Partial<Record<FormationStepKey, number>> = {};
  for (const [key, state] of Object.entries(steps) as Array<[FormationStepKey, StepState]>) {
    const [step] = await db
      .insert(formationSteps)
      .values({
        businessId: row!.id,
        stepKey: key,
        status: state.status,
        statusItemName: formationStepNames[key],
        updatedAt: state.since,
        statusSince: state.since,
      })
      .returning({ id: formationSteps.id });
    stepIds[key] = step!.id;
  }
  return { id: row!.id, stepIds };
}

describe.each(lanes)('insights on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let actor: Manager;
  let colleague: Manager;

  beforeAll(async () => {
    let ownerId: number;
    ({ database, harness, actor, colleague, ownerId } = await startManageSuite(lane));
    harness.clock.advance(NOW.getTime() - Date.now());
    // Tokens issued before the clock moved have expired by its time.
    actor = await signIn(harness, actor);
    const db = database.db;
    const approved = (since: Date): StepState => ({ status: 'APPROVED', since });

    // Failed at document verification 10 days ago, after two feedbacks (the newer one counts).
    const failing = await insertBusiness(db, ownerId, 'Failing Ltd', ago(40 * DAY), {
      payment_status: approved(ago(35 * DAY)),
      onboarding_doc_status: approved(ago(20 * DAY)),
      document_verification_status: { status: 'FAILED', since: ago(10 * DAY) },
    });
    const failedStep = failing.stepIds.document_verification_status!;
    for (const [title, at] of [
      ['Passport unreadable', ago(11 * DAY)],
      ['Address mismatch', ago(10 * DAY)],
    ] as const) {
      await db.insert(feedback).values({
        businessId: failing.id,
        statusItemId: failedStep,
        feedbackTitle: title,
        messageBody: 'Please send it again.',
        managerId: actor.id,
        createdAt: at,
      });
    }
    // Created last Sunday; paid yesterday; onboarding in progress.
    await insertBusiness(db, ownerId, 'Recent Ltd', ago(3 * DAY), {
      payment_status: approved(ago(1 * DAY)),
      onboarding_doc_status: { status: 'PROCESSING', since: ago(1 * DAY) },
    });
    // Completed: paid 95 days ago (outside both windows), every other step 60 days ago.
    await insertBusiness(
      db,
      ownerId,
      'Done Ltd',
      ago(100 * DAY),
      Object.fromEntries(
        formationStepKeys.map((key) => [
          key,
          approved(key === 'payment_status' ? ago(95 * DAY) : ago(60 * DAY)),
        ]),
      ),
    );
    // Created an hour ago, no step rows yet: at payment, Pending.
    await insertBusiness(db, ownerId, 'New Ltd', ago(HOUR), {});
    // Onboarding failed 5 days ago with no feedback; paid long ago.
    await insertBusiness(db, ownerId, 'Quiet Ltd', ago(200 * DAY), {
      payment_status: approved(ago(190 * DAY)),
      onboarding_doc_status: { status: 'FAILED', since: ago(5 * DAY) },
    });
    // Failed long ago: outside the failures' 90 days.
    await insertBusiness(db, ownerId, 'Old Fail Ltd', ago(300 * DAY), {
      payment_status: { status: 'FAILED', since: ago(150 * DAY) },
    });

    const log = (managerId: number | null, managerName: string, at: Date) =>
      db.insert(managerLogs).values({
        businessId: failing.id,
        managerId,
        managerName,
        action: 'Added a comment',
        feedbackLogCategory: 'Comment',
        createdAt: at,
      });
    await log(actor.id, 'Ada Lovelace', ago(HOUR));
    await log(actor.id, 'Ada Lovelace', ago(8 * DAY));
    await log(actor.id, 'Ada Lovelace', ago(100 * DAY));
    await log(colleague.id, 'Grace Hopper', ago(2 * HOUR));
    await log(null, 'Old Hand', ago(3 * HOUR));
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const ask = (query = '', token: string | null = actor.token) =>
    callApi(harness.baseUrl, 'GET', `/api/v1/manager/insights/${query}`, token ? { token } : {});
  const insights = async (query = '') => {
    const response = await ask(query);
    expect(response.status, response.text).toBe(200);
    return insightsResponseSchema.parse(response.body).data;
  };

  it('counts the funnel by current step and status, and the completed', async () => {
    const { funnel } = await insights();
    const nonZero = funnel.steps.filter((s) => s.pending + s.processing + s.failed > 0);
    expect(nonZero).toEqual([
      { step: 'payment_status', pending: 1, processing: 0, failed: 1 },
      { step: 'onboarding_doc_status', pending: 0, processing: 1, failed: 1 },
      { step: 'document_verification_status', pending: 0, processing: 0, failed: 1 },
    ]);
    expect(funnel.steps.map((s) => s.step)).toEqual([...formationStepKeys]);
    expect(funnel.completed).toBe(1);
  });

  it("gives each step's approvals with their median and p90 days per window", async () => {
    const { step_days } = await insights();
    const of = (step: FormationStepKey, windowDays: number) =>
      step_days.find((s) => s.step === step && s.window_days === windowDays);
    // 30 days: Recent paid 2 days after creation; Failing's onboarding 15 days after its payment.
    expect(of('payment_status', 30)).toMatchObject({ approved: 1, median_days: 2, p90_days: 2 });
    expect(of('onboarding_doc_status', 30)).toMatchObject({ approved: 1, median_days: 15 });
    // 90 days: payments of 5 and 2 days; onboardings of 15 and 35 (Done's, after its payment).
    expect(of('payment_status', 90)).toMatchObject({
      approved: 2,
      median_days: 3.5,
      p90_days: 4.7,
    });
    expect(of('onboarding_doc_status', 90)).toMatchObject({
      approved: 2,
      median_days: 25,
      p90_days: 33,
    });
    // Done's later steps were approved together with the one before them: no days.
    expect(of('bank_account_status', 90)).toMatchObject({ approved: 1, median_days: 0 });
    expect(of('bank_account_status', 30)).toEqual({
      step: 'bank_account_status',
      window_days: 30,
      approved: 0,
      median_days: null,
      p90_days: null,
    });
    expect(step_days).toHaveLength(2 * formationStepKeys.length);
  });

  it('counts new businesses and each manager’s changes per week', async () => {
    const twoWeeks = await insights('?weeks=2');
    expect(twoWeeks.weeks).toEqual(['2029-12-31', '2030-01-07']);
    expect(twoWeeks.new_businesses).toEqual([1, 1]);
    expect(twoWeeks.manager_changes).toEqual([
      { manager_id: actor.id, manager_name: 'Ada Lovelace', counts: [1, 1] },
      { manager_id: colleague.id, manager_name: 'Grace Hopper', counts: [0, 1] },
      { manager_id: null, manager_name: 'Old Hand', counts: [0, 1] },
    ]);
    const twelve = await insights();
    expect(twelve.weeks).toHaveLength(12);
    expect(twelve.weeks[0]).toBe('2029-10-22');
    // Failing Ltd, 40 days ago, falls in the week of 2029-11-26.
    expect(twelve.new_businesses).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1]);
  });

  it('counts the last 90 days’ failures by their latest feedback title', async () => {
    const { failures } = await insights();
    expect(failures).toEqual([
      { feedback_title: 'Address mismatch', count: 1 },
      { feedback_title: null, count: 1 },
    ]);
  });

  it('answers 401 without a valid token', async () => {
    expect((await ask('', null)).status).toBe(401);
    expect((await ask('', 'not-a-token')).status).toBe(401);
  });

  it.each(['?weeks=0', '?weeks=53', '?weeks=abc', '?weeks=1&weeks=2', '?week=3'])(
    'refuses %s with a 400 naming the problem',
    async (query) => {
      const response = await ask(query);
      expect(response.status, response.text).toBe(400);
      expect(errorBodySchema.parse(response.body).errors.detail).toMatch(/week/);
    },
  );
});
