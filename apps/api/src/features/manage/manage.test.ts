/**
 * Editing one business detail and reading the manager logs (docs/product.md §2.3
 * "Manage business", §7.4 "Edit", §7.6), over HTTP against the real app, on every
 * database lane. Each test makes its own business, so the log and notification
 * rows it counts are its own.
 */
import {
  businessDetailLabels,
  businessListResponseSchema,
  businessSetupResponseSchema,
  errorBodySchema,
  latestIncorporationDay,
  MANAGER_LOGS_LIMIT,
  managerLogsResponseSchema,
  successMessages,
  type EditableBusinessDetail,
} from '@fd/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, managerLogs, notifications } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { callApi, createUser, type TestApp, type TestUser } from '../../test/test-app.ts';
import * as records from '../../test/manage-records.ts';
import { startManageSuite } from '../../test/manage-suite.ts';

const DAY_MS = 24 * 3600 * 1000;
const unknownUuid = '5f0c7d1e-0000-4000-8000-000000000000';

describe.each(lanes)('manage business API on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let ownerId: number;
  /** The signed-in manager who acts, another active one, a disabled one and an admin. */
  let actor: TestUser & { token: string };
  let colleague: TestUser & { token: string };
  let disabled: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ({ database, harness, actor, colleague, disabled, ownerId } = await startManageSuite(lane));
    admin = await createUser(database, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  let businessCount = 0;
  async function createBusiness(values: Partial<typeof businesses.$inferInsert> = {}) {
    businessCount += 1;
    const [row] = await database.db
      .insert(businesses)
      .values({
        userId: ownerId,
        businessName: `Edit Test ${businessCount}`,
        businessIndustry: 'Accountant',
        companyType: 'LLC',
        countryOfIncorporation: 'USA',
        stateOfIncorporation: 'Delaware',
        incorporationNumber: `INC-${businessCount}`,
        newBusinessFormationAddress: '1209 Orange Street',
        ...values,
      })
      .returning({ id: businesses.id, uuid: businesses.uuid });
    return row!;
  }

  const readBusiness = async (id: number) => {
    const [row] = await database.db.select().from(businesses).where(eq(businesses.id, id));
    return row!;
  };
  const logsOf = (businessId: number) => records.logsOf(database.db, businessId);
  const notifiedManagers = (businessId: number) =>
    records.notifiedManagers(database.db, businessId);
  const otherActiveManagers = (actorId: number) =>
    records.otherActiveManagers(database.db, actorId);

  const edit = (uuid: string, json: unknown, token: string | null = actor.token) =>
    callApi(harness.baseUrl, 'PUT', `/api/v1/business/setup/${uuid}/`, {
      json,
      ...(token ? { token } : {}),
    });
  const validationsOf = (body: unknown) => errorBodySchema.parse(body).errors.validations ?? {};

  /** The business as stored, without the columns any write moves. */
  const snapshot = async (id: number) => {
    const { updatedAt: _updatedAt, ...row } = await readBusiness(id);
    return row;
  };

  /** Nothing was written: the row, its logs and its notifications are as before. */
  async function expectNothingWritten(id: number, before: unknown) {
    expect(await snapshot(id)).toEqual(before);
    expect(await logsOf(id)).toEqual([]);
    expect(await notifiedManagers(id)).toEqual([]);
  }

  describe('PUT business/setup/{uuid}/', () => {
    const validEdits: [
      EditableBusinessDetail,
      unknown,
      keyof typeof businesses.$inferSelect,
      unknown,
    ][] = [
      ['business_name', '  Harbour Ventures  ', 'businessName', 'Harbour Ventures'],
      ['business_industry', 'real estate', 'businessIndustry', 'Real Estate'],
      ['company_type', 'plc', 'companyType', 'PLC'],
      ['company_type', 'C-corp', 'companyType', 'C-corp'],
      ['country_of_incorporation', 'canada', 'countryOfIncorporation', 'CANADA'],
      ['state_of_incorporation', 'new mexico', 'stateOfIncorporation', 'New Mexico'],
      [
        'new_business_formation_address',
        ' 8 The Green, Dover ',
        'newBusinessFormationAddress',
        '8 The Green, Dover',
      ],
      ['incorporation_date', '2024-02-29', 'incorporationDate', '2024-02-29'],
      ['incorporation_date', '1900-01-01', 'incorporationDate', '1900-01-01'],
      ['tax_id', '12-3456789', 'taxId', '12-3456789'],
    ];

    it.each(validEdits)(
      'edits %s (%j), logs it and notifies every other active manager',
      async (field, sent, column, stored) => {
        const { id, uuid } = await createBusiness();
        const before = await readBusiness(id);

        const response = await edit(uuid, { [field]: sent });
        expect(response.status, response.text).toBe(200);
        const body = businessSetupResponseSchema.parse(response.body);
        expect(body.message).toBe(successMessages.businessUpdated(businessDetailLabels[field]));
        expect(body.data).toMatchObject({ id, uuid, [field]: stored });

        const after = await readBusiness(id);
        expect(after[column]).toEqual(stored);
        expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
        // Only that detail (and, for a country, its state) moved.
        const {
          [column]: _edited,
          updatedAt: _u,
          searchText: _s,
          stateOfIncorporation: _st,
          ...rest
        } = after;
        const {
          [column]: _e,
          updatedAt: _u2,
          searchText: _s2,
          stateOfIncorporation: _st2,
          ...restBefore
        } = before;
        expect(rest).toEqual(restBefore);

        const logs = await logsOf(id);
        expect(logs).toHaveLength(1);
        expect(logs[0]).toMatchObject({
          managerId: actor.id,
          managerName: 'Ada Lovelace',
          feedbackLogCategory: 'Business Details',
        });
        expect(logs[0]!.action).toContain(`Updated ${businessDetailLabels[field]} from `);
        expect(logs[0]!.action).toContain(`"${String(stored)}"`);

        const recipients = await notifiedManagers(id);
        expect(recipients).toEqual(await otherActiveManagers(actor.id));
        expect(recipients).toContain(colleague.id);
        expect(recipients).not.toContain(actor.id);
        expect(recipients).not.toContain(disabled.id);
        expect(recipients).not.toContain(admin.id);
        const [notification] = await database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.businessId, id), eq(notifications.managerId, colleague.id)));
        expect(notification).toMatchObject({
          message: `Ada Lovelace updated the ${businessDetailLabels[field]} of ${after.businessName}.`,
          status: 'Updated',
          isRead: false,
        });
      },
    );

    const tomorrowSomewhere = () =>
      new Date(
        new Date(`${latestIncorporationDay(harness.clock.now())}T00:00:00Z`).getTime() + DAY_MS,
      )
        .toISOString()
        .slice(0, 10);

    const invalidEdits: [EditableBusinessDetail, () => unknown][] = [
      ['business_name', () => '   '],
      ['business_name', () => ''],
      ['business_name', () => 'x'.repeat(201)],
      ['business_name', () => 'Nul\u0000Holdings'],
      ['business_name', () => 42],
      ['business_name', () => null],
      ['business_industry', () => 'Piracy'],
      ['business_industry', () => ''],
      ['company_type', () => 'Inc'],
      ['company_type', () => ['LLC']],
      ['country_of_incorporation', () => 'Nigeria'],
      ['country_of_incorporation', () => 'Canada\u0000'],
      ['state_of_incorporation', () => 'Lagos'],
      // A state of incorporation, but not of the business's country (USA).
      ['state_of_incorporation', () => 'England'],
      ['new_business_formation_address', () => ' '],
      ['new_business_formation_address', () => 'x'.repeat(501)],
      ['incorporation_date', () => '2023-02-29'],
      ['incorporation_date', () => '2024-13-01'],
      ['incorporation_date', () => '24-01-01'],
      ['incorporation_date', () => '2024-01-01T00:00:00Z'],
      ['incorporation_date', () => '1899-12-31'],
      ['incorporation_date', tomorrowSomewhere],
      ['incorporation_date', () => '2999-01-01'],
      ['tax_id', () => '123456789'],
      ['tax_id', () => '12-345678'],
      ['tax_id', () => 'AB-1234567'],
      ['tax_id', () => '12-34567890'],
    ];

    it.each(invalidEdits)(
      'refuses %s = %s with a 400 naming it, and writes nothing',
      async (field, value) => {
        const { id, uuid } = await createBusiness();
        const before = await snapshot(id);
        const response = await edit(uuid, { [field]: value() });
        expect(response.status, response.text).toBe(400);
        expect(Object.keys(validationsOf(response.body))).toEqual([field]);
        await expectNothingWritten(id, before);
      },
    );

    it('accepts the latest day a manager anywhere can call today', async () => {
      const { id, uuid } = await createBusiness();
      const latest = latestIncorporationDay(harness.clock.now());
      const response = await edit(uuid, { incorporation_date: latest });
      expect(response.status, response.text).toBe(200);
      expect((await readBusiness(id)).incorporationDate).toBe(latest);
    });

    it('clears the state when the new country does not have it, and logs both', async () => {
      const { id, uuid } = await createBusiness({
        countryOfIncorporation: 'USA',
        stateOfIncorporation: 'Delaware',
      });
      const response = await edit(uuid, { country_of_incorporation: 'UK' });
      expect(response.status, response.text).toBe(200);
      expect(businessSetupResponseSchema.parse(response.body).data).toMatchObject({
        country_of_incorporation: 'UK',
        state_of_incorporation: null,
      });
      const row = await readBusiness(id);
      expect([row.countryOfIncorporation, row.stateOfIncorporation]).toEqual(['UK', null]);
      const [log] = await logsOf(id);
      expect(log!.action).toBe(
        'Updated Country of Incorporation from "USA" to "UK"; State of Incorporation "Delaware" cleared',
      );
    });

    it('keeps the state when it belongs to the new country', async () => {
      const { id, uuid } = await createBusiness({
        countryOfIncorporation: null,
        stateOfIncorporation: 'England',
      });
      const response = await edit(uuid, { country_of_incorporation: 'uk' });
      expect(response.status, response.text).toBe(200);
      const row = await readBusiness(id);
      expect([row.countryOfIncorporation, row.stateOfIncorporation]).toEqual(['UK', 'England']);
      const [log] = await logsOf(id);
      expect(log!.action).toBe('Updated Country of Incorporation from Nil to "UK"');
    });

    it('checks a state against the country stored, after a country change', async () => {
      const { id, uuid } = await createBusiness();
      expect((await edit(uuid, { country_of_incorporation: 'UAE' })).status).toBe(200);
      const refused = await edit(uuid, { state_of_incorporation: 'Delaware' });
      expect(refused.status).toBe(400);
      expect(validationsOf(refused.body).state_of_incorporation).toEqual([
        'state_of_incorporation must be one of the states of UAE: Dubai.',
      ]);
      expect((await edit(uuid, { state_of_incorporation: 'dubai' })).status).toBe(200);
      const row = await readBusiness(id);
      expect([row.countryOfIncorporation, row.stateOfIncorporation]).toEqual(['UAE', 'Dubai']);
      expect(await logsOf(id)).toHaveLength(2);
    });

    it('refuses a state while the business has no country of incorporation', async () => {
      const { id, uuid } = await createBusiness({
        countryOfIncorporation: null,
        stateOfIncorporation: null,
      });
      const before = await snapshot(id);
      const response = await edit(uuid, { state_of_incorporation: 'Texas' });
      expect(response.status).toBe(400);
      expect(validationsOf(response.body).state_of_incorporation).toEqual([
        'Set the country of incorporation before its state.',
      ]);
      await expectNothingWritten(id, before);
    });

    it.each([
      [
        'two details',
        { business_name: 'Two At Once', tax_id: '12-3456789' },
        ['business_name', 'tax_id'],
      ],
      ['incorporation_number', { incorporation_number: 'INC-9' }, ['incorporation_number']],
      [
        'incorporation_number beside an editable detail',
        { business_name: 'Sneaky', incorporation_number: 'INC-9' },
        ['incorporation_number'],
      ],
      ['an unknown field', { nickname: 'Acme' }, ['nickname']],
      ['a derived column', { account_level: 'PAID' }, ['account_level']],
      ['an empty body', {}, ['body']],
    ])('refuses %s with a 400 naming the fields', async (_case, json, fields) => {
      const { id, uuid } = await createBusiness();
      const before = await snapshot(id);
      const response = await edit(uuid, json);
      expect(response.status, response.text).toBe(400);
      expect(Object.keys(validationsOf(response.body)).sort()).toEqual([...fields].sort());
      await expectNothingWritten(id, before);
    });

    it('refuses a body that is not a JSON object', async () => {
      const { id, uuid } = await createBusiness();
      const before = await snapshot(id);
      for (const json of [['business_name'], 'business_name', null]) {
        expect((await edit(uuid, json)).status).toBe(400);
      }
      await expectNothingWritten(id, before);
    });

    it('answers 404 for an unknown business and 400 for a malformed uuid', async () => {
      const unknown = await edit(unknownUuid, { business_name: 'Nobody' });
      expect(unknown.status).toBe(404);
      const malformed = await edit('not-a-uuid', { business_name: 'Nobody' });
      expect(malformed.status).toBe(400);
      expect(Object.keys(validationsOf(malformed.body))).toEqual(['uuid']);
    });

    it('answers 401 without a token or with a garbage one, and writes nothing', async () => {
      const { id, uuid } = await createBusiness();
      const before = await snapshot(id);
      expect((await edit(uuid, { business_name: 'Anonymous' }, null)).status).toBe(401);
      expect((await edit(uuid, { business_name: 'Anonymous' }, 'garbage.token.here')).status).toBe(
        401,
      );
      await expectNothingWritten(id, before);
    });

    it('answers an edit that changes nothing without logging or notifying', async () => {
      const { id, uuid } = await createBusiness({ taxId: '98-7654321' });
      const before = await snapshot(id);
      const response = await edit(uuid, { tax_id: ' 98-7654321 ' });
      expect(response.status, response.text).toBe(200);
      expect(businessSetupResponseSchema.parse(response.body).data.tax_id).toBe('98-7654321');
      await expectNothingWritten(id, before);
    });

    it('lets the lists find a new name at once (search text and cached counts follow)', async () => {
      const { uuid } = await createBusiness();
      const count = async (search: string) => {
        const response = await callApi(
          harness.baseUrl,
          'GET',
          `/api/v1/manager/business/list/?search=${encodeURIComponent(search)}`,
          { token: actor.token },
        );
        return businessListResponseSchema.parse(response.body).data.total_count;
      };
      const name = `Quokka Renamed ${lane.name}`;
      expect(await count(name)).toBe(0);
      expect((await edit(uuid, { business_name: name })).status).toBe(200);
      expect(await count(name)).toBe(1);
    });

    it('lands two managers editing one business at once, both logged', async () => {
      for (let round = 0; round < 5; round++) {
        const { id, uuid } = await createBusiness();
        const [first, second] = await Promise.all([
          edit(uuid, { business_name: `Concurrent ${round}` }, actor.token),
          edit(uuid, { tax_id: `55-000000${round}` }, colleague.token),
        ]);
        expect([first.status, second.status]).toEqual([200, 200]);
        const row = await readBusiness(id);
        expect([row.businessName, row.taxId]).toEqual([`Concurrent ${round}`, `55-000000${round}`]);
        const logs = await logsOf(id);
        expect(logs.map((log) => log.managerName).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);
        // Each manager is told of the other's edit, never of their own.
        const told = await notifiedManagers(id);
        expect(told.filter((m) => m === actor.id)).toHaveLength(1);
        expect(told.filter((m) => m === colleague.id)).toHaveLength(1);
      }
    });

    it('never stores a state of another country when country and state are edited at once', async () => {
      for (let round = 0; round < 5; round++) {
        const { id, uuid } = await createBusiness();
        const answers = await Promise.all([
          edit(uuid, { country_of_incorporation: 'UK' }, actor.token),
          edit(uuid, { state_of_incorporation: 'Wyoming' }, colleague.token),
        ]);
        expect(answers[0]!.status).toBe(200);
        const row = await readBusiness(id);
        expect(row.countryOfIncorporation).toBe('UK');
        // Wyoming landed first and was cleared by the country, or came second and was refused.
        expect(row.stateOfIncorporation).toBeNull();
        expect(await logsOf(id)).toHaveLength(answers[1]!.status === 200 ? 2 : 1);
      }
    });
  });

  describe('GET manager/logs/{businessUuid}/', () => {
    const getLogs = (uuid: string, token: string | null = actor.token) =>
      callApi(harness.baseUrl, 'GET', `/api/v1/manager/logs/${uuid}/`, token ? { token } : {});

    it('lists the logs newest first with id, time, action, manager name and category', async () => {
      const { uuid } = await createBusiness();
      expect((await edit(uuid, { business_name: 'Log One' })).status).toBe(200);
      harness.clock.advance(1000);
      expect((await edit(uuid, { tax_id: '11-1111111' }, colleague.token)).status).toBe(200);
      harness.clock.advance(1000);
      expect((await edit(uuid, { company_type: 'LTD' })).status).toBe(200);
      harness.clock.reset();

      const response = await getLogs(uuid);
      expect(response.status, response.text).toBe(200);
      const logs = managerLogsResponseSchema.parse(response.body).data.manager_logs
        .feedback_doc_logs;
      expect(
        logs.map(({ action, manager_name, feedback_log_category }) => ({
          action,
          manager_name,
          feedback_log_category,
        })),
      ).toEqual([
        {
          action: 'Updated Company Type from "LLC" to "LTD"',
          manager_name: 'Ada Lovelace',
          feedback_log_category: 'Business Details',
        },
        {
          action: 'Updated Tax EIN from Nil to "11-1111111"',
          manager_name: 'Grace Hopper',
          feedback_log_category: 'Business Details',
        },
        {
          action: expect.stringMatching(
            /^Updated Business Name from "Edit Test \d+" to "Log One"$/,
          ),
          manager_name: 'Ada Lovelace',
          feedback_log_category: 'Business Details',
        },
      ]);
      for (const log of logs) {
        expect(Object.keys(log).sort()).toEqual(
          [
            'action',
            'created_at',
            'feedback',
            'feedback_log_category',
            'id',
            'manager_name',
          ].sort(),
        );
        // Only a feedback or upload entry carries what was sent.
        expect(log.feedback).toBeNull();
        expect(new Date(log.created_at).toISOString()).toBe(log.created_at);
      }
      const times = logs.map((log) => log.created_at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it(`answers the latest ${MANAGER_LOGS_LIMIT} only`, async () => {
      const { id, uuid } = await createBusiness();
      const start = Date.UTC(2025, 0, 1);
      await database.db.insert(managerLogs).values(
        Array.from({ length: MANAGER_LOGS_LIMIT + 5 }, (_, i) => ({
          businessId: id,
          managerId: actor.id,
          managerName: 'Ada Lovelace',
          action: `Action ${i}`,
          feedbackLogCategory: 'Business Details',
          createdAt: new Date(start + i * 60_000),
        })),
      );
      const response = await getLogs(uuid);
      const logs = managerLogsResponseSchema.parse(response.body).data.manager_logs
        .feedback_doc_logs;
      expect(logs).toHaveLength(MANAGER_LOGS_LIMIT);
      expect(logs[0]!.action).toBe(`Action ${MANAGER_LOGS_LIMIT + 4}`);
      expect(logs.at(-1)!.action).toBe('Action 5');
    });

    it('answers an empty list for a business nobody touched', async () => {
      const { uuid } = await createBusiness();
      const response = await getLogs(uuid);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { manager_logs: { feedback_doc_logs: [] } } });
    });

    it('answers 404 for an unknown business, 400 for a malformed uuid, 401 without a token', async () => {
      expect((await getLogs(unknownUuid)).status).toBe(404);
      const malformed = await getLogs('12');
      expect(malformed.status).toBe(400);
      expect(Object.keys(validationsOf(malformed.body))).toEqual(['businessUuid']);
      const { uuid } = await createBusiness();
      expect((await getLogs(uuid, null)).status).toBe(401);
      expect((await getLogs(uuid, 'garbage')).status).toBe(401);
    });
  });
});
