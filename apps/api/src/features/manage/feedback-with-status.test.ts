/**
 * A failed step's report and its status change as one action
 * (docs/decisions/055-a-report-and-its-status-change-are-one-action.md): `POST
 * manager/feedback/status/` over HTTP against the real app, on every database lane. Both land
 * with their log entries and notifications, or — whatever part fails — none of it does.
 */
import {
  errorBodySchema,
  feedbackWithStatusResponseSchema,
  fileHistoryResponseSchema,
  managerLogsResponseSchema,
  successMessages,
  type FormationStepKey,
} from '@fd/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, formationSteps, managerLogs, notifications } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import * as records from '../../test/manage-records.ts';
import { storedFilesOf } from '../../test/stored-files.ts';
import {
  callApi,
  createUser,
  signIn,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { impostorFiles, uploadFiles } from '../../test/upload-files.ts';

const path = '/api/v1/manager/feedback/status/';

describe.each(lanes)('a report with its status change on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let ownerId: number;
  let actor: TestUser & { token: string };
  let businessCount = 0;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    actor = await signIn(
      harness,
      await createUser(database, { firstName: 'Ada', lastName: 'Lovelace' }),
    );
    await createUser(database, { firstName: 'Grace', lastName: 'Hopper' });
    ownerId = await records.insertOwner(database.db);
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const createBusiness = () =>
    records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: `Report Test ${(businessCount += 1)}`,
    });

  const statusOf = async (stepId: number) =>
    (
      await database.db
        .select({ status: formationSteps.status })
        .from(formationSteps)
        .where(eq(formationSteps.id, stepId))
    )[0]!.status;

  const countOf = async (
    table: typeof feedback | typeof managerLogs | typeof notifications,
    id: number,
  ) => (await database.db.select({ n: count() }).from(table).where(eq(table.businessId, id)))[0]!.n;

  /** What a refused or failed request must leave as it was. */
  const state = async (business: { id: number }, stepId: number) => ({
    feedback: await countOf(feedback, business.id),
    logs: await countOf(managerLogs, business.id),
    notifications: await countOf(notifications, business.id),
    status: await statusOf(stepId),
    files: await storedFilesOf(database, harness.config.filesDir).names(),
  });

  const fieldsFor = (business: { id: number }, stepId: number) => ({
    message_body: 'Stripe refused the account: the address does not match.',
    status_item_id: String(stepId),
    business_id: String(business.id),
    feedback_title: 'Payment processor (Stripe)',
    status: 'FAILED',
  });

  const postForm = async (fields: Record<string, string | { name: string; content: Buffer }>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === 'string') form.append(key, value);
      else form.append(key, new Blob([value.content]), value.name);
    }
    const response = await fetch(harness.baseUrl + path, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${actor.token}` },
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as unknown };
  };

  it('lands the feedback, the status, both log entries and both notifications', async () => {
    const business = await createBusiness();
    const stepId = business.stepIds.stripe_status;
    const response = await callApi(harness.baseUrl, 'POST', path, {
      token: actor.token,
      json: { ...fieldsFor(business, stepId), status_item_id: stepId, business_id: business.id },
    });
    expect(response.status, response.text).toBe(201);
    const { message, data } = feedbackWithStatusResponseSchema.parse(response.body);
    expect(message).toBe(successMessages.statusUpdated);
    expect(data.step).toEqual({ id: stepId, status: 'FAILED', status_item_name: 'Stripe' });
    expect(data.feedback).toMatchObject({
      feedback_title: 'Payment processor (Stripe)',
      message_body: 'Stripe refused the account: the address does not match.',
      manager_name: 'Ada Lovelace',
    });
    expect(await statusOf(stepId)).toBe('FAILED');
    const logs = await records.logsOf(database.db, business.id);
    expect(logs.map((log) => log.action)).toEqual([
      'Sent feedback "Payment processor (Stripe)" on Stripe to the client',
      'Changed Stripe from Pending to Failed',
    ]);
    const others = await records.otherActiveManagers(database.db, actor.id);
    const notified = await records.notificationsOf(database.db, business.id);
    expect(notified).toHaveLength(2 * others.length);
    expect(notified.map((row) => row.status).sort()).toContain('Failed');
  });

  it('takes an attachment in the same request; the same status moves nothing', async () => {
    const business = await createBusiness();
    const stepId = business.stepIds.bank_account_status;
    await database.db
      .update(formationSteps)
      .set({ status: 'FAILED' })
      .where(eq(formationSteps.id, stepId));
    const response = await postForm({
      ...fieldsFor(business, stepId),
      feedback_title: 'Bank Account',
      attachment_file: uploadFiles.pdf,
    });
    expect(response.status, response.text).toBe(201);
    const { data } = feedbackWithStatusResponseSchema.parse(response.body);
    expect(data.feedback.file_name).toBe('certificate.pdf');
    const download = await fetch(harness.baseUrl + data.feedback.attachment_file!);
    expect(Buffer.from(await download.arrayBuffer()).equals(uploadFiles.pdf.content)).toBe(true);
    expect((await records.logsOf(database.db, business.id)).map((log) => log.action)).toEqual([
      `Sent feedback "Bank Account" on Bank Account to the client (certificate.pdf, 1 KB)`,
    ]);
  });

  it('shows what was sent in the activity log and, with its message, in the file history', async () => {
    const business = await createBusiness();
    const stepId = business.stepIds.stripe_status;
    const sent = await postForm({
      ...fieldsFor(business, stepId),
      attachment_file: uploadFiles.pdf,
    });
    expect(sent.status, sent.text).toBe(201);
    const logs = await callApi(harness.baseUrl, 'GET', `/api/v1/manager/logs/${business.uuid}/`, {
      token: actor.token,
    });
    expect(logs.status, logs.text).toBe(200);
    const entries = managerLogsResponseSchema.parse(logs.body).data.manager_logs.feedback_doc_logs;
    expect(
      entries.map((entry) => [entry.action.slice(0, 13), entry.feedback?.message_body]),
    ).toEqual([
      ['Changed Strip', undefined],
      ['Sent feedback', 'Stripe refused the account: the address does not match.'],
    ]);
    const logged = entries[1]!.feedback!;
    expect(logged).toMatchObject({
      feedback_title: 'Payment processor (Stripe)',
      file_name: 'certificate.pdf',
      manager_name: 'Ada Lovelace',
      created_at: entries[1]!.created_at,
    });
    const download = await fetch(harness.baseUrl + logged.attachment_file!);
    expect(Buffer.from(await download.arrayBuffer()).equals(uploadFiles.pdf.content)).toBe(true);

    const history = await callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/manager/file-history/${business.uuid}/`,
      { token: actor.token },
    );
    expect(fileHistoryResponseSchema.parse(history.body).data.file_history).toMatchObject([
      {
        title: 'Payment processor (Stripe)',
        file_name: 'certificate.pdf',
        message: 'Stripe refused the account: the address does not match.',
        by: 'Ada Lovelace',
      },
    ]);
  });

  it('refuses a bad attachment and leaves no feedback, log, notification, file or status', async () => {
    const business = await createBusiness();
    const stepId = business.stepIds.stripe_status;
    const before = await state(business, stepId);
    const response = await postForm({
      ...fieldsFor(business, stepId),
      attachment_file: impostorFiles.textAsPng,
    });
    expect(response.status, response.text).toBe(415);
    expect(errorBodySchema.parse(response.body).errors.detail).toBeTruthy();
    expect(await state(business, stepId)).toEqual(before);
  });

  it.each<[string, FormationStepKey | 'other business', Record<string, string>]>([
    ['a status no one may set this way', 'stripe_status', { status: 'DONE' }],
    ['a step whose status is not set by hand', 'document_verification_status', {}],
    ['a step of another business', 'other business', {}],
    ['a title not on the list', 'stripe_status', { feedback_title: 'Anything' }],
  ])('refuses %s and changes nothing', async (_name, key, override) => {
    const business = await createBusiness();
    const other = await createBusiness();
    const stepId = key === 'other business' ? other.stepIds.stripe_status : business.stepIds[key];
    const before = await state(business, stepId);
    const response = await postForm({ ...fieldsFor(business, stepId), ...override });
    expect(response.status, response.text).toBe(400);
    expect(await state(business, stepId)).toEqual(before);
  });

  it('rolls the feedback back when the status change fails after it was written', async () => {
    const business = await createBusiness();
    const stepId = business.stepIds.stripe_status;
    // The database refuses this one step's update: the feedback row, its log entry and its
    // notifications were written in the transaction before the refusal.
    await database.db.execute(
      sql.raw(`create or replace function refuse_step_${stepId}() returns trigger
        language plpgsql as $$ begin raise exception 'refused by the test'; end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger refuse_step_${stepId} before update on formation_steps
        for each row when (old.id = ${stepId}) execute function refuse_step_${stepId}()`),
    );
    try {
      const before = await state(business, stepId);
      const response = await postForm({
        ...fieldsFor(business, stepId),
        attachment_file: uploadFiles.png,
      });
      expect(response.status, response.text).toBe(500);
      expect(await state(business, stepId)).toEqual(before);
    } finally {
      await database.db.execute(sql.raw(`drop trigger refuse_step_${stepId} on formation_steps`));
      await database.db.execute(sql.raw(`drop function refuse_step_${stepId}()`));
    }
  });

  it("ends a sentence on a name like 'Acme Inc.' with one period, not two", async () => {
    const business = await records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: 'Acme Holdings Inc.',
    });
    const stepId = business.stepIds.stripe_status;
    const report = await postForm(fieldsFor(business, stepId));
    expect(report.status, report.text).toBe(201);
    const comment = await callApi(harness.baseUrl, 'POST', '/api/v1/business/comment/', {
      token: actor.token,
      json: { comment: 'Checked.', business: business.uuid },
    });
    expect(comment.status, comment.text).toBe(200);
    const messages = [
      ...new Set(
        (await records.notificationsOf(database.db, business.id)).map((row) => row.message),
      ),
    ];
    expect(messages).toEqual([
      'Ada Lovelace sent feedback on Stripe to Acme Holdings Inc.',
      'Ada Lovelace changed the Stripe of Acme Holdings Inc. to Failed.',
      'Ada Lovelace commented on Acme Holdings Inc.',
    ]);
  });

  it('keeps POST manager/feedback/ for other callers: feedback alone, no status change', async () => {
    const business = await createBusiness();
    const stepId = business.stepIds.stripe_status;
    const { status: _status, ...fields } = fieldsFor(business, stepId);
    const response = await callApi(harness.baseUrl, 'POST', '/api/v1/manager/feedback/', {
      token: actor.token,
      json: { ...fields, status_item_id: stepId, business_id: business.id },
    });
    expect(response.status, response.text).toBe(201);
    expect(await statusOf(stepId)).toBe('PENDING');
  });
});
