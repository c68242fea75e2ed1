import {
  activityFilterStatuses,
  apiErrorDetails,
  BUSINESS_SEARCH_LIMIT,
  type BusinessSearchResult,
  type businessDetailIdSchema,
  formationStepKeys,
  formationStepNames,
  type AccountLevel,
  type ActivityFilterStatus,
  type BusinessDetail,
  type BusinessListPage,
  type CurrentActivityBody,
  type FormationStepKey,
  type ListedDocument,
  type StepStatus,
  type StoredDocument,
} from '@fd/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SignedFileUrls } from '../../lib/signed-url.ts';
import type { SharedVersionCache } from '../../lib/read-cache/index.ts';
import {
  EXACT_COUNT_UP_TO,
  countBusinesses,
  listReadsProgress,
  type BusinessTab,
  type BusinessDetailQueries,
  type DocumentRow,
  type ListedDocumentRow,
  type ListFilters,
  type ListTotal,
  type PreparedBusinessPages,
  selectBusinessMatches,
} from './businesses.queries.ts';

/**
 * One page of a tab: rows with their documents, and the total. Two queries whatever the page
 * size, side by side; the count is cached per version of the businesses table. A total read
 * from `businesses` is exact up to its bound and a lower bound beyond (`total_count_exact`
 * false; decisions 33, 96). The count stops at that one bound whatever the page, so every page
 * of a list shares it; a page past the bound tells the rest itself (`pageTotal`).
 */
export async function listBusinesses(
  { db }: Database,
  { counts, pages }: { counts: SharedVersionCache<ListTotal>; pages: PreparedBusinessPages },
  tab: BusinessTab,
  { page, pageSize, ...filters }: ListFilters & { page: number; pageSize: number },
): Promise<BusinessListPage> {
  // The parsed filters are canonical (defaults filled, spellings fixed), so equal
  // questions share one cached count whatever the raw query looked like.
  // The order changes no total: one count for every order of the same rows.
  const counted = { ...filters, sort: undefined };
  const countTo = (bound: number) =>
    counts.get(
      JSON.stringify([tab, counted, bound]),
      () => countBusinesses(db, tab, counted, bound),
      { readsProgress: listReadsProgress(tab, counted) },
    );
  const offset = (page - 1) * pageSize;
  const reachesBound = offset + pageSize >= EXACT_COUNT_UP_TO;
  const [{ rows, more }, bounded] = await Promise.all([
    pages.run(tab, filters, { page, pageSize, peek: reachesBound }),
    countTo(EXACT_COUNT_UP_TO),
  ]);
  const total =
    bounded.exact || !reachesBound
      ? bounded
      : rows.length > 0
        ? pageTotal(offset + rows.length, more)
        : // Past the last row: counted to this page's start, so the list can show its last page.
          await countTo(offset);
  return {
    businesses: rows.map((row) => ({
      id: row.id,
      uuid: row.uuid,
      business_name: row.businessName,
      user: { email: row.email, first_name: row.firstName, last_name: row.lastName },
      company_type: row.companyType,
      country_of_incorporation: row.countryOfIncorporation,
      is_registered_company: row.isRegisteredCompany,
      created_at: row.createdAt.toISOString(),
      account_level: row.accountLevel as AccountLevel,
      total_files: listedFiles(row.documents),
      current_business_formation_activity: toCurrentActivity(
        row.currentActivityStep,
        row.currentActivityStatus,
        row.currentActivitySince,
      ),
      assignee_id: row.assigneeId,
      attention_reasons: row.attentionReasons,
    })),
    total_count: total.count,
    total_count_exact: total.exact,
    page,
    page_size: pageSize,
  };
}

/**
 * The total a page past the count's bound shows: up to its last row, exact when no row follows
 * it, else a lower bound one row on, so Next stays open while rows remain.
 */
const pageTotal = (pageEnd: number, more: boolean): ListTotal =>
  more ? { count: pageEnd + 1, exact: false } : { count: pageEnd, exact: true };

/**
 * The quick jump (docs/product.md §10.2): up to BUSINESS_SEARCH_LIMIT businesses whose name,
 * owner's names or email hold `term`. Of the newest matches, those whose name starts with the
 * term come first, then those whose name holds it, then the rest (an owner's name or email).
 */
export async function searchBusinesses(
  { db }: Database,
  term: string,
): Promise<BusinessSearchResult[]> {
  const rows = await selectBusinessMatches(db, term, BUSINESS_SEARCH_LIMIT);
  const needle = term.toLowerCase();
  const rank = (name: string) => {
    const at = name.toLowerCase().indexOf(needle);
    return at === 0 ? 0 : at > 0 ? 1 : 2;
  };
  return rows
    .map((row, order) => ({ row, order, rank: rank(row.businessName) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ row }) => ({
      id: row.id,
      uuid: row.uuid,
      business_name: row.businessName,
      user: { email: row.email, first_name: row.firstName, last_name: row.lastName },
    }));
}

/** A business by uuid or integer id, as the detail path's schema parses it. */
type BusinessDetailKey = z.output<typeof businessDetailIdSchema>;

type DetailReceipt = BusinessDetail['manual_payment_doc'][number];
/** A stored file as read, before its download link is signed. */
type Unsigned<T> = Omit<T, 'file'>;

/**
 * The detail as read from the database: everything but the download links, which are
 * signed for a time and so per answer (`signBusinessDetail`).
 */
export type UnsignedBusinessDetail = Omit<BusinessDetail, 'manual_payment_doc' | 'documents'> & {
  manual_payment_doc: Unsigned<DetailReceipt>[];
  documents: DocumentsByKind<Unsigned<StoredDocument>>;
};

/** The whole detail of docs/product.md §3, by uuid or integer id, but for its links. */
export async function readBusinessDetail(
  queries: BusinessDetailQueries,
  key: BusinessDetailKey,
): Promise<UnsignedBusinessDetail> {
  const found = await queries.findBusinessWithOwner(key);
  if (!found) throw new AppError(404, apiErrorDetails.notFound);
  const { business, owner } = found;

  const [steps, documents, payments, receipts, owners] = await queries.selectChildren(business.id);
  const stepByKey = new Map(steps.map((step) => [step.stepKey, step]));

  return {
    id: business.id,
    uuid: business.uuid,
    business_name: business.businessName,
    business_industry: business.businessIndustry,
    business_description: business.businessDescription,
    company_type: business.companyType,
    created_at: business.createdAt.toISOString(),
    country_of_incorporation: business.countryOfIncorporation,
    state_of_incorporation: business.stateOfIncorporation,
    incorporation_number: business.incorporationNumber,
    incorporation_date: business.incorporationDate,
    new_business_formation_address: business.newBusinessFormationAddress,
    tax_id: business.taxId,
    national_identification_number: business.nationalIdentificationNumber,
    company_website: business.companyWebsite,
    social_link: business.socialLink,
    is_registered_company: business.isRegisteredCompany,
    account_level: business.accountLevel as AccountLevel,
    online_payment_data: payments.map((payment) => ({
      id: payment.id,
      amount: Number(payment.amount),
      currency: payment.currency,
      reference: payment.reference,
      payment_date: payment.paymentDate.toISOString(),
      created_at: payment.createdAt.toISOString(),
    })),
    manual_payment_doc: receipts.map((receipt) => ({
      id: receipt.id,
      document_title: receipt.documentTitle,
      file_name: receipt.fileName,
      size: receipt.size,
      content_type: receipt.contentType,
      created_at: receipt.createdAt.toISOString(),
    })),
    shareholders: owners.map((shareholder) => ({
      id: shareholder.id,
      company_owner_full_name: shareholder.companyOwnerFullName,
      ownership_percentage: Number(shareholder.ownershipPercentage),
      is_company: shareholder.isCompany,
    })),
    documents: documentsByKind(documents),
    user: {
      first_name: owner.firstName,
      last_name: owner.lastName,
      email: owner.email,
      country_of_residence: owner.countryOfResidence,
      state_of_residence: owner.stateOfResidence,
      residential_address: owner.residentialAddress,
      zip_code: owner.zipCode,
      phone_number: owner.phoneNumber,
      referral_source: owner.referralSource,
    },
    business_formation_statuses: Object.fromEntries(
      formationStepKeys.map((stepKey) => {
        const step = stepByKey.get(stepKey);
        return [
          stepKey,
          {
            id: step?.id ?? null,
            status: (step?.status ?? 'PENDING') as StepStatus,
            status_item_name: step?.statusItemName ?? formationStepNames[stepKey],
            status_since: step?.statusSince.toISOString() ?? null,
          },
        ];
      }),
    ) as BusinessDetail['business_formation_statuses'],
    current_business_formation_activity: toCurrentActivity(
      business.currentActivityStep,
      business.currentActivityStatus,
      stepByKey.get(business.currentActivityStep ?? '')?.statusSince.toISOString() ?? null,
    ),
    assignee_id: business.assigneeId,
  };
}

/** The denormalised columns as the wire object; null (no step waiting) means Completed. */
export function toCurrentActivity(
  step: string | null,
  status: string | null,
  since: string | null,
): CurrentActivityBody {
  if (step === null || !Object.hasOwn(formationStepNames, step)) return null;
  if (!(activityFilterStatuses as readonly (string | null)[]).includes(status)) return null;
  const stepKey = step as FormationStepKey;
  return {
    status: status as ActivityFilterStatus,
    status_item_name: formationStepNames[stepKey],
    step: stepKey,
    since,
  };
}

type DocumentsByKind<T> = { kyb: T[]; kyc: T[] };

/** A list row's documents by kind, as the page query aggregated them. */
function listedFiles(rows: readonly ListedDocumentRow[] | null): DocumentsByKind<ListedDocument> {
  const files: DocumentsByKind<ListedDocument> = { kyb: [], kyc: [] };
  for (const { kind, ...document } of rows ?? []) files[kind].push(document);
  return files;
}

/** The business's documents by kind, in the order read. */
function documentsByKind(rows: readonly DocumentRow[]): DocumentsByKind<Unsigned<StoredDocument>> {
  const files: DocumentsByKind<Unsigned<StoredDocument>> = { kyb: [], kyc: [] };
  for (const row of rows) {
    files[row.kind === 'kyb' ? 'kyb' : 'kyc'].push({
      id: row.id,
      uuid: row.uuid,
      document_title: row.documentTitle,
      file_name: row.fileName,
      size: row.size,
      content_type: row.contentType,
      created_at: row.createdAt.toISOString(),
    });
  }
  return files;
}

/** The detail as sent: each document and receipt with a download link signed now. */
export function signBusinessDetail(
  detail: UnsignedBusinessDetail,
  fileUrls: SignedFileUrls,
): BusinessDetail {
  const signDocument = (document: Unsigned<StoredDocument>): StoredDocument => ({
    ...document,
    file: fileUrls.urlFor('document', document.id),
  });
  return {
    ...detail,
    manual_payment_doc: detail.manual_payment_doc.map((receipt) => ({
      ...receipt,
      file: fileUrls.urlFor('receipt', receipt.id),
    })),
    documents: {
      kyb: detail.documents.kyb.map(signDocument),
      kyc: detail.documents.kyc.map(signDocument),
    },
  };
}
