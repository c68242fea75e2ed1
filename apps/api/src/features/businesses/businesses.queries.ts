/**
 * Drizzle only. Every list filter is a condition on a column of `businesses`
 * that one of its indexes serves (docs/architecture.md §4): tabs use the denormalised
 * status columns, search the trigram index on `search_text` (terms of one or two
 * characters: the grams index of migration 0010, decision 33).
 */
import {
  attentionReasons,
  formationStepKeys,
  type AssigneeFilter,
  type AttentionReason,
  type BusinessListFilters,
  type BusinessListStatus,
  type FormationStepKey,
  type ListSort,
} from '@fd/contract';
import { createHash } from 'node:crypto';
import {
  and,
  asc,
  count,
  eq,
  gte,
  isNull,
  like,
  lt,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.ts';
import {
  businessCounts,
  businessMonthCounts,
  businesses,
  documents,
  formationSteps,
  manualPaymentReceipts,
  onlinePayments,
  shareholders,
  users,
} from '../../db/schema.ts';
import { LRUCache } from 'lru-cache';
import type {
  ReadsProgress,
  SharedVersionCache,
  VersionCache,
} from '../../lib/read-cache/index.ts';

/**
 * A list's filters as the queries apply them: the query's, with `assignee=me` read as the
 * signed-in manager's id (the route does it, so equal questions share one cache key).
 */
export type ListFilters = Omit<BusinessListFilters, 'page' | 'pageSize' | 'assignee'> & {
  assignee?: number | 'none';
  /** The queue's rule, which the route gives the 'attention' tab (see `attentionRule`). */
  attention?: AttentionRule;
};

/**
 * What puts a business in the queue (docs/product.md §11.5): its current step has held its
 * status longer than that step's limit as of `at` (ISO 8601, to the minute, so that a minute's
 * questions share their answers), or it waits for a manager to verify a payment receipt.
 */
export interface AttentionRule {
  at: string;
  limitsHours: Readonly<Record<FormationStepKey, number>>;
}

/** A list's filters with the queue's rule on the 'attention' tab (every caller: one way). */
export const withAttention = <T extends ListFilters>(
  tab: BusinessTab,
  filters: T,
  now: Date,
  limitsHours: Readonly<Record<FormationStepKey, number>>,
): T =>
  tab === 'attention' ? { ...filters, attention: attentionRule(now, limitsHours) } : filters;

/** The queue's rule as of `now`: the minute it falls in, and the configured limits. */
const attentionRule = (
  now: Date,
  limitsHours: Readonly<Record<FormationStepKey, number>>,
): AttentionRule => ({
  at: new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString(),
  limitsHours,
});

/** A parsed list query (or its filters) as the queries apply it, `assignee=me` read as `managerId`. */
export function listQueryFor<T extends { assignee?: AssigneeFilter | undefined }>(
  { assignee, ...rest }: T,
  managerId: number,
): Omit<T, 'assignee'> & { assignee?: number | 'none' } {
  return { ...rest, assignee: assignee === 'me' ? managerId : assignee };
}

/** `all` = every business; the others are the `{status}` path segments. */
export type BusinessTab = 'all' | BusinessListStatus;

/**
 * The step-derived columns a tab reads, named alike in `businesses` and in
 * `business_counts` (migration 0009): one condition serves the page query and
 * the maintained count.
 */
type ProgressColumns = Record<
  | 'incorporationStatus'
  | 'accountLevel'
  | 'hasManualReceipt'
  | 'currentActivityStep'
  | 'currentActivityStatus',
  PgColumn
>;

const paid = (c: ProgressColumns) => eq(c.accountLevel, 'PAID');
/** Unpaid with at least one manual receipt: shown as NOT CONFIRMED. */
const unconfirmed = (c: ProgressColumns) =>
  and(eq(c.accountLevel, 'UNPAID'), eq(c.hasManualReceipt, true));

const tabConditions: Record<BusinessTab, (c: ProgressColumns) => SQL | undefined> = {
  all: () => undefined,
  pending: (c) => eq(c.incorporationStatus, 'PENDING'),
  incorporated: (c) => eq(c.incorporationStatus, 'APPROVED'),
  processing: (c) =>
    and(
      eq(c.currentActivityStep, 'incorporation_status'),
      eq(c.currentActivityStatus, 'PROCESSING'),
    ),
  confirmed: paid,
  unconfirmed,
  // The queue's condition is the filters' `attention` rule (it needs a time and the limits).
  attention: () => undefined,
};

/** LIKE treats `%`, `_` and `\` as special; searched text is literal. */
const escapeLikePattern = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** Terms this short have no trigram; `business_search_grams` holds them (migration 0010). */
const MAX_GRAM_LENGTH = 2;

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfUtcDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** The values a list query binds, named as the placeholders of its prepared form. */
export interface BusinessListValues {
  search?: string;
  /** The term itself when it has one or two characters: looked up in the grams index. */
  searchGram?: string;
  companyType?: string;
  country?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  accountLevel?: string;
  activityStep?: string;
  activityStatus?: string;
  /** The manager whose businesses are listed; `assignee=none` binds nothing (`is null`). */
  assigneeId?: number;
  /** The queue's "now" (`AttentionRule.at`). */
  attentionAt?: Date;
}

/** Whether a search's term is short enough for the grams index (migration 0010). */
const isGramTerm = (search: string | undefined): search is string =>
  search !== undefined && search !== '' && [...search].length <= MAX_GRAM_LENGTH;

function businessListValues(
  filters: ListFilters,
  { lookUpGram = true }: GramLookup = {},
): BusinessListValues {
  const values: BusinessListValues = {};
  // search_text is stored lower-cased by the database (migration 0005) and the term is lowered
  // by the same lower() in the query: LIKE, without ILIKE's per-row case folding.
  if (filters.search) {
    values.search = `%${escapeLikePattern(filters.search)}%`;
    if (lookUpGram && isGramTerm(filters.search)) values.searchGram = filters.search;
  }
  if (filters.companyType) values.companyType = filters.companyType;
  if (filters.country) values.country = filters.country;
  if (filters.createdFrom) values.createdFrom = startOfUtcDay(filters.createdFrom);
  if (filters.createdTo) {
    // FILTER_DATE_RANGE (contract) keeps the day after within the years PostgreSQL reads.
    values.createdBefore = new Date(startOfUtcDay(filters.createdTo).getTime() + DAY_MS);
  }
  if (filters.accountLevel) values.accountLevel = filters.accountLevel;
  if (filters.activityStep) values.activityStep = filters.activityStep;
  if (filters.activityStatus) values.activityStatus = filters.activityStatus;
  if (typeof filters.assignee === 'number') values.assigneeId = filters.assignee;
  if (filters.attention) values.attentionAt = new Date(filters.attention.at);
  return values;
}

/**
 * Whether a term of one or two characters is looked up in the grams index (the default) or
 * found by LIKE alone. The grams condition is what lets PostgreSQL look a rare term up; on a
 * plan that walks rows instead it is a filter, and computing a row's grams (two regular
 * expressions over its text) costs several times the rest of reading the row: a common term's
 * bounded total computed them for 10 000 rows, ~7 times the cost of its LIKE alone at
 * 1 000 000 businesses. See `lookUpGramFor`.
 */
interface GramLookup {
  lookUpGram?: boolean;
}

/**
 * The queue's reasons (docs/product.md §11.5), each a condition: a step past its limit (each
 * step's limit a constant of the statement, so a prepared statement's shape includes them), a
 * payment receipt waiting to be verified, or the client's own event waiting on a manager
 * (`client_waiting_since`, migration 0028): a document sent after the current step failed, or
 * else a submission no manager has moved yet (decision 112). The queue's condition is any of
 * them, and a queue row says which hold (`attentionReasons`): one statement of the rule.
 */
function attentionParts(rule: AttentionRule, at: Date | Placeholder): Record<AttentionReason, SQL> {
  const overdue = formationStepKeys.map(
    (key) =>
      sql`(${businesses.currentActivityStep} = ${sql.raw(`'${key}'`)} and ${businesses.currentActivitySince} < ${at}::timestamptz - ${sql.raw(`interval '${Math.trunc(rule.limitsHours[key])} hours'`)})`,
  );
  const clientWaiting = sql`${businesses.clientWaitingSince} is not null`;
  const afterFailure = sql`${businesses.currentActivityStatus} = 'FAILED'`;
  return {
    overdue: sql`(${sql.join(overdue, sql` or `)})`,
    receipt: unconfirmed(businesses)!,
    document: sql`(${clientWaiting} and ${afterFailure})`,
    submitted: sql`(${clientWaiting} and ${afterFailure} is not true)`,
  };
}

function attentionCondition(rule: AttentionRule, at: Date | Placeholder): SQL {
  return sql`(${sql.join(Object.values(attentionParts(rule, at)), sql` or `)})`;
}

/** The reasons that hold for a row, in `attentionReasons`' order. */
function attentionReasonsOf(rule: AttentionRule, at: Date | Placeholder): SQL<AttentionReason[]> {
  const parts = attentionParts(rule, at);
  const cases = attentionReasons.map(
    (reason) => sql`case when ${parts[reason]} then ${sql.raw(`'${reason}'`)} end`,
  );
  return sql<AttentionReason[]>`array_remove(array[${sql.join(cases, sql`, `)}]::text[], null)`;
}

/**
 * The WHERE of a tab with the query's filters, all ANDed. With `placeholders`
 * the values are named placeholders (see `businessListValues`), for a query
 * prepared once per shape.
 */
export function businessListCondition(
  tab: BusinessTab,
  filters: ListFilters,
  { placeholders = false, lookUpGram = true }: { placeholders?: boolean } & GramLookup = {},
): SQL | undefined {
  const values = businessListValues(filters, { lookUpGram });
  const bind = <K extends keyof BusinessListValues>(name: K) =>
    placeholders ? sql.placeholder(name) : values[name]!;
  const has = (name: keyof BusinessListValues) => values[name] !== undefined;
  return and(
    has('search') ? like(businesses.searchText, sql`lower(${bind('search')})`) : undefined,
    has('searchGram')
      ? sql`business_search_grams(${businesses.searchText}) @> array[lower(${bind('searchGram')}::text)]`
      : undefined,
    has('companyType') ? eq(businesses.companyType, bind('companyType')) : undefined,
    has('country') ? eq(businesses.countryOfIncorporation, bind('country')) : undefined,
    has('createdFrom') ? gte(businesses.createdAt, bind('createdFrom')) : undefined,
    has('createdBefore') ? lt(businesses.createdAt, bind('createdBefore')) : undefined,
    has('assigneeId') ? eq(businesses.assigneeId, bind('assigneeId')) : undefined,
    filters.assignee === 'none' ? isNull(businesses.assigneeId) : undefined,
    filters.attention ? attentionCondition(filters.attention, bind('attentionAt')) : undefined,
    progressCondition(businesses, tab, filters, values, bind),
  );
}

/** The part of a list condition on the step-derived columns, of either table. */
function progressCondition(
  c: ProgressColumns,
  tab: BusinessTab,
  filters: ListFilters,
  values: BusinessListValues,
  bind: (name: 'accountLevel' | 'activityStep' | 'activityStatus') => string | Placeholder,
): SQL | undefined {
  return and(
    tabConditions[tab](c),
    filters.paymentStatus === 'CONFIRMED' ? paid(c) : undefined,
    filters.paymentStatus === 'UNCONFIRMED' ? unconfirmed(c) : undefined,
    values.accountLevel !== undefined ? eq(c.accountLevel, bind('accountLevel')) : undefined,
    values.activityStep !== undefined ? eq(c.currentActivityStep, bind('activityStep')) : undefined,
    values.activityStatus !== undefined
      ? eq(c.currentActivityStatus, bind('activityStatus'))
      : undefined,
  );
}

/** The filters that read no step-derived column; any other one (and any new one) does. */
const coreListFilters: ReadonlySet<string> = new Set([
  'search',
  'companyType',
  'country',
  'createdFrom',
  'createdTo',
] satisfies (keyof BusinessListFilters)[]);

/** The filters given, but the order: which rows a list holds, and so its total. */
const givenFilters = (filters: ListFilters) =>
  Object.entries(filters).filter(([name, value]) => value !== undefined && name !== 'sort');

/**
 * Whether the condition of `businessListCondition` reads a step-derived
 * column (incorporation status, account level, current activity, manual
 * receipt): every tab but All does, and so do the payment, account level and
 * activity filters. Such a count must be redone after a step update; the others
 * survive it (docs/decisions/026-the-write-path-one-statement-for-the.md).
 */
export function listReadsProgress(tab: BusinessTab, filters: ListFilters): boolean {
  return tab !== 'all' || givenFilters(filters).some(([name]) => !coreListFilters.has(name));
}

/**
 * The filters whose columns `business_counts` holds: the step-derived ones (decision 29), the
 * country and the company type (migration 0020, decision 094). Any other one (a search, a date
 * range, and any new filter until its column is counted too) is counted over `businesses`.
 */
const maintainedListFilters: ReadonlySet<string> = new Set([
  'companyType',
  'country',
  'paymentStatus',
  'accountLevel',
  'activityStep',
  'activityStatus',
] satisfies (keyof BusinessListFilters)[]);

/**
 * Whether the list's total is a sum over the maintained `business_counts`: every tab with the
 * payment, account level, activity, country and type filters, alone or together.
 */
function listCountIsMaintained(filters: ListFilters): boolean {
  return givenFilters(filters).every(([name]) => maintainedListFilters.has(name));
}

/**
 * Whether the list's total is a sum over `business_month_counts` for the months its date range
 * holds whole, plus a count of the rows of the months it cuts: a date range with, at most, the
 * filters `business_counts` holds (docs/decisions/097-dated-filter-totals-from-monthly-counts.md).
 */
function listCountIsMonthly(filters: ListFilters): boolean {
  const given = givenFilters(filters);
  return (
    given.some(([name]) => dateRangeFilters.has(name)) &&
    given.every(([name]) => maintainedListFilters.has(name) || dateRangeFilters.has(name))
  );
}

const dateRangeFilters: ReadonlySet<string> = new Set([
  'createdFrom',
  'createdTo',
] satisfies (keyof BusinessListFilters)[]);

/**
 * A list's condition over the columns of `business_counts` or `business_month_counts`, which
 * are named alike (see `listCountIsMaintained`).
 */
function countsCondition(
  table: typeof businessCounts | typeof businessMonthCounts,
  tab: BusinessTab,
  filters: ListFilters,
  values: BusinessListValues,
  bind: (
    name: 'companyType' | 'country' | 'accountLevel' | 'activityStep' | 'activityStatus',
  ) => string | Placeholder,
): SQL | undefined {
  return and(
    values.companyType !== undefined ? eq(table.companyType, bind('companyType')) : undefined,
    values.country !== undefined ? eq(table.countryOfIncorporation, bind('country')) : undefined,
    progressCondition(table, tab, filters, values, bind),
  );
}

/**
 * The share of rows, at or above which a term of one or two characters is found by LIKE
 * alone: walking the newest rows (a page) or any rows (a bounded total) then reads at most
 * five times the rows it keeps, which costs less than the grams index's list of a fifth of
 * the table and the rows it points to. Measured at 1 000 000 businesses: 'a' (99% of the
 * rows) and 'an' (29%) cost less by LIKE alone, 'x' (13%) and 'ng' (16%) about the same
 * (docs/decisions/091-questions-asked-once-cheap-at-a-million.md).
 */
const COMMON_GRAM_SHARE = 0.2;

const gramShares = new WeakMap<Db, ReturnType<typeof prepareGramShare>>();

/**
 * The share of rows whose grams hold `gram`, as ANALYZE measured it: the grams index's most
 * common elements (pg_stats). A gram not among them is rarer than all of them; no statistics
 * at all (never analysed) reads as rare, the plan the index was made for.
 */
function prepareGramShare(db: Db) {
  return db
    .select({ share: sql<number>`e.share` })
    .from(
      sql`pg_stats s cross join lateral
          unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(gram, share)`,
    )
    .where(
      sql`s.schemaname = current_schema() and s.tablename = 'businesses_search_grams_idx'
          and e.gram = lower(${sql.placeholder('gram')}::text)`,
    )
    .prepare('business_search_gram_share');
}

/**
 * Whether a search's condition should carry the grams lookup: always, but for a term of one
 * or two characters that the statistics call common (`COMMON_GRAM_SHARE`). Either way the
 * rows are those LIKE finds; only the plan differs.
 */
async function lookUpGramFor(db: Db, search: string | undefined): Promise<GramLookup> {
  if (!isGramTerm(search)) return { lookUpGram: true };
  let query = gramShares.get(db);
  if (!query) gramShares.set(db, (query = prepareGramShare(db)));
  const [row] = await query.execute({ gram: search });
  return { lookUpGram: Number(row?.share ?? 0) < COMMON_GRAM_SHARE };
}

/**
 * Newest first, ties broken by id (stable paging). Spelled NULLS LAST like the
 * indexes (`created_at DESC NULLS LAST, id DESC NULLS LAST`): plain DESC means
 * NULLS FIRST, which the planner does not match to them even on NOT NULL
 * columns, and it would sort the whole table instead of reading the index.
 */
const newestFirst = [
  sql`${businesses.createdAt} desc nulls last`,
  sql`${businesses.id} desc nulls last`,
];

/** The same order the other way round, so that a walk from the oldest end reads the same index. */
const oldestFirst = [
  sql`${businesses.createdAt} asc nulls first`,
  sql`${businesses.id} asc nulls first`,
];

/** A timestamp as the wire's ISO 8601 text in UTC, the same from either driver. */
const isoTime = (value: SQL) =>
  sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** When the current step entered its status, as derived beside the business (migration 0027). */
const currentActivitySince = sql<
  string | null
>`${isoTime(sql`${businesses.currentActivitySince}`)}`;

/** A list's order: the one asked for, else the queue's (longest in step) or newest first. */
export const listOrderOf = (tab: BusinessTab, filters: ListFilters): ListSort =>
  filters.sort ?? (tab === 'attention' ? 'step_since' : '-created_at');

/** A document as a list row carries it (see `listedDocumentSchema`), plus its kind. */
export interface ListedDocumentRow {
  id: number;
  kind: 'kyc' | 'kyb';
  document_title: string;
  file_name: string;
  size: number;
}

/**
 * Where a keyset walk over an order stands (a list page's anchor, the export's walk): the
 * segment of the order it is in, and the last row read — its sort key as text, exact (null in
 * the segment of rows without one), and its id.
 */
export interface WalkAnchor {
  segment: number;
  key: string | null;
  id: number;
}

/**
 * Where a list page starts: the anchor of the row just before it
 * (docs/decisions/030-deep-pages-anchors-behind-the-same-page.md), in any order (decision 115).
 */
export type PageAnchor = WalkAnchor;

/**
 * The anchors known in one list, whatever the page size, each with the offset of the row after
 * it (`at`), sorted by it (docs/decisions/122-deep-pages-start-from-the-nearest-anchor.md).
 */
export type AnchorLine = { at: number; anchor: PageAnchor }[];

/** The most anchors a list keeps: enough for every page a manager pages through. */
const ANCHORS_PER_LIST = 128;

/** The anchor of the line nearest before row `offset` (or at it), if any. */
function anchorBefore(line: AnchorLine, offset: number): AnchorLine[number] | undefined {
  let low = 0;
  let high = line.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (line[middle]!.at <= offset) low = middle + 1;
    else high = middle;
  }
  return line[low - 1];
}

/**
 * Adds an anchor to the line in its place (the same row's again replaces it). A full line first
 * drops every other anchor, so what it keeps stays spread over the rows paged.
 */
function rememberAnchor(line: AnchorLine, at: number, anchor: PageAnchor): void {
  let index = line.findIndex((known) => known.at >= at);
  if (index !== -1 && line[index]!.at === at) {
    line[index] = { at, anchor };
    return;
  }
  if (line.length >= ANCHORS_PER_LIST) {
    for (let odd = line.length - (line.length % 2 === 0 ? 1 : 2); odd > 0; odd -= 2) {
      line.splice(odd, 1);
    }
    index = line.findIndex((known) => known.at >= at);
  }
  line.splice(index === -1 ? line.length : index, 0, { at, anchor });
}

/**
 * A part of an order that one index range serves, walked after an anchor. A sort key may be
 * null (a completed business has no step age, a business may have no type or country), and a
 * row comparison never matches a null: so an order by such a key is two segments, the rows with
 * a key by `(key, id)` and those without by id, in the order's turn (decision 113).
 */
interface OrderSegment {
  /** The rows of this segment; every row when absent. */
  holds?: SQL;
  /** Whether its rows have a key (`key` not null): a row's segment is told by its key. */
  keyed: boolean;
  after: (anchor: { key: string | null | Placeholder; id: number | Placeholder }) => SQL;
  orderBy: SQL[];
  /** The sort key as text, carried by a row for the next anchor. */
  key: SQL<string | null>;
}

/**
 * An order by one key, then the id: its segments and, for an offset walk over the whole order,
 * its ORDER BY. Ascending puts the rows without a key last, descending first, as PostgreSQL's
 * defaults do, so that each order is exactly the other's reverse and one index serves both, one
 * forwards and one backwards.
 */
interface ListOrder {
  segments: OrderSegment[];
  orderBy: SQL[];
  /** The sort key as text (null for a row without one): a row's anchor. */
  key: SQL<string | null>;
}

const byId = (direction: 'asc' | 'desc') => sql`${businesses.id} ${sql.raw(direction)}`;

function keyOrder(
  key: SQL,
  type: 'timestamptz' | 'text',
  direction: 'asc' | 'desc',
  { nullable }: { nullable: boolean },
): ListOrder {
  const keyText = sql<string | null>`${key}::text`;
  const compare = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const keyed: OrderSegment = {
    holds: nullable ? sql`${key} is not null` : undefined,
    keyed: true,
    after: ({ key: at, id }) =>
      sql`(${key}, ${businesses.id}) ${compare} (${at}::${sql.raw(type)}, ${id}::int)`,
    orderBy: [sql`${key} ${sql.raw(direction)}`, byId(direction)],
    key: keyText,
  };
  const segments: OrderSegment[] = [keyed];
  if (nullable) {
    const withoutKey: OrderSegment = {
      holds: sql`${key} is null`,
      keyed: false,
      after: ({ id }) => sql`${businesses.id} ${compare} ${id}::int`,
      orderBy: [byId(direction)],
      key: sql<string | null>`null::text`,
    };
    if (direction === 'asc') segments.push(withoutKey);
    else segments.unshift(withoutKey);
  }
  return { segments, orderBy: [sql`${key} ${sql.raw(direction)}`, byId(direction)], key: keyText };
}

/**
 * By creation: one segment on `(created_at, id)` (never null), spelled NULLS LAST/FIRST as the
 * index (see `newestFirst`).
 */
const createdOrder = (direction: 'asc' | 'desc'): ListOrder => {
  const order = keyOrder(sql`${businesses.createdAt}`, 'timestamptz', direction, {
    nullable: false,
  });
  const orderBy = direction === 'desc' ? newestFirst : oldestFirst;
  return { ...order, orderBy, segments: [{ ...order.segments[0]!, orderBy }] };
};

/**
 * A text key compared byte-wise, as its index holds it (migration 0032): the same order on every
 * database whatever its locale, and an anchor's text compares as the index does.
 */
const byteWise = (value: SQL | PgColumn) => sql`(${value} collate "C")`;

const nameKey = byteWise(sql`lower(${businesses.businessName})`);
const emailKey = byteWise(businesses.ownerEmail);
const typeKey = byteWise(businesses.companyType);
const countryKey = byteWise(businesses.countryOfIncorporation);
const stepAgeKey = sql`${businesses.currentActivitySince}`;

/**
 * The list's orders (`listSorts`), each ending in the id so that paging is stable, each read by
 * its own index in either direction: `(created_at, id)`; the step age's `(current_activity_since,
 * id)` (longest first forwards, which puts the completed businesses, with no age, last; shortest
 * first backwards, which puts them first); and one `(key, id)` index per column shown
 * (migration 0032, decision 115). Names and emails compare case-insensitively.
 */
const listOrders: Record<ListSort, ListOrder> = {
  '-created_at': createdOrder('desc'),
  created_at: createdOrder('asc'),
  step_since: keyOrder(stepAgeKey, 'timestamptz', 'asc', { nullable: true }),
  '-step_since': keyOrder(stepAgeKey, 'timestamptz', 'desc', { nullable: true }),
  business_name: keyOrder(nameKey, 'text', 'asc', { nullable: false }),
  '-business_name': keyOrder(nameKey, 'text', 'desc', { nullable: false }),
  email: keyOrder(emailKey, 'text', 'asc', { nullable: false }),
  '-email': keyOrder(emailKey, 'text', 'desc', { nullable: false }),
  company_type: keyOrder(typeKey, 'text', 'asc', { nullable: true }),
  '-company_type': keyOrder(typeKey, 'text', 'desc', { nullable: true }),
  country_of_incorporation: keyOrder(countryKey, 'text', 'asc', { nullable: true }),
  '-country_of_incorporation': keyOrder(countryKey, 'text', 'desc', { nullable: true }),
};

/** The order read backwards: every order's reverse is an order too. */
const reverseOf = (order: ListSort): ListSort =>
  (order.startsWith('-') ? order.slice(1) : `-${order}`) as ListSort;

/** The anchor a row leaves in its order: its segment, told by whether it has a key. */
const anchorAt = (order: ListSort, row: { anchorKey: string | null; id: number }): WalkAnchor => ({
  segment: listOrders[order].segments.findIndex(
    (segment) => segment.keyed === (row.anchorKey !== null),
  ),
  key: row.anchorKey,
  id: row.id,
});

/**
 * Where a page's rows are read from in its order: past an offset over the whole order, past the
 * rest from the other end (`fromEnd`), or in one segment of the order (`seek`), from its start or
 * after an anchor in it (a keyset seek: no offset to walk).
 */
type PageFrom =
  | { offset: number | Placeholder; fromEnd?: { total: SQL } }
  | {
      segment: number;
      after?: { key: string | null | Placeholder; id: number | Placeholder };
      /** Rows of the segment skipped after the anchor (an anchor before the page, not at it). */
      offset?: Placeholder;
    }
  /** The page's ids, cut from a search's matches read before (`SearchMatches`). */
  | { ids: SQL };

/**
 * One page of list rows with their owner and documents. The page's ids are cut
 * from `businesses` alone, reading only the sort index's columns where the
 * condition allows (an index-only scan even at a deep offset), then looked up
 * by primary key: a search matching thousands of rows looks up ten businesses
 * and owners, not thousands. Read in one segment of the order (`from.segment`), the page
 * starts at the segment's start or after an anchor in it, a keyset seek on the order's index.
 * The documents come in the same round trip.
 */
export function selectBusinessPage(
  db: Db,
  where: SQL | undefined,
  {
    limit,
    order = '-created_at',
    from,
    reasons,
  }: {
    limit: number | Placeholder;
    order?: ListSort;
    from: PageFrom;
    /** The queue's reasons of each row (`attentionReasonsOf`); null off the queue. */
    reasons?: SQL<AttentionReason[]>;
  },
) {
  const { orderBy, key } = listOrders[order];
  // Only the id: whatever this select computes, it computes for every row the offset walks
  // past. The anchor's text is read once per page row, after the join.
  const ids = db.select({ id: businesses.id }).from(businesses);
  let page;
  let rowOrder = orderBy;
  if ('ids' in from) {
    // Read by primary key alone: the ids are of the table's version the page belongs to (a
    // change drops them), as a kept answer is.
    page = ids.where(sql`${businesses.id} = any(${from.ids})`);
  } else if ('segment' in from) {
    const segment = listOrders[order].segments[from.segment]!;
    rowOrder = segment.orderBy;
    const seek = ids
      .where(and(where, segment.holds, from.after ? segment.after(from.after) : undefined))
      .orderBy(...segment.orderBy)
      .limit(limit);
    page = from.offset === undefined ? seek : seek.offset(from.offset);
  } else if (from.fromEnd) {
    // The rows [offset, offset + limit) of the order are, in its reverse, those from
    // total - offset - limit (or 0) up to total - offset. The total is read by the same
    // statement, so in the same snapshot as the rows. drizzle renders an SQL limit or offset
    // as it renders a placeholder; its types only know numbers and placeholders.
    const { offset, fromEnd } = from;
    page = ids
      .where(where)
      .orderBy(...listOrders[reverseOf(order)].orderBy)
      .limit(
        sql`greatest(0, least(${limit}::int, ${fromEnd.total} - ${offset}::int))` as unknown as number,
      )
      .offset(
        sql`greatest(0, ${fromEnd.total} - ${offset}::int - ${limit}::int)` as unknown as number,
      );
  } else {
    page = ids
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(from.offset);
  }
  return (
    db
      .select({
        id: businesses.id,
        anchorKey: key,
        uuid: businesses.uuid,
        businessName: businesses.businessName,
        companyType: businesses.companyType,
        countryOfIncorporation: businesses.countryOfIncorporation,
        isRegisteredCompany: businesses.isRegisteredCompany,
        createdAt: businesses.createdAt,
        accountLevel: businesses.accountLevel,
        currentActivityStep: businesses.currentActivityStep,
        currentActivityStatus: businesses.currentActivityStatus,
        assigneeId: businesses.assigneeId,
        attentionReasons: reasons ?? sql<AttentionReason[] | null>`null`,
        currentActivitySince,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        documents: sql<ListedDocumentRow[] | null>`(
        select json_agg(json_build_object(
          'id', d.id, 'kind', d.kind, 'document_title', d.document_title,
          'file_name', d.file_name, 'size', d.size) order by d.id)
        from documents d where d.business_id = ${businesses.id})`,
      })
      .from(businesses)
      .innerJoin(users, eq(users.id, businesses.userId))
      // The page's ids as an array computed once, then looked up by primary key. Joined as a
      // subquery instead, a plan prepared for any limit (PostgreSQL's generic plan, used after a
      // statement's fifth run) expected many rows and merged them with the whole sort index: a
      // deep page walked from the oldest end read 1 000 000 index entries more (2.8 s on average
      // at 1 000 000 businesses, measured with pg_stat_statements in `npm run bench:api`).
      .where(sql`${businesses.id} = any(array(${page}))`)
      .orderBy(...rowOrder)
  );
}
export type BusinessPageRow = Awaited<ReturnType<typeof selectBusinessPage>>[number];

/**
 * The CSV export's walk over one view (docs/decisions/100-csv-export-streamed-in-keyset-batches.md):
 * the list's condition, built once, and batches of its rows newest first, each a keyset seek
 * after the last row of the batch before, so every batch costs what the first does and no
 * statement stays open between them. A batch's ids are cut from `businesses` alone (the list
 * page's way: the sort index, then lookups by primary key), then joined to their owners.
 */
export async function prepareBusinessExport(db: Db, tab: BusinessTab, filters: ListFilters) {
  const where = businessListCondition(tab, filters, await lookUpGramFor(db, filters.search));
  const order = listOrderOf(tab, filters);
  const { segments } = listOrders[order];
  const documentCount = (kind: 'kyc' | 'kyb') =>
    sql<number>`(select count(*)::int from ${documents} d
      where d.business_id = ${businesses.id} and d.kind = ${kind})`;
  /** Up to `limit` rows of one segment, after `after` in it. */
  const readSegment = (index: number, after: WalkAnchor | undefined, limit: number) => {
    const segment = segments[index]!;
    const ids = db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(where, segment.holds, after ? segment.after(after) : undefined))
      .orderBy(...segment.orderBy)
      .limit(limit);
    return (
      db
        .select({
          id: businesses.id,
          anchorKey: segment.key,
          uuid: businesses.uuid,
          businessName: businesses.businessName,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          companyType: businesses.companyType,
          countryOfIncorporation: businesses.countryOfIncorporation,
          isRegisteredCompany: businesses.isRegisteredCompany,
          accountLevel: businesses.accountLevel,
          createdAt: isoTime(sql`${businesses.createdAt}`).mapWith(String),
          currentActivityStep: businesses.currentActivityStep,
          currentActivityStatus: businesses.currentActivityStatus,
          currentActivitySince,
          kycDocuments: documentCount('kyc'),
          kybDocuments: documentCount('kyb'),
        })
        .from(businesses)
        .innerJoin(users, eq(users.id, businesses.userId))
        // As the list page: the ids as an array computed once, then looked up by primary key.
        .where(sql`${businesses.id} = any(array(${ids}))`)
        .orderBy(...segment.orderBy)
    );
  };
  /**
   * Up to `limit` rows after `after` in the view's order, each with the anchor it leaves: the
   * rest of the anchor's segment, then the next segments while rows are wanted.
   */
  return async (after: WalkAnchor | undefined, limit: number) => {
    const batch: (Awaited<ReturnType<typeof readSegment>>[number] & { anchor: WalkAnchor })[] = [];
    for (let index = after?.segment ?? 0; index < segments.length; index++) {
      const from = after?.segment === index ? after : undefined;
      const rows = await readSegment(index, from, limit - batch.length);
      for (const row of rows) {
        batch.push({ ...row, anchor: { segment: index, key: row.anchorKey, id: row.id } });
      }
      if (batch.length === limit) break;
    }
    return batch;
  };
}
export type BusinessExportBatch = Awaited<ReturnType<typeof prepareBusinessExport>>;

/**
 * The businesses of one view, newest first as the list shows them, at most `upTo`; with
 * `total`, how many the view has, counted only when there are more (a bulk action's
 * "select all N matching": docs/decisions/104-bulk-actions-one-transaction.md).
 */
export async function selectViewBusinesses(
  db: Db,
  tab: BusinessTab,
  filters: ListFilters,
  upTo: number,
): Promise<{ uuids: string[]; total: number }> {
  const where = businessListCondition(tab, filters, await lookUpGramFor(db, filters.search));
  const rows = await db
    .select({ uuid: businesses.uuid })
    .from(businesses)
    .where(where)
    .orderBy(...newestFirst)
    .limit(upTo + 1);
  if (rows.length <= upTo) return { uuids: rows.map((row) => row.uuid), total: rows.length };
  const [counted] = await db.select({ total: count() }).from(businesses).where(where);
  return { uuids: [], total: counted!.total };
}

export type BusinessExportRow = Awaited<ReturnType<BusinessExportBatch>>[number];

/**
 * The quick jump's matches (docs/product.md §10.2): the newest `limit` businesses whose
 * search text holds `term`, with their owners. The same condition as the list's search, so
 * the same indexes serve it at any size (trigram, or grams for one or two characters;
 * decision 33): a rare term is looked up, a common one walks the newest rows until it has
 * `limit` — a common term of one or two characters by LIKE alone (`lookUpGramFor`), as the
 * list's. Unnamed, so PostgreSQL plans it with each term, as the list's search.
 */
export async function selectBusinessMatches(db: Db, term: string, limit: number) {
  const lookup = await lookUpGramFor(db, term);
  const page = db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      businessListCondition(
        'all',
        {
          search: term,
          companyType: undefined,
          createdFrom: undefined,
          createdTo: undefined,
          country: undefined,
          paymentStatus: undefined,
          accountLevel: undefined,
          activityStep: undefined,
          activityStatus: undefined,
          assignee: undefined,
          sort: undefined,
        },
        lookup,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit)
    .as('page');
  return db
    .select({
      id: businesses.id,
      uuid: businesses.uuid,
      businessName: businesses.businessName,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(page)
    .innerJoin(businesses, eq(businesses.id, page.id))
    .innerJoin(users, eq(users.id, businesses.userId))
    .orderBy(...newestFirst);
}

/**
 * The page query of each shape (tab, payment status, which filters are given,
 * anchored or not) built once with placeholders and prepared by name: later
 * requests of the same shape skip building the query and PostgreSQL skips
 * parsing and planning it. The names come from the shape, so a name always
 * means the same SQL. A search is the exception: how many rows its term
 * matches decides the plan (walk the newest rows for a common term, look a
 * rare one up in its index), so its query goes unnamed and PostgreSQL plans
 * it with each request's term (decision 33).
 *
 * Deep pages: every page served leaves the anchors of itself and of the next page (the keys of
 * the list's own order around it: segment, key and id) in its list's line of `anchors`, kept
 * while the rows they order have not changed
 * (docs/decisions/030-deep-pages-anchors-behind-the-same-page.md), in every order
 * (docs/decisions/115-sort-by-any-column-shown.md). A page with an anchor is a seek that costs
 * what page 1 costs; one without walks through the order's index alone, from the nearest anchor
 * before it where the order is one segment
 * (docs/decisions/122-deep-pages-start-from-the-nearest-anchor.md), else from the start or the end.
 */
export class PreparedBusinessPages {
  readonly #db: Db;
  readonly #plans: LRUCache<string, ReturnType<typeof prepareBusinessPage>>;
  readonly #anchors: VersionCache<AnchorLine>;
  readonly #matches: SharedVersionCache<SearchMatches>;

  constructor(
    db: Db,
    {
      anchors,
      matches,
    }: { anchors: VersionCache<AnchorLine>; matches: SharedVersionCache<SearchMatches> },
    maxShapes = 200,
  ) {
    this.#db = db;
    this.#plans = new LRUCache({ max: maxShapes });
    this.#anchors = anchors;
    this.#matches = matches;
  }

  async run(
    tab: BusinessTab,
    filters: ListFilters,
    { page, pageSize, peek = false }: { page: number; pageSize: number; peek?: boolean },
  ): Promise<{ rows: BusinessPageRow[]; more: boolean }> {
    // `peek` reads one row past the page: whether rows remain after it (`more`).
    const wanted = pageSize + (peek ? 1 : 0);
    const values = businessListValues(filters, await lookUpGramFor(this.#db, filters.search));
    const readsProgress = { readsProgress: listReadsProgress(tab, filters) };
    // Anchors are keys of the list's own order (its segment, key and id): every order has them.
    // One line a list, whatever the page size: an anchor stands before a row, not a page.
    const list = JSON.stringify([tab, filters]);
    const stamp = this.#anchors.stamp(readsProgress);
    const line = this.#anchors.peek(list, readsProgress) ?? [];
    const found: AnchorLine = [];
    const order = listOrderOf(tab, filters);
    const offset = (page - 1) * pageSize;
    const anchored = offset > 0 ? anchorBefore(line, offset) : undefined;
    // Far from any anchor served, in creation order: the month the page falls in, told by the
    // maintained month counts, is an anchor too (decision 123).
    const known =
      offset - (anchored?.at ?? 0) >= FROM_END_AFTER
        ? ((await this.#monthAnchor(tab, filters, order, offset, anchored)) ?? anchored)
        : anchored;
    // A term of three characters or more: its index gives every match, sorted again for every
    // page. Not one or two (decision 121: measured, their pages lost by it).
    const matches =
      filters.search && !isGramTerm(filters.search) && page > 1
        ? await this.#searchMatches(tab, filters, order, offset + wanted, readsProgress)
        : undefined;

    let rows: BusinessPageRow[];
    if (matches) {
      const ids = Array.from(matches.ids.subarray(offset, offset + wanted));
      rows = ids.length
        ? await this.#plan(tab, filters, values, 'ids', order).execute({ ...values, ids })
        : [];
    } else if (known?.at === offset) {
      rows = await this.#seek(tab, filters, values, order, known.anchor, wanted);
    } else {
      // One row more, the one before the page: the page's own anchor for next time.
      const before = offset > 0 ? 1 : 0;
      // After an anchor before the page, in an order of one segment: only the rows between
      // are walked. (Across segments, how many rows a segment holds is not known.)
      const from = known && listOrders[order].segments.length === 1 ? known : undefined;
      const walked = offset - (from?.at ?? 0);
      const walk: PageWalk = (await this.#walksFromEnd(tab, filters, offset, walked))
        ? 'fromEnd'
        : from
          ? { segment: 0, after: true, skip: true }
          : 'offset';
      rows = await this.#plan(tab, filters, values, walk, order).execute({
        ...values,
        limit: wanted + before,
        ...(typeof walk === 'object' && from
          ? { afterKey: from.anchor.key, afterId: from.anchor.id, offset: walked - before }
          : { offset: offset - before }),
      });
      if (before && rows.length > 0) {
        const [previous] = rows.splice(0, 1);
        found.push({ at: offset, anchor: anchorAt(order, previous!) });
      }
    }
    const more = rows.length > pageSize;
    if (more) rows.length = pageSize;
    const last = rows.at(-1);
    if (last && rows.length === pageSize) {
      found.push({ at: offset + pageSize, anchor: anchorAt(order, last) });
    }
    this.#remember(list, found, stamp, readsProgress);
    return { rows, more };
  }

  /**
   * In an order by creation, where the list's total is the maintained sum: an anchor at the
   * start of the month that holds row `offset`, placed by `business_month_counts` (migration
   * 0023), if it stands nearer the page than `anchored`. Its key is the month's edge and its id
   * 0, which no row has: in newest-first order the rows after it are those created before the
   * next month, in oldest-first those created from the month on
   * (docs/decisions/123-deep-pages-in-creation-order-seek-their-month.md).
   */
  async #monthAnchor(
    tab: BusinessTab,
    filters: ListFilters,
    order: ListSort,
    offset: number,
    anchored: AnchorLine[number] | undefined,
  ): Promise<AnchorLine[number] | undefined> {
    if ((order !== '-created_at' && order !== 'created_at') || tab === 'attention') return;
    if (!listCountIsMaintained(filters)) return;
    const newestFirst = order === '-created_at';
    const values = businessListValues(filters);
    const where = countsCondition(
      businessMonthCounts,
      tab,
      filters,
      values,
      (name) => values[name]!,
    );
    const direction = sql.raw(newestFirst ? 'desc' : 'asc');
    const [month] = await queryRows<{ edge: string; before: string }>(
      this.#db,
      sql`select to_char(${newestFirst ? sql`(m.month at time zone 'UTC' + interval '1 month') at time zone 'UTC'` : sql`m.month`} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as edge,
                 m.before::text as before
            from (select month,
                         coalesce(sum(sum(${businessMonthCounts.n})) over (
                           order by month ${direction}
                           rows between unbounded preceding and 1 preceding), 0) as before
                    from ${businessMonthCounts}
                   where ${where ?? sql`true`}
                   group by month) m
           where m.before <= ${offset}
           order by m.month ${sql.raw(newestFirst ? 'asc' : 'desc')}
           limit 1`,
    );
    if (!month) return;
    const at = Number(month.before);
    if (anchored && anchored.at >= at) return;
    return { at, anchor: { segment: 0, key: month.edge, id: 0 } };
  }

  /**
   * Adds what a page found to its list's line, kept now (another request's, read meanwhile) or
   * new; only while the table is at the version they were read at.
   */
  #remember(list: string, found: AnchorLine, stamp: number | null, readsProgress: ReadsProgress) {
    if (found.length === 0 || stamp === null || stamp !== this.#anchors.stamp(readsProgress)) {
      return;
    }
    const kept = this.#anchors.peek(list, readsProgress);
    const line = kept ?? [];
    for (const { at, anchor } of found) rememberAnchor(line, at, anchor);
    if (!kept) this.#anchors.set(list, line, stamp, readsProgress);
  }

  /**
   * A search's matches in the list's order, up to at least `upTo` of them, if they can be kept:
   * one that covers them already, else read now and kept (docs/decisions/121-a-search-s-matches-read-once-for-its-pages.md).
   * Each length read is a power of two from `MATCHES_READ_FROM` to `MATCHES_KEPT_UP_TO`, so pages
   * near each other share one read; none past the largest, nor while nothing can be kept
   * (`READ_CACHE=off`, or the table's changes unheard), where each page reads its own way.
   */
  async #searchMatches(
    tab: BusinessTab,
    filters: ListFilters,
    order: ListSort,
    upTo: number,
    readsProgress: ReadsProgress,
  ): Promise<SearchMatches | undefined> {
    if (upTo > MATCHES_KEPT_UP_TO || this.#matches.stamp(readsProgress) === null) return undefined;
    const list = JSON.stringify([tab, filters]);
    for (let length = MATCHES_READ_FROM; length <= MATCHES_KEPT_UP_TO; length *= 2) {
      const kept = await this.#matches.peek(`${list}#${length}`, readsProgress);
      if (kept && (kept.complete || kept.ids.length >= upTo)) return kept;
    }
    let length = MATCHES_READ_FROM;
    while (length < upTo) length *= 2;
    return this.#matches.get(
      `${list}#${length}`,
      () => selectSearchMatches(this.#db, tab, filters, order, length),
      readsProgress,
    );
  }

  /**
   * A page after an anchor: the rest of the anchor's segment, then the next segments from their
   * start while the page wants rows (decision 113's walk): one statement, or two at a segment's
   * end, each a seek that costs what page 1 costs.
   */
  async #seek(
    tab: BusinessTab,
    filters: ListFilters,
    values: BusinessListValues,
    order: ListSort,
    anchor: PageAnchor,
    pageSize: number,
  ): Promise<BusinessPageRow[]> {
    const rows: BusinessPageRow[] = [];
    const { segments } = listOrders[order];
    for (let segment = anchor.segment; segment < segments.length; segment++) {
      const after = segment === anchor.segment;
      const walk: PageWalk = { segment, after };
      rows.push(
        ...(await this.#plan(tab, filters, values, walk, order).execute({
          ...values,
          limit: pageSize - rows.length,
          ...(after ? { afterKey: anchor.key, afterId: anchor.id } : {}),
        })),
      );
      if (rows.length === pageSize) break;
    }
    return rows;
  }

  /**
   * Whether walking to the page from the end of its order costs less than the `walked` rows
   * from its start or an anchor before it. A backward index walk costs ~1.8 times a forward one
   * per entry (measured at 1 000 000 businesses: the Queued tab's 165 000 entries backwards and
   * 300 000 forwards both 15 ms of CPU), so from the start the turn is at two thirds of the
   * total rather than half. Only where the total is the maintained sum (the tabs and the filters
   * it holds, decisions 29 and 094), which costs less than the walk it saves; walks shorter than
   * `FROM_END_AFTER` rows go forward without asking. Every order is exactly the reverse of
   * another (`reverseOf`), so any order can be walked from its end.
   */
  async #walksFromEnd(
    tab: BusinessTab,
    filters: ListFilters,
    offset: number,
    walked: number,
  ): Promise<boolean> {
    if (walked < FROM_END_AFTER || !listCountIsMaintained(filters)) return false;
    const total = await countBusinesses(this.#db, tab, filters, offset);
    return (total.count - offset) * 2 < walked;
  }

  #plan(
    tab: BusinessTab,
    filters: ListFilters,
    values: BusinessListValues,
    walk: PageWalk,
    order: ListSort,
  ) {
    const shape = JSON.stringify([
      tab,
      filters.paymentStatus ?? null,
      filters.assignee === 'none',
      filters.attention?.limitsHours ?? null,
      Object.keys(values),
      walk,
      order,
    ]);
    let plan = this.#plans.get(shape);
    if (!plan) {
      const name =
        // A page of ids read before reads no term: one plan serves every search of its shape.
        values.search === undefined || walk === 'ids'
          ? `business_page_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`
          : UNNAMED;
      plan = prepareBusinessPage(
        this.#db,
        businessListCondition(tab, filters, {
          placeholders: true,
          lookUpGram: values.searchGram !== undefined,
        }),
        name,
        walk,
        order,
        walk === 'fromEnd' ? maintainedTotal(tab, filters) : undefined,
        filters.attention && attentionReasonsOf(filters.attention, sql.placeholder('attentionAt')),
      );
      this.#plans.set(shape, plan);
    }
    return plan;
  }
}

/**
 * The first ids of a search's matches in a list's order (`complete` when no more match), kept
 * for the search's later pages (docs/decisions/121-a-search-s-matches-read-once-for-its-pages.md).
 */
export interface SearchMatches {
  ids: Int32Array;
  complete: boolean;
}

/** The fewest matches read at once: pages near the first share the read. */
const MATCHES_READ_FROM = 32;
/** The most matches read and kept for one search (64 KB of ids); later pages read their own. */
const MATCHES_KEPT_UP_TO = 16_384;

/**
 * The first `upTo` matches of a search in the list's order, ids only. Unnamed, so PostgreSQL
 * plans it with the term (decision 33): a rare term's matches from its index, then sorted; a
 * common one's by walking the order's index.
 */
async function selectSearchMatches(
  db: Db,
  tab: BusinessTab,
  filters: ListFilters,
  order: ListSort,
  upTo: number,
): Promise<SearchMatches> {
  const matches = db
    .select({ id: businesses.id })
    .from(businesses)
    .where(businessListCondition(tab, filters))
    .orderBy(...listOrders[order].orderBy)
    .limit(upTo + 1);
  // One row of text rather than a row a match: thousands of rows cost the API more to take in
  // than the database to send, and either driver reads text alike.
  const [row] = await queryRows<{ ids: string }>(
    db,
    sql`select array_to_string(array(${matches}), ',') as ids`,
  );
  const ids = row!.ids === '' ? [] : row!.ids.split(',');
  return {
    ids: Int32Array.from(ids.slice(0, upTo), Number),
    complete: ids.length <= upTo,
  };
}

/**
 * Drizzle sends a query prepared without a name as PostgreSQL's unnamed
 * statement, planned afresh with the values of each execution; its types ask
 * for a name.
 */
const UNNAMED = undefined as unknown as string;

/**
 * How a page finds its start: past an offset from the start of its order, past the rest from
 * its end, or in one segment of the order, from its start or after an anchor.
 */
type PageWalk = 'offset' | 'fromEnd' | 'ids' | { segment: number; after: boolean; skip?: boolean };

/** Offsets below this walk from the start of the order without reading the total first. */
const FROM_END_AFTER = 2000;

/** A list's exact total as an SQL expression over `business_counts`, its values as placeholders. */
function maintainedTotal(tab: BusinessTab, filters: ListFilters): SQL {
  const where = countsCondition(businessCounts, tab, filters, businessListValues(filters), (name) =>
    sql.placeholder(name),
  );
  return sql`(select coalesce(sum(${businessCounts.n}), 0)::bigint from ${businessCounts} where ${where ?? sql`true`})`;
}

function prepareBusinessPage(
  db: Db,
  where: SQL | undefined,
  name: string,
  walk: PageWalk,
  order: ListSort,
  total?: SQL,
  reasons?: SQL<AttentionReason[]>,
) {
  const from: PageFrom =
    walk === 'ids'
      ? { ids: sql`${sql.placeholder('ids')}::int[]` }
      : typeof walk === 'object'
        ? {
            segment: walk.segment,
            after: walk.after
              ? { key: sql.placeholder('afterKey'), id: sql.placeholder('afterId') }
              : undefined,
            offset: walk.skip ? sql.placeholder('offset') : undefined,
          }
        : {
            offset: sql.placeholder('offset'),
            fromEnd: walk === 'fromEnd' && total ? { total } : undefined,
          };
  return selectBusinessPage(db, where, {
    order,
    reasons,
    limit: sql.placeholder('limit'),
    from,
  }).prepare(name);
}

/**
 * How many rows of `businesses` match, counting no further than `upTo` + 1
 * (one more tells that there are more): over `businesses` alone, so the
 * planner can answer from the tab's index.
 */
export function selectBoundedBusinessCount(db: Db, where: SQL | undefined, upTo: number) {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(businesses)
    .where(where)
    .limit(upTo + 1)
    .as('matches');
  return db.select({ total: count() }).from(matches);
}

/** A list's total: exact, or (`exact` false) a lower bound, as the list answer carries it. */
export interface ListTotal {
  count: number;
  exact: boolean;
}

/**
 * A count that reads `businesses` is exact up to this many rows, and a lower
 * bound beyond (decisions 33, 96): "1,000+ results".
 */
export const EXACT_COUNT_UP_TO = 1_000;

/**
 * How many rows `business_counts` may grow to before a count folds them: a few times the
 * combinations it holds folded (~1 100 at 1 000 000 businesses).
 */
const COUNT_ROWS_BEFORE_COMPACTING = 5000;

/**
 * The total of a list: an exact sum over the maintained `business_counts` when
 * the condition reads only the columns it holds (the tabs, the step-derived
 * filters, the country and the type: about a millisecond at any size), else a count over `businesses` that stops past
 * `bound` rows (decisions 33, 96). A sum that met many
 * unfolded rows folds them (`compactBusinessCounts`) in the background.
 */
export async function countBusinesses(
  db: Db,
  tab: BusinessTab,
  filters: ListFilters,
  bound: number,
): Promise<ListTotal> {
  if (listCountIsMaintained(filters)) {
    const values = businessListValues(filters);
    return sumCounts(
      db,
      businessCounts,
      countsCondition(businessCounts, tab, filters, values, (name) => values[name]!),
    );
  }
  if (listCountIsMonthly(filters)) {
    const total = await countByMonths(db, tab, filters, bound);
    if (total) return total;
  }
  return countRows(db, tab, filters, bound);
}

/** A count over `businesses` that stops past `bound` rows. */
async function countRows(
  db: Db,
  tab: BusinessTab,
  filters: ListFilters,
  bound: number,
): Promise<ListTotal> {
  const where = businessListCondition(tab, filters, await lookUpGramFor(db, filters.search));
  const [row] = await selectBoundedBusinessCount(db, where, bound);
  const total = row?.total ?? 0;
  return total > bound ? { count: bound, exact: false } : { count: total, exact: true };
}

/**
 * The exact sum of a maintained counts table's rows that match `where`. A sum that met more
 * unfolded rows than the table held when last folded (plus `COUNT_ROWS_BEFORE_COMPACTING`)
 * folds both tables in the background.
 */
async function sumCounts(
  db: Db,
  table: typeof businessCounts | typeof businessMonthCounts,
  where: SQL | undefined,
): Promise<ListTotal> {
  const [row] = await db
    .select({
      total: sql<string | null>`sum(${table.n}) filter (where ${where ?? sql`true`})`,
      rows: count(),
    })
    .from(table);
  const folded = foldedRows.get(db)?.[table === businessCounts ? 'counts' : 'months'] ?? 0;
  if ((row?.rows ?? 0) > folded + COUNT_ROWS_BEFORE_COMPACTING) compactInBackground(db);
  return { count: Number(row?.total ?? 0), exact: true };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first instant of the UTC month of `date`, and of the month after. */
const startOfUtcMonth = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
const startOfNextUtcMonth = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));

/**
 * A dated list's total from the monthly counts: the months its range holds whole summed, the
 * days of a month it cuts (at its start or end) counted from the rows, each at most a month of
 * them. Undefined when the range holds no whole month (then it is at most two months of rows,
 * counted as any other list).
 */
async function countByMonths(
  db: Db,
  tab: BusinessTab,
  filters: ListFilters,
  bound: number,
): Promise<ListTotal | undefined> {
  const values = businessListValues(filters);
  const { createdFrom: from, createdBefore: before } = values;
  // The whole months: from the first month starting at or after `from`, to the month of `before`.
  const wholeFrom =
    from && from.getTime() !== startOfUtcMonth(from).getTime() ? startOfNextUtcMonth(from) : from;
  const wholeBefore = before ? startOfUtcMonth(before) : undefined;
  if (wholeFrom && wholeBefore && wholeFrom >= wholeBefore) return undefined;
  const months = and(
    countsCondition(businessMonthCounts, tab, filters, values, (name) => values[name]!),
    wholeFrom ? gte(businessMonthCounts.month, wholeFrom) : undefined,
    wholeBefore ? lt(businessMonthCounts.month, wholeBefore) : undefined,
  );
  // A cut month's days, as a date range of the same filters (the cuts start and end on days).
  const cut = (since: Date, until: Date) =>
    since < until
      ? countRows(
          db,
          tab,
          {
            ...filters,
            createdFrom: isoDay(since),
            createdTo: isoDay(new Date(until.getTime() - DAY_MS)),
          },
          bound,
        )
      : undefined;
  const parts = await Promise.all([
    sumCounts(db, businessMonthCounts, months),
    from && wholeFrom ? cut(from, wholeFrom) : undefined,
    before && wholeBefore ? cut(wholeBefore, before) : undefined,
  ]);
  return parts.reduce<ListTotal>(
    (total, part) =>
      part ? { count: total.count + part.count, exact: total.exact && part.exact } : total,
    { count: 0, exact: true },
  );
}

const compacting = new WeakMap<Db, Promise<void>>();

/** How many rows each counts table held when this process last folded it. */
const foldedRows = new WeakMap<Db, FoldedRows>();

function compactInBackground(db: Db): void {
  if (compacting.has(db)) return;
  const done = compactBusinessCounts(db)
    .then((folded) => void foldedRows.set(db, folded))
    // A failed fold changes nothing (one statement a table); the next count tries again.
    .catch(() => undefined)
    .finally(() => compacting.delete(db));
  compacting.set(db, done);
}

/** The rows of `business_counts` and `business_month_counts` once folded. */
export interface FoldedRows {
  counts: number;
  months: number;
}

/**
 * Folds `business_counts` and `business_month_counts` into one row per combination, each in one
 * statement: it deletes the rows it sees and inserts their sums, so the totals never move and
 * writers appending meanwhile are neither blocked nor lost. Concurrent folds each take the rows
 * they deleted.
 */
export async function compactBusinessCounts(db: Db): Promise<FoldedRows> {
  return {
    counts: await foldCounts(db, 'business_counts', COUNTED_COLUMNS),
    months: await foldCounts(db, 'business_month_counts', `month, ${COUNTED_COLUMNS}`),
  };
}

/** The columns a maintained count is kept by, as both counts tables name them. */
const COUNTED_COLUMNS =
  'incorporation_status, account_level, has_manual_receipt, current_activity_step, ' +
  'current_activity_status, country_of_incorporation, company_type';

/** Folds one counts table by `keys` (constants of this module); how many rows it kept. */
async function foldCounts(
  db: Db,
  table: 'business_counts' | 'business_month_counts',
  keys: string,
): Promise<number> {
  const [folded] = await queryRows<{ rows: number }>(
    db,
    sql.raw(`
    with gone as (delete from ${table} returning *), kept as (
    insert into ${table} (${keys}, n)
    select ${keys}, sum(n) from gone group by ${keys} having sum(n) <> 0
    returning 1)
    select count(*)::int as rows from kept`),
  );
  return folded?.rows ?? 0;
}

/** A business's KYC/KYB documents, oldest first. */
function selectDocuments(db: Db, businessId: Placeholder) {
  return db
    .select({
      id: documents.id,
      uuid: documents.uuid,
      businessId: documents.businessId,
      kind: documents.kind,
      documentTitle: documents.documentTitle,
      fileName: documents.fileName,
      size: documents.size,
      contentType: documents.contentType,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(eq(documents.businessId, businessId))
    .orderBy(asc(documents.id));
}

function selectBusinessWithOwner(db: Db) {
  return db
    .select({
      business: businesses,
      owner: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        countryOfResidence: users.countryOfResidence,
        stateOfResidence: users.stateOfResidence,
        residentialAddress: users.residentialAddress,
        zipCode: users.zipCode,
        phoneNumber: users.phoneNumber,
        referralSource: users.referralSource,
      },
    })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId));
}

/**
 * The detail's queries, built and prepared once per database: every detail
 * view runs them, so they skip query building and PostgreSQL's parse and plan.
 */
export function prepareBusinessDetailQueries(db: Db) {
  const businessId = sql.placeholder('businessId');
  const queries = {
    byUuid: selectBusinessWithOwner(db)
      .where(eq(businesses.uuid, sql.placeholder('uuid')))
      .limit(1)
      .prepare('business_detail_by_uuid'),
    byId: selectBusinessWithOwner(db)
      .where(eq(businesses.id, sql.placeholder('id')))
      .limit(1)
      .prepare('business_detail_by_id'),
    steps: db
      .select({
        id: formationSteps.id,
        stepKey: formationSteps.stepKey,
        status: formationSteps.status,
        statusItemName: formationSteps.statusItemName,
        statusSince: formationSteps.statusSince,
      })
      .from(formationSteps)
      .where(eq(formationSteps.businessId, businessId))
      .prepare('business_detail_steps'),
    documents: selectDocuments(db, businessId).prepare('business_detail_documents'),
    payments: db
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.businessId, businessId))
      .orderBy(asc(onlinePayments.paymentDate), asc(onlinePayments.id))
      .prepare('business_detail_payments'),
    receipts: db
      .select()
      .from(manualPaymentReceipts)
      .where(eq(manualPaymentReceipts.businessId, businessId))
      .orderBy(asc(manualPaymentReceipts.id))
      .prepare('business_detail_receipts'),
    shareholders: db
      .select()
      .from(shareholders)
      .where(eq(shareholders.businessId, businessId))
      .orderBy(asc(shareholders.id))
      .prepare('business_detail_shareholders'),
  };

  return {
    /** The business and its owner, by uuid or integer id. */
    async findBusinessWithOwner(key: { uuid: string } | { id: number }) {
      const [row] = await ('uuid' in key ? queries.byUuid.execute(key) : queries.byId.execute(key));
      return row;
    },
    /** Its steps, documents, payments, receipts and shareholders, side by side. */
    selectChildren(id: number) {
      const values = { businessId: id };
      return Promise.all([
        queries.steps.execute(values),
        queries.documents.execute(values),
        queries.payments.execute(values),
        queries.receipts.execute(values),
        queries.shareholders.execute(values),
      ]);
    },
  };
}
export type BusinessDetailQueries = ReturnType<typeof prepareBusinessDetailQueries>;
export type DocumentRow = Awaited<ReturnType<BusinessDetailQueries['selectChildren']>>[1][number];
