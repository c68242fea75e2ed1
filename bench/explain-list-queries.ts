/**
 * `EXPLAIN ANALYZE` of the list queries exactly as the service builds them:
 * the All page, a search, a country + type + date filter and every tab count.
 * The API benchmark records them in bench/README.md; run by hand with
 *   npx tsx bench/explain-list-queries.ts [search term]
 * against the configured database (DATABASE_URL, else the embedded one).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { businessListQuerySchema, type BusinessListQuery } from '@fd/contract';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import {
  businessListCondition,
  listQueryFor,
  selectBoundedBusinessCount,
  EXACT_COUNT_UP_TO,
  selectBusinessPage,
  type BusinessTab,
} from '../apps/api/src/features/businesses/businesses.queries.ts';

async function explain(database: Database, query: SQLWrapper): Promise<string> {
  // Both drivers answer `execute` with `{ rows }`; the shared Db type leaves it untyped.
  const result = (await database.db.execute(sql`explain (analyze, buffers) ${query}`)) as {
    rows: { 'QUERY PLAN': string }[];
  };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Case name → plan text. `search` should match a realistic share of the rows (~1%). */
export async function explainListQueries(
  database: Database,
  { search }: { search: string },
): Promise<Record<string, string>> {
  const year = new Date().getUTCFullYear();
  const lists: [string, BusinessTab, BusinessListQuery][] = [
    ['All tab, page 1', 'all', {}],
    [`Search "${search}", page 1`, 'all', { search }],
    [
      'Country + type + date, page 1',
      'all',
      {
        country: 'USA',
        type: 'LLC',
        start_date_iso: `${year - 1}-01-01`,
        end_date_iso: `${year}-12-31`,
      },
    ],
  ];
  const counts: [string, BusinessTab, BusinessListQuery][] = [
    ['Count: All', 'all', {}],
    ['Count: Incorporated', 'incorporated', {}],
    ['Count: Processing', 'processing', {}],
    ['Count: Queued (pending)', 'pending', {}],
    ['Count: Verified payments', 'all', { payment_status: 'CONFIRMED' }],
    ['Count: Unconfirmed payments', 'all', { payment_status: 'UNCONFIRMED' }],
    [`Count: search "${search}"`, 'all', { search }],
  ];

  const plans: Record<string, string> = {};
  for (const [name, tab, query] of lists) {
    const { page, pageSize, ...filters } = listQueryFor(businessListQuerySchema.parse(query), 1);
    const where = businessListCondition(tab, filters);
    const rows = selectBusinessPage(database.db, where, {
      limit: pageSize,
      from: { offset: (page - 1) * pageSize },
    });
    plans[name] = await explain(database, rows);
  }
  for (const [name, tab, query] of counts) {
    const {
      page: _page,
      pageSize: _pageSize,
      ...filters
    } = listQueryFor(businessListQuerySchema.parse(query), 1);
    plans[name] = await explain(
      database,
      selectBoundedBusinessCount(
        database.db,
        businessListCondition(tab, filters),
        EXACT_COUNT_UP_TO,
      ),
    );
  }
  return plans;
}

const runDirectly =
  process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const search = process.argv[2] ?? 'okafor';
    for (const [name, plan] of Object.entries(await explainListQueries(database, { search }))) {
      console.log(`=== ${name}\n${plan}\n`);
    }
  } finally {
    await database.close();
  }
}
