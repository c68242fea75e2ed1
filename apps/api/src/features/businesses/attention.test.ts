/**
 * The work queue, 'Needs attention' (docs/product.md §11.5;
 * docs/decisions/105-the-queue-reads-the-step-age-beside-the-business.md), and the list's orders,
 * over HTTP against the real app on every database lane: a step left past its limit is in the
 * queue, oldest first, and leaves it when it moves; a receipt to verify is in it; the limits
 * come from the configuration; every tab sorts by creation or step age, both ways.
 */
import {
  businessListResponseSchema,
  defaultStepWaitLimitHours,
  errorBodySchema,
  stepWaitLimitsResponseSchema,
} from '@fd/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, documents, formationSteps, manualPaymentReceipts } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import * as records from '../../test/manage-records.ts';
import { startManageSuite } from '../../test/manage-suite.ts';
import {
  callApi,
  createUser,
  signIn,
  startTestApp,
  testConfig,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';

const HOUR = 60 * 60 * 1000;

describe.each(lanes)('the work queue on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let ownerId: number;
  let actor: TestUser & { token: string };

  beforeAll(async () => {
    ({ database, harness, actor, ownerId } = await startManageSuite(lane));
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  let made = 0;
  /** A business just submitted: every step Pending, on its first (Incorporation Payment). */
  const businessSubmitted = () =>
    records.insertBusinessWithSteps(database.db, {
      ownerId,
      businessName: `Queue Co ${(made += 1)}`,
    });
  /**
   * A business a manager has taken up: its first step (Incorporation Payment) Processing since
   * `hoursAgo`, so it is no new submission.
   */
  async function businessWaiting(hoursAgo: number) {
    const business = await businessSubmitted();
    const paymentStep = and(
      eq(formationSteps.businessId, business.id),
      eq(formationSteps.stepKey, 'payment_status'),
    );
    await database.db.update(formationSteps).set({ status: 'PROCESSING' }).where(paymentStep);
    await database.db
      .update(formationSteps)
      .set({ statusSince: new Date(harness.clock.now().getTime() - hoursAgo * HOUR) })
      .where(paymentStep);
    return business;
  }
  /** `PUT manager/settings/{kind}/update/{statusId}/` as the actor. */
  async function moveStep(kind: string, stepId: number, status: string) {
    const moved = await callApi(
      harness.baseUrl,
      'PUT',
      `/api/v1/manager/settings/${kind}/update/${stepId}/`,
      { token: actor.token, json: { status } },
    );
    expect(moved.status, moved.text).toBe(200);
  }
  /** The client sends a document, as the client's app writes it. */
  const clientSendsDocument = (businessId: number) =>
    database.db.insert(documents).values({
      businessId,
      kind: 'kyc',
      documentTitle: 'National ID',
      fileName: 'national-id.png',
      storageKey: `queue-document-${businessId}-${(made += 1)}`,
      contentType: 'image/png',
      size: 10,
      createdAt: harness.clock.now(),
    });

  const list = async (path: string, query = '', token = actor.token, app = harness) => {
    const size = query.includes('page_size=') ? '' : 'page_size=100&';
    const response = await callApi(app.baseUrl, 'GET', `/api/v1/${path}?${size}${query}`, {
      token,
    });
    expect(response.status, response.text).toBe(200);
    return businessListResponseSchema.parse(response.body).data;
  };
  const queue = (query = '', token = actor.token, app = harness) =>
    list('manager/business/list/attention/', query, token, app);
  const uuidsOf = (page: { businesses: { uuid: string }[] }) =>
    page.businesses.map((business) => business.uuid);
  /** Why the queue holds a business, as its row says (undefined: not on the page). */
  const reasonsIn = (
    page: { businesses: { uuid: string; attention_reasons: string[] | null }[] },
    uuid: string,
  ) => page.businesses.find((business) => business.uuid === uuid)?.attention_reasons;

  it('holds a step past its limit, longest waiting first, and lets it go once the step moves', async () => {
    const limit = defaultStepWaitLimitHours.payment_status;
    const late = await businessWaiting(limit + 5);
    const later = await businessWaiting(limit + 50);
    const fresh = await businessWaiting(limit - 1);

    const before = await queue();
    const ours = uuidsOf(before).filter((uuid) =>
      [late.uuid, later.uuid, fresh.uuid].includes(uuid),
    );
    expect(ours).toEqual([later.uuid, late.uuid]);
    expect(before.total_count).toBe(before.businesses.length);
    expect(reasonsIn(before, late.uuid)).toEqual(['overdue']);
    // Off the queue, a row carries no reasons, even when the queue would hold it.
    expect(reasonsIn(await list('manager/business/list/', 'search=Queue%20Co'), late.uuid)).toBe(
      null,
    );
    // The list row says since when, from the column beside the business.
    const row = before.businesses.find((business) => business.uuid === late.uuid)!;
    expect(
      harness.clock.now().getTime() -
        new Date(row.current_business_formation_activity!.since!).getTime(),
    ).toBeGreaterThan((limit + 4) * HOUR);

    // Approving the payment moves the business to its next step, just entered: out of the queue.
    const moved = await callApi(
      harness.baseUrl,
      'PUT',
      `/api/v1/manager/settings/payment/update/${late.stepIds.payment_status}/`,
      { token: actor.token, json: { status: 'APPROVED' } },
    );
    expect(moved.status, moved.text).toBe(200);
    const after = await queue();
    expect(uuidsOf(after)).not.toContain(late.uuid);
    expect(uuidsOf(after)).toContain(later.uuid);
    expect(after.total_count).toBe(before.total_count - 1);
  });

  it('holds a new submission from its arrival until a manager moves one of its steps', async () => {
    const business = await businessSubmitted();
    const [row] = await database.db
      .select({ createdAt: businesses.createdAt, waiting: businesses.clientWaitingSince })
      .from(businesses)
      .where(eq(businesses.id, business.id));
    expect(row!.waiting).toEqual(row!.createdAt);
    const before = await queue();
    expect(reasonsIn(before, business.uuid)).toEqual(['submitted']);

    await moveStep('payment', business.stepIds.payment_status, 'PROCESSING');
    const after = await queue();
    expect(uuidsOf(after)).not.toContain(business.uuid);
    expect(after.total_count).toBe(before.total_count - 1);
  });

  it('holds a document sent after its step failed, until a manager moves the step', async () => {
    const business = await businessWaiting(0);
    await clientSendsDocument(business.id);
    // A document while the step is not Failed waits on nobody.
    expect(uuidsOf(await queue())).not.toContain(business.uuid);

    await moveStep('payment', business.stepIds.payment_status, 'FAILED');
    expect(uuidsOf(await queue())).not.toContain(business.uuid);
    // Sent again after the failure: it waits on a manager, at once.
    harness.clock.advance(60_000);
    await clientSendsDocument(business.id);
    expect(reasonsIn(await queue(), business.uuid)).toEqual(['document']);

    await moveStep('payment', business.stepIds.payment_status, 'PROCESSING');
    expect(uuidsOf(await queue())).not.toContain(business.uuid);
  });

  it('holds a business whose payment receipt waits to be verified, whatever its age', async () => {
    const business = await businessWaiting(0);
    const late = await businessWaiting(defaultStepWaitLimitHours.payment_status + 3);
    expect(uuidsOf(await queue())).not.toContain(business.uuid);
    for (const { id } of [business, late]) {
      await database.db.insert(manualPaymentReceipts).values({
        businessId: id,
        fileName: 'receipt.pdf',
        storageKey: `queue-${id}`,
        contentType: 'application/pdf',
        size: 10,
      });
    }
    const page = await queue();
    expect(reasonsIn(page, business.uuid)).toEqual(['receipt']);
    // Every reason that holds, in the contract's order.
    expect(reasonsIn(page, late.uuid)).toEqual(['overdue', 'receipt']);
  });

  it('combines with the filters: Mine within the queue', async () => {
    const business = await businessWaiting(defaultStepWaitLimitHours.payment_status + 1);
    await database.db
      .update(businesses)
      .set({ assigneeId: actor.id })
      .where(eq(businesses.id, business.id));
    const mine = await queue('assignee=me');
    expect(uuidsOf(mine)).toEqual([business.uuid]);
    expect(mine.total_count).toBe(1);
  });

  it("acts on 'all matching' of the queue: exactly the businesses it lists", async () => {
    const late = await businessWaiting(defaultStepWaitLimitHours.payment_status + 2);
    const fresh = await businessWaiting(1);
    // Every business of this file, late or not: the queue's rule decides which are acted on.
    const search = 'Queue Co';
    const listed = uuidsOf(await queue(`search=${encodeURIComponent(search)}`));
    expect(listed).toContain(late.uuid);
    expect(listed).not.toContain(fresh.uuid);
    const bulk = await callApi(harness.baseUrl, 'POST', '/api/v1/manager/business/bulk/', {
      token: actor.token,
      json: {
        query: { status: 'attention', search },
        action: { kind: 'assign', manager_id: actor.id },
      },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect((bulk.body as { data: { businesses: string[] } }).data.businesses.sort()).toEqual(
      [...listed].sort(),
    );
    const assigned = await database.db
      .select({ uuid: businesses.uuid, assigneeId: businesses.assigneeId })
      .from(businesses)
      .where(eq(businesses.id, fresh.id));
    expect(assigned[0]!.assigneeId).toBeNull();
  });

  it('sorts any tab by creation or by step age, both ways, ties by id', async () => {
    const tab = 'manager/business/list/pending/';
    const ages = new Map<string, number>();
    for (const page of [
      await list(tab, 'sort=step_since'),
      await list(tab, 'sort=-step_since'),
      await list(tab, 'sort=created_at'),
      await list(tab),
    ]) {
      expect(page.businesses.length).toBeGreaterThan(3);
      for (const row of page.businesses) {
        ages.set(row.uuid, new Date(row.current_business_formation_activity!.since!).getTime());
      }
    }
    const since = (page: { businesses: { uuid: string }[] }) =>
      page.businesses.map((row) => ages.get(row.uuid)!);
    const created = (page: { businesses: { created_at: string }[] }) =>
      page.businesses.map((row) => new Date(row.created_at).getTime());
    const ascending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);
    const descending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);

    expect(ascending(since(await list(tab, 'sort=step_since')))).toBe(true);
    expect(descending(since(await list(tab, 'sort=-step_since')))).toBe(true);
    expect(ascending(created(await list(tab, 'sort=created_at')))).toBe(true);
    expect(descending(created(await list(tab)))).toBe(true);
    // Stable pages: the first two pages of two hold the first four, in order.
    const four = uuidsOf(await list(tab, 'sort=step_since&page_size=4'));
    const first = await callApi(
      harness.baseUrl,
      'GET',
      `/api/v1/${tab}?sort=step_since&page_size=2&page=2`,
      { token: actor.token },
    );
    expect(uuidsOf(businessListResponseSchema.parse(first.body).data)).toEqual(four.slice(2));

    const bad = await callApi(harness.baseUrl, 'GET', `/api/v1/${tab}?sort=age`, {
      token: actor.token,
    });
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).errors.detail).toMatch(/^sort must be one of/);
  });

  it('reads its limits from STEP_WAIT_LIMITS, and tells the screens', async () => {
    const tight = await startTestApp({
      database,
      config: testConfig({ STEP_WAIT_LIMITS: 'payment_status=1, tax_ein_status=400' }),
    });
    try {
      const token = (await signIn(tight, await createUser(database))).token;
      const business = await businessWaiting(2);
      expect(uuidsOf(await queue('', token, tight))).toContain(business.uuid);
      expect(uuidsOf(await queue())).not.toContain(business.uuid);

      const limits = await callApi(tight.baseUrl, 'GET', '/api/v1/manager/queue/limits/', {
        token,
      });
      expect(stepWaitLimitsResponseSchema.parse(limits.body).data.limits).toEqual({
        ...defaultStepWaitLimitHours,
        payment_status: 1,
        tax_ein_status: 400,
      });
    } finally {
      await tight.close();
    }
  });

  it('derives the step age with the current activity, whoever moves the step', async () => {
    const business = await businessWaiting(3);
    const [row] = await database.db
      .select({ since: businesses.currentActivitySince })
      .from(businesses)
      .where(eq(businesses.id, business.id));
    const [step] = await database.db
      .select({ since: formationSteps.statusSince })
      .from(formationSteps)
      .where(
        and(
          eq(formationSteps.businessId, business.id),
          eq(formationSteps.stepKey, 'payment_status'),
        ),
      );
    expect(row!.since).toEqual(step!.since);
    expect(harness.clock.now().getTime() - row!.since!.getTime()).toBeGreaterThan(2.9 * HOUR);
  });
});
