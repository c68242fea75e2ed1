/**
 * The manage-business screen's calls (docs/product.md §2.3 "Manage business", §3.6, §3.8,
 * §7.4 "Edit", §7.6): editing one business detail, the manager logs and the comments.
 */
import { z } from 'zod';
import { FILTER_DATE_RANGE, businessDetailSchema, positiveRowId } from './businesses.ts';
import {
  onboardingCompanyTypes,
  stepStatuses,
  type FormationStepKey,
  type StepStatus,
} from './enums.ts';
import { dayRangePattern, isCalendarDay } from './day-pattern.ts';
import { successBody } from './errors.ts';
import { incorporationCountries, incorporationStates } from './reference/countries.ts';
import { industries } from './reference/industries.ts';
import { linkCharacter, multiLineText, singleLineText, surroundingSpace } from './text.ts';
import {
  documentFeedbackTitles,
  postFormationCategories,
  stepFeedbackTitles,
} from './reference/lists.ts';

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

/**
 * Case-insensitive choice among `values`, answered in its canonical spelling; the document
 * lists the canonical spellings as an enum.
 */
const choiceField = <T extends string>(field: string, values: readonly T[], described: string) =>
  z
    .string({ error: `${field} must be ${described}.` })
    .trim()
    .transform((value, ctx): T => {
      const match = values.find((v) => v.toLowerCase() === value.toLowerCase());
      if (match === undefined) {
        ctx.addIssue({ code: 'custom', message: `${field} must be ${described}.` });
        return z.NEVER;
      }
      return match;
    })
    .meta({ type: 'string', enum: [...values] });

const oneOf = (values: readonly string[]) => `one of: ${values.join(', ')}`;
const allIncorporationStates = [
  ...new Set(Object.values(incorporationStates).flatMap((states) => states.map((s) => s.value))),
];

/**
 * YYYY-MM-DD, a day that exists (no 2023-02-29), not before INCORPORATION_DATE_FIRST.
 * "Not in the future" needs the server's clock: the API checks it with latestIncorporationDay.
 */
const incorporationDateField = z
  .string({ error: 'incorporation_date must be a date in the format YYYY-MM-DD.' })
  .trim()
  .superRefine((value, ctx) => {
    if (!isCalendarDay(value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'incorporation_date must be a real date in the format YYYY-MM-DD.',
      });
    } else if (value < INCORPORATION_DATE_FIRST) {
      // Both are YYYY-MM-DD here, so string order is date order.
      ctx.addIssue({
        code: 'custom',
        message: `incorporation_date must not be before ${INCORPORATION_DATE_FIRST}.`,
      });
    }
  })
  // The document's bound is the latest day when the server started: stricter as days pass,
  // never looser than the server's own check.
  .meta({
    format: 'date',
    pattern: dayRangePattern(
      Number(INCORPORATION_DATE_FIRST.slice(0, 4)),
      latestIncorporationDay(new Date()),
    ),
    description: `A day from ${INCORPORATION_DATE_FIRST} to today.`,
  });

/** Each editable detail's rule; the state's country is checked against the business itself. */
const editableDetailSchemas = {
  business_name: singleLineText('business_name', BUSINESS_NAME_MAX_LENGTH),
  business_industry: choiceField('business_industry', industries, 'one of the listed industries'),
  company_type: choiceField('company_type', onboardingCompanyTypes, oneOf(onboardingCompanyTypes)),
  country_of_incorporation: choiceField(
    'country_of_incorporation',
    incorporationCountries,
    oneOf(incorporationCountries),
  ),
  state_of_incorporation: choiceField(
    'state_of_incorporation',
    allIncorporationStates,
    'a state of incorporation',
  ),
  new_business_formation_address: singleLineText(
    'new_business_formation_address',
    BUSINESS_ADDRESS_MAX_LENGTH,
  ),
  incorporation_date: incorporationDateField,
  tax_id: z
    .string({ error: 'tax_id must be an EIN in the format NN-NNNNNNN.' })
    .trim()
    .regex(/^[0-9]{2}-[0-9]{7}$/, { error: 'tax_id must be an EIN in the format NN-NNNNNNN.' }),
} satisfies Record<EditableBusinessDetail, z.ZodType>;

/** One edited detail, as the server applies it. */
export type BusinessDetailEdit = {
  [K in EditableBusinessDetail]: {
    field: K;
    value: z.output<(typeof editableDetailSchemas)[K]>;
  };
}[EditableBusinessDetail];

const isEditable = (key: string): key is EditableBusinessDetail =>
  (editableBusinessDetails as readonly string[]).includes(key);

/**
 * `PUT business/setup/{businessUUID}/`: exactly one editable detail (docs/product.md §7.4).
 * Another key, two details or none is a 400 naming each key at fault.
 */
export const businessSetupRequestSchema = z
  .looseObject(
    Object.fromEntries(
      editableBusinessDetails.map((key) => [key, editableDetailSchemas[key].optional()]),
    ) as { [K in EditableBusinessDetail]: z.ZodOptional<(typeof editableDetailSchemas)[K]> },
  )
  // In the document, one object per detail: a generator or a typed client sees "exactly one"
  // (the object's own `properties` go, as the branches hold them).
  .meta({
    description: `Exactly one of: ${editableBusinessDetails.join(', ')}.`,
    properties: undefined,
    oneOf: editableBusinessDetails.map((key) => {
      const { $schema: _dialect, ...detail } = z.toJSONSchema(editableDetailSchemas[key], {
        io: 'input',
      });
      return {
        type: 'object',
        properties: { [key]: detail },
        required: [key],
        additionalProperties: false,
      };
    }),
  })
  .superRefine((body, ctx) => {
    const keys = Object.keys(body);
    for (const key of keys.filter((k) => !isEditable(k))) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `${key} cannot be edited; send one of: ${editableBusinessDetails.join(', ')}.`,
      });
    }
    const given = keys.filter(isEditable);
    if (keys.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: `Send one of: ${editableBusinessDetails.join(', ')}.`,
      });
    } else if (given.length > 1) {
      for (const key of given) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Send one detail at a time (${given.join(', ')} were sent).`,
        });
      }
    }
  })
  .transform((body): BusinessDetailEdit => {
    const field = editableBusinessDetails.find((key) => body[key] !== undefined)!;
    return { field, value: body[field] } as BusinessDetailEdit;
  });
/** The body as sent. */
export type BusinessSetupRequest = z.input<typeof businessSetupRequestSchema>;

/** `{businessUUID}` of the manage paths. */
export const businessUuidSchema = z
  .guid({ error: 'Must be a business uuid.' })
  .transform((uuid) => uuid.toLowerCase());

/** The manage screen's detail rows after an edit (docs/product.md §2.3). */
export const businessSetupDetailsSchema = businessDetailSchema.pick({
  id: true,
  uuid: true,
  business_name: true,
  business_industry: true,
  company_type: true,
  country_of_incorporation: true,
  state_of_incorporation: true,
  incorporation_number: true,
  incorporation_date: true,
  new_business_formation_address: true,
  tax_id: true,
});
export type BusinessSetupDetails = z.infer<typeof businessSetupDetailsSchema>;
export const businessSetupResponseSchema = successBody(businessSetupDetailsSchema);

// The manager logs' schemas follow the feedback's, which an entry may carry.

// ---- Comments -------------------------------------------------------------

/** A business by its uuid or its positive integer id (JSON may send the id as a number). */
const businessRef = (field: string) => {
  const message = `${field} must be a business uuid or a positive whole number.`;
  return z.union(
    [
      z.guid().transform((uuid) => ({ uuid: uuid.toLowerCase() })),
      positiveRowId(message).transform((id) => ({ id })),
    ],
    { error: message },
  );
};
/** A business named by uuid or integer id, as the server looks it up. */
export type BusinessRef = z.output<ReturnType<typeof businessRef>>;

export const commentListQuerySchema = z.object({ business_id: businessRef('business_id') });

export const commentCreateRequestSchema = z.object({
  comment: multiLineText('comment', COMMENT_MAX_LENGTH),
  business: businessRef('business'),
});
export type CommentCreateRequest = z.input<typeof commentCreateRequestSchema>;

export const commentIdSchema = positiveRowId('The comment id must be a positive whole number.');

export const commentSchema = z.object({
  id: z.number(),
  /** Plain text as written (trimmed): a client shows it as text, never as HTML. */
  comment: z.string(),
  /** The business's integer id. */
  business: z.number(),
  /** The author; `uuid` (ours) tells a client which comments are the signed-in manager's. */
  user: z.object({ uuid: z.string(), first_name: z.string(), last_name: z.string() }),
  created_at: z.string(),
});
export type BusinessComment = z.infer<typeof commentSchema>;
export const commentListResponseSchema = successBody(
  z.object({ data: z.object({ detail: z.array(commentSchema) }) }),
);
export const commentCreateResponseSchema = successBody(z.object({ data: commentSchema }));
export const commentDeleteResponseSchema = successBody(z.object({ id: z.number() }));

// ---- Step status updates --------------------------------------------------

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

/** `{statusId}`: the step's `id` from `business_formation_statuses`, a positive integer. */
export const stepStatusIdSchema = positiveRowId('The status id must be a positive whole number.');

/** `{ status }`, case-insensitive in, upper-case out; any other key is a 400. */
export const stepStatusUpdateRequestSchema = z.strictObject({
  status: choiceField('status', stepStatuses, oneOf(stepStatuses)),
});
export type StepStatusUpdateRequest = z.input<typeof stepStatusUpdateRequestSchema>;

/** The step after the update, as `business_formation_statuses` carries it (id never null). */
export const stepStatusUpdateResponseSchema = successBody(
  z.object({
    id: z.number(),
    status: z.enum(stepStatuses),
    status_item_name: z.string(),
  }),
);

// ---- Feedback and uploads -------------------------------------------------

/**
 * An http(s) address with a dotted host name or localhost (docs/product.md §5: "must look like
 * an http(s) domain"): the client's 'Please enter a valid URL.' and the server's check alike.
 * `javascript:`, `data:` and every other scheme fail.
 */
/** `word` in any case, spelled as a pattern without flags (the document's patterns have none). */
const anyCase = (word: string) =>
  [...word].map((letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`).join('');
const httpUrlSource =
  `${anyCase('http')}[sS]?://` +
  `(?:${anyCase('localhost')}|(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,63}|[0-9]{1,3}(?:\\.[0-9]{1,3}){3})` +
  `(?::[0-9]{1,5})?(?:[/?#]${linkCharacter}*)?`;
const httpUrlPattern = new RegExp(`^${httpUrlSource}$`);
export const isHttpUrl = (value: string): boolean => httpUrlPattern.test(value);

/** An optional link sent with feedback; an empty form field counts as none. */
const optionalUrlField = (field: string) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .refine((value) => [...value].length <= FILE_URL_MAX_LENGTH, {
      error: `${field} must be at most ${FILE_URL_MAX_LENGTH} characters.`,
    })
    .refine((value) => value === '' || isHttpUrl(value), {
      error: `${field} must be an http(s) address such as https://example.com/file.pdf.`,
    })
    // Spaces around it are trimmed; nothing but spaces is no link.
    .meta({
      pattern: `^${surroundingSpace}*(?:${httpUrlSource})?${surroundingSpace}*$`,
      maxLength: FILE_URL_MAX_LENGTH,
    })
    .transform((value) => (value === '' ? null : value))
    .optional()
    .transform((value) => value ?? null);

/** A positive integer row id; multipart sends it as text, JSON as a number or text. */
const rowId = (field: string) => positiveRowId(`${field} must be a positive whole number.`);

/** Titles a failed step's or document's report may carry (docs/product.md §4.6). */
export const feedbackTitles = [...stepFeedbackTitles, ...documentFeedbackTitles] as const;

/**
 * `POST manager/feedback/` (docs/product.md §7.6), as JSON or as the text fields of a
 * multipart form; the server adds the optional `attachment_file` part. Other keys are a 400.
 */
export const feedbackFieldsSchema = z.strictObject({
  message_body: multiLineText('message_body', FEEDBACK_MESSAGE_MAX_LENGTH),
  status_item_id: rowId('status_item_id'),
  business_id: businessRef('business_id'),
  feedback_title: choiceField('feedback_title', feedbackTitles, oneOf(feedbackTitles)),
  file_url: optionalUrlField('file_url'),
});
export type FeedbackFields = z.input<typeof feedbackFieldsSchema>;

/**
 * The post-formation upload's text fields (docs/product.md §3.9: file, feedbackTitle,
 * statusItemId, messageBody, businessId, fileURL); the server adds the required `file` part.
 */
export const postFormationUploadFieldsSchema = z.strictObject({
  feedbackTitle: choiceField(
    'feedbackTitle',
    postFormationCategories,
    oneOf(postFormationCategories),
  ),
  statusItemId: rowId('statusItemId'),
  messageBody: multiLineText('messageBody', FEEDBACK_MESSAGE_MAX_LENGTH),
  businessId: businessRef('businessId'),
  fileURL: optionalUrlField('fileURL'),
});
export type PostFormationUploadFields = z.input<typeof postFormationUploadFieldsSchema>;

/** One feedback sent to a client, with its attachment's signed download link. */
export const feedbackSchema = z.object({
  id: z.number(),
  /** The business's integer id. */
  business: z.number(),
  status_item_id: z.number().nullable(),
  feedback_title: z.string(),
  message_body: z.string(),
  file_url: z.string().nullable(),
  /** Signed download link of the attached file, or null. */
  attachment_file: z.string().nullable(),
  file_name: z.string().nullable(),
  /** Bytes. */
  file_size: z.number().nullable(),
  manager_name: z.string(),
  created_at: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackCreateResponseSchema = successBody(feedbackSchema);

/**
 * `POST manager/feedback/status/` (decision 55): the feedback's fields and the status the step
 * moves to; JSON, or multipart with an optional `attachment_file`.
 */
export const feedbackWithStatusFieldsSchema = feedbackFieldsSchema.extend({
  status: choiceField('status', stepStatuses, oneOf(stepStatuses)),
});
export type FeedbackWithStatusFields = z.input<typeof feedbackWithStatusFieldsSchema>;
/** The feedback as sent and the step as it now is. */
export const feedbackWithStatusResponseSchema = successBody(
  z.object({
    feedback: feedbackSchema,
    step: z.object({
      id: z.number(),
      status: z.enum(stepStatuses),
      status_item_name: z.string(),
    }),
  }),
);

// ---- Manager logs ---------------------------------------------------------

export const managerLogSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  action: z.string(),
  /** As it was when the action happened. */
  manager_name: z.string(),
  feedback_log_category: z.string(),
  /**
   * Ours: the feedback or upload this entry records, as it was sent (title, message, file,
   * sender, time); null for every other entry (docs/product.md §10.1).
   */
  feedback: feedbackSchema.nullable(),
});
export type ManagerLog = z.infer<typeof managerLogSchema>;
export const managerLogsResponseSchema = successBody(
  z.object({ manager_logs: z.object({ feedback_doc_logs: z.array(managerLogSchema) }) }),
);

/** `GET manager/feedback/detail/{statusId}/`: the step and the feedback sent about it. */
export const feedbackDetailResponseSchema = successBody(
  z.object({
    id: z.number(),
    status: z.enum(stepStatuses),
    status_item_name: z.string(),
    feedback: z.array(feedbackSchema),
  }),
);

/** `GET …/post-doc-formation/{statusId}/attachments/`: the files sent for the step. */
export const postFormationAttachmentsResponseSchema = successBody(
  z.object({ post_doc_feedback_attachments: z.array(feedbackSchema) }),
);

/** One file the business exchanged with us (decision 24). */
export const fileHistoryEntrySchema = z.object({
  /** `feedback-12`, `document-7`, `receipt-3`: unique across the sources. */
  id: z.string(),
  /** sent: a manager sent it to the client; received: the client sent it. */
  direction: z.enum(['sent', 'received']),
  source: z.enum(['feedback', 'document', 'receipt']),
  title: z.string(),
  file_name: z.string(),
  /** Bytes. */
  file_size: z.number(),
  content_type: z.string(),
  /** Who sent it: the manager's name, or the client's. */
  by: z.string(),
  created_at: z.string(),
  download_url: z.string(),
  /** Ours: the message sent with a feedback's file; null for what the client sent. */
  message: z.string().nullable(),
});
export type FileHistoryEntry = z.infer<typeof fileHistoryEntrySchema>;
export const fileHistoryResponseSchema = successBody(
  z.object({ file_history: z.array(fileHistoryEntrySchema) }),
);
