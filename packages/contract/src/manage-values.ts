/**
 * The manage screen's plain values: its paths, limits, upload types, the editable details and
 * their labels, the step status kinds and the link check. They need no schema library, so the
 * screen that reads them does not load zod; the schemas built on them are in manage.ts
 * (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
import { FILTER_DATE_RANGE } from './business-values.ts';
import type { FormationStepKey, StepStatus } from './enums.ts';
import { linkCharacter } from './text-characters.ts';
import { documentFeedbackTitles, stepFeedbackTitles } from './reference/lists.ts';

// ---- Paths ----------------------------------------------------------------

/** Paths relative to API_BASE_PATH, as docs/product.md §7 names them. */
export const manageApiPaths = {
  businessSetup: (businessUuid: string) => `business/setup/${businessUuid}/`,
  managerLogs: (businessUuid: string) => `manager/logs/${businessUuid}/`,
  comments: 'business/comment/',
  comment: (id: string | number) => `business/comment/${id}/`,
  stepStatusUpdate: (kind: StepStatusKind, statusId: string | number) =>
    `manager/settings/${kind}/update/${statusId}/`,
  feedback: 'manager/feedback/',
  /**
   * Ours: a step's report to the client and its new status, committed together or not at all
   * (docs/decisions/055-a-report-and-its-status-change-are-one-action.md).
   */
  feedbackWithStatus: 'manager/feedback/status/',
  feedbackDetail: (statusId: string | number) => `manager/feedback/detail/${statusId}/`,
  postFormationAttachments: (statusId: string | number) =>
    `manager/business/feedback/post-doc-formation/${statusId}/attachments/`,
  /** Ours: docs/product.md leaves the upload's endpoint open (decision 24). */
  postFormationUpload: 'manager/business/feedback/post-doc-formation/upload/',
  /** Ours: docs/product.md leaves the file history's source open (decision 24). */
  fileHistory: (businessUuid: string) => `manager/file-history/${businessUuid}/`,
  /** Ours: whose a business is (docs/product.md §11.1). */
  assignee: (businessUuid: string) => `manager/business/assignee/${businessUuid}/`,
  /** Ours: every manager account, whom a business can be assigned to (docs/product.md §11.1). */
  managers: 'manager/managers/',
  /** Ours: one action on many businesses, all or nothing (docs/product.md §11.5). */
  bulk: 'manager/business/bulk/',
} as const;

// ---- Limits ---------------------------------------------------------------

export const BUSINESS_NAME_MAX_LENGTH = 200;
export const BUSINESS_ADDRESS_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 5000;
/**
 * The newest entries a business's log answer carries
 * (docs/decisions/021-manage-business-editing-one-detail-logs-comments.md).
 */
export const MANAGER_LOGS_LIMIT = 200;
/**
 * The newest comments a business's comment list carries
 * (docs/decisions/021-manage-business-editing-one-detail-logs-comments.md).
 */
export const COMMENTS_LIMIT = 500;
export const FEEDBACK_MESSAGE_MAX_LENGTH = 5000;
export const FILE_URL_MAX_LENGTH = 2048;
/** The newest feedback a step's detail and attachment answers carry (decision 24). */
export const FEEDBACK_LIMIT = 200;
/** The newest files a business's file history carries (decision 24). */
export const FILE_HISTORY_LIMIT = 200;
/** UPLOAD_MAX_BYTES when the environment leaves it unset: 10 MB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What an upload may be: told by its first bytes, and named with one of its type's extensions
 * (decision 24; docs/decisions/066-an-upload-s-name-agrees-with-its-bytes.md). The first
 * extension is the one a name without any is given. `accept` lists them for the file picker;
 * SVG is not among them (it can carry script).
 */
export const uploadFileTypes = [
  { label: 'PDF', contentType: 'application/pdf', extensions: ['pdf'] },
  { label: 'PNG', contentType: 'image/png', extensions: ['png'] },
  { label: 'JPEG', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { label: 'GIF', contentType: 'image/gif', extensions: ['gif'] },
  {
    label: 'DOCX',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  {
    label: 'XLSX',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
  },
] as const;
export type UploadContentType = (typeof uploadFileTypes)[number]['contentType'];
export const uploadAccept = uploadFileTypes
  .flatMap((type) => [type.contentType, ...type.extensions.map((extension) => `.${extension}`)])
  .join(',');
/** No company on file was incorporated before this day: the first day the lists filter on. */
export const INCORPORATION_DATE_FIRST = FILTER_DATE_RANGE.first;
/** The world's earliest time zone (UTC+14): where "today" comes first. */
const EARLIEST_UTC_OFFSET_MS = 14 * 3600 * 1000;

/**
 * The latest incorporation date a manager may enter at `now`: today somewhere
 * on Earth, so a manager east of UTC can enter their own today.
 */
export const latestIncorporationDay = (now: Date): string =>
  new Date(now.getTime() + EARLIEST_UTC_OFFSET_MS).toISOString().slice(0, 10);

// ---- Editing one detail ---------------------------------------------------

/** The `detailType` keys a manager may edit (docs/product.md §3.6); not incorporation_number. */
export const editableBusinessDetails = [
  'business_name',
  'business_industry',
  'company_type',
  'country_of_incorporation',
  'state_of_incorporation',
  'new_business_formation_address',
  'incorporation_date',
  'tax_id',
] as const;
export type EditableBusinessDetail = (typeof editableBusinessDetails)[number];

/**
 * The rows of the manage screen, by key: `{value}` of 'Successfully updated {value} Details'
 * (docs/product.md §8.2) and the names in the log.
 */
export const businessDetailLabels: Record<EditableBusinessDetail, string> = {
  business_name: 'Business Name',
  business_industry: 'Industry',
  company_type: 'Company Type',
  country_of_incorporation: 'Country of Incorporation',
  state_of_incorporation: 'State of Incorporation',
  new_business_formation_address: 'Business Address',
  incorporation_date: 'Date of Incorporation',
  tax_id: 'Tax EIN',
};

// ---- Step statuses --------------------------------------------------------

/**
 * The `{kind}` of `PUT manager/settings/{kind}/update/{statusId}/` and the step each moves
 * (docs/product.md §7.5, and the other steps the manage screen moves: decision 23).
 * document_verification_status is display only (docs/product.md §4.5), so it has no endpoint.
 */
export const stepStatusKinds = {
  payment: 'payment_status',
  'post-formation-doc': 'post_doc_formation_status',
  tax: 'tax_ein_status',
  'incorporation-status': 'incorporation_status',
  'government-id': 'government_id_status',
  'national-id': 'national_id_status',
  'utility-bill': 'utility_bill_status',
  'bank-account': 'bank_account_status',
  stripe: 'stripe_status',
  'onboarding-doc': 'onboarding_doc_status',
  'business-handover': 'business_handover_status',
} as const satisfies Record<string, Exclude<FormationStepKey, 'document_verification_status'>>;
export type StepStatusKind = keyof typeof stepStatusKinds;

/** How a step status reads in a log entry and a notification (docs/product.md §4.5). */
export const stepStatusLabels: Record<StepStatus, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  APPROVED: 'Approved',
  FAILED: 'Failed',
};

// ---- Links and feedback ---------------------------------------------------

/**
 * An http(s) address with a dotted host name or localhost (docs/product.md §5: "must look like
 * an http(s) domain"): the client's 'Please enter a valid URL.' and the server's check alike.
 * `javascript:`, `data:` and every other scheme fail.
 */
/** `word` in any case, spelled as a pattern without flags (the document's patterns have none). */
const anyCase = (word: string) =>
  [...word].map((letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`).join('');
export const httpUrlSource =
  `${anyCase('http')}[sS]?://` +
  `(?:${anyCase('localhost')}|(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,63}|[0-9]{1,3}(?:\\.[0-9]{1,3}){3})` +
  `(?::[0-9]{1,5})?(?:[/?#]${linkCharacter}*)?`;
const httpUrlPattern = new RegExp(`^${httpUrlSource}$`);
export const isHttpUrl = (value: string): boolean => httpUrlPattern.test(value);

/** Titles a failed step's or document's report may carry (docs/product.md §4.6). */
export const feedbackTitles = [...stepFeedbackTitles, ...documentFeedbackTitles] as const;
