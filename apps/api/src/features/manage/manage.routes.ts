import {
  businessSetupRequestSchema,
  businessSetupResponseSchema,
  businessUuidSchema,
  commentCreateRequestSchema,
  commentCreateResponseSchema,
  commentDeleteResponseSchema,
  commentIdSchema,
  commentListQuerySchema,
  commentListResponseSchema,
  manageApiPaths,
  managerLogsResponseSchema,
  stepStatusIdSchema,
  stepStatusUpdateRequestSchema,
  stepStatusUpdateResponseSchema,
  type StepStatusKind,
} from '@fd/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses, route } from '../../lib/route-schema.ts';
import type { TableChanges } from '../../lib/table-changes.ts';
import {
  createComment,
  deleteComment,
  editBusinessDetail,
  listComments,
  listManagerLogs,
  updateStepStatus,
  type ManageDeps,
} from './manage.service.ts';

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
};

/**
 * The manage-business screen's calls (docs/product.md §7.4 "Edit", §7.6): one
 * detail edited, the manager logs, the comments. Manager-only, mounted under
 * API_BASE_PATH through protectedRoutes(); paths are the contract's `manageApiPaths`.
 */
export const manageRoutes: FastifyPluginAsync<ManageRoutesOptions> = async (
  fastify,
  { database, now, businessChanges },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ManageDeps = { db: database.db, now, businessChanges };

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

  app.get(
    route(manageApiPaths.managerLogs(':businessUuid')),
    {
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
          feedback_doc_logs: await listManagerLogs(database.db, request.params.businessUuid),
        },
      },
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
      async (request) =>
        updateStepStatus(deps, request.manager, kind, request.params.statusId, request.body.status),
    );
  }
};
