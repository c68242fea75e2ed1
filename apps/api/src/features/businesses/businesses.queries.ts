/**
 * Drizzle only. Every list filter is a condition on a column of `businesses`
 * that one of its indexes serves (DESIGN.md §4): tabs use the denormalised
 * status columns, search the trigram index on `search_text`.
 */
import type { BusinessListFilters, BusinessListStatus } from '@fd/contract';
import { and, asc, count, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  businesses,
  documents,
  formationSteps,
  manualPaymentReceipts,
  onlinePayments,
  shareholders,
  users,
} from '../../db/schema.ts';

/** `all` = every business; the others are the `{status}` path segments. */
export type BusinessTab = 'all' | BusinessListStatus;

const paid = () => eq(businesses.accountLevel, 'PAID');
/** Unpaid with at least one manual receipt: shown as NOT CONFIRMED. */
const unconfirmed = () =>
  and(eq(businesses.accountLevel, 'UNPAID'), eq(businesses.hasManualReceipt, true));

const tabConditions: Record<BusinessTab, () => SQL | undefined> = {
  all: () => undefined,
  pending: () => eq(businesses.incorporationStatus, 'PENDING'),
  incorporated: () => eq(businesses.incorporationStatus, 'APPROVED'),
  processing: () =>
    and(
      eq(businesses.currentActivityStep, 'incorporation_status'),
      eq(businesses.currentActivityStatus, 'PROCESSING'),
    ),
  confirmed: paid,
  unconfirmed,
};

/** LIKE treats `%`, `_` and `\` as special; searched text is literal. */
export const escapeLikePattern = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfUtcDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** The WHERE of a tab with the query's filters, all ANDed. */
export function businessListCondition(
  tab: BusinessTab,
  filters: Omit<BusinessListFilters, 'page' | 'pageSize'>,
): SQL | undefined {
  const search = filters.search?.toLowerCase();
  return and(
    tabConditions[tab](),
    // search_text is stored lower-cased and so is the term: LIKE, without ILIKE's per-row case folding.
    search ? like(businesses.searchText, `%${escapeLikePattern(search)}%`) : undefined,
    filters.companyType ? eq(businesses.companyType, filters.companyType) : undefined,
    filters.country ? eq(businesses.countryOfIncorporation, filters.country) : undefined,
    filters.createdFrom ? gte(businesses.createdAt, startOfUtcDay(filters.createdFrom)) : undefined,
    filters.createdTo
      ? lt(businesses.createdAt, new Date(startOfUtcDay(filters.createdTo).getTime() + DAY_MS))
      : undefined,
    filters.paymentStatus === 'CONFIRMED' ? paid() : undefined,
    filters.paymentStatus === 'UNCONFIRMED' ? unconfirmed() : undefined,
    filters.accountLevel ? eq(businesses.accountLevel, filters.accountLevel) : undefined,
    filters.activityStep ? eq(businesses.currentActivityStep, filters.activityStep) : undefined,
    filters.activityStatus
      ? eq(businesses.currentActivityStatus, filters.activityStatus)
      : undefined,
  );
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

/** A document as a list row carries it (see `listedDocumentSchema`), plus its kind. */
export interface ListedDocumentRow {
  id: number;
  kind: 'kyc' | 'kyb';
  document_title: string;
  file_name: string;
  size: number;
}

/**
 * One page of list rows with their owner and documents. The page is cut from
 * `businesses` alone, then joined: a search matching thousands of rows looks up
 * ten owners, not thousands. The documents come in the same round trip, one
 * index lookup per row of the page.
 */
export function selectBusinessPage(
  db: Db,
  where: SQL | undefined,
  { limit, offset }: { limit: number; offset: number },
) {
  const page = db
    .select({
      id: businesses.id,
      uuid: businesses.uuid,
      userId: businesses.userId,
      businessName: businesses.businessName,
      companyType: businesses.companyType,
      countryOfIncorporation: businesses.countryOfIncorporation,
      isRegisteredCompany: businesses.isRegisteredCompany,
      createdAt: businesses.createdAt,
      accountLevel: businesses.accountLevel,
      currentActivityStep: businesses.currentActivityStep,
      currentActivityStatus: businesses.currentActivityStatus,
    })
    .from(businesses)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({
      id: page.id,
      uuid: page.uuid,
      businessName: page.businessName,
      companyType: page.companyType,
      countryOfIncorporation: page.countryOfIncorporation,
      isRegisteredCompany: page.isRegisteredCompany,
      createdAt: page.createdAt,
      accountLevel: page.accountLevel,
      currentActivityStep: page.currentActivityStep,
      currentActivityStatus: page.currentActivityStatus,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      documents: sql<ListedDocumentRow[] | null>`(
        select json_agg(json_build_object(
          'id', d.id, 'kind', d.kind, 'document_title', d.document_title,
          'file_name', d.file_name, 'size', d.size) order by d.id)
        from documents d where d.business_id = ${page.id})`,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.userId))
    .orderBy(desc(page.createdAt), desc(page.id));
}
export type BusinessPageRow = Awaited<ReturnType<typeof selectBusinessPage>>[number];

/** The tab count: over `businesses` alone, so the planner can answer from the tab's index. */
export function selectBusinessCount(db: Db, where: SQL | undefined) {
  return db.select({ total: count() }).from(businesses).where(where);
}

export async function countBusinesses(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await selectBusinessCount(db, where);
  return row?.total ?? 0;
}

/** The KYC/KYB documents of several businesses in one query (no N+1). */
export function selectDocumentsOf(db: Db, businessIds: readonly number[]) {
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
    .where(inArray(documents.businessId, [...businessIds]))
    .orderBy(asc(documents.id));
}
export type DocumentRow = Awaited<ReturnType<typeof selectDocumentsOf>>[number];

/** The business and its owner, by uuid or integer id. */
export async function findBusinessWithOwner(db: Db, key: { uuid: string } | { id: number }) {
  const [row] = await db
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
    .innerJoin(users, eq(users.id, businesses.userId))
    .where('uuid' in key ? eq(businesses.uuid, key.uuid) : eq(businesses.id, key.id))
    .limit(1);
  return row;
}

export function selectFormationSteps(db: Db, businessId: number) {
  return db
    .select({
      id: formationSteps.id,
      stepKey: formationSteps.stepKey,
      status: formationSteps.status,
      statusItemName: formationSteps.statusItemName,
    })
    .from(formationSteps)
    .where(eq(formationSteps.businessId, businessId));
}

export function selectOnlinePayments(db: Db, businessId: number) {
  return db
    .select()
    .from(onlinePayments)
    .where(eq(onlinePayments.businessId, businessId))
    .orderBy(asc(onlinePayments.paymentDate), asc(onlinePayments.id));
}

export function selectManualReceipts(db: Db, businessId: number) {
  return db
    .select()
    .from(manualPaymentReceipts)
    .where(eq(manualPaymentReceipts.businessId, businessId))
    .orderBy(asc(manualPaymentReceipts.id));
}

export function selectShareholders(db: Db, businessId: number) {
  return db
    .select()
    .from(shareholders)
    .where(eq(shareholders.businessId, businessId))
    .orderBy(asc(shareholders.id));
}
