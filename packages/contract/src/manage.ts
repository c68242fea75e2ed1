/**
 * The manage-business screen's calls (docs/product.md §2.3 "Manage business", §3.6, §3.8,
 * §7.4 "Edit", §7.6): editing one business detail, the manager logs and the comments.
 */
import { z } from 'zod';
import { businessDetailSchema, positiveRowId } from './businesses.ts';
import { onboardingCompanyTypes, stepStatuses } from './enums.ts';
import { dayRangePattern, isCalendarDay } from './day-pattern.ts';
import { successBody } from './errors.ts';
import { incorporationCountries, incorporationStates } from './reference/countries.ts';
import { industries } from './reference/industries.ts';
import { multiLineText, singleLineText, surroundingSpace } from './text.ts';
import { postFormationCategories } from './reference/lists.ts';
import {
  BUSINESS_ADDRESS_MAX_LENGTH,
  BUSINESS_NAME_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FILE_URL_MAX_LENGTH,
  INCORPORATION_DATE_FIRST,
  editableBusinessDetails,
  feedbackTitles,
  httpUrlSource,
  isHttpUrl,
  latestIncorporationDay,
  type EditableBusinessDetail,
} from './manage-values.ts';

// ---- Editing one detail ---------------------------------------------------

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
    /** _Ours_: when the step entered this status (ISO 8601). */
    status_since: z.string(),
  }),
);

// ---- Feedback and uploads -------------------------------------------------

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
