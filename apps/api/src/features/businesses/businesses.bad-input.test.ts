import {
  businessListResponseSchema,
  errorBodySchema,
  FILTER_DATE_RANGE,
  nulCharacterMessage,
  unknownQueryParameterMessage,
} from '@fd/contract';
import { fc, test } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../../lib/storage/open-file-storage.ts';
import { insertFixtureBusinesses, storeFixtureFiles } from '../../test/business-fixtures.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { callApi, signInNewManager, startTestApp, type TestApp } from '../../test/test-app.ts';

const api = '/api/v1/manager/business';
const FIXTURE_COUNT = 12;
const { first: FIRST_DAY, last: LAST_DAY } = FILTER_DATE_RANGE;

/** Every list endpoint: the All tab, each `{status}` tab and `all`. */
const listEndpoints = [
  `${api}/list/`,
  `${api}/list/pending/`,
  `${api}/list/incorporated/`,
  `${api}/list/processing/`,
  `${api}/list/confirmed/`,
  `${api}/list/unconfirmed/`,
  `${api}/all/`,
];

/** Every parameter the list query reads. */
const listParameters = [
  'page',
  'page_size',
  'search',
  'filter',
  'type',
  'start_date_iso',
  'end_date_iso',
  'country',
  'payment_status',
  'account_level',
  'business_formation_status',
  'processing_status',
];

const outOfRange = (name: string) => `${name} must be a day from ${FIRST_DAY} to ${LAST_DAY}.`;

/** The one 400 body that names a single field. */
const namesOnly = (field: string, message: string) => ({
  errors: { detail: message, validations: { [field]: [message] } },
});

/** What the query parser hands the server for a raw value: undecodable escapes stay as sent. */
const decodedByServer = (raw: string) => {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
};

describe.each(lanes)('business endpoints with bad input on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database, captureLogs: true });
    const files = await storeFixtureFiles(createFileStorage(database, harness.config.filesDir));
    await insertFixtureBusinesses(database, { count: FIXTURE_COUNT, seed: 5, files });
    // The first and the last instant of the allowed days, so both boundaries find a row.
    await database.db.execute(sql`
      update businesses set created_at = case id
        when (select min(id) from businesses) then ${`${FIRST_DAY}T00:00:00.000Z`}::timestamptz
        else ${`${LAST_DAY}T23:59:59.999Z`}::timestamptz end
      where id in ((select min(id) from businesses), (select max(id) from businesses))`);
    token = await signInNewManager(harness, database);
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
  });
  // Bad input is the client's fault: nothing may reach the database and fail there.
  afterEach(() => {
    const failures = harness.logs.filter((line) => Number(line.level) >= 50);
    harness.logs.length = 0;
    expect(failures, JSON.stringify(failures)).toEqual([]);
  });

  const get = (path: string) => callApi(harness.baseUrl, 'GET', path, { token });

  const cases = listEndpoints.flatMap((endpoint) => [
    {
      endpoint,
      input: 'a NUL byte in search',
      query: '?search=%00',
      expected: namesOnly('search', nulCharacterMessage('search')),
    },
    {
      endpoint,
      input: 'year 0000 in start_date_iso',
      query: '?start_date_iso=0000-01-01&end_date_iso=2024-01-01',
      expected: namesOnly('start_date_iso', outOfRange('start_date_iso')),
    },
    {
      endpoint,
      input: 'end_date_iso 9999-12-31 (its day after is in year 10000)',
      query: '?start_date_iso=2024-01-01&end_date_iso=9999-12-31',
      expected: namesOnly('end_date_iso', outOfRange('end_date_iso')),
    },
  ]);

  it.each(cases)('$endpoint answers $input with 400 naming it', async (c) => {
    const response = await get(c.endpoint + c.query);
    expect(response.status, response.text).toBe(400);
    expect(response.body).toEqual(c.expected);
  });

  it.each(listEndpoints)('%s answers 200 on the first and the last allowed day', async (path) => {
    const oneDay = (day: string) => `${path}?start_date_iso=${day}&end_date_iso=${day}`;
    for (const query of [
      oneDay(FIRST_DAY),
      oneDay(LAST_DAY),
      `${path}?filter=date&start_date_iso=${FIRST_DAY}&end_date_iso=${LAST_DAY}`,
    ]) {
      const response = await get(query);
      expect(response.status, `${query}: ${response.text}`).toBe(200);
      businessListResponseSchema.parse(response.body);
    }
  });

  it('finds the rows created on the first and on the last allowed day', async () => {
    const total = async (path: string) =>
      businessListResponseSchema.parse((await get(path)).body).data.total_count;
    expect(await total(`${api}/list/?start_date_iso=${FIRST_DAY}&end_date_iso=${FIRST_DAY}`)).toBe(
      1,
    );
    expect(await total(`${api}/list/?start_date_iso=${LAST_DAY}&end_date_iso=${LAST_DAY}`)).toBe(1);
    expect(await total(`${api}/list/?start_date_iso=${FIRST_DAY}&end_date_iso=${LAST_DAY}`)).toBe(
      FIXTURE_COUNT,
    );
  });

  it('refuses the days just outside the range, naming the parameter', async () => {
    const outside: [string, string][] = [
      [`start_date_iso=1899-12-31&end_date_iso=${FIRST_DAY}`, 'start_date_iso'],
      [`start_date_iso=0001-01-01&end_date_iso=0001-01-01`, 'start_date_iso'],
      [`start_date_iso=${LAST_DAY}&end_date_iso=9999-01-01`, 'end_date_iso'],
      [`start_date_iso=9999-12-31&end_date_iso=9999-12-31`, 'start_date_iso'],
    ];
    for (const [query, parameter] of outside) {
      const response = await get(`${api}/list/?${query}`);
      expect(response.status, query).toBe(400);
      const { errors } = errorBodySchema.parse(response.body);
      expect(errors.detail, query).toBe(outOfRange(parameter));
      expect(errors.validations?.[parameter], query).toEqual([outOfRange(parameter)]);
    }
  });

  /** Each date needs the other, in order, so that NUL is the only thing wrong. */
  const withNul: Record<string, string> = {
    start_date_iso: 'start_date_iso=1%00&end_date_iso=2024-01-01',
    end_date_iso: 'end_date_iso=9%00&start_date_iso=2024-01-01',
  };

  it.each(listParameters)('answers a NUL byte in the %s parameter with 400', async (parameter) => {
    for (const endpoint of [`${api}/list/`, `${api}/all/`]) {
      const response = await get(`${endpoint}?${withNul[parameter] ?? `${parameter}=x%00`}`);
      expect(response.status, `${endpoint} ${response.text}`).toBe(400);
      expect(response.body).toEqual(namesOnly(parameter, nulCharacterMessage(parameter)));
    }
  });

  it('names a NUL byte in a repeated parameter once, beside the other bad fields', async () => {
    const repeated = await get(`${api}/list/?search=a&search=b%00`);
    expect(repeated.status).toBe(400);
    expect(repeated.body).toEqual(namesOnly('search', nulCharacterMessage('search')));

    const withOthers = await get(`${api}/list/?search=%00&page=0&country=Mars`);
    expect(withOthers.status).toBe(400);
    expect(errorBodySchema.parse(withOthers.body).errors).toEqual({
      detail: nulCharacterMessage('search'),
      validations: {
        search: [nulCharacterMessage('search')],
        page: ['page must be a whole number from 1 to 10000000.'],
        country: ['country must be one of: USA, UK, CANADA, UAE.'],
      },
    });
  });

  it('refuses a parameter the endpoint does not take, naming each, and changes nothing', async () => {
    for (const endpoint of listEndpoints) {
      const response = await get(`${endpoint}?contry=UK&page=2&order=name`);
      expect(response.status, `${endpoint} ${response.text}`).toBe(400);
      expect(errorBodySchema.parse(response.body).errors).toEqual({
        detail: unknownQueryParameterMessage('contry'),
        validations: {
          contry: [unknownQueryParameterMessage('contry')],
          order: [unknownQueryParameterMessage('order')],
        },
      });
    }
  });

  it('refuses a parameter without a name, saying so, on every list', async () => {
    for (const endpoint of listEndpoints) {
      const response = await get(`${endpoint}?page=1&=x`);
      expect(response.status, `${endpoint} ${response.text}`).toBe(400);
      expect(errorBodySchema.parse(response.body).errors.detail).toBe(
        'A query parameter needs a name (the address holds `&=` or `?=`).',
      );
    }
  });

  it('answers a NUL byte in a path parameter with 400', async () => {
    const [row] = (
      (await database.db.execute(sql`select uuid from businesses limit 1`)) as {
        rows: { uuid: string }[];
      }
    ).rows;
    const paths: [string, string][] = [
      [`${api}/list/pending%00/`, 'status'],
      [`${api}/list/%00/`, 'status'],
      [`${api}/detail/%00/`, 'id'],
      [`${api}/detail/1%00/`, 'id'],
      [`${api}/detail/${row!.uuid}%00/`, 'id'],
    ];
    for (const [path, parameter] of paths) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(response.body).toEqual(namesOnly(parameter, nulCharacterMessage(parameter)));
    }
  });

  it('answers a NUL byte anywhere in a download link with 400', async () => {
    const links: [string, string][] = [
      ['/api/v1/files/document/1%00?expires=1&signature=abc', 'id'],
      ['/api/v1/files/docu%00ment/1?expires=1&signature=abc', 'kind'],
      ['/api/v1/files/document/1?expires=%00&signature=abc', 'expires'],
      ['/api/v1/files/document/1?expires=1&signature=abc%00', 'signature'],
      ['/api/v1/files/document/1?expires=1&signature=abc&signature=%00', 'signature'],
    ];
    for (const [link, parameter] of links) {
      const response = await callApi(harness.baseUrl, 'GET', link);
      expect(response.status, link).toBe(400);
      expect(response.body).toEqual(namesOnly(parameter, nulCharacterMessage(parameter)));
    }
  });

  /** NUL and the other C0 controls, DEL, lone surrogates, LIKE wildcards, letters. */
  const awkwardText = fc.string({
    unit: fc.oneof(
      fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\ud800', '\udfff', '%', '_', '\\'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    ),
    maxLength: 30,
  });

  test.prop([fc.constantFrom(...listEndpoints), awkwardText], { numRuns: 50 })(
    'never answers 500 to any search text; 400 exactly when it holds NUL',
    async (endpoint, text) => {
      // URLSearchParams sends a lone surrogate as U+FFFD, as a browser would.
      const response = await get(`${endpoint}?${new URLSearchParams({ search: text })}`);
      expect(response.status, response.text).toBe(text.includes('\u0000') ? 400 : 200);
      if (response.status === 400) {
        expect(response.body).toEqual(namesOnly('search', nulCharacterMessage('search')));
      }
    },
  );

  test.prop([fc.uint8Array({ maxLength: 20 })], { numRuns: 50 })(
    'never answers 500 to any bytes in search, undecodable UTF-8 included',
    async (bytes) => {
      const raw = [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
      const response = await get(`${api}/list/?search=${raw}`);
      expect(response.status, response.text).toBe(
        decodedByServer(raw).includes('\u0000') ? 400 : 200,
      );
    },
  );

  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  /** Any YYYY-MM-DD with a four-digit year, including days that do not exist (02-30). */
  const day = fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 31 }),
    )
    .map(([year, month, date]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`);
  const boundaryDays = fc.constantFrom(
    '0000-01-01',
    '0001-01-01',
    '1899-12-31',
    FIRST_DAY,
    LAST_DAY,
    '9999-01-01',
    '9999-12-31',
  );
  const isAllowedDay = (value: string) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(parsed.getTime()) &&
      parsed.toISOString().slice(0, 10) === value &&
      value >= FIRST_DAY &&
      value <= LAST_DAY
    );
  };

  test.prop([fc.oneof(day, boundaryDays), fc.oneof(day, boundaryDays)], { numRuns: 50 })(
    'answers every YYYY-MM-DD range with 200 when both days are allowed, else 400 naming a date',
    async (start, end) => {
      const response = await get(`${api}/all/?start_date_iso=${start}&end_date_iso=${end}`);
      // An end before the start is a range with no day in it, not bad input (decision 76).
      const allowed = isAllowedDay(start) && isAllowedDay(end);
      expect(response.status, response.text).toBe(allowed ? 200 : 400);
      if (!allowed) {
        const { validations } = errorBodySchema.parse(response.body).errors;
        expect(Object.keys(validations ?? {})).not.toEqual([]);
        for (const field of Object.keys(validations ?? {})) {
          expect(['start_date_iso', 'end_date_iso']).toContain(field);
        }
      }
    },
  );

  test.prop([awkwardText, awkwardText], { numRuns: 50 })(
    'never answers 500 to any text in the date parameters',
    async (start, end) => {
      const query = new URLSearchParams({ start_date_iso: start, end_date_iso: end });
      const response = await get(`${api}/list/?${query}`);
      expect([200, 400], response.text).toContain(response.status);
      if (response.status === 400) {
        const { validations } = errorBodySchema.parse(response.body).errors;
        for (const field of Object.keys(validations ?? {})) {
          expect(['start_date_iso', 'end_date_iso']).toContain(field);
        }
      }
    },
  );
});
