/**
 * The CSV export over HTTP, on the real app and database (docs/product.md §11.3): its rows are
 * the list's rows for the same view, walked page by page through the list API; its cells are
 * quoted and neutralised; bad input and a missing token change nothing; and a reader that leaves
 * mid-file stops the walk, leaving the server serving.
 */
import {
  businessExportColumns,
  businessLevelLabels,
  businessListQuerySchema,
  businessListResponseSchema,
  errorBodySchema,
  listSorts,
  type BusinessListItem,
} from '@fd/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { businesses, users } from '../../db/schema.ts';
import { readCsvObjects } from '../../test/csv-reader.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import {
  callApi,
  createUser,
  signIn,
  signInNewManager,
  startTestApp,
  type TestApp,
} from '../../test/test-app.ts';
import { insertFixtureBusinesses, storeFixtureFiles } from '../../test/business-fixtures.ts';
import { createFileStorage } from '../../lib/storage/open-file-storage.ts';
import { seedBusinesses } from '../../tools/seed/index.ts';
import { EXPORT_BATCH_ROWS, businessExportCsv } from './business-export.service.ts';
import { listQueryFor } from './businesses.queries.ts';

const api = '/api/v1/manager/business';
const exportPath = `${api}/export/`;

/** Names a spreadsheet would run as formulas, and names that need quoting. */
const trickyNames = [
  '=SUM(A1:A9)',
  '+1 555 0100',
  '-2 Holdings',
  '@cmd Labs',
  '\tTabbed Ventures',
  '\rReturn Works',
  'Comma, Quote "Q" Ltd',
  'Line\nBreak Foods',
  "'=Already Quoted",
];

/** What a cell holds once written: a formula's start neutralised by a leading quote. */
const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The export's row for a list item, worked out from the list's own fields. */
function expectedRow(item: BusinessListItem): Record<string, string> {
  const activity = item.current_business_formation_activity;
  return Object.fromEntries(
    Object.entries({
      id: String(item.id),
      uuid: item.uuid,
      business_name: item.business_name,
      owner_first_name: item.user.first_name,
      owner_last_name: item.user.last_name,
      owner_email: item.user.email,
      company_type: item.company_type ?? '',
      country_of_incorporation: item.country_of_incorporation ?? '',
      level: item.is_registered_company ? businessLevelLabels.existing : businessLevelLabels.new,
      account_level: item.account_level,
      created_at: item.created_at,
      current_step: activity?.status_item_name ?? '',
      current_step_status: activity?.status ?? 'COMPLETED',
      current_step_since: activity?.since ?? '',
      kyc_documents: String(item.total_files.kyc.length),
      kyb_documents: String(item.total_files.kyb.length),
    }).map(([column, value]) => [column, neutralised(value)]),
  );
}

/** Each view: the export's query, and the list call that shows the same rows. */
const views: [name: string, exportQuery: string, listPath: string][] = [
  ['All clients', '', `${api}/list/`],
  ['Queued', 'status=pending', `${api}/list/pending/`],
  ['Incorporated + PAID', 'status=INCORPORATED&account_level=PAID', `${api}/list/incorporated/`],
  [
    'Processing, as the web app asks',
    'status=processing&processing_status=PROCESSING&business_formation_status=Incorporation_Status',
    `${api}/list/?processing_status=PROCESSING&business_formation_status=Incorporation_Status`,
  ],
  ['Verified payments', 'status=confirmed&payment_status=CONFIRMED', `${api}/all/`],
  ['Unconfirmed payments', 'status=unconfirmed', `${api}/list/unconfirmed/`],
  ['country + type', 'country=usa&type=LLC', `${api}/list/`],
  ['search', 'search=holdings', `${api}/list/`],
  ['short search + tab', 'status=pending&search=a', `${api}/list/pending/`],
  ['dates', 'start_date_iso=2023-03-01&end_date_iso=2024-06-30', `${api}/list/`],
  ['activity status', 'processing_status=FAILED', `${api}/list/`],
  // Every order walks its own keyset (decision 113); the step age's has two segments.
  ['oldest first', 'sort=created_at', `${api}/list/`],
  ['longest in step', 'sort=step_since', `${api}/list/`],
  ['shortest in step, a tab', 'status=pending&sort=-step_since', `${api}/list/pending/`],
  ['the queue, in its own order', 'status=attention', `${api}/list/attention/`],
  ['nothing matches', 'search=zzqqxx', `${api}/list/`],
];

/** The export's query carried over to the list call: the list's own parameters, `status` aside. */
function listUrl(exportQuery: string, listPath: string, page: number): string {
  const [path, fixed = ''] = listPath.split('?');
  const query = new URLSearchParams(fixed);
  for (const [name, value] of new URLSearchParams(exportQuery)) {
    if (name !== 'status') query.set(name, value);
  }
  query.set('page', String(page));
  query.set('page_size', '100');
  return `${path}?${query}`;
}

describe.each(lanes)('business CSV export on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    await seedBusinesses(database, {
      count: 150,
      seed: 5,
      filesDir: harness.config.filesDir,
      log: () => {},
      now: new Date('2025-06-30T12:00:00Z'),
    });
    const files = await storeFixtureFiles(createFileStorage(database, harness.config.filesDir));
    await insertFixtureBusinesses(database, { count: 80, seed: 3, files });
    for (const [index, name] of trickyNames.entries()) {
      const [owner] = await database.db
        .insert(users)
        .values({
          email: `tricky-${index}@example.com`,
          role: 'CLIENT',
          firstName: index % 2 ? '=cmd|"/c calc"!A1' : 'Ada',
          lastName: index % 3 ? '-Obi' : 'Obi, Jr.',
        })
        .returning({ id: users.id });
      await database.db.insert(businesses).values({ userId: owner!.id, businessName: name });
    }
    token = await signInNewManager(harness, database);
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });

  const exportCsv = (query: string, options: { token?: string } = { token }) =>
    callApi(harness.baseUrl, 'GET', `${exportPath}?${query}`, options);

  const listAll = async (exportQuery: string, listPath: string) => {
    const items: BusinessListItem[] = [];
    for (let page = 1; ; page++) {
      const response = await callApi(harness.baseUrl, 'GET', listUrl(exportQuery, listPath, page), {
        token,
      });
      expect(response.status, response.text).toBe(200);
      const { businesses: rows } = businessListResponseSchema.parse(response.body).data;
      items.push(...rows);
      if (rows.length < 100) return items;
    }
  };

  it.each(views)('%s: the rows the list shows, in its order', async (_name, query, listPath) => {
    const response = await exportCsv(query);
    expect(response.status, response.text).toBe(200);
    const { header, rows } = readCsvObjects(response.text);
    expect(header).toEqual([...businessExportColumns]);
    expect(rows).toEqual((await listAll(query, listPath)).map(expectedRow));
  });

  it('covers views with many rows, few and none, so the agreement above means something', async () => {
    // One after the other: a manager's exports take turns.
    const counts: number[] = [];
    for (const [, query] of views) {
      counts.push(readCsvObjects((await exportCsv(query)).text).rows.length);
    }
    expect(counts[0]).toBe(150 + 80 + trickyNames.length);
    expect(counts.filter((count) => count > 10).length).toBeGreaterThanOrEqual(11);
    expect(counts.at(-1)).toBe(0);
  });

  it.each(listSorts)('walks %s in batches across its segments as in one read', async (sort) => {
    const whole = await exportCsv(`sort=${sort}`);
    expect(whole.status, whole.text).toBe(200);
    let text = '';
    for await (const chunk of businessExportCsv(
      database.db,
      { tab: 'all', filters: listQueryFor(businessListQuerySchema.parse({ sort }), 0) },
      { batchRows: 7, progress: { rows: 0, complete: false }, onEnd: () => {} },
    )) {
      text += chunk;
    }
    expect(text).toBe(whole.text);
  });

  it('answers an attachment named by the day, as CSV, not kept', async () => {
    const response = await exportCsv('');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = harness.clock.now().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="businesses-${day}.csv"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('writes the header alone for a view with no rows, CRLF-ended', async () => {
    const response = await exportCsv('search=zzqqxx');
    expect(response.text).toBe(`${businessExportColumns.join(',')}\r\n`);
  });

  it('neutralises cells a spreadsheet would run, and quotes what needs it', async () => {
    const response = await exportCsv('search=example.com');
    const { rows } = readCsvObjects(response.text);
    const byName = new Map(rows.map((row) => [row.business_name, row]));
    for (const name of trickyNames) {
      expect(byName.has(neutralised(name)), JSON.stringify(name)).toBe(true);
    }
    for (const row of rows) {
      for (const [column, cell] of Object.entries(row)) {
        expect(cell, column).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
    // As written on the wire.
    expect(response.text).toContain(`\r\n${byName.get("'=SUM(A1:A9)")!.id},`);
    expect(response.text).toContain(",'=SUM(A1:A9),");
    expect(response.text).toContain(',"Comma, Quote ""Q"" Ltd",');
    expect(response.text).toContain(',"\'\rReturn Works",');
    expect(response.text).toContain(',"Line\nBreak Foods",');
    expect(response.text).toContain(',"\'=cmd|""/c calc""!A1",');
    expect(response.text).toContain(",'-Obi,");
    expect(response.text).toContain(',"Obi, Jr.",');
  });

  it('refuses bad input with the list’s 400 and writes no file', async () => {
    for (const query of [
      'status=archived',
      'country=Atlantis',
      'page=0',
      'start_date_iso=2024-02-30',
      'status=pending&status=incorporated',
      'sort=name',
    ]) {
      const response = await exportCsv(query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type'), query).toMatch(/^application\/json/);
      expect(response.headers.get('content-disposition'), query).toBeNull();
      const { errors } = errorBodySchema.parse(response.body);
      expect(errors.detail, query).toBeTruthy();
      expect(Object.keys(errors.validations ?? {}).length, query).toBeGreaterThan(0);
    }
    const listed = await callApi(harness.baseUrl, 'GET', `${api}/list/?country=Atlantis`, {
      token,
    });
    expect((await exportCsv('country=Atlantis')).body).toEqual(listed.body);
  });

  it('refuses a caller with no token or a bad one, and writes no file', async () => {
    for (const options of [{}, { token: 'garbage' }]) {
      const response = await exportCsv('', options);
      expect(response.status).toBe(401);
      expect(errorBodySchema.parse(response.body).errors.detail).toBeTruthy();
      expect(response.headers.get('content-disposition')).toBeNull();
    }
  });

  it('states the route in the API document, its query and its CSV answer', async () => {
    const document = (await (await fetch(`${harness.baseUrl}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, { get?: Record<string, unknown> }>;
    };
    const operation = document.paths[`/api/v1/manager/business/export/`]?.get as {
      operationId: string;
      parameters: { name: string; schema: { enum?: string[] } }[];
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(operation.operationId).toBe('exportBusinesses');
    const parameters = new Map(operation.parameters.map((p) => [p.name, p.schema]));
    expect(parameters.get('status')?.enum).toEqual([
      'pending',
      'incorporated',
      'processing',
      'confirmed',
      'unconfirmed',
      'attention',
    ]);
    for (const name of ['search', 'country', 'type', 'start_date_iso', 'payment_status']) {
      expect(parameters.has(name), name).toBe(true);
    }
    expect(Object.keys(operation.responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
  });

  describe('a large view, read slowly or left', () => {
    const BULK = 1_250;
    let total: number;

    beforeAll(async () => {
      // Bytes enough that the file (~10 MB) cannot sit in the sockets' buffers: a reader that
      // stops reading holds the server's walk where it is. Long names rather than many rows:
      // each row inserted costs its triggers (5 000 rows of 2 000 characters took 23 s on
      // PGlite). More rows than one batch of the walk (EXPORT_BATCH_ROWS), so that a walk
      // left mid-file has rows it never read.
      await database.db.execute(sql`
        with owners as (
          insert into users (email, role, first_name, last_name)
          select 'bulk-' || g || '@example.com', 'CLIENT', 'Bulk', 'Owner ' || g
            from generate_series(1, ${BULK}) g
          returning id, last_name)
        insert into businesses (user_id, business_name, created_at)
        select id, 'Bulk business ' || last_name || ' ' || repeat('x', 8000),
               timestamptz '2019-01-01' + (substr(last_name, 7)::int * interval '1 minute')
          from owners`);
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from businesses`,
      );
      total = Number(row!.n);
      expect(total).toBeGreaterThan(EXPORT_BATCH_ROWS);
    }, 120_000);

    /** Opens an export and reads its first chunk; the body is left unread after it. */
    const openExport = async (bearer: string) => {
      const response = await fetch(`${harness.baseUrl}${exportPath}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      const reader = response.body!.getReader();
      await reader.read();
      return { response, reader };
    };

    const whenLogged = async (logs: Array<Record<string, unknown>>, message: string) => {
      for (let tries = 0; tries < 200; tries++) {
        const line = logs.find((entry) => entry.msg === message);
        if (line) return line;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`No "${message}" in the log`);
    };

    it('answers a second export of the same manager 429 while the first runs; others go on', async () => {
      const first = await openExport(token);
      expect(first.response.status).toBe(200);
      const second = await exportCsv('');
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('5');
      expect(errorBodySchema.parse(second.body).errors.detail).toMatch(/still running/);
      // Another manager exports meanwhile, and the first manager's list still answers.
      const other = await signInNewManager(harness, database);
      const beside = await exportCsv('search=holdings', { token: other });
      expect(beside.status).toBe(200);
      expect((await callApi(harness.baseUrl, 'GET', `${api}/list/`, { token })).status).toBe(200);
      // Once the first is read to its end, the next one goes.
      let rest = '';
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await first.reader.read();
        if (done) break;
        rest += decoder.decode(value, { stream: true });
      }
      expect(rest.endsWith('\r\n')).toBe(true);
      const again = await exportCsv('');
      expect(again.status).toBe(200);
      expect(readCsvObjects(again.text).rows).toHaveLength(total);
    });

    it('stops reading the database when the reader leaves mid-file, and keeps serving', async () => {
      const logged = await startTestApp({ database, captureLogs: true });
      try {
        const manager = await signIn(logged, await createUser(database));
        const controller = new AbortController();
        const response = await fetch(`${logged.baseUrl}${exportPath}`, {
          headers: { authorization: `Bearer ${manager.token}` },
          signal: controller.signal,
        });
        expect(response.status).toBe(200);
        await response.body!.getReader().read();
        controller.abort();

        const ended = await whenLogged(logged.logs, 'Business export ended');
        expect(ended.complete).toBe(false);
        expect(Number(ended.rows)).toBeGreaterThan(0);
        expect(Number(ended.rows)).toBeLessThan(total);
        // Nothing left running: no statement of the app's is still active on PostgreSQL (the
        // walk ended above, after the batch in hand).
        if (database.url) {
          const name = new URL(database.url).pathname.slice(1);
          const [active] = await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from pg_stat_activity
                 where datname = ${name} and state = 'active' and pid <> pg_backend_pid()`,
          );
          expect(Number(active!.n)).toBe(0);
        }
        // Serving: the list answers, and the manager's next export runs to its end.
        const list = await callApi(logged.baseUrl, 'GET', `${api}/list/`, { token: manager.token });
        expect(list.status).toBe(200);
        const next = await callApi(logged.baseUrl, 'GET', `${exportPath}?search=holdings`, {
          token: manager.token,
        });
        expect(next.status).toBe(200);
        expect(readCsvObjects(next.text).rows.length).toBeGreaterThan(0);
        const ends = logged.logs.filter((entry) => entry.msg === 'Business export ended');
        expect(ends.map((entry) => entry.complete)).toEqual([false, true]);
      } finally {
        await logged.close();
      }
    });
  });
});
