/**
 * The business lists' plain values: the list's statuses and filters, the date range and the
 * limits. They need no schema library, so a screen that reads them does not load zod; the
 * schemas built on them are in businesses.ts
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */

// ---- Paths ----------------------------------------------------------------

/** The `{status}` path segments of the list (case-insensitive on the wire). */
export const businessListStatuses = [
  'pending',
  'incorporated',
  'processing',
  'confirmed',
  'unconfirmed',
  /** _Ours_: the work queue, 'Needs attention' (docs/product.md §11.5). */
  'attention',
] as const;
export type BusinessListStatus = (typeof businessListStatuses)[number];

/**
 * _Ours_: why a business is in 'Needs attention' (docs/product.md §11.5), in the order a queue
 * row lists them: its current step is past its limit, its payment receipt waits to be verified,
 * its client sent a document after the step failed, or it was just submitted.
 */
export const attentionReasons = ['overdue', 'receipt', 'document', 'submitted'] as const;
export type AttentionReason = (typeof attentionReasons)[number];

export const paymentStatuses = ['CONFIRMED', 'UNCONFIRMED'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What `processing_status` may ask for: an activity is never APPROVED. */
export const activityFilterStatuses = ['PENDING', 'PROCESSING', 'FAILED'] as const;
export type ActivityFilterStatus = (typeof activityFilterStatuses)[number];

/**
 * _Ours_: the list's orders (docs/product.md §11.5): by creation, newest (`-created_at`, the
 * default) or oldest first, or by how long the current step has held its status, longest
 * (`step_since`, the queue's default) or shortest first; and by the columns the list shows, each
 * both ways (a leading `-` is descending): the business name and the owner's email (both
 * case-insensitive), the type and the country (decision 115). Ties go by id, so paging is
 * stable.
 */
export const listSorts = [
  '-created_at',
  'created_at',
  'step_since',
  '-step_since',
  'business_name',
  '-business_name',
  'email',
  '-email',
  'company_type',
  '-company_type',
  'country_of_incorporation',
  '-country_of_incorporation',
] as const;
export type ListSort = (typeof listSorts)[number];

export const listFilterNames = ['type', 'date', 'country'] as const;

/** Far beyond any real list; keeps OFFSET arithmetic small and exact. */
export const MAX_PAGE = 10_000_000;
/**
 * The days a date filter may name. The end day is queried as "before the day
 * after", so every day from `first` to the day after `last` must be one that
 * PostgreSQL and a JavaScript calendar both read as written: PostgreSQL has no
 * year 0 and refuses the five-digit year (+010000) that Date.toISOString gives
 * after 9999-12-31, and `new Date(year, month, day)` reads years 0–99 as
 * 1900–1999. No business record is older than 1900.
 */
export const FILTER_DATE_RANGE = { first: '1900-01-01', last: '9998-12-31' } as const;

/** The largest id a row may have (PostgreSQL's integer). */
export const MAX_ROW_ID = 2_147_483_647;

/** How many businesses the top bar's quick jump offers at most. */
export const BUSINESS_SEARCH_LIMIT = 8;

/**
 * The business level as the list shows it (docs/product.md §3.3): a registered company is an
 * existing business, anything else a new one. The CSV export's `level` column writes the same.
 */
export const businessLevelLabels = {
  existing: 'Existing Business',
  new: 'New Business',
} as const;

/** _Ours_: the CSV export's columns, in order: its header row (docs/product.md §11.3). */
export const businessExportColumns = [
  'id',
  'uuid',
  'business_name',
  'owner_first_name',
  'owner_last_name',
  'owner_email',
  'company_type',
  'country_of_incorporation',
  'level',
  'account_level',
  'created_at',
  'current_step',
  'current_step_status',
  'current_step_since',
  'kyc_documents',
  'kyb_documents',
] as const;
export type BusinessExportColumn = (typeof businessExportColumns)[number];
