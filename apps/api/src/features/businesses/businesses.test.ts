import {
  apiErrorDetails,
  businessDetailResponseSchema,
  businessListResponseSchema,
  errorBodySchema,
  formationStepKeys,
  type BusinessListPage,
  SIGNED_LINK_TTL_SECONDS,
} from '@fd/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { storedFilesOf } from '../../test/stored-files.ts';
import {
  callApi,
  signInNewManager,
  startTestApp,
  TEST_JWT_SECRET,
  type TestApp,
} from '../../test/test-app.ts';
import { createSignedFileUrls } from '../../lib/signed-url.ts';
import { createFileStorage } from '../../lib/storage/open-file-storage.ts';
import { seedBusinesses } from '../../tools/seed/index.ts';
import {
  insertFixtureBusinesses,
  storeFixtureFiles,
  type FixtureFiles,
} from '../../test/business-fixtures.ts';

const api = '/api/v1/manager/business';
const SEEDED_COUNT = 300;
const FIXTURE_COUNT = 120;
const BUSINESS_COUNT = SEEDED_COUNT + FIXTURE_COUNT;

const detailOf = (body: unknown) => errorBodySchema.parse(body).errors.detail;

describe.each(lanes)('businesses API on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let token: string;
  let files: FixtureFiles;
  /** Rows from here on are ours (their files are known); those before come from the seed. */
  let firstFixtureId: number;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    // The demo generator for volume and realism, then our own rows for the edge cases.
    await seedBusinesses(database, {
      count: SEEDED_COUNT,
      seed: 11,
      filesDir: harness.config.filesDir,
      log: () => {},
      now: new Date('2025-06-30T12:00:00Z'),
    });
    const [last] = await rowsOf<{ id: number }>(sql`select max(id) as id from businesses`);
    firstFixtureId = Number(last!.id) + 1;
    files = await storeFixtureFiles(createFileStorage(database, harness.config.filesDir));
    await insertFixtureBusinesses(database, { count: FIXTURE_COUNT, seed: 7, files });
    token = await signInNewManager(harness, database);
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const get = (path: string, options: { auth?: boolean } = {}) =>
    callApi(harness.baseUrl, 'GET', path, options.auth === false ? {} : { token });

  const listPage = async (path: string): Promise<BusinessListPage> => {
    const response = await get(path);
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    return businessListResponseSchema.parse(response.body).data;
  };

  /** Hand-written SQL over the same data: the count and one page of ids, newest first. */
  const rowsOf = async <T>(query: SQL): Promise<T[]> =>
    ((await database.db.execute(query)) as { rows: T[] }).rows;
  const directCount = async (condition: SQL) => {
    const [row] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from businesses where ${condition}`,
    );
    return Number(row!.n);
  };
  const directIds = async (condition: SQL, limit: number, offset: number) =>
    (
      await rowsOf<{ id: number }>(
        sql`select id from businesses where ${condition}
            order by created_at desc, id desc limit ${limit} offset ${offset}`,
      )
    ).map((row) => Number(row.id));

  const everything = sql`true`;
  const incorporated = sql`incorporation_status = 'APPROVED'`;
  const queued = sql`incorporation_status = 'PENDING'`;
  const processing = sql`current_activity_step = 'incorporation_status' and current_activity_status = 'PROCESSING'`;
  const confirmed = sql`account_level = 'PAID'`;
  const unconfirmed = sql`account_level = 'UNPAID' and has_manual_receipt`;
  const contains = (term: string) => sql`strpos(search_text, lower(${term})) > 0`;

  const cases: [string, string, SQL][] = [
    ['All', `${api}/list/`, everything],
    ['All without the trailing slash', `${api}/list`, everything],
    ['Queued', `${api}/list/pending/`, queued],
    ['Incorporated', `${api}/list/incorporated/`, incorporated],
    ['Processing (path)', `${api}/list/processing/`, processing],
    ['Processing (upper-case path)', `${api}/list/PROCESSING/`, processing],
    [
      'Processing (as the web app asks)',
      `${api}/list/?processing_status=PROCESSING&business_formation_status=Incorporation_Status`,
      processing,
    ],
    ['Verified payments (path)', `${api}/list/confirmed/`, confirmed],
    ['Unconfirmed payments (path)', `${api}/list/unconfirmed/`, unconfirmed],
    ['all', `${api}/all/`, everything],
    ['Verified payments', `${api}/all/?payment_status=CONFIRMED`, confirmed],
    ['Unconfirmed payments', `${api}/all/?payment_status=UNCONFIRMED`, unconfirmed],
    ['search: business name', `${api}/list/?search=holdings`, contains('holdings')],
    ['search: owner name', `${api}/list/?search=okafor`, contains('okafor')],
    ['search: email fragment', `${api}/list/?search=yahoo.c`, contains('yahoo.c')],
    ['search: mixed case', `${api}/list/?search=%20HoLdInGs%20`, contains('holdings')],
    ['search: % is literal', `${api}/list/?search=100%25`, contains('100%')],
    ['search: _ is literal', `${api}/list/?search=r_s`, contains('r_s')],
    ['search: \\ is literal', `${api}/list/?search=k%5Cs`, contains('k\\s')],
    ['search: matches nothing', `${api}/list/?search=zzqqxx`, contains('zzqqxx')],
    // One or two characters: the grams index (decision 33), rechecked by LIKE.
    ['search: one character', `${api}/list/?search=k`, contains('k')],
    ['search: one upper-case character', `${api}/list/?search=Z`, contains('z')],
    ['search: two characters', `${api}/list/?search=ok`, contains('ok')],
    ['search: two characters with a dot', `${api}/list/?search=r.`, contains('r.')],
    ['search: two characters, none has them', `${api}/list/?search=zk`, contains('zk')],
    ['search: % alone is literal', `${api}/list/?search=%25`, contains('%')],
    ['search: _ alone is literal', `${api}/list/?search=_`, contains('_')],
    ['search: \\ alone is literal', `${api}/list/?search=%5C`, contains('\\')],
    ['search: 0% is literal', `${api}/list/?search=0%25`, contains('0%')],
    ['search: a non-ASCII character', `${api}/list/?search=%C3%A9`, contains('é')],
    ['type LLC', `${api}/list/?type=LLC`, sql`company_type = 'LLC'`],
    ['type C-corp', `${api}/list/?filter=type&type=C-corp`, sql`company_type = 'C-corp'`],
    ['country USA', `${api}/list/?country=USA`, sql`country_of_incorporation = 'USA'`],
    ['country UK', `${api}/list/?filter=country&country=UK`, sql`country_of_incorporation = 'UK'`],
    ['country CANADA', `${api}/list/?country=CANADA`, sql`country_of_incorporation = 'CANADA'`],
    ['country UAE', `${api}/list/?country=UAE`, sql`country_of_incorporation = 'UAE'`],
    [
      'date range (inclusive UTC days)',
      `${api}/list/?filter=date&start_date_iso=2023-03-01&end_date_iso=2023-06-30`,
      sql`(created_at at time zone 'UTC')::date between '2023-03-01' and '2023-06-30'`,
    ],
    [
      'one-day range',
      `${api}/list/?start_date_iso=2023-01-10&end_date_iso=2023-01-10`,
      sql`(created_at at time zone 'UTC')::date = '2023-01-10'`,
    ],
    ['account level PAID', `${api}/list/?account_level=PAID`, sql`account_level = 'PAID'`],
    ['account level UNPAID', `${api}/list/?account_level=unpaid`, sql`account_level = 'UNPAID'`],
    [
      'activity + status',
      `${api}/list/?business_formation_status=Tax_EIN&processing_status=PROCESSING`,
      sql`current_activity_step = 'tax_ein_status' and current_activity_status = 'PROCESSING'`,
    ],
    [
      'activity alone',
      `${api}/list/?business_formation_status=Onboarding_Document`,
      sql`current_activity_step = 'onboarding_doc_status'`,
    ],
    [
      'activity status alone',
      `${api}/list/?processing_status=FAILED`,
      sql`current_activity_status = 'FAILED'`,
    ],
    [
      'Incorporated + country + type',
      `${api}/list/incorporated/?country=USA&type=LLC`,
      sql`incorporation_status = 'APPROVED' and country_of_incorporation = 'USA' and company_type = 'LLC'`,
    ],
    [
      'Queued + search',
      `${api}/list/pending/?search=a`,
      sql`incorporation_status = 'PENDING' and strpos(search_text, 'a') > 0`,
    ],
    [
      'Unconfirmed + country + dates',
      `${api}/all/?payment_status=UNCONFIRMED&country=USA&start_date_iso=2023-01-01&end_date_iso=2024-12-31`,
      sql`account_level = 'UNPAID' and has_manual_receipt and country_of_incorporation = 'USA'
          and created_at >= '2023-01-01T00:00:00Z' and created_at < '2025-01-01T00:00:00Z'`,
    ],
  ];

  it.each(cases)('%s agrees with a direct SQL count and order', async (_name, path, condition) => {
    const page = await listPage(path);
    const total = await directCount(condition);
    expect(page.total_count).toBe(total);
    expect(page.total_count_exact).toBe(true);
    expect(page.page).toBe(1);
    expect(page.page_size).toBe(10);
    expect(page.businesses.map((b) => b.id)).toEqual(await directIds(condition, 10, 0));
  });

  it('covers every tab with rows, so the agreement above means something', async () => {
    const tabs = { incorporated, queued, processing, confirmed, unconfirmed };
    for (const [name, condition] of Object.entries(tabs)) {
      const total = await directCount(condition);
      expect(total, name).toBeGreaterThan(10);
      expect(total, name).toBeLessThan(BUSINESS_COUNT);
    }
    expect(await directCount(contains('100%'))).toBe(1);
    expect(await directCount(contains('100'))).toBeGreaterThan(1);
    expect(await directCount(contains('r_s'))).toBe(1);
    expect(await directCount(contains('r s'))).toBeGreaterThan(0);
    // The short terms above find rows, and a pair of characters is not just both characters.
    for (const term of ['k', 'z', 'ok', 'r.', '%', '_', '\\', '0%']) {
      expect(await directCount(contains(term)), term).toBeGreaterThan(0);
    }
    expect(await directCount(contains('zk'))).toBe(0);
    expect(await directCount(sql`${contains('z')} and ${contains('k')}`)).toBeGreaterThan(0);
  });

  it('pages: page 2 of a search, the last page, a page past the end', async () => {
    const condition = contains('o');
    const total = await directCount(condition);
    expect(total).toBeGreaterThan(20);

    const second = await listPage(`${api}/list/?search=o&page=2&page_size=7`);
    expect(second).toMatchObject({ total_count: total, page: 2, page_size: 7 });
    expect(second.businesses.map((b) => b.id)).toEqual(await directIds(condition, 7, 7));

    const lastPage = Math.ceil(total / 10);
    const last = await listPage(`${api}/list/?search=o&page=${lastPage}`);
    expect(last.businesses.map((b) => b.id)).toEqual(
      await directIds(condition, 10, (lastPage - 1) * 10),
    );
    expect(last.businesses.length).toBe(total - (lastPage - 1) * 10);

    const beyond = await listPage(`${api}/list/?search=o&page=${lastPage + 1}`);
    expect(beyond).toMatchObject({ businesses: [], total_count: total, page: lastPage + 1 });

    const all = await listPage(`${api}/list/?page_size=100&page=3`);
    expect(all.businesses.map((b) => b.id)).toEqual(await directIds(everything, 100, 200));
    expect(all.total_count).toBe(BUSINESS_COUNT);
  });

  it('walks the whole list page by page without a gap or a repeat (ties on created_at)', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(BUSINESS_COUNT / 100); page++) {
      seen.push(
        ...(await listPage(`${api}/list/?page_size=100&page=${page}`)).businesses.map((b) => b.id),
      );
    }
    expect(seen).toEqual(await directIds(everything, BUSINESS_COUNT, 0));
    expect(new Set(seen).size).toBe(BUSINESS_COUNT);
  });

  it('answers each list item with exactly the list fields, documents grouped by kind', async () => {
    const page = await listPage(`${api}/list/?page_size=100`);
    const item = page.businesses.find((b) => b.total_files.kyc.length && b.total_files.kyb.length)!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'account_level',
        'assignee_id',
        'attention_reasons',
        'business_name',
        'company_type',
        'country_of_incorporation',
        'created_at',
        'current_business_formation_activity',
        'id',
        'is_registered_company',
        'total_files',
        'user',
        'uuid',
      ].sort(),
    );
    const [row] = await rowsOf<Record<string, unknown>>(sql`
      select b.uuid, b.business_name, b.company_type, b.country_of_incorporation, b.account_level,
             b.is_registered_company, b.current_activity_step, b.current_activity_status,
             u.email, u.first_name, u.last_name
      from businesses b join users u on u.id = b.user_id where b.id = ${item.id}`);
    expect(item).toMatchObject({
      uuid: row!.uuid,
      business_name: row!.business_name,
      company_type: row!.company_type,
      country_of_incorporation: row!.country_of_incorporation,
      account_level: row!.account_level,
      is_registered_company: row!.is_registered_company,
      user: { email: row!.email, first_name: row!.first_name, last_name: row!.last_name },
    });
    const docs = await rowsOf<{ id: number; kind: string }>(
      sql`select id, kind from documents where business_id = ${item.id} order by id`,
    );
    expect(item.total_files.kyc.map((d) => d.id)).toEqual(
      docs.filter((d) => d.kind === 'kyc').map((d) => Number(d.id)),
    );
    expect(item.total_files.kyb.map((d) => d.id)).toEqual(
      docs.filter((d) => d.kind === 'kyb').map((d) => Number(d.id)),
    );
    // A list row carries what the table and the Preview show; links come with the detail.
    expect(Object.keys(item.total_files.kyc[0]!).sort()).toEqual([
      'document_title',
      'file_name',
      'id',
      'size',
    ]);

    // The current activity: null exactly when every step is approved.
    for (const business of page.businesses) {
      const [state] = await rowsOf<{
        step: string | null;
        status: string | null;
        since: string | null;
      }>(
        sql`select b.current_activity_step as step, b.current_activity_status as status,
                   (select to_char(s.status_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                      from formation_steps s
                     where s.business_id = b.id and s.step_key = b.current_activity_step) as since
            from businesses b where b.id = ${business.id}`,
      );
      if (state!.step === null) expect(business.current_business_formation_activity).toBeNull();
      else
        expect(business.current_business_formation_activity).toMatchObject({
          step: state!.step,
          status: state!.status,
          // When its step entered that status (migration 0024).
          since: state!.since,
        });
    }
  });

  describe('detail', () => {
    const findRichBusiness = async () => {
      const [row] = await rowsOf<{ id: number; uuid: string }>(sql`
        select b.id, b.uuid from businesses b
        where b.id >= ${firstFixtureId} and b.account_level = 'PAID' and b.has_manual_receipt
          and exists (select 1 from documents d where d.business_id = b.id and d.kind = 'kyc')
          and exists (select 1 from documents d where d.business_id = b.id and d.kind = 'kyb')
        order by b.id limit 1`);
      return { id: Number(row!.id), uuid: String(row!.uuid) };
    };

    it('answers every field of docs/product.md §3, by uuid or by integer id', async () => {
      const { id, uuid } = await findRichBusiness();
      const response = await get(`${api}/detail/${uuid}/`);
      expect(response.status, response.text).toBe(200);
      const detail = businessDetailResponseSchema.parse(response.body).data;
      expect(Object.keys(detail).sort()).toEqual(
        [
          'id',
          'uuid',
          'business_name',
          'business_industry',
          'business_description',
          'company_type',
          'created_at',
          'country_of_incorporation',
          'state_of_incorporation',
          'incorporation_number',
          'incorporation_date',
          'new_business_formation_address',
          'tax_id',
          'national_identification_number',
          'company_website',
          'social_link',
          'is_registered_company',
          'account_level',
          'assignee_id',
          'online_payment_data',
          'manual_payment_doc',
          'shareholders',
          'documents',
          'user',
          'business_formation_statuses',
          'current_business_formation_activity',
        ].sort(),
      );

      const [business] = await rowsOf<Record<string, unknown>>(sql`
        select b.*, to_char(b.incorporation_date, 'YYYY-MM-DD') as incorporation_day,
               u.first_name, u.last_name, u.email, u.country_of_residence, u.state_of_residence,
               u.residential_address, u.zip_code, u.phone_number, u.referral_source
        from businesses b join users u on u.id = b.user_id where b.id = ${id}`);
      expect(detail).toMatchObject({
        id,
        uuid,
        business_name: business!.business_name,
        business_industry: business!.business_industry,
        business_description: business!.business_description,
        company_type: business!.company_type,
        country_of_incorporation: business!.country_of_incorporation,
        state_of_incorporation: business!.state_of_incorporation,
        incorporation_number: business!.incorporation_number,
        incorporation_date: business!.incorporation_day,
        new_business_formation_address: business!.new_business_formation_address,
        tax_id: business!.tax_id,
        national_identification_number: business!.national_identification_number,
        company_website: business!.company_website,
        social_link: business!.social_link,
        is_registered_company: business!.is_registered_company,
        account_level: 'PAID',
        user: {
          first_name: business!.first_name,
          last_name: business!.last_name,
          email: business!.email,
          country_of_residence: business!.country_of_residence,
          state_of_residence: business!.state_of_residence,
          residential_address: business!.residential_address,
          zip_code: business!.zip_code,
          phone_number: business!.phone_number,
          referral_source: business!.referral_source,
        },
      });
      expect(new Date(detail.created_at).getTime()).toBe(
        new Date(business!.created_at as string).getTime(),
      );

      const steps = await rowsOf<{
        id: number;
        step_key: string;
        status: string;
        name: string;
        since: string;
      }>(
        sql`select id, step_key, status, status_item_name as name,
                   to_char(status_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as since
            from formation_steps where business_id = ${id}`,
      );
      expect(Object.keys(detail.business_formation_statuses).sort()).toEqual(
        [...formationStepKeys].sort(),
      );
      for (const step of steps) {
        expect(detail.business_formation_statuses[step.step_key as 'payment_status']).toEqual({
          id: Number(step.id),
          status: step.status,
          status_item_name: step.name,
          status_since: step.since,
        });
      }
      const waiting = steps
        .sort(
          (a, b) =>
            formationStepKeys.indexOf(a.step_key as 'payment_status') -
            formationStepKeys.indexOf(b.step_key as 'payment_status'),
        )
        .find((s) => s.status !== 'APPROVED');
      expect(detail.current_business_formation_activity).toEqual(
        waiting
          ? {
              step: waiting.step_key,
              status: waiting.status,
              status_item_name: waiting.name,
              since: waiting.since,
            }
          : null,
      );

      const payments = await rowsOf<{ id: number; reference: string }>(
        sql`select id, reference from online_payments where business_id = ${id} order by id`,
      );
      expect(detail.online_payment_data).toEqual(
        payments.map((p) =>
          expect.objectContaining({
            id: Number(p.id),
            reference: p.reference,
            amount: 499.5,
            currency: 'USD',
          }),
        ),
      );
      const owners = await rowsOf<{ id: number; name: string; share: string }>(
        sql`select id, company_owner_full_name as name, ownership_percentage::text as share
            from shareholders where business_id = ${id} order by id`,
      );
      expect(
        detail.shareholders.map((s) => [s.id, s.company_owner_full_name, s.ownership_percentage]),
      ).toEqual(owners.map((o) => [Number(o.id), o.name, Number(o.share)]));
      const receipts = await rowsOf<{ id: number }>(
        sql`select id from manual_payment_receipts where business_id = ${id} order by id`,
      );
      expect(detail.manual_payment_doc.map((r) => r.id)).toEqual(receipts.map((r) => Number(r.id)));
      expect(detail.manual_payment_doc[0]).toMatchObject({
        document_title: 'Payment receipt',
        file_name: files.png.fileName,
        size: files.png.content.length,
        content_type: 'image/png',
      });
      expect(detail.documents.kyc.length).toBeGreaterThan(0);
      expect(detail.documents.kyb.length).toBeGreaterThan(0);

      const byId = await get(`${api}/detail/${id}`);
      expect(byId.status).toBe(200);
      expect(businessDetailResponseSchema.parse(byId.body).data.uuid).toBe(uuid);
      const upperUuid = await get(`${api}/detail/${uuid.toUpperCase()}/`);
      expect(businessDetailResponseSchema.parse(upperUuid.body).data.id).toBe(id);
    });

    it('signs download URLs that work without a bearer header, with the stored headers', async () => {
      const { uuid } = await findRichBusiness();
      const detail = businessDetailResponseSchema.parse(
        (await get(`${api}/detail/${uuid}/`)).body,
      ).data;
      const downloads = [
        ...detail.documents.kyc,
        ...detail.documents.kyb,
        ...detail.manual_payment_doc,
      ];
      expect(downloads.length).toBeGreaterThanOrEqual(3);
      for (const doc of downloads) {
        const response = await fetch(harness.baseUrl + doc.file);
        expect(response.status, doc.file).toBe(200);
        const expected = doc.file_name === files.pdf.fileName ? files.pdf : files.png;
        expect(Buffer.from(await response.arrayBuffer())).toEqual(expected.content);
        expect(response.headers.get('content-type')).toBe(expected.contentType);
        expect(response.headers.get('content-length')).toBe(String(expected.content.length));
        expect(response.headers.get('content-disposition')).toBe(
          expected === files.pdf
            ? `attachment; filename="R_sum_ _final_ 100%.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20100%25.pdf`
            : `attachment; filename="national-id.png"; filename*=UTF-8''national-id.png`,
        );
        const maxAge = Number(
          /^private, max-age=(\d+)$/.exec(response.headers.get('cache-control') ?? '')?.[1],
        );
        expect(maxAge).toBeGreaterThan(SIGNED_LINK_TTL_SECONDS - 100);
        expect(maxAge).toBeLessThanOrEqual(SIGNED_LINK_TTL_SECONDS);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });

    it('serves the files of seeded businesses too', async () => {
      const [seeded] = await rowsOf<{ uuid: string; id: number; storage_key: string }>(sql`
        select b.uuid, d.id, d.storage_key from businesses b join documents d on d.business_id = b.id
        where b.id < ${firstFixtureId} order by d.id limit 1`);
      const detail = businessDetailResponseSchema.parse(
        (await get(`${api}/detail/${seeded!.uuid}/`)).body,
      ).data;
      const doc = [...detail.documents.kyc, ...detail.documents.kyb].find(
        (d) => d.id === Number(seeded!.id),
      )!;
      const response = await fetch(harness.baseUrl + doc.file);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(
        await storedFilesOf(database, harness.config.filesDir).read(seeded!.storage_key),
      );
      expect(response.headers.get('content-type')).toBe(doc.content_type);
      expect(Number(response.headers.get('content-length'))).toBe(doc.size);
    });

    it('refuses tampered, malformed and expired links with 403, missing rows with 404', async () => {
      const { uuid } = await findRichBusiness();
      const detail = businessDetailResponseSchema.parse(
        (await get(`${api}/detail/${uuid}/`)).body,
      ).data;
      const url = new URL(harness.baseUrl + detail.documents.kyc[0]!.file);
      const signature = url.searchParams.get('signature')!;
      const expires = url.searchParams.get('expires')!;
      const id = url.pathname.split('/').pop()!;
      const flipped = (text: string, at: number) =>
        text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
      const variants = [
        `/api/v1/files/document/${id}?expires=${expires}&signature=${flipped(signature, 0)}`,
        `/api/v1/files/document/${id}?expires=${expires}&signature=${flipped(signature, 42)}`,
        `/api/v1/files/document/${Number(id) + 1}?expires=${expires}&signature=${signature}`,
        `/api/v1/files/receipt/${id}?expires=${expires}&signature=${signature}`,
        `/api/v1/files/document/${id}?expires=${Number(expires) + 3600}&signature=${signature}`,
        `/api/v1/files/document/${id}?expires=${expires}`,
        `/api/v1/files/document/${id}?signature=${signature}`,
        `/api/v1/files/document/${id}?expires=soon&signature=${signature}`,
        `/api/v1/files/document/${id}?expires=${expires}&signature=${signature}&signature=${signature}`,
        `/api/v1/files/document/abc?expires=${expires}&signature=${signature}`,
        `/api/v1/files/../../etc/passwd?expires=${expires}&signature=${signature}`,
      ];
      for (const variant of variants) {
        const response = await callApi(harness.baseUrl, 'GET', variant);
        expect([403, 404], variant).toContain(response.status);
        if (response.status === 403) {
          expect(detailOf(response.body)).toBe('This download link is invalid.');
        }
      }
      // Every variant that reaches the files route is a 403.
      for (const variant of variants.slice(0, 10)) {
        expect((await callApi(harness.baseUrl, 'GET', variant)).status, variant).toBe(403);
      }

      harness.clock.advance(3601 * 1000);
      try {
        const expired = await callApi(harness.baseUrl, 'GET', url.pathname + url.search);
        expect(expired.status).toBe(403);
        expect(detailOf(expired.body)).toMatch(/expired/);
      } finally {
        harness.clock.reset();
      }
      expect((await fetch(url)).status).toBe(200);

      // Signed correctly, but no such row / no file behind the row.
      const signer = createSignedFileUrls({ secret: TEST_JWT_SECRET, now: harness.clock.now });
      const missingRow = await callApi(harness.baseUrl, 'GET', signer.urlFor('document', 987654));
      expect(missingRow.status).toBe(404);
      expect(detailOf(missingRow.body)).toBe(apiErrorDetails.notFound);
      const [orphan] = await database.db
        .insert(documents)
        .values({
          businessId: detail.id,
          kind: 'kyc',
          documentTitle: 'Lost',
          fileName: 'lost.pdf',
          storageKey: 'ab/does-not-exist',
          contentType: 'application/pdf',
          size: 10,
        })
        .returning({ id: documents.id });
      const gone = await callApi(harness.baseUrl, 'GET', signer.urlFor('document', orphan!.id));
      expect(gone.status).toBe(404);
      expect(detailOf(gone.body)).toBe('This file is no longer available.');
      const escaping = await database.db
        .insert(documents)
        .values({
          businessId: detail.id,
          kind: 'kyc',
          documentTitle: 'Escaping',
          fileName: 'passwd',
          storageKey: '../../../../etc/passwd',
          contentType: 'text/plain',
          size: 10,
        })
        .returning({ id: documents.id });
      const refused = await callApi(
        harness.baseUrl,
        'GET',
        signer.urlFor('document', escaping[0]!.id),
      );
      expect(refused.status).toBe(404);
      await database.db.execute(
        sql`delete from documents where id in (${orphan!.id}, ${escaping[0]!.id})`,
      );
    });

    it('answers 400 for an id that is neither a uuid nor a positive integer, 404 for an unknown one', async () => {
      for (const bad of ['abc', '-1', '0', '1.5', '12abc', '99999999999', 'not-a-uuid-at-all']) {
        const response = await get(`${api}/detail/${bad}/`);
        expect(response.status, bad).toBe(400);
        expect(detailOf(response.body)).toBe(
          'The business id must be a business uuid or a positive whole number.',
        );
      }
      for (const unknown of ['7f0c6f6e-2a4b-4c1d-9e8f-123456789abc', '2147483647']) {
        const response = await get(`${api}/detail/${unknown}/`);
        expect(response.status, unknown).toBe(404);
        expect(detailOf(response.body)).toBe(apiErrorDetails.notFound);
      }
    });
  });

  it('answers 400 naming the parameter for every bad value, never a 500', async () => {
    const bad: [string, RegExp][] = [
      [
        `${api}/list/archived/`,
        /^status must be one of: pending, incorporated, processing, confirmed, unconfirmed, attention\.$/,
      ],
      [`${api}/list/?page=0`, /^page must be a whole number/],
      [`${api}/list/?page=-1`, /^page must be a whole number/],
      [`${api}/list/?page=abc`, /^page must be a whole number/],
      [`${api}/list/?page=1.5`, /^page must be a whole number/],
      [`${api}/list/?page=1e3`, /^page must be a whole number/],
      [`${api}/list/?page=99999999999999999999`, /^page must be a whole number/],
      [`${api}/list/?page=1&page=2`, /^page must be given once\.$/],
      [`${api}/list/?page_size=10000`, /^page_size must be a whole number from 1 to 100\.$/],
      [`${api}/list/?page_size=0`, /^page_size must be a whole number from 1 to 100\.$/],
      [
        `${api}/list/?start_date_iso=2024-02-30&end_date_iso=2024-03-01`,
        /^start_date_iso must be a real date/,
      ],
      [
        `${api}/list/?start_date_iso=21-01-2024&end_date_iso=2024-03-01`,
        /^start_date_iso must be a real date/,
      ],
      [
        `${api}/list/?start_date_iso=2024-01-01&end_date_iso=2024/03/01`,
        /^end_date_iso must be a real date/,
      ],
      [`${api}/list/?filter=name`, /^filter must be one of: type, date, country\.$/],
      [`${api}/list/?country=Nigeria`, /^country must be one of: USA, UK, CANADA, UAE\.$/],
      [`${api}/list/?type=LTD`, /^type must be one of: LLC, C-corp\.$/],
      [
        `${api}/all/?payment_status=PAID`,
        /^payment_status must be one of: CONFIRMED, UNCONFIRMED\.$/,
      ],
      [`${api}/list/?account_level=GOLD`, /^account_level must be one of: PAID, UNPAID\.$/],
      [
        `${api}/list/?processing_status=APPROVED`,
        /^processing_status must be one of: PENDING, PROCESSING, FAILED\.$/,
      ],
      [
        `${api}/list/?business_formation_status=Payroll`,
        /^business_formation_status must be one of: Onboarding_Document, /,
      ],
      [`${api}/list/?search=${'x'.repeat(2000)}`, /^search must be at most 200 characters\.$/],
    ];
    for (const [path, message] of bad) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(detailOf(response.body), path).toMatch(message);
    }
  });

  it('reads each list parameter on its own: no rule joins two of them', async () => {
    const totalOf = async (path: string) => {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      return businessListResponseSchema.parse(response.body).data.total_count;
    };
    const all = await totalOf(`${api}/list/`);
    expect(all).toBeGreaterThan(0);
    // A start alone lists from that day on, an end alone up to it.
    expect(await totalOf(`${api}/list/?start_date_iso=1900-01-01`)).toBe(all);
    expect(await totalOf(`${api}/list/?end_date_iso=9998-12-31`)).toBe(all);
    expect(await totalOf(`${api}/list/?end_date_iso=1900-01-01`)).toBe(0);
    // An end before the start: no day is in the range.
    expect(await totalOf(`${api}/list/?start_date_iso=2024-03-01&end_date_iso=2024-01-01`)).toBe(0);
    // `filter` says which filter the documents page shows; alone it filters nothing.
    for (const filter of ['type', 'date', 'country']) {
      expect(await totalOf(`${api}/list/?filter=${filter}`)).toBe(all);
    }
  });

  it('treats SQL in the search as text', async () => {
    const response = await get(
      `${api}/list/?search=${encodeURIComponent("'; drop table businesses; --")}`,
    );
    expect(response.status).toBe(200);
    expect(businessListResponseSchema.parse(response.body).data.total_count).toBe(0);
    expect(await directCount(everything)).toBe(BUSINESS_COUNT);
  });

  it('needs a manager token for lists and detail', async () => {
    for (const path of [
      `${api}/list/`,
      `${api}/list/pending/`,
      `${api}/all/`,
      `${api}/detail/1/`,
    ]) {
      const response = await get(path, { auth: false });
      expect(response.status, path).toBe(401);
      expect(detailOf(response.body)).toBe(apiErrorDetails.unauthenticated);
    }
  });
});
