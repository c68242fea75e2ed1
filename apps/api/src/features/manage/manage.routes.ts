import {
  apiErrorDetails,
  assigneeUpdateRequestSchema,
  assigneeUpdateResponseSchema,
  bulkActionRequestSchema,
  bulkActionResponseSchema,
  teamManagersResponseSchema,
  businessSetupRequestSchema,
  businessSetupResponseSchema,
  businessUuidSchema,
  commentCreateRequestSchema,
  commentCreateResponseSchema,
  commentDeleteResponseSchema,
  commentIdSchema,
  commentListQuerySchema,
  commentListResponseSchema,
  feedbackCreateResponseSchema,
  feedbackDetailResponseSchema,
  feedbackFieldsSchema,
  feedbackWithStatusFieldsSchema,
  feedbackWithStatusResponseSchema,
  fileHistoryResponseSchema,
  manageApiPaths,
  postFormationAttachmentsResponseSchema,
  postFormationUploadFieldsSchema,
  managerLogsResponseSchema,
  stepStatusIdSchema,
  stepStatusUpdateRequestSchema,
  stepStatusUpdateResponseSchema,
  timelineApiPaths,
  timelineQuerySchema,
  timelineResponseSchema,
  type StepStatusKind,
  type FormationStepKey,
  validationMessages,
} from '@fd/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, route } from '../../lib/route-schema.ts';
import { createSignedFileUrls } from '../../lib/signed-url.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import type { TableChanges } from '../../lib/read-cache/index.ts';
import { claimUpload, stagedUploadSchema, type StagedUpload } from '../../plugins/uploads.ts';
import {
  getFileHistory,
  getStepFeedback,
  listManagerLogs,
  listPostFormationAttachments,
  sendFeedback,
  sendFeedbackWithStatus,
  uploadPostFormationDocument,
  type FeedbackDeps,
  type FeedbackInput,
} from './feedback.service.ts';
import {
  createComment,
  deleteComment,
  editBusinessDetail,
  listComments,
  updateStepStatus,
  type ManageDeps,
} from './manage.service.ts';
import { assignBusiness, listTeamManagers } from './assignment.service.ts';
import { applyBulkAction } from './bulk.service.ts';
import { getTimeline } from './timeline.service.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import { carriesSecret } from '../../plugins/compress-json.ts';

/** One operation per step endpoint (docs/product.md §7.5; decision 23). */
const stepStatusOperations: Record<StepStatusKind, string> = {
  payment: 'updatePaymentStatus',
  'post-formation-doc': 'updatePostFormationDocStatus',
  tax: 'updateTaxStatus',
  'incorporation-status': 'updateIncorporationStatus',
  'government-id': 'updateGovernmentIdStatus',
  'national-id': 'updateNationalIdStatus',
  'utility-bill': 'updateUtilityBillStatus',
  'bank-account': 'updateBankAccountStatus',
  stripe: 'updateStripeStatus',
  'onboarding-doc': 'updateOnboardingDocStatus',
  'business-handover': 'updateBusinessHandoverStatus',
};

// A type, not an interface: protectedRoutes() wants options assignable to a record.
export type ManageRoutesOptions = {
  database: Database;
  now: () => Date;
  /** Told after an edit commits: the list counts are cached per version of businesses. */
  businessChanges: TableChanges;
  /** Where uploads are staged and kept. */
  storage: FileStorage;
  /** Signs the download links of sent files. */
  jwtSecret: string;
  /** The queue's limits (docs/product.md §11.5), for a bulk action on 'Needs attention'. */
  stepWaitLimits: Readonly<Record<FormationStepKey, number>>;
};

/** Uploads come as multipart/form-data; the feedback call also takes JSON (docs/product.md §7.6). */
const feedbackBodySchema = feedbackFieldsSchema.extend({
  attachment_file: stagedUploadSchema('attachment_file').optional(),
});
const feedbackWithStatusBodySchema = feedbackWithStatusFieldsSchema.extend({
  attachment_file: stagedUploadSchema('attachment_file').optional(),
});
const uploadBodySchema = postFormationUploadFieldsSchema.extend({
  file: stagedUploadSchema('file', validationMessages.fileRequired),
});

/** Takes the staged file over, or answers 400 when the request was already given up. */
function claimed<T extends StagedUpload | undefined>(request: FastifyRequest, upload: T): T {
  if (upload && !claimUpload(request, upload)) {
    throw new AppError(400, apiErrorDetails.uploadCancelled);
  }
  return upload;
}

/** What both feedback calls send to the service, the staged file taken over. */
function feedbackInput(
  request: FastifyRequest,
  body: z.output<typeof feedbackBodySchema>,
): FeedbackInput {
  return {
    business: body.business_id,
    statusItemId: body.status_item_id,
    title: body.feedback_title,
    message: body.message_body,
    fileUrl: body.file_url,
    attachment: claimed(request, body.attachment_file),
  };
}

/** The declaration of a call that may carry a file: multipart, answered 201 (decision 24). */
function fileRoute<Body extends z.ZodType, Answer extends z.ZodType>(schema: {
  operationId: string;
  summary: string;
  description: string;
  consumes: string[];
  body: Body;
  answer: Answer;
}) {
  const { operationId, summary, description, consumes, body, answer } = schema;
  return {
    config: { multipart: true },
    schema: {
      operationId,
      summary,
      description,
      tags: ['feedback'],
      consumes,
      body,
      response: { 201: answer, ...errorResponses(400, 401, 403, 404, 413, 415) },
    },
  };
}

/**
 * The manage-business screen's calls (docs/product.md §7.4 "Edit", §7.6): one
 * detail edited, the manager logs, the comments. Manager-only, mounted under
 * API_BASE_PATH through protectedRoutes(); paths are the contract's `manageApiPaths`.
 */
export const manageRoutes: FastifyPluginAsync<ManageRoutesOptions> = async (
  fastify,
  { database, now, businessChanges, storage, jwtSecret, stepWaitLimits },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ManageDeps = { db: database.db, now, businessChanges, stepWaitLimits };
  const feedbackDeps: FeedbackDeps = {
    db: database.db,
    now,
    storage,
    fileUrls: createSignedFileUrls({ secret: jwtSecret, now }),
    businessChanges,
  };

  app.post(
    route(manageApiPaths.feedback),
    fileRoute({
      operationId: 'sendFeedback',
      summary: 'Send feedback on a step to the client, optionally with a file or a link',
      description:
        'JSON, or multipart/form-data with the same fields and an optional `attachment_file` (PDF, PNG, JPEG, GIF, DOCX or XLSX by content; at most UPLOAD_MAX_BYTES).',
      consumes: ['application/json', 'multipart/form-data'],
      body: feedbackBodySchema,
      answer: feedbackCreateResponseSchema,
    }),
    async (request, reply) => {
      const result = await sendFeedback(
        feedbackDeps,
        request.manager,
        feedbackInput(request, request.body),
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    route(manageApiPaths.feedbackWithStatus),
    fileRoute({
      operationId: 'sendFeedbackWithStatus',
      summary: "Send feedback on a step to the client and move the step's status, as one action",
      description:
        'The feedback (its fields as `sendFeedback` takes them, with an optional `attachment_file`) and `status`, the status the step moves to: both, with their log entries and notifications, are committed in one transaction, or nothing is. JSON, or multipart/form-data. The same status moves nothing; the feedback is still sent.',
      consumes: ['application/json', 'multipart/form-data'],
      body: feedbackWithStatusBodySchema,
      answer: feedbackWithStatusResponseSchema,
    }),
    async (request, reply) => {
      const body = request.body;
      const result = await sendFeedbackWithStatus(feedbackDeps, request.manager, {
        ...feedbackInput(request, body),
        status: body.status,
      });
      logSecurityEvent(request, 'step_status.changed', {
        userId: request.manager.id,
        stepId: body.status_item_id,
        status: result.data.step.status,
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    route(manageApiPaths.postFormationUpload),
    fileRoute({
      operationId: 'uploadPostFormationDocument',
      summary: 'Send a post-formation document to the client',
      description:
        "multipart/form-data: `file` (required; PDF, PNG, JPEG, GIF, DOCX or XLSX by content; at most UPLOAD_MAX_BYTES), feedbackTitle (a post-formation category), statusItemId (the business's Post Formation Doc step), messageBody, businessId, optional fileURL.",
      consumes: ['multipart/form-data'],
      body: uploadBodySchema,
      answer: feedbackCreateResponseSchema,
    }),
    async (request, reply) => {
      const body = request.body;
      const file = claimed(request, body.file);
      const result = await uploadPostFormationDocument(feedbackDeps, request.manager, {
        business: body.businessId,
        statusItemId: body.statusItemId,
        title: body.feedbackTitle,
        message: body.messageBody,
        fileUrl: body.fileURL,
        attachment: file,
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    route(manageApiPaths.feedbackDetail(':statusId')),
    {
      // Signed download links beside data: never compressed.
      config: carriesSecret,
      schema: {
        operationId: 'getStepFeedback',
        summary: 'A step and the feedback sent about it, newest first (the latest 200)',
        tags: ['feedback'],
        params: z.object({ statusId: stepStatusIdSchema }),
        response: { 200: feedbackDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await getStepFeedback(feedbackDeps, request.params.statusId) }),
  );

  app.get(
    route(manageApiPaths.postFormationAttachments(':statusId')),
    {
      // Signed download links beside data: never compressed.
      config: carriesSecret,
      schema: {
        operationId: 'listPostFormationAttachments',
        summary: 'The files sent for a Post Formation Doc step, newest first',
        tags: ['feedback'],
        params: z.object({ statusId: stepStatusIdSchema }),
        response: {
          200: postFormationAttachmentsResponseSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      data: {
        post_doc_feedback_attachments: await listPostFormationAttachments(
          feedbackDeps,
          request.params.statusId,
        ),
      },
    }),
  );

  app.get(
    route(manageApiPaths.fileHistory(':businessUuid')),
    {
      // Signed download links beside data: never compressed.
      config: carriesSecret,
      schema: {
        operationId: 'getFileHistory',
        summary: 'Every file sent to or received from the client, newest first (the latest 200)',
        tags: ['feedback'],
        params: z.object({ businessUuid: businessUuidSchema }),
        response: { 200: fileHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: { file_history: await getFileHistory(feedbackDeps, request.params.businessUuid) },
    }),
  );

  app.put(
    route(manageApiPaths.businessSetup(':uuid')),
    {
      schema: {
        operationId: 'editBusinessDetail',
        summary: 'Edit one detail of a business (exactly one field per call)',
        tags: ['manage'],
        params: z.object({ uuid: businessUuidSchema }),
        body: businessSetupRequestSchema,
        response: { 200: businessSetupResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => editBusinessDetail(deps, request.manager, request.params.uuid, request.body),
  );

  app.put(
    route(manageApiPaths.assignee(':uuid')),
    {
      schema: {
        operationId: 'assignBusiness',
        summary: 'Assign a business to an active manager, or unassign it (manager_id null)',
        tags: ['manage'],
        params: z.object({ uuid: businessUuidSchema }),
        body: assigneeUpdateRequestSchema,
        response: { 200: assigneeUpdateResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      assignBusiness(deps, request.manager, request.params.uuid, request.body.manager_id),
  );

  app.post(
    route(manageApiPaths.bulk),
    {
      schema: {
        operationId: 'applyBulkAction',
        summary: "Set one step's status, or the assignee, on up to 1,000 businesses at once",
        description:
          'The businesses as `businesses` (uuids) or as `query`, a view of the list (its query parameters and `status`, the tab). Each business is changed, logged and notified as the call for it alone does; all of them in one transaction, or none. A business already so is counted `unchanged`. More than 1,000 businesses, an unknown uuid, or bad input: an error, and nothing changes.',
        tags: ['manage'],
        body: bulkActionRequestSchema,
        response: { 200: bulkActionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const answer = await applyBulkAction(deps, request.manager, request.body);
      const action = request.body.action;
      if (action.kind === 'status') {
        logSecurityEvent(request, 'step_status.changed', {
          userId: request.manager.id,
          step: action.step,
          businesses: answer.data.changed,
          status: action.status,
        });
      }
      return answer;
    },
  );

  app.get(
    route(manageApiPaths.managers),
    {
      schema: {
        operationId: 'listTeamManagers',
        summary: 'Every manager account, active ones first: whom a business can be assigned to',
        tags: ['manage'],
        response: { 200: teamManagersResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: { managers: await listTeamManagers(database.db) } }),
  );

  app.get(
    route(manageApiPaths.managerLogs(':businessUuid')),
    {
      // A feedback entry carries its file's signed download link: never compressed.
      config: carriesSecret,
      schema: {
        operationId: 'listManagerLogs',
        summary: "A business's manager logs, newest first (the latest 200)",
        tags: ['manage'],
        params: z.object({ businessUuid: businessUuidSchema }),
        response: { 200: managerLogsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: {
        manager_logs: {
          feedback_doc_logs: await listManagerLogs(feedbackDeps, request.params.businessUuid),
        },
      },
    }),
  );

  app.get(
    route(timelineApiPaths.timeline(':businessUuid')),
    {
      // Feedback and uploads carry their file's signed download link: never compressed.
      config: carriesSecret,
      schema: {
        operationId: 'getBusinessTimeline',
        summary: "A page of a business's timeline, newest first, optionally of one kind",
        description:
          "Step changes, feedback, uploads, comments, edits, assignments and the client's own events (docs/product.md §12.1). Ask the next page with `before` set to the answer's `next_cursor`.",
        tags: ['manage'],
        params: z.object({ businessUuid: businessUuidSchema }),
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await getTimeline(feedbackDeps, request.params.businessUuid, request.query),
    }),
  );

  app.get(
    route(manageApiPaths.comments),
    {
      schema: {
        operationId: 'listComments',
        summary: "A business's comments, newest first",
        tags: ['comments'],
        querystring: commentListQuerySchema,
        response: { 200: commentListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: { data: { detail: await listComments(database.db, request.query.business_id) } },
    }),
  );

  app.post(
    route(manageApiPaths.comments),
    {
      schema: {
        operationId: 'createComment',
        summary: 'Comment on a business (plain text)',
        tags: ['comments'],
        body: commentCreateRequestSchema,
        response: { 200: commentCreateResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: { data: await createComment(deps, request.manager, request.body) },
    }),
  );

  app.delete(
    route(manageApiPaths.comment(':id')),
    {
      schema: {
        operationId: 'deleteComment',
        summary: 'Delete one of your own comments',
        tags: ['comments'],
        params: z.object({ id: commentIdSchema }),
        response: { 200: commentDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await deleteComment(deps, request.manager, request.params.id) }),
  );

  // One explicit path per kind, not a `{kind}` parameter: each is its own operation in
  // the API document, and an unknown kind is simply no route (404).
  for (const [kind, operationId] of Object.entries(stepStatusOperations) as [
    StepStatusKind,
    string,
  ][]) {
    app.put(
      route(manageApiPaths.stepStatusUpdate(kind, ':statusId')),
      {
        schema: {
          operationId,
          summary: `Move the ${kind} step to any status`,
          tags: ['manage'],
          params: z.object({ statusId: stepStatusIdSchema }),
          body: stepStatusUpdateRequestSchema,
          response: { 200: stepStatusUpdateResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const answer = await updateStepStatus(
          deps,
          request.manager,
          kind,
          request.params.statusId,
          request.body.status,
        );
        logSecurityEvent(request, 'step_status.changed', {
          userId: request.manager.id,
          stepId: request.params.statusId,
          status: answer.data.status,
        });
        return answer;
      },
    );
  }
};
