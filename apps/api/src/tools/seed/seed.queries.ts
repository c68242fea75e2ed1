/**
 * Set-based writes for the seed: one `insert … select * from unnest(…)` per
 * table and batch, with one array parameter per column, so that 100 000
 * businesses take a few dozen statements per table instead of millions.
 * Ids come from the sequences beforehand, so nothing is read back.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
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

/** An array in its text form when it can be, else as it is (for the driver). */
const asArrayParameter = (values: readonly unknown[]): string | readonly unknown[] =>
  arrayLiteral(values) ?? values;

/**
 * One column ready to send, as plain data (a worker thread may prepare it):
 * its values as an array parameter, sent as they are, as epoch seconds, or as
 * codes into a dictionary.
 */
export interface EncodedColumn {
  name: string;
  type: string;
  how: 'plain' | 'seconds' | 'dictionary';
  values: string | readonly unknown[];
  dictionary?: string | readonly unknown[];
}

/**
 * How one column travels: most as a plain array, but repeated strings (step
 * keys, titles, statuses…) as a small dictionary plus integer codes, and
 * dates as epoch seconds. Both cut the bytes the driver must escape and the
 * server must parse by several times, which is most of the cost at 10⁶ rows.
 */
function encodeColumn(column: PgColumn, values: readonly unknown[]): EncodedColumn {
  const name = column.name;
  const type = elementTypeOf(column);
  const first = values.find((v) => v !== null && v !== undefined);
  if (first instanceof Date) {
    const seconds = values.map((v) => (v instanceof Date ? v.getTime() / 1000 : null));
    return { name, type, how: 'seconds', values: asArrayParameter(seconds) };
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
      return {
        name,
        type,
        how: 'dictionary',
        values: asArrayParameter(encoded),
        dictionary: asArrayParameter([...codes.keys()]),
      };
    }
  }
  return { name, type, how: 'plain', values: asArrayParameter(values) };
}

/** Rows given column by column, encoded for `insertEncoded`; null when there are none. */
export function encodeColumns<T extends PgTable>(
  table: T,
  columns: ColumnArrays<T>,
): EncodedColumn[] | null {
  const tableColumns = getTableColumns(table) as Record<string, PgColumn>;
  const entries = Object.entries(columns as Record<string, readonly unknown[] | undefined>).flatMap(
    ([key, values]) => (values ? [{ column: tableColumns[key]!, values }] : []),
  );
  const rowCount = entries[0]?.values.length ?? 0;
  if (rowCount === 0) return null;
  if (entries.some((e) => e.values.length !== rowCount)) {
    throw new Error(`insertColumns: columns of different lengths for ${getTableName(table)}`);
  }
  return entries.map((e) => encodeColumn(e.column, e.values));
}

/** Inserts encoded rows in one statement. */
export async function insertEncoded(
  executor: Executor,
  table: PgTable,
  encoded: readonly EncodedColumn[] | null,
): Promise<void> {
  if (!encoded || encoded.length === 0) return;
  const aliases = encoded.map((_, i) => sql`${sql.identifier(`c${i}`)}`);
  const parts = encoded.map((e, i) => {
    const alias = aliases[i]!;
    const array = (values: string | readonly unknown[], type: string) =>
      sql`${sql.param(values)}::${sql.raw(type)}[]`;
    if (e.how === 'seconds') {
      return { array: array(e.values, 'float8'), select: sql`to_timestamp(${alias})` };
    }
    if (e.how === 'dictionary') {
      return {
        array: array(e.values, 'int'),
        select: sql`(${array(e.dictionary!, e.type)})[${alias}]`,
      };
    }
    return { array: array(e.values, e.type), select: alias };
  });
  const names = encoded.map((e) => sql.identifier(e.name));
  await executor.execute(sql`
    insert into ${table} (${sql.join(names, sql`, `)})
    select ${sql.join(
      parts.map((e) => e.select),
      sql`, `,
    )}
    from unnest(${sql.join(
      parts.map((e) => e.array),
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
