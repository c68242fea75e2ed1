/**
 * Set-based writes for the seed: one `insert … select * from unnest(…)` per
 * table and batch, with one array parameter per column, so that 100 000
 * businesses take a few dozen statements per table instead of millions.
 * Ids come from the sequences beforehand, so nothing is read back.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { businesses, users } from '../../db/schema.ts';

/** The database or a transaction: anything that can run a statement. */
export type Executor = Pick<Db, 'execute' | 'select'>;

/** Column key of the Drizzle table → one value per row. Every array must have the same length. */
export type ColumnArrays<T extends PgTable> = {
  [K in keyof T['_']['columns']]?: readonly unknown[];
};

/** Below this many distinct values (and above DICTIONARY_MIN_ROWS rows) a text column is sent as a dictionary. */
const DICTIONARY_MAX_VALUES = 1000;
const DICTIONARY_MIN_ROWS = 200;

/** The element type to cast a parameter to, e.g. `numeric(12, 2)`; serial ids are plain integers. */
function elementTypeOf(column: PgColumn): string {
  const type = column.getSQLType();
  return type === 'serial' ? 'integer' : type;
}

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/**
 * The array's PostgreSQL text form (`{"a","b",NULL}`), built here rather than
 * by the driver, which checks and escapes each element through several calls
 * (~15% of the seed's own CPU in a profile). Null for values it does not know
 * (objects, NaN): those go to the driver as they are.
 */
function arrayLiteral(values: readonly unknown[]): string | null {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (typeof v === 'string') {
      parts[i] = NEEDS_ESCAPE.test(v) ? `"${v.replace(ESCAPED, '\\$&')}"` : `"${v}"`;
    } else if (typeof v === 'number' && Number.isFinite(v)) parts[i] = String(v);
    else if (typeof v === 'boolean') parts[i] = v ? 't' : 'f';
    else return null;
  }
  return `{${parts.join(',')}}`;
}

/** An array parameter cast to `type[]`, sent in its text form when it can be. */
const arrayParam = (values: readonly unknown[], type: string): SQL =>
  sql`${sql.param(arrayLiteral(values) ?? values)}::${sql.raw(type)}[]`;

/**
 * How one column travels: most as a plain array, but repeated strings (step
 * keys, titles, statuses…) as a small dictionary plus integer codes, and
 * dates as epoch seconds. Both cut the bytes the driver must escape and the
 * server must parse by several times, which is most of the cost at 10⁶ rows.
 */
function encodeColumn(
  column: PgColumn,
  values: readonly unknown[],
  alias: SQL,
): { array: SQL; select: SQL } {
  const type = elementTypeOf(column);
  const first = values.find((v) => v !== null && v !== undefined);
  if (first instanceof Date) {
    const seconds = values.map((v) => (v instanceof Date ? v.getTime() / 1000 : null));
    return { array: arrayParam(seconds, 'float8'), select: sql`to_timestamp(${alias})` };
  }
  if (typeof first === 'string' && values.length >= DICTIONARY_MIN_ROWS) {
    const codes = new Map<string, number>();
    const encoded: (number | null)[] = [];
    for (const v of values) {
      if (v === null || v === undefined) {
        encoded.push(null);
        continue;
      }
      let code = codes.get(v as string);
      if (code === undefined) codes.set(v as string, (code = codes.size + 1));
      // Names, emails, uuids…: as they are, without building the whole map first.
      if (codes.size > DICTIONARY_MAX_VALUES) break;
      encoded.push(code);
    }
    if (codes.size <= DICTIONARY_MAX_VALUES) {
      const dictionary = arrayParam([...codes.keys()], type);
      return { array: arrayParam(encoded, 'int'), select: sql`(${dictionary})[${alias}]` };
    }
  }
  return { array: arrayParam(values, type), select: alias };
}

/** Inserts rows given column by column, in one statement. */
export async function insertColumns<T extends PgTable>(
  executor: Executor,
  table: T,
  columns: ColumnArrays<T>,
): Promise<void> {
  const tableColumns = getTableColumns(table) as Record<string, PgColumn>;
  const entries = Object.entries(columns as Record<string, readonly unknown[] | undefined>).flatMap(
    ([key, values]) => (values ? [{ column: tableColumns[key]!, values }] : []),
  );
  const rowCount = entries[0]?.values.length ?? 0;
  if (rowCount === 0) return;
  if (entries.some((e) => e.values.length !== rowCount)) {
    throw new Error(`insertColumns: columns of different lengths for ${getTableName(table)}`);
  }
  const aliases = entries.map((_, i) => sql`${sql.identifier(`c${i}`)}`);
  const encoded = entries.map((e, i) => encodeColumn(e.column, e.values, aliases[i]!));
  const names = entries.map((e) => sql.identifier(e.column.name));
  await executor.execute(sql`
    insert into ${table} (${sql.join(names, sql`, `)})
    select ${sql.join(
      encoded.map((e) => e.select),
      sql`, `,
    )}
    from unnest(${sql.join(
      encoded.map((e) => e.array),
      sql`, `,
    )}) as u(${sql.join(aliases, sql`, `)})`);
}

/**
 * Prepares a seed batch's transaction: it tells the database that its business
 * rows come with their step-derived columns filled in (migration 0009), so that
 * it does not derive them on insert nor again when their steps and receipts
 * follow; and its commit does not wait for the WAL to reach the disk (a crash
 * loses at most the last batches, never consistency).
 */
export async function prepareSeedTransaction(executor: Executor): Promise<void> {
  await executor.execute(
    sql`select set_config('fd.derived_given', 'on', true), set_config('synchronous_commit', 'off', true)`,
  );
}

/**
 * Takes `count` values from the id sequence of `table`, so that rows can
 * reference each other before they are written. They come back as a range
 * (first value and count) when they follow each other, as they do unless
 * another writer takes values at the same moment; only then as a list.
 */
export async function reserveIds(
  executor: Executor,
  table: PgTable,
  count: number,
): Promise<number[]> {
  const [row] = await executor
    .select({
      first: sql<number>`min(v)::int`,
      // Null when the values are a range, which most of the time they are.
      list: sql<number[] | null>`case when max(v) - min(v) + 1 = count(*) then null
                                     else array_agg(v::int order by v) end`,
    })
    .from(
      // The sequence looked up once (materialized), not per value.
      sql`(with s as materialized (
             select pg_get_serial_sequence(${getTableName(table)}, 'id')::regclass as seq)
           select nextval(s.seq) as v from s, generate_series(1, ${count}::int)) as reserved`,
    );
  if (row?.list) return row.list.map(Number);
  const first = Number(row?.first);
  return Array.from({ length: count }, (_, i) => first + i);
}

export async function hasAnyUser(executor: Executor): Promise<boolean> {
  const rows = await executor.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export async function countBusinesses(executor: Executor): Promise<number> {
  const [row] = await executor.select({ count: sql<number>`count(*)::int` }).from(businesses);
  return row?.count ?? 0;
}
