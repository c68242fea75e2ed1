/**
 * Business lists, tab counts and business detail (docs/product.md §3, §7; docs/architecture.md §4).
 * The query schema reads raw query strings, so the server and the web client
 * agree on every rule and every message.
 */
import { z } from 'zod';
import {
  accountLevels,
  companyTypes,
  formationStepKeys,
  formationStepNames,
  stepStatuses,
  type FormationStepKey,
} from './enums.ts';
import { dayRangePattern, isCalendarDay } from './day-pattern.ts';
import { successBody } from './errors.ts';
import { choice, param, wholeNumber } from './query.ts';
import { LIST_PAGE_SIZE, MAX_PAGE_SIZE, SEARCH_MAX_LENGTH } from './limits.ts';
import { incorporationCountries } from './reference/countries.ts';
import { activityFilterOptions } from './reference/lists.ts';
import {
  FILTER_DATE_RANGE,
  MAX_PAGE,
  MAX_ROW_ID,
  activityFilterStatuses,
  attentionReasons,
  businessListStatuses,
  listFilterNames,
  listSorts,
  paymentStatuses,
} from './business-values.ts';

// ---- Query ----------------------------------------------------------------

/** YYYY-MM-DD, a day that exists (no 2024-02-30), within FILTER_DATE_RANGE. */
const isoDate = (name: string) =>
  param(name)
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      if (!isCalendarDay(value)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a real date in the format YYYY-MM-DD.`,
        });
      } else if (value < FILTER_DATE_RANGE.first || value > FILTER_DATE_RANGE.last) {
        // Both are YYYY-MM-DD here, so string order is date order.
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a day from ${FILTER_DATE_RANGE.first} to ${FILTER_DATE_RANGE.last}.`,
        });
      }
    })
    .meta({
      type: 'string',
      format: 'date',
      pattern: dayRangePattern(Number(FILTER_DATE_RANGE.first.slice(0, 4)), FILTER_DATE_RANGE.last),
      description: `A day from ${FILTER_DATE_RANGE.first} to ${FILTER_DATE_RANGE.last}.`,
    });

/** Activity names arrive with spaces as underscores (`Incorporation_Status`). */
const activityStepByName = new Map<string, FormationStepKey>(
  formationStepKeys
    .filter((key) => (activityFilterOptions as readonly string[]).includes(formationStepNames[key]))
    .map((key) => [formationStepNames[key].toLowerCase(), key]),
);
/** The activity filter's names as the query spells them. */
const activityFilterNames = activityFilterOptions.map((name) => name.replaceAll(' ', '_'));
const formationActivity = param('business_formation_status')
  .transform((value, ctx): FormationStepKey | undefined => {
    if (value === undefined) return undefined;
    const step = activityStepByName.get(value.replaceAll('_', ' ').toLowerCase());
    if (step === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `business_formation_status must be one of: ${activityFilterNames.join(', ')}.`,
      });
      return z.NEVER;
    }
    return step;
  })
  .meta({ type: 'string', enum: activityFilterNames });

/**
 * _Ours_: whose businesses a list holds (docs/product.md §11.1): `me` (the signed-in manager's),
 * `none` (unassigned) or a manager's id.
 */
const assigneeParam = param('assignee')
  .transform((value, ctx): AssigneeFilter | undefined => {
    if (value === undefined) return undefined;
    const lower = value.toLowerCase();
    if (lower === 'me' || lower === 'none') return lower;
    if (/^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= MAX_ROW_ID) return Number(value);
    ctx.addIssue({
      code: 'custom',
      message: 'assignee must be me, none or a manager id (a positive whole number).',
    });
    return z.NEVER;
  })
  .meta({
    type: 'string',
    pattern: '^([Mm][Ee]|[Nn][Oo][Nn][Ee]|[1-9][0-9]{0,9})$',
    description: "me (the signed-in manager's), none (unassigned) or a manager's id.",
  });
/** The `assignee` filter as parsed; the server reads `me` as the signed-in manager's id. */
export type AssigneeFilter = 'me' | 'none' | number;

/**
 * Every query parameter of the list endpoints (docs/product.md §7). Unknown parameters
 * are ignored; any bad value fails with a message naming its parameter. Each parameter stands
 * on its own, as the API document can state it (docs/decisions/076-the-api-document-states-every-rule.md):
 * `start_date_iso` alone lists from that day on, `end_date_iso` alone up to that day, an end
 * before the start matches nothing, and `filter` (which filter the documents page shows) changes
 * nothing by itself.
 */
const businessListQueryParameters = {
  page: wholeNumber('page', 1, MAX_PAGE, `page must be a whole number from 1 to ${MAX_PAGE}.`),
  page_size: wholeNumber(
    'page_size',
    1,
    MAX_PAGE_SIZE,
    `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
  ),
  search: param('search')
    .pipe(
      z
        .string()
        // Characters as the document's maxLength counts them (an emoji is one).
        .refine((value) => [...value].length <= SEARCH_MAX_LENGTH, {
          error: `search must be at most ${SEARCH_MAX_LENGTH} characters.`,
        })
        .optional(),
    )
    // An empty search (spaces included) searches nothing.
    .transform((value) => (value === '' ? undefined : value))
    .meta({ type: 'string', maxLength: SEARCH_MAX_LENGTH }),
  filter: choice('filter', listFilterNames).describe(
    'Which filter the documents page shows; the value parameters do the filtering.',
  ),
  type: choice('type', companyTypes),
  start_date_iso: isoDate('start_date_iso'),
  end_date_iso: isoDate('end_date_iso'),
  country: choice('country', incorporationCountries),
  payment_status: choice('payment_status', paymentStatuses),
  account_level: choice('account_level', accountLevels),
  business_formation_status: formationActivity,
  processing_status: choice('processing_status', activityFilterStatuses),
  assignee: assigneeParam,
  sort: choice('sort', listSorts),
};
type BusinessListQueryParameters = z.output<z.ZodObject<typeof businessListQueryParameters>>;

/** The parsed list query as the server applies it, named for what it does. */
const toListFilters = (q: BusinessListQueryParameters) => ({
  page: q.page ?? 1,
  pageSize: q.page_size ?? LIST_PAGE_SIZE,
  search: q.search,
  companyType: q.type,
  /** Inclusive UTC days. */
  createdFrom: q.start_date_iso,
  createdTo: q.end_date_iso,
  country: q.country,
  paymentStatus: q.payment_status,
  accountLevel: q.account_level,
  activityStep: q.business_formation_status,
  activityStatus: q.processing_status,
  assignee: q.assignee,
  sort: q.sort,
});

/** The list's query (the parameters above), parsed into the filters the server applies. */
export const businessListQuerySchema = z
  .object(businessListQueryParameters)
  .transform(toListFilters);
/** The query as sent (all strings). */
export type BusinessListQuery = z.input<typeof businessListQuerySchema>;
/** The query as the server applies it. */
export type BusinessListFilters = z.output<typeof businessListQuerySchema>;

/**
 * _Ours_: the CSV export's query (docs/product.md §11.3): the list's parameters, read by the
 * same rules, plus `status`, the tab (absent: All clients). `page` and `page_size` are checked
 * like the list's and then ignored: an export holds every row the view lists.
 */
export const businessExportQuerySchema = z
  .object({
    ...businessListQueryParameters,
    status: choice('status', businessListStatuses).describe(
      'The tab to export, as the list path names it; absent: every business (All clients).',
    ),
  })
  .transform(({ status, ...parameters }) => {
    const { page: _page, pageSize: _pageSize, ...filters } = toListFilters(parameters);
    return { tab: status ?? ('all' as const), filters };
  });
/** The export's query as sent. */
export type BusinessExportQuery = z.input<typeof businessExportQuerySchema>;
/** The export's query as the server applies it: the tab and the list's filters. */
export type BusinessExportSelection = z.output<typeof businessExportQuerySchema>;

export const businessListStatusSchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(
    z.enum(businessListStatuses, {
      error: `status must be one of: ${businessListStatuses.join(', ')}.`,
    }),
  )
  .meta({ type: 'string', enum: [...businessListStatuses] });

/**
 * A positive row id wherever it comes: a path, a query, a multipart field (text) or JSON (a
 * number or text). Decimal digits without a leading zero, spaces around them allowed, up to
 * MAX_ROW_ID; the document states it as the integer it is.
 */
export const positiveRowId = (message: string) =>
  // Given (a preprocess alone would make the field optional in the document), then read.
  z
    .custom<number | string>((value) => value !== undefined, { error: message })
    .pipe(
      z.preprocess(
        (value) =>
          typeof value === 'string' && /^\s*[1-9][0-9]{0,9}\s*$/.test(value)
            ? Number(value)
            : value,
        z
          .number({ error: message })
          .int({ error: message })
          .min(1, { error: message })
          .max(MAX_ROW_ID, { error: message }),
      ),
    )
    .meta({ type: 'integer', minimum: 1, maximum: MAX_ROW_ID });

/** `{id}` of the detail path: the business uuid, or its positive integer id. */
export const businessDetailIdSchema = z.union(
  [
    z.guid().transform((uuid) => ({ uuid: uuid.toLowerCase() })),
    positiveRowId('The business id must be a business uuid or a positive whole number.').transform(
      (id) => ({ id }),
    ),
  ],
  { error: 'The business id must be a business uuid or a positive whole number.' },
);

// ---- Responses ------------------------------------------------------------

/** A stored file as listed: `file` is a short-lived signed download URL. */
export const storedDocumentSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  document_title: z.string(),
  file_name: z.string(),
  /** Bytes. */
  size: z.number(),
  content_type: z.string(),
  file: z.string(),
  created_at: z.string(),
});
export type StoredDocument = z.infer<typeof storedDocumentSchema>;

/**
 * A document as a list row carries it: enough for the Docs amount and the
 * Preview modal. Download links (signed, one HMAC each) come with the detail.
 */
export const listedDocumentSchema = storedDocumentSchema.pick({
  id: true,
  document_title: true,
  file_name: true,
  size: true,
});
export type ListedDocument = z.infer<typeof listedDocumentSchema>;

/** The step a business waits on; null means Completed. */
export const currentActivitySchema = z
  .object({
    status: z.enum(activityFilterStatuses),
    status_item_name: z.string(),
    step: z.enum(formationStepKeys),
    /** _Ours_: when the step entered this status (ISO 8601); null if its row is missing. */
    since: z.string().nullable(),
  })
  .nullable();
export type CurrentActivityBody = z.infer<typeof currentActivitySchema>;

export const businessListItemSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  business_name: z.string(),
  user: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
  company_type: z.string().nullable(),
  country_of_incorporation: z.string().nullable(),
  is_registered_company: z.boolean(),
  created_at: z.string(),
  account_level: z.enum(accountLevels),
  total_files: z.object({
    kyb: z.array(listedDocumentSchema),
    kyc: z.array(listedDocumentSchema),
  }),
  current_business_formation_activity: currentActivitySchema,
  /** _Ours_: the id of the manager whose the business is (docs/product.md §11.1); null = unassigned. */
  assignee_id: z.number().nullable(),
  /**
   * _Ours_: on the 'attention' tab, why the business is in the queue (at least one reason);
   * null on every other tab (docs/product.md §11.5).
   */
  attention_reasons: z.array(z.enum(attentionReasons)).nullable(),
});
export type BusinessListItem = z.infer<typeof businessListItemSchema>;

export const businessListPageSchema = z.object({
  businesses: z.array(businessListItemSchema),
  total_count: z.number(),
  /**
   * False when `total_count` is a lower bound: the rows matching a search, or
   * the days of a month a date range cuts, are counted up to 1 000 (or the
   * requested page's end and one page more), and "1,000+" is what the list shows.
   */
  total_count_exact: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});
export type BusinessListPage = z.infer<typeof businessListPageSchema>;
export const businessListResponseSchema = successBody(businessListPageSchema);
export type BusinessListResponse = z.infer<typeof businessListResponseSchema>;

// ---- Quick jump ------------------------------------------------------------

/**
 * `q` of the quick jump (`manager/business/search/`): required, trimmed, one to
 * SEARCH_MAX_LENGTH characters, matched like the list's `search` (a literal,
 * case-insensitive substring of the business name, the owner's names or email).
 */
export const businessSearchQuerySchema = z.object({
  // Required, so stated as such in the API document: a plain string first (a repeated `q` is an
  // array), trimmed after.
  q: z
    .string({
      error: (issue) => (issue.input === undefined ? 'q is required.' : 'q must be given once.'),
    })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .refine((value) => value !== '', { error: 'q must not be empty.' })
        .refine((value) => [...value].length <= SEARCH_MAX_LENGTH, {
          error: `q must be at most ${SEARCH_MAX_LENGTH} characters.`,
        }),
    )
    .meta({ type: 'string', minLength: 1, maxLength: SEARCH_MAX_LENGTH }),
});
export type BusinessSearchQuery = z.input<typeof businessSearchQuerySchema>;

export const businessSearchResultSchema = businessListItemSchema.pick({
  id: true,
  uuid: true,
  business_name: true,
  user: true,
});
export type BusinessSearchResult = z.infer<typeof businessSearchResultSchema>;

export const businessSearchResponseSchema = successBody(
  z.object({ businesses: z.array(businessSearchResultSchema) }),
);
export type BusinessSearchResponse = z.infer<typeof businessSearchResponseSchema>;

export const formationStatusSchema = z.object({
  /** Null only if the step's row is missing (shown as PENDING, cannot be updated). */
  id: z.number().nullable(),
  status: z.enum(stepStatuses),
  status_item_name: z.string(),
  /** _Ours_: when the step entered its status (ISO 8601); null if its row is missing. */
  status_since: z.string().nullable(),
});

export const businessDetailSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  business_name: z.string(),
  business_industry: z.string().nullable(),
  business_description: z.string().nullable(),
  company_type: z.string().nullable(),
  created_at: z.string(),
  country_of_incorporation: z.string().nullable(),
  state_of_incorporation: z.string().nullable(),
  incorporation_number: z.string().nullable(),
  /** YYYY-MM-DD. */
  incorporation_date: z.string().nullable(),
  new_business_formation_address: z.string().nullable(),
  tax_id: z.string().nullable(),
  national_identification_number: z.string().nullable(),
  company_website: z.string().nullable(),
  social_link: z.string().nullable(),
  is_registered_company: z.boolean(),
  account_level: z.enum(accountLevels),
  online_payment_data: z.array(
    z.object({
      id: z.number(),
      amount: z.number(),
      currency: z.string(),
      reference: z.string(),
      payment_date: z.string(),
      created_at: z.string(),
    }),
  ),
  /** A receipt is a stored file like a document, without a public uuid. */
  manual_payment_doc: z.array(storedDocumentSchema.omit({ uuid: true })),
  shareholders: z.array(
    z.object({
      id: z.number(),
      company_owner_full_name: z.string(),
      ownership_percentage: z.number(),
      is_company: z.boolean(),
    }),
  ),
  documents: z.object({
    kyc: z.array(storedDocumentSchema),
    kyb: z.array(storedDocumentSchema),
  }),
  user: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    country_of_residence: z.string().nullable(),
    state_of_residence: z.string().nullable(),
    residential_address: z.string().nullable(),
    zip_code: z.string().nullable(),
    phone_number: z.string().nullable(),
    referral_source: z.string().nullable(),
  }),
  business_formation_statuses: z.object(
    Object.fromEntries(formationStepKeys.map((key) => [key, formationStatusSchema])) as Record<
      FormationStepKey,
      typeof formationStatusSchema
    >,
  ),
  current_business_formation_activity: currentActivitySchema,
  /** _Ours_: the id of the manager whose the business is (docs/product.md §11.1); null = unassigned. */
  assignee_id: z.number().nullable(),
});
export type BusinessDetail = z.infer<typeof businessDetailSchema>;
export const businessDetailResponseSchema = successBody(businessDetailSchema);
export type BusinessDetailResponse = z.infer<typeof businessDetailResponseSchema>;
